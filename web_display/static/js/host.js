// The host's page: seats and bots, the game (start, end the reveal, back to the lobby), the
// language and the table settings (any time), the dice and the rules of the next game (in the
// lobby), the hub's voice (its mode, the table check and its report).
// Options and settings are drawn from what the hub offers (`lobby`): no option is named here.
import { html, render } from "/vendor/preact-htm.js";
import {
  connect, ctx, errorText, followLanguage, loadStrings, phaseOf, realOf, reportError, request, revealHold,
  seatsOf, t, toast, translateStatic, waitedFor,
} from "./common.js";
import { countQuestion, waitingText } from "./realcups.js";
import { StandIn } from "./standin.js";
import { RevealWatch, useSecondsLeft } from "./ui.js";
import { CheckReport, listening, voiceOffText } from "./voiceui.js";
import { HostEvening, eveningHandlers } from "./evening.js";
import { EventCard } from "./hostevent.js";
import { CHOICES, EVENTS, MESSAGES } from "./protocol.js";

const root = document.getElementById("host-root");
const app = {
  payload: null, offer: null, voice: null, // the `state`, `lobby` and `voice` messages
  form: null, // {preset, options}: the rules being edited (null: as the room has them)
  level: null, busy: false, savedAt: 0,
  pending: {}, // language and table settings on their way to the hub, shown as chosen meanwhile
};
const reveals = new RevealWatch(draw);
let socket = null;

// ---------- actions ----------

async function act(event, payload, okText) {
  if (app.busy) return null;
  app.busy = true;
  draw();
  const reply = await request(socket, event, payload);
  app.busy = false;
  if (!reply.ok) toast(errorText(reply.code, reply.message));
  else if (okText) toast(okText, "ok", 2500);
  draw();
  return reply;
}

async function saveRules() {
  const form = app.form;
  const reply = await act(EVENTS.HOST_CONFIG, { preset: form.preset, options: form.options });
  if (reply && reply.ok) {
    app.form = null;
    app.savedAt = Date.now();
    draw();
    setTimeout(draw, 2100);
  }
  return reply;
}

async function start() {
  if (app.form && !(await saveRules()).ok) return;
  await act(EVENTS.HOST_START, {}, t("host.started"));
}

async function backToLobby(over) {
  if (!over && !window.confirm(t("host.stop_confirm"))) return;
  await act(EVENTS.HOST_RESTART, {}, t("host.back_in_lobby"));
}

/** Send one setting that applies at once (`lang`, or `table: {name: value}`), showing it as chosen meanwhile. */
async function setNow(key, value, payload) {
  app.pending[key] = value;
  await act(EVENTS.HOST_CONFIG, payload);
  delete app.pending[key];
  draw();
}

function removeSeat(name) {
  if (window.confirm(t("host.kick_confirm", { name }))) act(EVENTS.HOST_SEAT_REMOVE, { player: name }).catch(reportError);
}

function editRules(change) {
  const room = app.payload.room;
  const form = app.form || { preset: room.preset, options: { ...room.options } };
  app.form = change(form);
  draw();
}

// ---------- choices, drawn generically ----------

function valueLabel(prefix, name, value) {
  if (typeof value === "boolean") return value ? t("host.yes") : t("host.no");
  return t(`${prefix}.${name}.${value}`, { _fallback: String(value) });
}

/** A fieldset of radio chips for one option or setting; `mark` is the value tagged with `markText`. */
function Choice({ prefix, name, values, value, mark, markText, disabled, onPick }) {
  const changed = mark !== undefined && value !== mark;
  return html`<fieldset class="choice ${changed ? "changed" : ""}" disabled=${disabled} data-name=${name}>
    <legend>${t(`${prefix}.${name}`, { _fallback: name })}${changed ? html` <span class="changed-tag">${t("host.changed")}</span>` : ""}</legend>
    <div class="chips">${values.map((v, i) => html`<label class="chip">
      <input type="radio" name=${`${prefix}-${name}`} value=${i} checked=${v === value} onChange=${() => onPick(v)} />
      <span>${valueLabel(prefix, name, v)}${v === mark ? html` <small class="chip-mark">${markText}</small>` : ""}</span>
    </label>`)}</div>
  </fieldset>`;
}

// ---------- the cards ----------

function TakeoverButton({ seat }) {
  const left = useSecondsLeft(seat.graceUntil);
  return html`<button class="btn btn-small" type="button" disabled=${app.busy || left > 0}
    onClick=${() => act(EVENTS.HOST_BOT_TAKEOVER, { player: seat.name }).catch(reportError)}>
    ${left > 0 ? t("host.takeover_in", { s: left }) : t("host.takeover")}</button>`;
}

function SeatRow({ seat, phase, waiting, entering, noBots, view }) {
  const playing = phase !== "lobby";
  const meta = [seat.kind === "bot" ? `${t("host.bot")} · ${t(`level.${seat.level}`, { _fallback: seat.level })}` : t("host.human")];
  if (entering) meta.push(t("seat.entering"));
  if (seat.takeover) meta.push(t("host.bot_plays"));
  if (seat.left) meta.push(t("host.left"));
  else if (seat.away) meta.push(t("host.offline"));
  if (playing && typeof seat.dice === "number") meta.push(seat.out ? t("seat.out") : t("seat.dice", { n: seat.dice }));
  return html`<li class="host-seat ${waiting.includes(seat.name) ? "waiting" : ""}" data-player=${seat.name}>
    <span class="dot ${seat.away ? "off" : ""}" aria-hidden="true"></span>
    <span class="name">${seat.name}</span>
    <span class="meta">${meta.join(" · ")}${waiting.includes(seat.name) ? html` · <strong>${t("host.waiting_for")}</strong>` : ""}</span>
    ${playing && seat.away && phase === "playing" && !noBots ? html`<${TakeoverButton} seat=${seat} />` : ""}
    ${seat.away && phase === "playing" && noBots && !seat.out ? html`<${StandIn} seat=${seat} view=${view}
      legal=${(app.payload.stand_in || {})[seat.name] || null} proposal=${realOf(app.payload.room).proposal} busy=${app.busy}
      redraw=${draw} send=${(event, payload) => act(event, payload).catch(reportError)} />` : ""}
    ${playing && noBots ? "" : html`<button class="btn btn-small btn-ghost" type="button"
      onClick=${() => removeSeat(seat.name)}>${t("host.kick")}</button>`}
  </li>`;
}

/** Adds a bot of the level the select shows now (read from the form, never from an earlier render). */
function addBot(form) {
  const level = String(new FormData(form).get("level") || "");
  app.level = level;
  act(EVENTS.HOST_BOT_ADD, { level }).catch(reportError);
}

function Players({ room, view, seats, phase, offer }) {
  const levels = offer ? offer.bot_levels : [];
  const level = app.level || (offer && offer.default_level) || levels[0];
  const waiting = phase === "playing" ? waitedFor(view) : [];
  const real = realOf(room);
  const entering = phase === "playing" && view.phase === "roll" ? real.waiting : [];
  const noBots = real.mode === "scoreboard";
  return html`<section class="host-card host-players" aria-labelledby="players-title">
    <h2 id="players-title">${t("host.players")}</h2>
    <p class="host-join">${t("host.join_at")} <a href=${room.join_url} target="_blank" rel="noopener">${room.join_url}</a></p>
    ${seats.length ? html`<ul class="host-seats">${seats.map((s) => html`<${SeatRow} key=${s.name} seat=${s} phase=${phase} waiting=${waiting}
      entering=${entering.includes(s.name)} noBots=${noBots} view=${view} />`)}</ul>`
      : html`<p class="host-empty">${t("host.no_players")}</p>`}
    ${phase === "lobby" ? html`<form class="host-bot" onSubmit=${(ev) => { ev.preventDefault(); addBot(ev.currentTarget); }}>
      <label for="bot-level">${t("host.level")}</label>
      <select id="bot-level" value=${level} disabled=${noBots} aria-describedby=${noBots ? "no-bots" : undefined}
        name="level" onChange=${(ev) => { app.level = ev.target.value; draw(); }}>
        ${levels.map((l) => html`<option value=${l}>${t(`level.${l}`, { _fallback: l })}</option>`)}</select>
      <button class="btn" type="submit" id="add-bot" disabled=${app.busy || noBots}
        aria-describedby=${noBots ? "no-bots" : undefined}>${t("host.add_bot")}</button>
      ${noBots ? html`<p class="host-hint" id="no-bots">${t("host.no_bots_scoreboard")}</p>` : ""}
    </form>` : ""}
  </section>`;
}

function GameButtons({ room, seats, phase }) {
  if (phase === "lobby") {
    const few = seats.length < room.min_seats;
    return html`<div class="host-start">
      <button class="btn btn-primary btn-start" type="button" id="start" disabled=${app.busy || few} onClick=${() => start().catch(reportError)}>${t("host.start")}</button>
      <p class="host-hint">${few ? t("host.need_players", { n: room.min_seats }) : ""}</p>
    </div>`;
  }
  const over = phase === "over";
  return html`<div class="host-start">
    ${reveals.open ? html`<button class="btn btn-start" type="button" id="skip-reveal" disabled=${app.busy}
      onClick=${() => act(EVENTS.HOST_SKIP_REVEAL, {}).catch(reportError)}>${t("host.skip_reveal")}</button>` : ""}
    <button class=${`btn btn-start ${over ? "btn-primary" : "btn-danger"}`} type="button" id="restart" disabled=${app.busy}
      onClick=${() => backToLobby(over).catch(reportError)}>${t(over ? "host.new_game" : "host.stop")}</button>
  </div>`;
}

/** Whose dice: the hub's, or real cups entered on the phones, or real cups counted at the reveal. */
function DiceCard({ room, seats, phase, offer }) {
  const modes = offer ? offer.dice_modes : [];
  const mode = "dice" in app.pending ? app.pending.dice : realOf(room).mode;
  const bots = seats.some((s) => s.kind === "bot");
  if (phase !== "lobby") {
    return html`<section class="host-card host-dice" aria-labelledby="dice-title">
      <h2 id="dice-title">${t("host.dice")}</h2>
      <p class="rules-now" id="dice-now">${t(`host.dice.${mode}`)}</p>
      <p class="host-hint">${t(`host.dice.${mode}.desc`)}</p>
    </section>`;
  }
  return html`<section class="host-card host-dice" aria-labelledby="dice-title">
    <h2 id="dice-title">${t("host.dice")}</h2>
    <div class="host-presets" role="radiogroup" aria-labelledby="dice-title">
      ${modes.map((m) => {
        const blocked = m === "scoreboard" && bots && mode !== m;
        return html`<button type="button" role="radio" class="preset-card" data-dice=${m} aria-checked=${String(m === mode)}
          disabled=${app.busy || blocked} onClick=${() => m !== mode && setNow("dice", m, { dice: m }).catch(reportError)}>
          <strong>${t(`host.dice.${m}`)}</strong><span>${t(`host.dice.${m}.desc`)}</span>
          ${blocked ? html`<span class="preset-why">${t("host.dice.no_bots_first")}</span>` : ""}</button>`;
      })}
    </div>
  </section>`;
}

/** The hub's voice: the mode (every call, or only after a 🎤 tap), the table check and its report. */
function VoiceCard({ voice }) {
  if (!voice || voice.reason === "not_attached") return ""; // no voice at this hub: not a word of it
  const on = listening(voice);
  const mode = "voiceMode" in app.pending ? app.pending.voiceMode : voice.mode || "always";
  const checking = !!voice.check;
  const pick = (m) => async () => {
    app.pending.voiceMode = m;
    await act(EVENTS.HOST_VOICE, { mode: m });
    delete app.pending.voiceMode;
    draw();
  };
  return html`<section class="host-card host-voice" aria-labelledby="voice-title">
    <h2 id="voice-title">${t("voice.title")}</h2>
    <p class=${`voice-now ${on ? "on" : "off"}`} id="voice-now" role="status">${on ? t("host.voice_on") : voiceOffText(voice)}</p>
    <fieldset class="choice" data-name="voice-mode" disabled=${!on || app.busy} aria-describedby=${on ? undefined : "voice-now"}>
      <legend>${t("host.voice_mode")}</legend>
      <div class="chips">${CHOICES[EVENTS.HOST_VOICE].mode.map((m) => html`<label class="chip"><input type="radio" name="voice-mode"
        value=${m} checked=${m === mode} onChange=${() => pick(m)().catch(reportError)} /><span>${t(`host.voice_mode.${m}`)}</span></label>`)}</div>
    </fieldset>
    <p class="host-hint">${t(`host.voice_mode.${mode}.desc`)}</p>
    <button type="button" class="btn" id="voice-check" disabled=${!on || app.busy || checking}
      aria-describedby="voice-check-hint" onClick=${() => act(EVENTS.HOST_VOICE, { check: true }).catch(reportError)}>
      ${checking ? t("host.check_running", { i: voice.check.index, n: voice.check.total }) : t("host.check")}</button>
    <p class="host-hint" id="voice-check-hint">${on ? t("host.check_hint") : t("host.voice_needed")}</p>
    ${voice.check_report ? html`<${CheckReport} report=${voice.check_report} compact=${true}
      onClose=${() => act(EVENTS.HOST_VOICE, { dismiss: true }).catch(reportError)} />` : ""}
  </section>`;
}

function TableSettings({ room, offer }) {
  const langs = offer ? offer.langs : [room.lang];
  return html`<section class="host-card host-table-card" aria-labelledby="table-title">
    <h2 id="table-title">${t("host.table")}</h2>
    <fieldset class="choice" data-name="lang">
      <legend>${t("host.language")}</legend>
      <div class="chips">${langs.map((l) => html`<label class="chip"><input type="radio" name="lang" value=${l}
        checked=${l === ("lang" in app.pending ? app.pending.lang : room.lang)}
        onChange=${() => setNow("lang", l, { lang: l }).catch(reportError)} /><span lang=${l}>${(offer && offer.lang_names && offer.lang_names[l]) || l}</span></label>`)}</div>
    </fieldset>
    ${offer ? Object.entries(offer.table).map(([name, values]) => html`<${Choice} prefix="table" name=${name} values=${values}
      value=${name in app.pending ? app.pending[name] : room.table[name]}
      onPick=${(v) => setNow(name, v, { table: { [name]: v } }).catch(reportError)} />`) : ""}
    <p class="host-hint">${t("host.table_hint")}</p>
  </section>`;
}

function Rules({ room, phase, offer }) {
  const presetName = (name) => t(`preset.${name}`, { _fallback: name });
  if (phase !== "lobby") {
    const changed = Object.entries(room.options);
    return html`<section class="host-card host-rules" aria-labelledby="rules-title">
      <h2 id="rules-title">${t("host.rules")}</h2>
      <p class="rules-now">${t("host.rules_now", { name: presetName(room.preset) })}</p>
      <p class="host-hint">${t(`preset.${room.preset}.desc`, { _fallback: "" })}</p>
      ${changed.length ? html`<ul class="rules-changed">${changed.map(([name, v]) => html`<li>${t(`opt.${name}`, { _fallback: name })}: <strong>${valueLabel("opt", name, v)}</strong></li>`)}</ul>` : ""}
      <p class="host-hint">${t("host.rules_locked")}</p>
    </section>`;
  }
  if (!offer) return "";
  const form = app.form || { preset: room.preset, options: room.options };
  const base = offer.presets[form.preset];
  const choose = (name) => (v) => editRules((f) => {
    const options = { ...f.options };
    if (v === base[name]) delete options[name];
    else options[name] = v;
    return { ...f, options };
  });
  return html`<section class="host-card host-rules" aria-labelledby="rules-title">
    <h2 id="rules-title">${t("host.rules")}</h2>
    <div class="host-presets" role="radiogroup" aria-labelledby="rules-title">
      ${Object.keys(offer.presets).map((name) => html`<button type="button" role="radio" class="preset-card" data-preset=${name}
        aria-checked=${String(name === form.preset)} disabled=${app.busy}
        onClick=${() => editRules(() => ({ preset: name, options: {} }))}>
        <strong>${presetName(name)}</strong><span>${t(`preset.${name}.desc`, { _fallback: "" })}</span></button>`)}
    </div>
    <details class="host-options" id="options-box">
      <summary>${t("host.options")}${Object.keys(form.options).length ? ` (${Object.keys(form.options).length})` : ""}
        <span class="summary-more">${t("host.options_more", { n: Object.keys(offer.choices).length })}</span></summary>
      <p class="host-hint">${t("host.options_hint", { name: presetName(form.preset) })}</p>
      ${Object.entries(offer.choices).map(([name, values]) => html`<${Choice} prefix="opt" name=${name} values=${values}
        value=${name in form.options ? form.options[name] : base[name]} mark=${base[name]} markText=${presetName(form.preset)}
        disabled=${app.busy} onPick=${choose(name)} />`)}
      <button class="btn btn-ghost btn-small" type="button" id="reset-options" disabled=${!Object.keys(form.options).length}
        onClick=${() => editRules((f) => ({ ...f, options: {} }))}>${t("host.reset_options", { name: presetName(form.preset) })}</button>
    </details>
    <div class="host-save">
      <button class="btn btn-primary" type="button" id="save" disabled=${app.busy || !app.form} onClick=${() => saveRules().catch(reportError)}>${t("host.apply")}</button>
      <span class="host-saved" id="saved" role="status">${Date.now() - app.savedAt < 2000 ? t("host.saved") : ""}</span>
    </div>
  </section>`;
}

function Host({ payload, offer }) {
  const room = payload.room;
  const view = payload.view;
  const phase = phaseOf(room, view);
  const seats = seatsOf(room, view);
  let status = t("host.lobby", { n: seats.length });
  if (phase === "over") status = t("host.over", { name: view.winner });
  else if (phase === "playing") {
    const real = realOf(room);
    status = t("host.playing", { n: view.phase === "roll" ? view.round + 1 : view.round });
    if (view.phase === "roll" && real.waiting.length) status += ` · ${waitingText(real.waiting)}`;
    else if (view.phase === "count" && view.counting) status += ` · ${countQuestion(view.counting)}`;
  }
  return html`<header class="host-top">
      <h1>${t("host.title")} · <span class="host-room">${room.code}</span></h1>
      <p class="host-status" id="status" role="status">${status}</p>
    </header>
    <main class="host-grid">
      <${Players} room=${room} view=${view} seats=${seats} phase=${phase} offer=${offer} />
      <div class="host-column">
        <${TableSettings} room=${room} offer=${offer} />
        <${DiceCard} room=${room} seats=${seats} phase=${phase} offer=${offer} />
        <${Rules} room=${room} phase=${phase} offer=${offer} />
        <${VoiceCard} voice=${app.voice} />
        <${EventCard} lang=${room.lang} redraw=${draw} />
      </div>
      <div class="host-actions"><${GameButtons} room=${room} seats=${seats} phase=${phase} />
        <${HostEvening} socket=${socket} live=${phase === "playing"} /></div>
    </main>`;
}

// ---------- drawing ----------

function draw() {
  if (!app.payload) return;
  try {
    render(html`<${Host} payload=${app.payload} offer=${app.offer} />`, root);
  } catch (err) {
    reportError(err);
  }
}

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  socket = connect(() => ({ room: ctx.room, role: "host", key: ctx.hostKey }), {
    [MESSAGES.LOBBY]: (offer) => { app.offer = offer; draw(); },
    [MESSAGES.VOICE]: (status) => { app.voice = status; draw(); },
    [MESSAGES.STATE]: (payload) => {
      if (!payload.room.started) reveals.close();
      if (payload.room.started && app.form) app.form = null; // the game began elsewhere: drop the edit
      app.payload = payload;
      reveals.state(payload, revealHold(payload.room));
      draw();
      followLanguage(payload.room.lang, draw);
    },
    [MESSAGES.REVEAL_END]: (data) => reveals.ended(data.round),
    ...eveningHandlers(draw),
  });
}

boot().catch(reportError);
