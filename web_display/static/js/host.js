// The host lobby: preset, options, language, bots, seats, start / start again.
import {
  $, clear, connect, ctx, el, errorText, followLanguage, loadStrings, pick, reportError, request,
  roomPhase, seatsOf, show, t, toast, translateStatic,
} from "./common.js";

// Fallbacks mirroring engine/rules.py, used only when the server does not send its own tables.
const CHOICES = {
  raise_rule: ["any_face", "one_change"],
  wild_ones: [true, false],
  paco_conversion: ["half_up", "none"],
  palifico: ["off", "each_time", "once_per_player"],
  palifico_wilds: [true, false],
  palifico_face_change: ["nobody", "one_die_players"],
  calza: ["off", "on_turn", "anyone_but_bidder_and_current", "anyone"],
  calza_requires_missing_die: [true, false],
  calza_min_players: [2, 3],
  calza_reward: ["regain_die", "others_lose_die"],
  first_player: ["roll_off", "random", "host"],
  loss: ["die", "revolver"],
  out_of_turn_raises: [true, false],
  loser_chooses_direction: [true, false],
  max_dice: [1, 2, 3, 4, 5],
};
const BASE = {
  raise_rule: "any_face", wild_ones: true, paco_conversion: "half_up", palifico: "each_time", palifico_wilds: false,
  palifico_face_change: "nobody", calza: "on_turn", calza_requires_missing_die: false, calza_min_players: 2,
  calza_reward: "regain_die", first_player: "random", loss: "die", out_of_turn_raises: false,
  loser_chooses_direction: false, max_dice: 5,
};
const PRESETS = {
  dudo: {},
  perudo: { first_player: "roll_off", calza: "anyone" },
  parker: { palifico: "once_per_player", palifico_face_change: "one_die_players", calza: "anyone_but_bidder_and_current", calza_requires_missing_die: true },
  francais: { first_player: "roll_off", calza_min_players: 3 },
  revolver: { loss: "revolver" },
  liars_dice: { wild_ones: false, paco_conversion: "none", calza: "off", palifico: "off" },
};
const DEFAULT_LEVELS = ["easy", "normal", "hard"];

let socket = null;
let last = null;
let form = { preset: "dudo", options: {}, lang: ctx.lang };
let dirty = false;
let busy = false;
let pendingLang = null; // a language change on its way to the hub

function presetNames(room) {
  const p = room.presets;
  if (Array.isArray(p)) return p.map((x) => (typeof x === "string" ? x : x.name || x.id)).filter(Boolean);
  if (p && typeof p === "object") return Object.keys(p);
  return Object.keys(PRESETS);
}

function presetDefaults(room, name) {
  const p = room.presets;
  let given = null;
  if (p && !Array.isArray(p) && typeof p === "object" && p[name] && typeof p[name] === "object") given = p[name].rules || p[name].options || p[name];
  if (Array.isArray(p)) {
    const entry = p.find((x) => x && typeof x === "object" && (x.name === name || x.id === name));
    if (entry) given = entry.rules || entry.options || null;
  }
  return { ...BASE, ...(PRESETS[name] || {}), ...(given && typeof given === "object" ? given : {}) };
}

function presetDescription(room, name) {
  const key = `preset.${name}.desc`;
  const fromCatalogue = t(key, { _fallback: "" });
  if (fromCatalogue) return fromCatalogue;
  const p = room.presets;
  if (p && !Array.isArray(p) && p[name]) return pick(p[name], "description", "desc") || "";
  return "";
}

function choices(room) {
  const c = pick(room, "choices", "option_choices", "options_table");
  if (c && typeof c === "object" && !Array.isArray(c)) return c;
  if (Array.isArray(c)) return Object.fromEntries(c.map((o) => [o.name, o.values || o.choices]));
  return CHOICES;
}

function botLevels(room) {
  const l = pick(room, "bot_levels", "levels");
  return Array.isArray(l) && l.length ? l : DEFAULT_LEVELS;
}

// ---------- render ----------

function syncForm(room) {
  if (dirty) return;
  form = {
    preset: pick(room, "preset") || "dudo",
    options: { ...(pick(room, "options") || {}) },
    lang: pendingLang || pick(room, "lang") || ctx.lang,
  };
}

function render(payload) {
  last = payload;
  // The hub sends what the lobby offers (presets with their rules, option choices, bot levels) to hosts only.
  const room = { ...(payload.room || {}), ...(payload.lobby || {}) };
  const view = payload.view || null;
  const phase = roomPhase(room, view);
  const seats = seatsOf(room, view);
  syncForm(room);

  // status
  const status = $("#status");
  if (phase === "lobby") status.textContent = t("host.lobby");
  else if (phase === "over") status.textContent = t("host.over", { name: (view && view.winner) || "?" });
  else status.textContent = t("host.playing", { n: (view && view.round) || 1 });

  renderSeats(seats, phase);
  renderBots(room);
  renderRules(room, phase);

  const minPlayers = (view && view.rules && view.rules.min_players) || 2;
  const start = $("#start");
  const restart = $("#restart");
  show(start, phase === "lobby");
  show(restart, phase !== "lobby");
  start.disabled = busy || seats.length < minPlayers;
  restart.disabled = busy || seats.length < minPlayers;
  $("#start-hint").textContent = seats.length < minPlayers ? t("host.need_players") : "";
  const url = pick(room, "join_url");
  if (url) { $("#join-link").href = url; $("#join-link").textContent = url; }
}

function renderSeats(seats, phase) {
  const list = clear($("#seats"));
  show($("#no-players"), seats.length === 0);
  seats.forEach((s) => {
    const meta = [];
    meta.push(s.bot ? `${t("host.bot")}${s.level ? ` · ${t(`level.${s.level}`, { _fallback: s.level })}` : ""}` : t("host.human"));
    if (phase !== "lobby" && typeof s.dice === "number") meta.push(t("host.dice", { n: s.dice }));
    const dropped = !s.bot && (!s.connected || s.dropped);
    list.append(el("li", { class: "host-seat", dataset: { player: s.name } },
      el("span", { class: `dot ${dropped ? "off" : ""}`, title: dropped ? t("host.offline") : t("host.online") }),
      el("span", { class: "name" }, s.name),
      el("span", { class: "meta" }, meta.join(" · ")),
      dropped && phase === "playing"
        ? el("button", { class: "btn btn-small", type: "button", onclick: () => takeover(s.name) }, t("host.takeover")) : null,
      el("button", { class: "btn btn-small btn-ghost", type: "button", onclick: () => removeSeat(s.name) }, t("host.kick"))));
  });
}

function renderBots(room) {
  const select = $("#bot-level");
  const levels = botLevels(room);
  const keep = select.value;
  const signature = levels.join("|") + t("level.normal");
  if (select.dataset.sig !== signature) {
    clear(select);
    levels.forEach((l) => {
      const value = typeof l === "string" ? l : l.name || l.id;
      select.append(el("option", { value }, t(`level.${value}`, { _fallback: value })));
    });
    const preferred = pick(room, "default_level") || "hard";
    select.value = keep && levels.includes(keep) ? keep : (levels.includes(preferred) ? preferred : levels[0]);
    select.dataset.sig = signature;
  }
}

function optionLabel(name, value) {
  if (typeof value === "boolean") return value ? t("host.yes") : t("host.no");
  return t(`opt.${name}.${value}`, { _fallback: String(value) });
}

let rulesSig = null;

function renderRules(room, phase, force = false) {
  // Rebuild only when something changed, so an open <select> is not replaced under the host's finger.
  const sig = JSON.stringify([form, phase, room.presets, room.choices, busy, dirty, room.lang]);
  if (!force && sig === rulesSig) return;
  rulesSig = sig;
  const locked = phase !== "lobby";
  // language
  document.querySelectorAll('input[name="lang"]').forEach((r) => { r.checked = r.value === form.lang; });

  // presets
  const box = clear($("#presets"));
  presetNames(room).forEach((name) => {
    box.append(el("button", {
      type: "button", role: "radio", class: "preset-card", "aria-checked": String(name === form.preset),
      dataset: { preset: name }, disabled: locked,
      onclick: () => { form.preset = name; form.options = {}; dirty = true; renderRules(room, phase); },
    }, el("strong", {}, t(`preset.${name}`, { _fallback: name })), el("span", {}, presetDescription(room, name))));
  });

  // options
  const defaults = presetDefaults(room, form.preset);
  const table = clear($("#options"));
  Object.entries(choices(room)).forEach(([name, values]) => {
    if (!Array.isArray(values)) return;
    const current = name in form.options ? form.options[name] : defaults[name];
    const select = el("select", { id: `opt-${name}`, name, disabled: locked, onchange: (ev) => {
      const v = values[Number(ev.target.value)];
      if (v === defaults[name]) delete form.options[name]; else form.options[name] = v;
      dirty = true;
      renderRules(room, phase);
    } });
    values.forEach((v, i) => {
      const o = el("option", { value: String(i) }, `${optionLabel(name, v)}${v === defaults[name] ? ` ${t("host.default")}` : ""}`);
      if (v === current) o.selected = true;
      select.append(o);
    });
    table.append(el("tr", { class: name in form.options ? "changed" : "" },
      el("th", { scope: "row" }, el("label", { for: `opt-${name}` }, t(`opt.${name}`, { _fallback: name }))),
      el("td", {}, select)));
  });
  $("#save").disabled = busy || !dirty || locked;
  $("#reset-options").disabled = locked;
}

// ---------- actions ----------

async function act(event, payload, okText) {
  if (busy) return null;
  busy = true;
  rerender();
  const reply = await request(socket, event, payload);
  busy = false;
  if (!reply.ok) toast(errorText(reply.code, reply.message));
  else if (okText) toast(okText, "ok", 1800);
  rerender();
  return reply;
}

async function saveConfig() {
  const reply = await act("host:config", { preset: form.preset, options: form.options, lang: form.lang });
  if (reply && reply.ok) {
    dirty = false;
    $("#saved").textContent = t("host.saved");
    setTimeout(() => { $("#saved").textContent = ""; }, 2000);
    if (socket) socket.emit("sync", {}, () => {});
  }
}

function removeSeat(name) {
  if (!confirm(t("host.kick_confirm", { name }))) return;
  act("host:seat_remove", { player: name }).catch(reportError);
}

function takeover(name) {
  act("host:bot_takeover", { player: name }).catch(reportError);
}

function rerender() {
  if (!last) return;
  try { render(last); } catch (err) { reportError(err); }
}

function wire() {
  $("#bot-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act("host:bot_add", { level: $("#bot-level").value }).catch(reportError);
  });
  $("#start").addEventListener("click", async () => {
    if (dirty) await saveConfig();
    act("host:start", {}, t("host.started")).catch(reportError);
  });
  $("#restart").addEventListener("click", async () => {
    const phase = last ? roomPhase(last.room || {}, last.view) : "lobby";
    if (phase === "playing" && !confirm(t("host.restart_confirm"))) return;
    if (dirty) await saveConfig();
    act("host:restart", {}, t("host.started")).catch(reportError);
  });
  $("#save").addEventListener("click", () => { saveConfig().catch(reportError); });
  $("#reset-options").addEventListener("click", () => { form.options = {}; dirty = true; rerender(); });
  document.querySelectorAll('input[name="lang"]').forEach((r) => r.addEventListener("change", () => {
    form.lang = r.value;
    pendingLang = r.value;
    // The language applies at once: every page of the room follows it.
    const wasDirty = dirty;
    const room = (last && last.room) || {};
    const payload = wasDirty ? { preset: form.preset, options: form.options, lang: form.lang }
      : { preset: room.preset || form.preset, options: room.options || {}, lang: form.lang };
    act("host:config", payload).then((reply) => {
      pendingLang = null;
      if (reply && reply.ok && wasDirty) dirty = false;
      rerender();
    }).catch(reportError);
  }));
}

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  wire();
  socket = connect(() => ({ room: ctx.room, role: "host", key: ctx.hostKey }), {
    state: (payload) => {
      render(payload);
      followLanguage(payload.room && payload.room.lang, rerender);
    },
  });
}

boot().catch(reportError);
