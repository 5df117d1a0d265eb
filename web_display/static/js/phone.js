// The phone page: take a seat, keep the seat token, and play from your cup (or tap in your real cup,
// or count the table's dice at the reveal); the 🎤 for a spoken call. Silent unless its player turns
// the reveal's sounds on (the toggle in the header, kept on this phone).
import { html, render } from "/vendor/preact-htm.js";
import {
  clampQty, connect, ctx, errorText, followLanguage, loadStrings, phaseOf, realOf, reportError, request, revealHold,
  pickFor, rollOffAfter, seatsOf, setBanner, t, toast, translateStatic, waitedFor, countedBy, revealKey,
} from "./common.js";
import { CountPicker, Keypad, waitingText } from "./realcups.js";
import {
  Bid, Die, LangPick, MARKS, Mark, OddsLine, PalificoNote, Reveal, RevealWatch, RollOff, Seat, SpeakerIcon, TurnClock, VoiceBanner,
  faceName,
} from "./ui.js";
import { Sounds } from "./sound.js";
import { AskBar, MicBar, listening } from "./voiceui.js";
import { PhoneEvening, WatchView, eveningHandlers, setWatching, watching } from "./evening.js";
import { CODES, EVENTS, MESSAGES, MOVES } from "./protocol.js";

const TOKEN_KEY = `dudo:${ctx.room}:token`;
const SOUND_KEY = "dudo:sound"; // "on": this phone plays the reveal's sounds (its player asked; off by default)
const root = document.getElementById("phone-root");
const app = {
  payload: null, voice: null, caption: "", rollOff: null, mark: null,
  busy: false, // a request is on its way (double-tap guard)
  sentVersion: null, // the version our last move was sent against
  picked: null, // {face, qty, key}: the picker's bid for the decision `key`
  joinError: "", wasMyTurn: false,
  kp: { key: null, dice: [], edit: false }, // the keypad: the cup being tapped in (real cups, referee)
  count: { key: null, n: 0, touched: false }, // the number this phone would propose (scoreboard)
  micUntil: null, // when this seat's 🎤 window closes (Unix seconds)
};
const sounds = new Sounds(draw);
const reveals = new RevealWatch(() => { draw(); soundReveal(); });
let socket = null;

function token() {
  try { return localStorage.getItem(TOKEN_KEY); } catch { return null; }
}
function setToken(value) {
  try {
    if (value) localStorage.setItem(TOKEN_KEY, value);
    else localStorage.removeItem(TOKEN_KEY);
  } catch { /* private mode: the seat lasts as long as the page */ }
}

function storedSound() {
  try { return localStorage.getItem(SOUND_KEY) === "on"; } catch { return false; }
}

/** The toggle: on plays the reveal's sounds on this phone from now on (the tap lets the browser play them). */
function toggleSound() {
  const on = !sounds.on;
  try {
    if (on) localStorage.setItem(SOUND_KEY, "on");
    else localStorage.removeItem(SOUND_KEY);
  } catch { /* private mode: for as long as the page is open */ }
  sounds.setOn(on);
  sounds.wake();
}

// ---------- the bid picker ----------

/** Which decision the picker is for: a new round, a new bid on the table or a new game starts it again. */
function decisionKey(view) {
  return `${view.round}:${view.bids.length}:${view.dice_in_play}:${view.my_dice.join("")}`;
}

/** The bid the picker shows: the hub's suggestion for this decision, then what this phone's
 * player changed in it (kept only while the same decision stands and the bid stays legal). */
function currentPick(view, legal) {
  app.picked = pickFor(app.picked, decisionKey(view), legal);
  return app.picked;
}

/** Outside a decision the picker forgets what it showed (a new game never inherits it). */
function forgetPick(legal) {
  if (!legal || !Object.keys(legal.bids).length) app.picked = null;
}

function chooseFace(face) {
  const bids = app.payload.legal.bids;
  app.picked = { ...app.picked, face, qty: bids[face][0] }; // the lowest legal quantity for this face
  draw();
}

function step(delta) {
  const span = app.payload.legal.bids[app.picked.face];
  app.picked = { ...app.picked, qty: clampQty(app.picked.qty + delta, span) };
  draw();
}

// ---------- actions ----------

async function sendMove(body) {
  const view = app.payload && app.payload.view;
  if (app.busy || !view) return;
  app.busy = true;
  app.sentVersion = view.version;
  draw();
  const reply = await request(socket, EVENTS.MOVE, { version: view.version, ...body });
  app.busy = false;
  if (!reply.ok) {
    app.sentVersion = null;
    toast(errorText(reply.code, reply.message));
    if (reply.code === CODES.stale_version) socket.emit(EVENTS.SYNC, {}, () => {});
  }
  draw();
}

async function takeSeat(ev) {
  ev.preventDefault();
  if (app.busy) return;
  const name = ev.target.elements.name.value.trim();
  if (!name) { app.joinError = t("err.bad_name"); draw(); return; }
  app.busy = true;
  app.joinError = "";
  draw();
  const mark = chosenMark(app.payload.room);
  const reply = await request(socket, EVENTS.SEAT_TAKE, mark === null ? { name } : { name, mark });
  app.busy = false;
  if (reply.ok) setToken(reply.token); // the hub's next state message is already seated
  else app.joinError = errorText(reply.code, reply.message);
  draw();
}

async function leaveSeat() {
  if (!window.confirm(t("phone.leave_confirm"))) return;
  const reply = await request(socket, EVENTS.SEAT_LEAVE, {});
  if (!reply.ok) { toast(errorText(reply.code, reply.message)); return; }
  setToken(null);
  socket.disconnect();
  socket.connect(); // again, without the token
}

async function voiceAnswer(event) {
  const view = app.payload.view;
  const reply = await request(socket, event, event === EVENTS.VOICE_CANCEL ? { version: view.version } : {});
  if (!reply.ok) toast(errorText(reply.code, reply.message));
}

async function answerAsk(askId, yes) {
  const reply = await request(socket, EVENTS.VOICE_ANSWER, { ask_id: askId, yes });
  if (!reply.ok) toast(errorText(reply.code, reply.message));
}

async function tapMic() {
  if (app.busy) return;
  app.busy = true;
  draw();
  const reply = await request(socket, EVENTS.VOICE_LISTEN, {});
  app.busy = false;
  if (!reply.ok) toast(errorText(reply.code, reply.message));
  draw();
}

// ---------- real cups: the keypad (referee) and the count (scoreboard) ----------

/** Which round's cup the keypad is for: while cups are awaited the view still holds the last round. */
function cupKey(view) {
  return view.phase === "roll" ? view.round + 1 : view.round;
}

/** The keypad's state for this round's cup (a new round starts it empty). */
function keypad(view) {
  const key = cupKey(view);
  if (app.kp.key !== key) app.kp = { key, dice: [], edit: false };
  return app.kp;
}

/** A referee table lets a cup be entered again until the round's first bid. */
function cupEditable(view, real) {
  return real.mode === "referee" && (view.phase === "roll" || (view.phase === "bidding" && !view.bids.length));
}

function editCup(dice) {
  app.kp = { key: cupKey(app.payload.view), dice: [...dice], edit: true };
  draw();
}

const kpActions = {
  add: (face) => { app.kp = { ...app.kp, dice: [...app.kp.dice, face].sort((a, b) => a - b) }; draw(); },
  remove: (i) => { app.kp = { ...app.kp, dice: app.kp.dice.filter((_, k) => k !== i) }; draw(); },
  clear: () => { app.kp = { ...app.kp, dice: [] }; draw(); },
  cancel: () => { app.kp = { ...app.kp, dice: [], edit: false }; draw(); },
  done: () => enterCup().catch(reportError),
};

async function enterCup() {
  if (app.busy) return;
  app.busy = true;
  draw();
  const reply = await request(socket, EVENTS.DICE_ENTER, { dice: app.kp.dice });
  app.busy = false;
  if (reply.ok || reply.code === CODES.dice_locked) app.kp = { ...app.kp, dice: [], edit: false };
  if (!reply.ok) toast(errorText(reply.code, reply.message));
  draw();
}

function countPick(view, proposal) {
  const key = `${view.round}:${view.counting.caller}`;
  if (app.count.key !== key) app.count = { key, n: view.counting.bid[0], touched: false };
  if (!app.count.touched && proposal) app.count.n = proposal.count;
  return app.count.n;
}

const countActions = {
  step: (delta) => {
    const max = app.payload.view.dice_in_play;
    app.count = { ...app.count, n: Math.max(0, Math.min(max, app.count.n + delta)), touched: true };
    draw();
  },
  propose: (n) => tell(EVENTS.COUNT_PROPOSE, n).catch(reportError),
  confirm: (n) => tell(EVENTS.COUNT_CONFIRM, n).catch(reportError),
};

async function tell(event, count) {
  if (app.busy) return;
  app.busy = true;
  draw();
  const reply = await request(socket, event, { count });
  app.busy = false;
  if (reply.ok) app.count = { ...app.count, touched: false };
  else toast(errorText(reply.code, reply.message));
  draw();
}

// ---------- the screens ----------

/** The marks no seat has yet (0..9), in order. */
function freeMarks(room) {
  const used = new Set(room.seats.map((s) => s.mark));
  return Array.from({ length: MARKS }, (_, m) => m).filter((m) => !used.has(m));
}

/** The mark this phone will ask for: the one tapped while still free, else the first free (null: none). */
function chosenMark(room) {
  const free = freeMarks(room);
  return free.includes(app.mark) ? app.mark : (free.length ? free[0] : null);
}

function Join({ room }) {
  const late = phaseOf(room, app.payload.view) !== "lobby";
  const free = freeMarks(room);
  const chosen = chosenMark(room);
  return html`<section class="ph-join">
    <h1>${t("phone.welcome")}</h1>
    <form onSubmit=${(ev) => takeSeat(ev).catch(reportError)} autocomplete="off">
      <label for="name">${t("phone.name_label")}</label>
      <input id="name" name="name" type="text" maxlength="20" required autocapitalize="words" enterkeyhint="go"
        placeholder=${t("phone.name_placeholder")} />
      ${free.length && !late ? html`<fieldset class="mark-pick" id="mark-pick"><legend>${t("phone.pick_mark")}</legend>
        ${free.map((m) => html`<label key=${m}><input type="radio" name="mark" value=${m}
          checked=${m === chosen} onChange=${() => { app.mark = m; draw(); }} /><${Mark} mark=${m} /></label>`)}
      </fieldset>` : ""}
      <button class="btn btn-primary btn-huge" type="submit" id="sit" disabled=${app.busy}>${app.busy ? t("phone.sitting") : t("phone.sit")}</button>
      <p class="ph-error" id="join-error" role="alert">${app.joinError || (late ? t("err.already_started") : "")}</p>
    </form>
    <button class="btn btn-ghost" type="button" id="watch-only" onClick=${() => { setWatching(true); draw(); }}>${t("phone.watch")}</button>
    <p class="ph-watch-hint">${t("phone.watch_hint")}</p>
    <${LangPick} roomLang=${room.lang} onPick=${draw} />
  </section>`;
}

function Lobby({ seats, me, room }) {
  return html`<section class="ph-lobby">
    <h1>${t("phone.seated_as", { name: me })}</h1>
    <${CheckMine} me=${me} />
    <p class="ph-wait">${t("phone.wait_start")}</p>
    <h2>${t("phone.players")}</h2>
    <ul class="ph-chips">${seats.map((s) => html`<li key=${s.name}><${Seat} seat=${s} chip=${true} me=${s.name === me} /></li>`)}</ul>
    <button class="btn btn-ghost" type="button" id="leave" onClick=${() => leaveSeat().catch(reportError)}>${t("phone.leave")}</button>
    <${LangPick} roomLang=${room.lang} onPick=${draw} />
  </section>`;
}

function TurnBar({ view, me, over, myTurn, real }) {
  const { why, seats: waits } = view.waiting;
  let text;
  if (over) text = view.winner === me ? t("phone.you_win") : t("phone.winner", { name: view.winner });
  else if (why === "roll") text = real.waiting.includes(me) ? t("phone.roll_your_cup") : waitingText(real.waiting);
  else if (why === "count") text = t("phone.count_now");
  else if (myTurn) text = why === "direction" ? t("phone.direction") : t("phone.your_turn");
  else if (why === "direction") text = t("tv.choosing_direction", { name: waits[0] });
  else text = waits.length ? t("phone.wait_turn", { name: waits[0] }) : "";
  return html`<h1 class="ph-turn" id="turn" aria-live="polite">${text}</h1>
    ${!over && why !== "roll" && why !== "count" ? html`<${TurnClock} clock=${app.payload.room.clock} me=${me} />` : ""}`;
}

function Picker({ view, legal, waiting }) {
  const { face, qty } = currentPick(view, legal);
  const span = legal.bids[face];
  const paco = view.wild;
  return html`<div class="ph-picker" id="picker">
    <div class="ph-faces" role="radiogroup" aria-label=${t("phone.pick_face")}>
      ${[1, 2, 3, 4, 5, 6].map((f) => html`<button class="ph-face" type="button" role="radio" data-face=${f}
        aria-checked=${String(f === face)} aria-label=${faceName(f)} disabled=${waiting || !legal.bids[f]}
        onClick=${() => chooseFace(f)}><${Die} face=${f} paco=${paco} label=${null} /></button>`)}
    </div>
    <div class="ph-qty" role="group" aria-label=${t("phone.pick_quantity")}>
      <button class="btn ph-step" type="button" id="qty-down" disabled=${waiting || qty <= span[0]} onClick=${() => step(-1)}>−1</button>
      <output class="ph-qty-value" id="qty" aria-live="polite">${qty}</output>
      <button class="btn ph-step" type="button" id="qty-up" disabled=${waiting || qty >= span[1]} onClick=${() => step(1)}>+1</button>
    </div>
    <button class="btn btn-primary btn-huge" type="button" id="bid-btn" disabled=${waiting}
      data-quantity=${qty} data-face=${face} aria-label=${`${t("phone.bid", { q: qty })} ${faceName(face)}`}
      onClick=${() => sendMove(MOVES.bid(qty, face)).catch(reportError)}>
      ${t("phone.bid", { q: qty })} <${Die} face=${face} paco=${paco} label=${null} /></button>
  </div>`;
}

/** Under a call's name: what it claims, or why it is closed now (the engine's reason). */
function callHint(open, why, call) {
  return open || !why ? t(`phone.${call}_hint`) : t(`why.${call}.${why}`);
}

function Controls({ view, legal, canAct }) {
  const waiting = app.busy || (app.sentVersion !== null && app.sentVersion === view.version);
  const calza = view.table.calza;
  const move = (body) => () => sendMove(body).catch(reportError);
  return html`<section class="ph-controls" id="controls" aria-label=${t("phone.controls")}>
    ${legal.direction ? html`<div class="ph-direction" id="direction">
      <button class="btn btn-primary btn-big" type="button" disabled=${waiting} onClick=${move(MOVES.direction(true))}>${t("phone.clockwise")}</button>
      <button class="btn btn-primary btn-big" type="button" disabled=${waiting} onClick=${move(MOVES.direction(false))}>${t("phone.anticlockwise")}</button>
    </div>` : ""}
    ${Object.keys(legal.bids).length ? html`<${Picker} view=${view} legal=${legal} waiting=${waiting} />` : ""}
    ${view.phase === "bidding" && (canAct || view.standing) ? html`<div class="ph-calls ${calza ? "" : "single"}" id="calls">
      <button class="btn btn-dudo btn-call" type="button" id="dudo-btn" disabled=${waiting || !legal.dudo} onClick=${move(MOVES.dudo())}>
        <span>${t("phone.dudo")}</span><small>${callHint(legal.dudo, legal.dudo_why, "dudo")}</small></button>
      ${calza ? html`<button class="btn btn-calza btn-call" type="button" id="calza-btn" disabled=${waiting || !legal.calza} onClick=${move(MOVES.calza())}>
        <span>${t("phone.calza")}</span><small>${callHint(legal.calza, legal.calza_why, "calza")}</small></button>` : ""}
    </div>` : ""}
  </section>`;
}

/** My cup: the hub's dice, the faces I entered (referee), or nothing to show (scoreboard: it is on the table). */
function Cup({ view, you, real, out }) {
  const paco = view.wild;
  const rolling = view.phase === "roll";
  const dice = rolling ? (you && you.entered) || [] : view.my_dice;
  const canEdit = !out && dice.length > 0 && cupEditable(view, real);
  if (view.unseen && !rolling) {
    return view.phase === "count" ? "" : html`<p class="ph-cup-note" id="cup-note">${t("phone.cup_on_table")}</p>`;
  }
  if (rolling && !dice.length) return "";
  return html`<section class="ph-cup" aria-label=${t("phone.your_dice")}>
    <div class="ph-dice" id="my-dice" key=${`${view.round}:${dice.join("")}`}>
      ${dice.map((d, i) => html`<${Die} face=${d} paco=${paco} cls="roll" delay=${i * 70} />`)}</div>
    ${canEdit && !app.kp.edit ? html`<button type="button" class="btn btn-small btn-ghost ph-edit-cup" id="edit-cup"
      onClick=${() => editCup(dice)}>${t("keypad.edit")}</button>` : ""}
  </section>`;
}

/** The bottom of the screen: the keypad, the count, or the moves. */
function Bottom({ view, legal, canAct, real, me, out }) {
  if (view.phase === "count" && view.counting) { // every player counts, those already out too
    const proposal = real.proposal;
    return html`<${CountPicker} counting=${view.counting} proposal=${proposal} me=${me} max=${view.dice_in_play}
      pick=${countPick(view, proposal)} busy=${app.busy} voiceOn=${listening(app.voice)} ...${countActions} />`;
  }
  if (out) return "";
  const kp = keypad(view);
  if (real.mode === "referee" && ((view.phase === "roll" && real.waiting.includes(me)) || (kp.edit && cupEditable(view, real)))) {
    const mine = view.players.find((p) => p.name === me);
    return html`<${Keypad} dice=${kp.dice} need=${mine ? mine.dice : 0} paco=${view.table.ones_wild} busy=${app.busy}
      editing=${kp.edit} ...${kpActions} />`;
  }
  return legal && view.phase !== "roll" ? html`<${Controls} view=${view} legal=${legal} canAct=${canAct} />` : "";
}

/** The table check on the hub's microphone: this phone's player is asked to say a call. */
function CheckMine({ me }) {
  const check = app.voice && app.voice.check;
  if (!check || check.player !== me) return "";
  return html`<p class="ph-check" id="check-mine" role="status">${t("check.your_turn")} <strong>«${check.phrase}»</strong></p>`;
}

function Game({ room, view, legal, seats, me, you }) {
  const over = view.phase === "over";
  const real = realOf(room);
  keypad(view);
  const mine = seats.find((s) => s.name === me) || {};
  const waitsFor = waitedFor(view);
  const myTurn = !over && waitsFor.includes(me);
  const out = !!mine.out;
  const canAct = !!legal && !over && !out
    && (Object.keys(legal.bids).length > 0 || legal.dudo || legal.calza || legal.direction);
  const paco = view.wild;
  document.body.classList.toggle("my-turn", myTurn);
  // Chromium blocks (and logs) vibrate() before the first tap: ask only once the page was used.
  if (myTurn && !app.wasMyTurn && navigator.vibrate && navigator.userActivation && navigator.userActivation.hasBeenActive) {
    try { navigator.vibrate([180, 90, 180]); } catch { /* not allowed here */ }
  }
  app.wasMyTurn = myTurn;
  const counting = view.phase === "count";
  const mic = !over && !out && view.phase === "bidding" && listening(app.voice);
  return html`<section class="ph-game" id="game">
    <div class="ph-info">
      <${TurnBar} view=${view} me=${me} over=${over} myTurn=${myTurn} real=${real} />
      <${CheckMine} me=${me} />
      <ul class="ph-chips" id="players" aria-label=${t("phone.players")}>${seats.map((s) => html`<li key=${s.name}>
        <${Seat} seat=${s} chip=${true} table=${view.table} playing=${true} turn=${waitsFor.includes(s.name)} me=${s.name === me}
          entering=${view.phase === "roll" && real.waiting.includes(s.name)} /></li>`)}</ul>
      ${view.palifico && !over ? html`<${PalificoNote} view=${view} />` : ""}
      ${view.round === 1 && !view.bids.length && view.table.roll_off ? html`<${RollOff} rollOff=${app.rollOff} compact=${true} />` : ""}
      ${!over && !out ? html`<${Cup} view=${view} you=${you} real=${real} me=${me} out=${out} />` : ""}
      ${!over && !counting && view.phase !== "roll" ? html`<section class="ph-standing" id="standing">
        <span class="ph-standing-label">${t("phone.last_bid")}</span>
        <span class="ph-standing-bid">${view.standing ? html`<${Bid} bid=${view.standing.bid} paco=${paco} />`
          : html`<span class="bid-none">${view.opener === me ? t("phone.no_bid") : t("phone.no_bid_other")}</span>`}</span>
        <span class="ph-standing-by">${view.standing ? t("phone.by", { name: view.standing.player }) : ""}${view.bids.length
          && view.bids[view.bids.length - 1].passed ? html` <span class="ph-jump">${t("tv.out_of_turn_tag")}</span>` : ""}</span>
        <${OddsLine} odds=${view.odds} cls="ph-odds" />
      </section>` : ""}
      <${VoiceBanner} status=${app.voice} me=${me}>
        ${app.voice && app.voice.pending === "confirm" ? html`<button class="btn btn-small" type="button" id="voice-confirm"
          onClick=${() => voiceAnswer(EVENTS.VOICE_CONFIRM).catch(reportError)}>${t("phone.voice_confirm")}</button>` : ""}
        <button class="btn btn-small" type="button" id="voice-cancel" onClick=${() => voiceAnswer(EVENTS.VOICE_CANCEL).catch(reportError)}>${t("phone.voice_cancel")}</button>
      <//>
      <${AskBar} ask=${app.voice && app.voice.ask} me=${me} onAnswer=${(id, yes) => answerAsk(id, yes).catch(reportError)} />
      ${mic ? html`<${MicBar} status=${app.voice} me=${me} until=${app.micUntil} busy=${app.busy} onTap=${() => tapMic().catch(reportError)} />` : ""}
      ${out && !over ? html`<p class="ph-out" id="out-note">${t("phone.out")}</p>` : ""}
      ${over ? html`<section class="ph-final" id="final">
        <svg class="crown" viewBox="0 0 120 80" aria-hidden="true"><polygon points="8,70 14,18 38,44 60,6 82,44 106,18 112,70" /><rect x="8" y="66" width="104" height="12" rx="3" /></svg>
        <p>${t("phone.wait_restart")}</p>
      </section>` : ""}
    </div>
    ${!over ? html`<${Bottom} view=${view} legal=${legal} canAct=${canAct} real=${real} me=${me} out=${out} />` : ""}
  </section>`;
}

/** Whether this phone shows the table's reveal: its player's game, or a phone that only watches. */
function showsReveal(payload) {
  const me = payload.you ? payload.you.player : null;
  return (!!me && phaseOf(payload.room, payload.view) !== "lobby") || (!me && watching());
}

/** The reveal's sounds as the card opens (when this phone's player turned them on); silence as it closes. */
function soundReveal() {
  const payload = app.payload;
  const open = payload && showsReveal(payload) ? reveals.open : null;
  sounds.reveal(open, open ? seatsOf(payload.room, payload.view).map((s) => s.name) : [], revealHold(payload.room),
    root.querySelector("#reveal .reveal-box"));
}

function SoundToggle() {
  return html`<button type="button" class="ph-sound ${sounds.on ? "on" : ""}" id="sound-toggle" aria-pressed=${String(sounds.on)}
    aria-label=${t("phone.sound")} title=${t("phone.sound")} onClick=${toggleSound}><${SpeakerIcon} off=${!sounds.on} /></button>`;
}

function RevealCard({ seats, me, real, holdMs }) {
  const reveal = reveals.open;
  if (!reveal) return "";
  return html`<section class="ph-reveal" id="reveal" aria-live="assertive" key=${revealKey(reveal)} onClick=${() => reveals.close()}>
    <${Reveal} reveal=${reveal} order=${seats.map((s) => s.name)} paco=${reveal.wild} me=${me} holdMs=${holdMs}
      countedBy=${countedBy(reveal, real)} />
    <button class="btn btn-primary" type="button" id="reveal-ok">${t("phone.reveal_ok")}</button>
  </section>`;
}

function Phone({ payload }) {
  const room = payload.room;
  const view = payload.view;
  const me = payload.you ? payload.you.player : null;
  const seats = seatsOf(room, view);
  const playing = !!me && phaseOf(room, view) !== "lobby";
  const shown = showsReveal(payload);
  if (!playing) document.body.classList.remove("my-turn");
  let main;
  if (!me) main = watching() ? html`<${WatchView} payload=${payload} onSit=${() => { setWatching(false); draw(); }} />`
    : html`<${Join} room=${room} />`;
  else if (!playing) main = html`<${Lobby} seats=${seats} me=${me} room=${room} />`;
  else main = html`<${Game} room=${room} view=${view} legal=${payload.legal} seats=${seats} me=${me} you=${payload.you} />`;
  return html`<header class="ph-top">
      <span class="ph-room">${t("tv.room")} <strong>${room.code}</strong></span>
      <span class="ph-top-end"><span class="ph-me" id="me">${me || ""}</span><${SoundToggle} /></span>
    </header>
    <main class="ph-main">${main}${me ? html`<${PhoneEvening} open=${!playing || phaseOf(room, view) === "over"} />` : ""}</main>
    ${shown ? html`<${RevealCard} seats=${seats} me=${me} real=${realOf(room)} holdMs=${revealHold(room)} />` : ""}`;
}

// ---------- drawing ----------

function draw() {
  if (!app.payload) return;
  try {
    render(html`<${Phone} payload=${app.payload} />`, root);
  } catch (err) {
    reportError(err);
  }
}

function onState(payload) {
  app.rollOff = rollOffAfter(app.rollOff, payload.events);
  app.payload = payload;
  forgetPick(payload.legal);
  reveals.state(payload, revealHold(payload.room));
  draw();
  followLanguage(payload.room.lang, draw);
}

function onVoice(status) {
  const before = (app.voice && app.voice.window) || null;
  const win = status.window;
  const me = app.payload && app.payload.you ? app.payload.you.player : null;
  if (win && win.player === me && (!before || before.player !== me)) app.micUntil = Date.now() / 1000 + (win.seconds || 0);
  app.voice = status;
  draw();
}

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  sounds.setOn(storedSound());
  socket = connect(() => {
    const auth = { room: ctx.room, role: "phone" };
    const tok = token();
    if (tok) auth.token = tok;
    return auth;
  }, {
    [MESSAGES.STATE]: onState,
    [MESSAGES.VOICE]: onVoice,
    [MESSAGES.REVEAL_END]: (data) => reveals.ended(data.round),
    ...eveningHandlers(draw),
    refused: (code) => {
      if (code !== "bad_token") return false;
      setToken(null);
      setBanner(t("phone.seat_lost"), "warn");
      setTimeout(() => { setBanner(null); socket.connect(); }, 1500);
      return true;
    },
  });
}

boot().catch(reportError);
