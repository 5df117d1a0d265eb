// The TV page: the shared table (spectator view), lobby QR code, reveal and winner screens.
import {
  $, bidNode, clear, connect, ctx, die, el, followLanguage, loadStrings, pick, reportError,
  revealFromEvents, revealKey, roomPhase, seatsOf, setBanner, show, t, fmtNum, translateStatic,
} from "./common.js";

const params = new URLSearchParams(location.search);
const HOLD_MS = Number(params.get("hold")) || 6500; // how long the reveal stays up
const WINNER_DELAY_MS = Number(params.get("hold")) || 6500;

let last = null; // last payload
let seenReveal = null; // key of the last reveal shown
let revealUntil = 0;
let revealTimer = null;
let lastStandingKey = null;

/** The last reveal: from view.reveal (between rounds), else rebuilt from the events. */
function findReveal(view, events) {
  const fromEvents = revealFromEvents(events);
  if (view && view.reveal) return { ...view.reveal, events: fromEvents ? fromEvents.events : [] };
  return fromEvents;
}

let payloadsSeen = 0;

function matches(d, face, wild) {
  return d === face || (wild && face !== 1 && d === 1);
}

// ---------- render ----------

function render(payload) {
  last = payload;
  const room = payload.room || {};
  const view = payload.view || null;
  const events = payload.events || [];
  const phase = roomPhase(room, view);
  const seats = seatsOf(room, view);
  const rules = (view && view.rules) || room.rules || {};
  const wildOnes = rules.wild_ones !== false;

  document.body.dataset.phase = phase;
  renderStatus(phase, view, seats);
  renderMeta(room, view, phase);
  renderCenter(phase, room, view, seats, wildOnes);
  renderSeats(seats, view, rules, phase);
  renderJoin(room, phase, seats);
  renderHistory(view, phase, wildOnes);
  renderPalifico(view, seats);
  renderVoice(room);
  renderFair(room, view);

  const reveal = findReveal(view, events);
  const key = revealKey(reveal);
  // The first message after (re)connecting replays recent events: do not pop up an old reveal.
  if (payloadsSeen++ === 0 && !(view && view.reveal)) seenReveal = key;
  if (reveal && key !== seenReveal && phase !== "lobby") {
    seenReveal = key;
    showReveal(reveal, seats, wildOnes);
  } else if (!reveal && Date.now() > revealUntil) {
    show($("#reveal"), false);
  }
  renderWinner(view, phase);
}

function renderStatus(phase, view, seats) {
  const box = clear($("#tv-status"));
  if (phase === "lobby") {
    box.append(seats.length < 2 ? t("tv.waiting_players") : t("tv.waiting_host"));
  } else if (view && view.phase === "over" && view.winner) {
    box.append(t("tv.winner", { name: view.winner }));
  } else if (view && view.phase === "direction" && view.opener) {
    box.append(el("span", { class: "turn-name" }, t("tv.choosing_direction", { name: view.opener })));
  } else if (view && view.turn) {
    box.append(el("span", { class: "turn-name" }, t("tv.turn", { name: view.turn })));
  }
}

function renderMeta(room, view, phase) {
  const box = clear($("#tv-meta"));
  const preset = (view && view.preset) || room.preset;
  if (preset) box.append(el("span", {}, t("tv.preset", { name: t(`preset.${preset}`, { _fallback: preset }) })));
  if (view && phase !== "lobby") {
    if (view.round) box.append(el("span", {}, t("tv.round", { n: view.round })));
    if (typeof view.dice_in_play === "number") box.append(el("span", {}, t("tv.dice_in_play", { n: view.dice_in_play })));
  }
}

function expectedFor(room, view, payload) {
  const given = pick(room, "expected", "expected_count") ?? pick(view, "expected", "expected_count")
    ?? pick((view && view.odds) || {}, "expected") ?? pick(payload, "expected") ?? pick(payload.odds || {}, "expected");
  if (typeof given === "number") return given;
  if (given && typeof given === "object" && typeof given.count === "number") return given.count;
  return null;
}

function renderCenter(phase, room, view, seats, wildOnes) {
  const label = $("#center-label");
  const bidBox = $("#center-bid");
  const by = $("#center-by");
  const exp = $("#center-expected");
  exp.textContent = "";
  if (phase === "lobby" || !view) {
    label.textContent = t("tv.lobby_players");
    clear(bidBox).append(el("p", { class: "lobby-title" }, seats.length
      ? seats.map((s) => s.name).join(" · ")
      : `${t("tv.room")} ${pick(room, "code") || ctx.room}`));
    by.textContent = "";
    lastStandingKey = null;
    return;
  }
  const standing = view.standing;
  if (standing) {
    label.textContent = t("tv.standing");
    const key = JSON.stringify([view.round, standing]);
    if (key !== lastStandingKey) {
      clear(bidBox).append(bidNode(standing.bid, { paco: wildOnes }));
      bidBox.classList.remove("fresh"); void bidBox.offsetWidth; bidBox.classList.add("fresh");
      lastStandingKey = key;
    }
    by.textContent = t("tv.by", { name: standing.player });
    const e = expectedFor(last.room || {}, view, last);
    if (e !== null) exp.textContent = t("tv.expected", { n: fmtNum(e) });
  } else {
    label.textContent = view.round ? t("tv.round", { n: view.round }) : "";
    clear(bidBox).append(el("span", { class: "bid bid-none" },
      view.opener && view.phase !== "over" ? t("tv.no_bid", { name: view.opener }) : t("tv.no_bid_generic")));
    by.textContent = view.direction === -1 ? t("tv.anticlockwise") : "";
    lastStandingKey = null;
  }
}

function seatPosition(i, n) {
  // Clockwise from the top-left, around an ellipse that hugs the felt.
  const angle = (-Math.PI / 2) - (n > 1 ? Math.PI / n : 0) + (2 * Math.PI * i) / n;
  const x = 50 + 41 * Math.cos(angle);
  const y = 50 + 39 * Math.sin(angle);
  return { left: `${x.toFixed(2)}%`, top: `${y.toFixed(2)}%` };
}

function renderSeats(seats, view, rules, phase) {
  const list = clear($("#seats"));
  const max = rules.max_dice || 5;
  const active = view && (view.phase === "direction" ? view.opener : view.turn);
  const revolver = rules.loss === "revolver";
  const lastBids = new Map();
  (view && view.bids || []).forEach((b) => lastBids.set(b.player, b.bid));
  seats.forEach((s, i) => {
    const pos = seatPosition(i, seats.length);
    const classes = ["seat"];
    if (s.name === active && phase === "playing") classes.push("turn");
    if (s.out && phase !== "lobby") classes.push("out");
    if (!s.connected && !s.bot) classes.push("offline");
    if (view && view.standing && view.standing.player === s.name) classes.push("bidder");
    const badges = el("div", { class: "seat-badges" },
      s.bot ? el("span", { class: "badge badge-bot" }, t("tv.bot")) : null,
      s.out && phase !== "lobby" ? el("span", { class: "badge badge-out" }, t("tv.out")) : null,
      !s.connected && !s.bot ? el("span", { class: "badge badge-off" }, t("tv.offline")) : null);
    const dice = el("div", { class: "seat-dice", "aria-label": `${s.dice ?? max}` });
    const count = typeof s.dice === "number" ? s.dice : (phase === "lobby" ? max : 0);
    for (let k = 0; k < max; k++) dice.append(die(0, { cls: k < count ? "" : "lost", label: "" }));
    const item = el("li", { class: classes.join(" "), style: `left:${pos.left};top:${pos.top}`, dataset: { player: s.name } },
      el("div", { class: "seat-name" }, s.name),
      badges,
      dice,
      revolver && phase !== "lobby" ? cylinder(s.bullets || 0) : null,
      lastBids.has(s.name) ? el("div", { class: "seat-last" }, bidNode(lastBids.get(s.name), { paco: rules.wild_ones !== false })) : null);
    list.append(item);
  });
}

/** The revolver's six chambers, the loaded ones red. */
function cylinder(bullets) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "cylinder");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("tv.bullets", { n: bullets }));
  const body = document.createElementNS(ns, "circle");
  body.setAttribute("cx", 50); body.setAttribute("cy", 50); body.setAttribute("r", 48); body.setAttribute("class", "cyl-body");
  svg.append(body);
  for (let i = 0; i < 6; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 3;
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", (50 + 28 * Math.cos(a)).toFixed(1));
    c.setAttribute("cy", (50 + 28 * Math.sin(a)).toFixed(1));
    c.setAttribute("r", 12);
    c.setAttribute("class", i < bullets ? "cyl-bullet" : "cyl-empty");
    svg.append(c);
  }
  return el("div", { class: "seat-bullets" }, svg, el("span", {}, t("tv.bullets", { n: bullets })));
}

function renderJoin(room, phase, seats) {
  const max = pick(room, "max_seats", "max_players");
  const visible = phase === "lobby";
  show($("#join-card"), visible);
  if (!visible) return;
  const url = pick(room, "join_url") || ctx.joinUrl;
  if (url) $("#join-url").textContent = url;
  const code = pick(room, "code", "room") || ctx.room;
  if (code) $("#room-code").textContent = code;
  const free = typeof max === "number" ? Math.max(0, max - seats.length) : null;
  $("#seats-free").textContent = free !== null ? t("tv.seats_free", { n: free }) : "";
}

function renderHistory(view, phase, wildOnes) {
  const paco = wildOnes;
  const card = $("#history-card");
  show(card, phase !== "lobby" && !!view);
  if (!view) return;
  const list = clear($("#history"));
  const bids = view.bids || [];
  if (!bids.length) {
    list.append(el("li", { class: "h-empty" }, t("tv.history_empty")));
    return;
  }
  bids.slice().reverse().slice(0, 12).forEach((b) => {
    list.append(el("li", {}, el("span", { class: "h-name" }, b.player), bidNode(b.bid, { paco })));
  });
}

function renderPalifico(view, seats) {
  const on = !!(view && view.palifico && view.phase !== "over" && view.phase !== "roll");
  show($("#palifico"), on);
  document.body.classList.toggle("palifico", on);
  if (!on) return;
  $("#palifico-sub").textContent = view.opener ? t("tv.palifico_sub", { name: view.opener }) : "";
  const notes = [];
  if (view.wild === false) notes.push(t("tv.not_wild"));
  const rules = view.rules || {};
  if (rules.palifico_face_change !== undefined) notes.push(t("tv.face_locked"));
  $("#palifico-wild").textContent = notes.join(" · ");
}

function text(v) {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number")) return `${v[0]} × ${v[1]}`;
  return pick(v, "text", "caption", "heard") || "";
}

function renderVoice(room) {
  const v = room.voice;
  const card = $("#voice-card");
  if (!v || typeof v !== "object" || !Object.keys(v).length) { show(card, false); return; }
  show(card, true);
  const enabled = !!pick(v, "listening", "enabled", "on");
  const reason = pick(v, "reason");
  const state = $("#voice-state");
  state.className = `voice-state ${enabled ? "on" : ""}`;
  const why = reason ? t(`voice.reason.${reason}`, { _fallback: String(reason) }) : "";
  state.textContent = enabled ? t("voice.on") : `${t("voice.off")}${why ? ` — ${why}` : ""}`;
  $("#voice-caption").textContent = text(pick(v, "caption", "partial"));
  const heardBox = clear($("#voice-heard"));
  const heard = pick(v, "heard", "last_heard", "last_move");
  const who = pick(v, "player", "credited") ?? (heard && typeof heard === "object" ? pick(heard, "player") : undefined);
  if (heard) {
    heardBox.append(el("strong", {}, `${t("voice.heard")}:`));
    const bid = Array.isArray(heard) ? heard : (typeof heard === "object" ? pick(heard, "bid") : null);
    const action = heard && typeof heard === "object" && !Array.isArray(heard) ? pick(heard, "action", "kind") : null;
    if (bid) heardBox.append(bidNode(bid, { paco: (room.rules || {}).wild_ones !== false }));
    else if (action) heardBox.append(el("span", {}, t(`phone.${action}`, { _fallback: String(action) })));
    else heardBox.append(el("span", {}, text(heard)));
    if (who) heardBox.append(el("span", {}, t("voice.credited", { name: typeof who === "string" ? who : pick(who, "player", "name") })));
  }
}

function renderFair(room, view) {
  const c = pick(room, "commitment");
  const hash = typeof c === "string" ? c : pick(c || {}, "hash");
  const opened = pick(room, "last_round");
  const salt = opened && typeof opened === "object" ? pick(opened, "salt", "secret") : null;
  show($("#fair-card"), !!(hash || salt));
  $("#commit-hash").textContent = hash ? `${c && c.round ? `${t("tv.round", { n: c.round })}: ` : ""}${hash}` : "";
  show($("#secret-line"), !!salt);
  $("#secret").textContent = salt ? `${opened.round ? `${t("tv.round", { n: opened.round })}: ` : ""}${salt}` : "";
}

// ---------- reveal & winner ----------

function showReveal(r, seats, wildOnes) {
  const [q, face] = r.bid || [0, 0];
  const wild = r.wild !== undefined ? r.wild : wildOnes;
  const call = $("#reveal-call");
  call.className = `reveal-call ${r.call === "calza" ? "calza" : ""}`;
  call.textContent = r.caller
    ? t(r.call === "calza" ? "reveal.calza" : "reveal.dudo", { caller: r.caller, bidder: r.bidder || "?" })
    : t("reveal.title");
  const count = r.count;
  const countText = count === 0 ? t("reveal.count_0") : count === 1 ? t("reveal.count_1") : t("reveal.count_n", { n: count });
  clear($("#reveal-headline")).append(
    el("span", {}, String(q)), el("span", { "aria-hidden": "true" }, "×"), die(face, { paco: wildOnes }),
    el("span", {}, "—"), el("span", { class: "count" }, countText));
  const cups = clear($("#reveal-cups"));
  const order = seats.length ? seats.map((s) => s.name) : Object.keys(r.dice || {});
  let delay = 0;
  for (const name of order) {
    const cup = (r.dice || {})[name];
    if (!cup || !cup.length) continue;
    const n = cup.filter((d) => matches(d, face, wild)).length;
    const row = el("div", { class: `reveal-cup ${r.loser === name ? "loser" : ""} ${r.gainer === name ? "gainer" : ""}`, dataset: { player: name } },
      el("span", { class: "reveal-cup-name" }, name),
      el("span", { class: "reveal-cup-dice" }, cup.map((d) => {
        const node = die(d, { paco: wildOnes, cls: `roll ${matches(d, face, wild) ? "match" : "nomatch"}` });
        node.style.animationDelay = `${(delay += 60)}ms`;
        return node;
      })),
      el("span", { class: "reveal-cup-n" }, n ? `${n}` : ""));
    cups.append(row);
  }
  const outcome = clear($("#reveal-outcome"));
  const evs = r.events || [];
  const shot = evs.find((e) => e.kind === "shot");
  const bullet = evs.find((e) => e.kind === "bullet_added");
  const outs = evs.filter((e) => e.kind === "player_out").map((e) => e.player);
  if (r.gainer) outcome.append(el("span", { class: "gain" }, `${t("reveal.exact")} ${t("reveal.gains", { name: r.gainer })}`));
  else if (r.call === "calza" && count === q && !r.loser) outcome.append(el("span", { class: "gain" }, `${t("reveal.exact")} ${evs.some((e) => e.kind === "die_lost") ? t("reveal.others_lose") : ""}`));
  else if (r.loser && bullet) outcome.append(el("span", { class: "lose" }, t("reveal.bullet", { name: r.loser })));
  else if (r.loser) outcome.append(el("span", { class: "lose" }, t("reveal.loses", { name: r.loser })));
  else outcome.append(el("span", {}, t("reveal.no_change")));
  if (shot) outcome.append(el("small", {}, t(shot.fires ? "reveal.shot_fires" : "reveal.shot_click", { name: shot.player })));
  outs.filter((p) => !shot || p !== shot.player).forEach((p) => outcome.append(el("small", {}, t("reveal.out", { name: p }))));
  const pal = evs.find((e) => e.kind === "palifico");
  if (pal) outcome.append(el("small", {}, t("reveal.palifico_next", { name: pal.player })));

  // flash the seats
  if (r.loser) flashSeat(r.loser, "flash-lose");
  if (r.gainer) flashSeat(r.gainer, "flash-gain");

  show($("#reveal"), true);
  revealUntil = Date.now() + HOLD_MS;
  clearTimeout(revealTimer);
  revealTimer = setTimeout(() => {
    show($("#reveal"), false);
    if (last) safeRender(last);
  }, HOLD_MS);
}

function flashSeat(name, cls) {
  const node = document.querySelector(`.seat[data-player="${CSS.escape(name)}"]`);
  if (node) node.classList.add(cls);
}

function renderWinner(view, phase) {
  const over = !!(view && view.phase === "over" && view.winner) && phase !== "lobby";
  const waiting = Date.now() < revealUntil;
  if (over && !waiting) {
    $("#winner-name").textContent = t("tv.winner", { name: view.winner });
    show($("#winner"), true);
    show($("#reveal"), false);
  } else {
    show($("#winner"), false);
  }
}

function safeRender(payload) {
  try { render(payload); } catch (err) { reportError(err); }
}

// ---------- boot ----------

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  if (!ctx.room) { setBanner(t("err.unknown_room"), "error"); }
  connect(() => ({ room: ctx.room, role: "tv" }), {
    state: (payload) => {
      safeRender(payload);
      followLanguage(payload.room && payload.room.lang, () => safeRender(last));
    },
  });
}

boot().catch(reportError);
