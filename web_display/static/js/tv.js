// The TV page: the shared table (the spectator's view), the lobby's QR code, the reveal, the winner;
// with real cups, who is awaited and the count question; the voice card and the table check; the
// sounds (sound.js: each cup, each die that counts, the verdict, the turn passing) unless the host
// switched them off, with a hint while the browser holds them back until a click.
import { html, render } from "/vendor/preact-htm.js";
import {
  connect, ctx, followLanguage, loadStrings, phaseOf, realOf, reportError, revealHold, rollOffAfter,
  seatsOf, setBanner, t, toast, translateStatic, waitedFor, countedBy, revealKey,
} from "./common.js";
import { CountScreen, countQuestion, waitingText } from "./realcups.js";
import {
  Bid, OddsLine, PalificoNote, Reveal, RevealWatch, RollOff, Seat, SpeakerIcon, TurnClock, VoiceBanner, storyOf, useSecondsLeft,
} from "./ui.js";
import { Sounds, turnKey } from "./sound.js";
import { AskCard, CheckPrompt, CheckReport, listening } from "./voiceui.js";
import { TvEvening, eveningHandlers } from "./evening.js";
import { KINDS, MESSAGES } from "./protocol.js";

const app = {
  payload: null, voice: null, caption: "", rollOff: null,
  rejected: null, // {message, version}: a call heard and not played, news until the table moves on
  report: null, // {saved, version}: the table check's report, shown until play resumes or the host closes it
  turn: null, // whose bid the table waited for (sound.js turnKey): a soft tick when it changes
};
const sounds = new Sounds(draw); // the hint follows whether the browser lets it play
const reveals = new RevealWatch(() => { draw(); soundReveal(); });
const root = document.getElementById("tv-root");
const voiceRoot = document.getElementById("voice-root");
const checkRoot = document.getElementById("check-root");

// Seats around the felt, clockwise from the top-left: a row along the top, a column down the right,
// a row along the bottom (right to left), a column up the left. Rows hold at most 3 cards and
// columns 2, each in its own slot, so no two cards can overlap (2 to 10 seats).
const SEAT_PLAN = { // seats -> [top, right, bottom, left]
  1: [1, 0, 0, 0], 2: [1, 0, 1, 0], 3: [2, 0, 1, 0], 4: [1, 1, 1, 1], 5: [2, 1, 1, 1],
  6: [2, 1, 2, 1], 7: [3, 1, 2, 1], 8: [3, 1, 3, 1], 9: [3, 2, 3, 1], 10: [3, 2, 3, 2],
};
const ROW = "var(--seat-row)"; // the height a row of cards takes (tv.css)

function rowX(k, n) {
  return `${(((k + 0.5) / n) * 100).toFixed(2)}%`;
}

function columnY(k, n) {
  return `calc(${ROW} + (100% - 2 * ${ROW}) * ${((k + 0.5) / n).toFixed(4)})`;
}

function seatPosition(i, n) {
  const [top, right, bottom, left] = SEAT_PLAN[Math.min(Math.max(n, 1), 10)];
  if (i < top) return `left:${rowX(i, top)};top:0;--seat-shift-y:0%;--seat-origin:center top`;
  i -= top;
  if (i < right) return `right:0;top:${columnY(i, right)};--seat-shift-x:0%;--seat-origin:right center`;
  i -= right;
  if (i < bottom) return `left:${rowX(bottom - 1 - i, bottom)};bottom:0;--seat-shift-y:0%;--seat-origin:center bottom`;
  i -= bottom;
  return `left:0;top:${columnY(left - 1 - i, left)};--seat-shift-x:0%;--seat-origin:left center`;
}

// ---------- parts of the screen ----------

function Status({ phase, view, seats, real }) {
  let text = "";
  const { why, seats: waits } = view ? view.waiting : { why: null, seats: [] };
  if (phase === "lobby") text = seats.length < 2 ? t("tv.waiting_players") : t("tv.waiting_host");
  else if (phase === "over") text = t("tv.winner", { name: view.winner });
  else if (why === "roll" && real.waiting.length) text = t("real.roll_and_enter");
  else if (why === "count" && view.counting) text = countQuestion(view.counting);
  else if (why === "direction") text = t("tv.choosing_direction", { name: waits[0] });
  else if (waits.length) text = t("tv.turn", { name: waits[0] });
  return html`<p class="tv-status" aria-live="polite"><span class="turn-name">${text}</span></p>`;
}

/** A phone that does not answer: what the host can do about it at this table (a bot plays the seat,
 * or, where the dice are counted at the reveal and bots cannot sit, the host plays for them). */
function AwayNotice({ seat, hostPlays }) {
  const left = useSecondsLeft(seat.graceUntil);
  const [waitKey, nowKey] = hostPlays ? ["tv.away_wait_host", "tv.away_host"] : ["tv.away_wait", "tv.away_bot"];
  return html`<p class="away-notice" role="status">${left > 0
    ? t(waitKey, { name: seat.name, s: left }) : t(nowKey, { name: seat.name })}</p>`;
}

function Center({ phase, room, view, seats, rollOff }) {
  const real = realOf(room);
  if (phase === "playing" && view.phase === "roll" && real.waiting.length) {
    return html`<div class="felt-center" id="waiting-dice">
      <p class="center-label">${t("tv.round", { n: view.round + 1 })}</p>
      <p class="center-open center-waiting">${waitingText(real.waiting)}</p>
    </div>`;
  }
  if (phase === "lobby") {
    return html`<div class="felt-center">
      <p class="center-label">${t("tv.lobby_players")}</p>
      <p class="lobby-names">${seats.length ? seats.map((s) => html`<span class="lobby-name">${s.name}</span>`) : `${t("tv.room")} ${room.code}`}</p>
    </div>`;
  }
  const standing = view.standing;
  const last = view.bids.length ? view.bids[view.bids.length - 1] : null;
  const facts = html`<p class="center-facts"><span class="dice-in-play">${t("tv.dice_in_play", { n: view.dice_in_play })}</span></p>
    <${OddsLine} odds=${view.odds} cls="center-odds" />`;
  if (standing) {
    return html`<div class="felt-center">
      <p class="center-label">${t("tv.standing")}</p>
      <div class="center-bid fresh" key=${`${view.round}:${view.bids.length}`}><${Bid} bid=${standing.bid} paco=${view.wild} /></div>
      <p class="center-by">${t("tv.by", { name: standing.player })}</p>
      ${last && last.passed ? html`<p class="center-jump" id="out-of-turn">${t("tv.out_of_turn", { name: last.player, passed: last.passed })}</p>` : ""}
      ${facts}
    </div>`;
  }
  return html`<div class="felt-center">
    <p class="center-label">${t("tv.round", { n: view.round })}</p>
    <p class="center-open">${phase === "over" ? t("tv.winner", { name: view.winner }) : t("tv.no_bid", { name: view.opener })}</p>
    ${phase !== "over" && view.direction === -1 ? html`<p class="center-by">${t("tv.anticlockwise")}</p>` : ""}
    ${view.round === 1 && view.table.roll_off ? html`<${RollOff} rollOff=${rollOff} />` : ""}
    ${phase !== "over" ? facts : ""}
  </div>`;
}

function History({ view, lastReveal }) {
  const bids = view.bids.slice().reverse().slice(0, 10);
  const rolling = view.phase === "roll"; // real cups being entered: the round that ended is still the view's
  if (lastReveal && ((rolling && lastReveal.round === view.round) || (!bids.length && lastReveal.round === view.round - 1))) {
    return html`<section class="history-card">
      <h2>${t("tv.last_round")}</h2>
      <ul class="last-story">${storyOf(lastReveal).map((line) => html`<li class="story-${line.tone}">${line.text}</li>`)}</ul>
    </section>`;
  }
  return html`<section class="history-card">
    <h2>${t("tv.history")}</h2>
    ${bids.length ? html`<ol class="history">${bids.map((b) => html`<li class=${b.passed ? "jump" : ""}><span class="h-name">${b.player}${b.passed
      ? html` <span class="h-jump">${t("tv.out_of_turn_tag")}</span>` : ""}</span><${Bid} bid=${b.bid} paco=${view.wild} /></li>`)}</ol>`
      : html`<p class="h-empty">${t("tv.history_empty")}</p>`}
  </section>`;
}

/** The join address in two unbreakable parts (the hub's address, then /join/CODE), so a line
    break never falls inside the room code. */
function JoinUrl({ url }) {
  const at = url.indexOf("/join/");
  const cls = `url ${(at < 0 ? url.length : at) > 24 ? "url-long" : ""}`;
  return at < 0 ? html`<span class=${cls}>${url}</span>`
    : html`<span class=${cls}><span>${url.slice(0, at)}</span><wbr /><span>${url.slice(at)}</span></span>`;
}

function JoinCard({ room, seats }) {
  return html`<section class="join-card">
    <h2>${t("tv.scan")}</h2>
    <img class="qr" src=${`/qr/${room.code}.svg`} alt=${t("tv.qr_alt")} width="300" height="300" />
    <p class="room-code"><span>${t("tv.room")}</span> <strong id="room-code">${room.code}</strong></p>
    <p class="join-url"><span>${t("tv.or_open")}</span> <${JoinUrl} url=${room.join_url || ctx.joinUrl} /></p>
    <p class="seats-free">${t("tv.seats_free", { n: Math.max(0, room.max_seats - seats.length) })}</p>
  </section>`;
}

/** While the browser holds the sound back (until the page is used), a small reminder that a click lets it play. */
function SoundHint() {
  if (!sounds.blocked) return "";
  return html`<button type="button" class="sound-hint" id="sound-hint" onClick=${() => sounds.wake()}>
    <${SpeakerIcon} off=${true} /> ${t("tv.sound_hint")}</button>`;
}

function FairCard({ room }) {
  const c = room.commitment;
  const opened = room.last_round;
  if (!c && !opened) return "";
  return html`<section class="fair-card">
    <h2>${t("tv.commitment")}</h2>
    ${c ? html`<p class="hash">${t("tv.round", { n: c.round })}: ${c.hash}</p>` : ""}
    ${opened ? html`<p>${t("tv.secret")} (${t("tv.round", { n: opened.round })}): <span class="hash">${opened.salt}</span></p>` : ""}
  </section>`;
}

function Tv({ payload, rollOff }) {
  const room = payload.room;
  const view = payload.view;
  const phase = phaseOf(room, view);
  const seats = seatsOf(room, view);
  const real = realOf(room);
  const lastReveal = phase !== "lobby" ? view.reveal : null; // the engine keeps the last one
  const counting = phase === "playing" && view.phase === "count" ? view.counting : null;
  const playing = phase !== "lobby";
  const waiting = playing ? waitedFor(view) : [];
  const away = seats.find((s) => waiting.includes(s.name) && s.away);
  const rolling = playing && view.phase === "roll"; // real cups being entered: the view still holds the last round
  const lastBids = new Map(playing && !rolling ? view.bids.map((b) => [b.player, b.bid]) : []);
  const palifico = playing && view.palifico && phase !== "over";
  const reveal = reveals.open;
  const holdMs = revealHold(room);
  const clocked = playing && phase !== "over" && !!room.clock;
  document.body.classList.toggle("palifico", palifico);
  document.body.dataset.phase = phase;
  return html`
    <header class="tv-top">
      <div class="tv-brand-box">
        <h1 class="tv-brand"><span class="brand-mark" aria-hidden="true">⚀</span> Dudo Hub</h1>
        <${SoundHint} />
      </div>
      <${Status} phase=${phase} view=${view} seats=${seats} real=${real} />
      <p class="tv-meta">
        <span>${t("tv.preset", { name: t(`preset.${room.preset}`, { _fallback: room.preset }) })}</span>
        ${playing ? html`<span>${t("tv.round", { n: rolling ? view.round + 1 : view.round })}</span>` : ""}
      </p>
    </header>
    ${palifico || away || (clocked && !reveal) ? html`<div class="tv-banner">
      ${palifico ? html`<${PalificoNote} view=${view} />` : ""}
      ${away ? html`<${AwayNotice} seat=${away} hostPlays=${real.mode === "scoreboard"} />` : ""}
      ${clocked && !reveal ? html`<${TurnClock} clock=${room.clock} />` : ""}
    </div>` : ""}
    <section class="table-area" aria-label=${t("tv.table")}>
      <div class="felt"><${Center} phase=${phase} room=${room} view=${view} seats=${seats} rollOff=${rollOff} /></div>
      <ol class="seats">${seats.map((s, i) => html`<li class="seat-spot" style=${seatPosition(i, seats.length)} key=${s.name}>
        <${Seat} seat=${s} table=${playing ? view.table : null} playing=${playing} turn=${waiting.includes(s.name)}
          lastBid=${lastBids.get(s.name)} paco=${playing ? view.wild : true}
          entering=${rolling && real.waiting.includes(s.name)} /></li>`)}</ol>
    </section>
    <aside class="tv-side">
      ${playing ? html`<${History} view=${view} lastReveal=${lastReveal} />` : html`<${JoinCard} room=${room} seats=${seats} />`}
      <${FairCard} room=${room} />
    </aside>
    ${counting && !reveal ? html`<section class="overlay counting" aria-live="assertive">
      <${CountScreen} counting=${counting} proposal=${real.proposal} voiceOn=${listening(app.voice)} />
    </section>` : ""}
    ${reveal && playing ? html`<section class="overlay reveal" aria-live="assertive" key=${revealKey(reveal)}>
      <${Reveal} reveal=${reveal} order=${seats.map((s) => s.name)} paco=${reveal.wild} holdMs=${holdMs}
        countedBy=${countedBy(reveal, real)} />
      <div class="reveal-timer" style=${`animation-duration:${holdMs}ms`}></div>
    </section>` : ""}
    ${phase === "over" && !reveal ? html`<section class="overlay winner" aria-live="assertive">
      <div class="winner-box">
        <div class="confetti" aria-hidden="true"></div>
        <svg class="crown" viewBox="0 0 120 80" aria-hidden="true"><polygon points="8,70 14,18 38,44 60,6 82,44 106,18 112,70" /><rect x="8" y="66" width="104" height="12" rx="3" /></svg>
        <p class="winner-name">${t("tv.winner", { name: view.winner })}</p>
        <p class="winner-sub">${t("tv.winner_sub")}</p>
        <p class="winner-again">${t("tv.again")}</p>
      </div>
    </section>` : ""}
    <${TvEvening} phase=${phase} />`;
}

// ---------- drawing ----------

function draw() {
  if (!app.payload) return;
  try {
    render(html`<${Tv} payload=${app.payload} rollOff=${app.rollOff} />`, root);
  } catch (err) {
    reportError(err);
  }
  drawCheck();
}

function version() {
  const view = app.payload && app.payload.view;
  return view ? view.version : 0;
}

function drawVoice() {
  const status = app.voice;
  // Voice is mentioned only where it works: it listens, asks about what it heard, or just stopped (the mic failed).
  voiceRoot.hidden = !listening(status) && !(status && (status.reason === "mic_failed" || status.ask));
  const fresh = !!app.rejected && app.rejected.version === version();
  render(html`<${VoiceBanner} status=${status} caption=${app.caption} fresh=${fresh} />
    ${status && status.ask ? html`<${AskCard} ask=${status.ask} />` : ""}`, voiceRoot);
  drawCheck();
}

/** The table check: its prompt while it runs, then its report until play resumes or the host closes it. */
function drawCheck() {
  const status = app.voice || {};
  const report = status.check_report;
  let body = "";
  if (status.check) {
    body = html`<section class="overlay check" aria-live="assertive"><${CheckPrompt} check=${status.check} /></section>`;
  } else if (report && app.report && app.report.version === version()) {
    body = html`<section class="overlay check-report" aria-live="polite"><${CheckReport} report=${report} /></section>`;
  }
  try {
    render(body, checkRoot);
  } catch (err) {
    reportError(err);
  }
}

function onVoice(status) {
  const before = app.voice || {};
  app.voice = status;
  app.caption = status.caption || "";
  if (status.rejected && (status.rejected !== before.rejected || status.message !== before.message)) {
    app.rejected = { version: version() };
  }
  const report = status.check_report;
  if (!report) app.report = null;
  else if (!app.report || app.report.saved !== report.saved) app.report = { saved: report.saved, version: version() };
  drawVoice();
}

/** The reveal's sounds, in time with its beat, as it opens; silence as it closes. */
function soundReveal() {
  const room = app.payload.room;
  sounds.reveal(reveals.open, seatsOf(room, app.payload.view).map((s) => s.name), revealHold(room),
    root.querySelector(".overlay .reveal-box"));
}

/** A soft tick when the turn passes to another player (not during a reveal, nor on connecting). */
function soundTurn(payload, live) {
  const turn = turnKey(payload.room.started ? payload.view : null);
  if (live && turn && turn !== app.turn && !reveals.open) sounds.play([{ sound: "turn", at: 0 }]);
  app.turn = turn;
}

function onState(payload) {
  const live = !!app.payload; // a live change, not the state after connecting
  if (live) {  // the host's stand-in, said aloud
    (payload.events || []).filter((e) => e.kind === KINDS.STOOD_IN)
      .forEach((e) => toast(t("tv.stood_in", { name: e.player }), "info", 5000));
  }
  app.rollOff = rollOffAfter(app.rollOff, payload.events);
  app.payload = payload;
  sounds.setOn(!!payload.room.table.sound); // the host's switch: off stops at once
  reveals.state(payload, revealHold(payload.room));
  soundTurn(payload, live);
  draw();
  drawVoice();
  followLanguage(payload.room.lang, () => { draw(); drawVoice(); });
}

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  if (!ctx.room) setBanner(t("err.unknown_room"), "error");
  connect(() => ({ room: ctx.room, role: "tv" }), {
    [MESSAGES.STATE]: onState,
    [MESSAGES.VOICE]: onVoice,
    [MESSAGES.CAPTION]: (data) => { app.caption = data.text || ""; drawVoice(); },
    [MESSAGES.REVEAL_END]: (data) => reveals.ended(data.round),
    ...eveningHandlers(draw),
  });
}

boot().catch(reportError);
