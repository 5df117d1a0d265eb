// The phone page: take a seat, keep the seat token, and play from your cup.
import { html, render } from "/vendor/preact-htm.js";
import {
  connect, ctx, errorText, followLanguage, loadStrings, phaseOf, reportError, request, revealHold, rollOffFromEvents,
  seatsOf, setBanner, t, toast, translateStatic, waitingFor,
} from "./common.js";
import { Bid, Die, OddsLine, PalificoNote, Reveal, RevealWatch, RollOff, Seat, VoiceBanner, faceName } from "./ui.js";

const TOKEN_KEY = `dudo:${ctx.room}:token`;
const root = document.getElementById("phone-root");
const app = {
  payload: null, voice: null, caption: "", rollOff: null,
  busy: false, // a request is on its way (double-tap guard)
  sentVersion: null, // the version our last move was sent against
  picked: { face: null, qty: null, version: null },
  joinError: "", wasMyTurn: false,
};
const reveals = new RevealWatch(draw);
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

// ---------- the bid picker ----------

function defaultPick(legal, view) {
  const faces = Object.keys(legal.bids).map(Number);
  const standingFace = view.standing ? view.standing.bid[1] : null;
  let face = faces.includes(standingFace) ? standingFace : null;
  if (face === null) {
    // the face with the lowest minimum quantity (ties: the higher face, a natural raise)
    face = faces.reduce((best, f) => {
      const lo = legal.bids[f][0];
      const blo = legal.bids[best][0];
      return lo < blo || (lo === blo && f > best && f !== 1) ? f : best;
    }, faces[0]);
  }
  return { face, qty: legal.bids[face][0] };
}

function clamp(q, span) {
  return Math.max(span[0], Math.min(span[1], q || span[0]));
}

/** The bid the picker shows for this version (kept while the face stays legal). */
function currentPick(view, legal) {
  const bids = legal.bids;
  const p = app.picked;
  if (p.version !== view.version || !bids[p.face]) {
    app.picked = p.face !== null && bids[p.face] && p.version !== null
      ? { face: p.face, qty: clamp(p.qty, bids[p.face]), version: view.version }
      : { ...defaultPick(legal, view), version: view.version };
  }
  return app.picked;
}

function chooseFace(face) {
  const bids = app.payload.legal.bids;
  app.picked = { ...app.picked, face, qty: bids[face][0] }; // the lowest legal quantity for this face
  draw();
}

function step(delta) {
  const span = app.payload.legal.bids[app.picked.face];
  app.picked = { ...app.picked, qty: clamp(app.picked.qty + delta, span) };
  draw();
}

// ---------- actions ----------

async function sendMove(body) {
  const view = app.payload && app.payload.view;
  if (app.busy || !view) return;
  app.busy = true;
  app.sentVersion = view.version;
  draw();
  const reply = await request(socket, "move", { version: view.version, ...body });
  app.busy = false;
  if (!reply.ok) {
    app.sentVersion = null;
    toast(errorText(reply.code, reply.message));
    if (reply.code === "stale_version") socket.emit("sync", {}, () => {});
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
  const reply = await request(socket, "seat:take", { name });
  app.busy = false;
  if (reply.ok) setToken(reply.token); // the hub's next state message is already seated
  else app.joinError = errorText(reply.code, reply.message);
  draw();
}

async function leaveSeat() {
  if (!window.confirm(t("phone.leave_confirm"))) return;
  const reply = await request(socket, "seat:leave", {});
  if (!reply.ok) { toast(errorText(reply.code, reply.message)); return; }
  setToken(null);
  socket.disconnect();
  socket.connect(); // again, without the token
}

async function voiceAnswer(event) {
  const view = app.payload.view;
  const reply = await request(socket, event, event === "voice:cancel" ? { version: view.version } : {});
  if (!reply.ok) toast(errorText(reply.code, reply.message));
}

// ---------- the screens ----------

function Join({ room }) {
  const late = phaseOf(room, app.payload.view) !== "lobby";
  return html`<section class="ph-join">
    <h1>${t("phone.welcome")}</h1>
    <form onSubmit=${(ev) => takeSeat(ev).catch(reportError)} autocomplete="off">
      <label for="name">${t("phone.name_label")}</label>
      <input id="name" name="name" type="text" maxlength="20" required autocapitalize="words" enterkeyhint="go"
        placeholder=${t("phone.name_placeholder")} />
      <button class="btn btn-primary btn-huge" type="submit" id="sit" disabled=${app.busy}>${app.busy ? t("phone.sitting") : t("phone.sit")}</button>
      <p class="ph-error" id="join-error" role="alert">${app.joinError || (late ? t("err.already_started") : "")}</p>
    </form>
  </section>`;
}

function Lobby({ seats, me }) {
  return html`<section class="ph-lobby">
    <h1>${t("phone.seated_as", { name: me })}</h1>
    <p class="ph-wait">${t("phone.wait_start")}</p>
    <h2>${t("phone.players")}</h2>
    <ul class="ph-chips">${seats.map((s) => html`<li key=${s.name}><${Seat} seat=${s} chip=${true} me=${s.name === me} /></li>`)}</ul>
    <button class="btn btn-ghost" type="button" id="leave" onClick=${() => leaveSeat().catch(reportError)}>${t("phone.leave")}</button>
  </section>`;
}

function TurnBar({ view, me, over, myTurn }) {
  let text;
  if (over) text = view.winner === me ? t("phone.you_win") : t("phone.winner", { name: view.winner });
  else if (myTurn) text = view.phase === "direction" ? t("phone.direction") : t("phone.your_turn");
  else if (view.phase === "direction") text = t("tv.choosing_direction", { name: view.opener });
  else text = t("phone.wait_turn", { name: view.turn });
  return html`<h1 class="ph-turn" id="turn" aria-live="polite">${text}</h1>`;
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
      onClick=${() => sendMove({ action: "bid", quantity: qty, face }).catch(reportError)}>
      ${t("phone.bid", { q: qty })} <${Die} face=${face} paco=${paco} label=${null} /></button>
  </div>`;
}

function Controls({ view, legal, canAct }) {
  const waiting = app.busy || (app.sentVersion !== null && app.sentVersion === view.version);
  const calza = view.table.calza;
  const move = (body) => () => sendMove(body).catch(reportError);
  return html`<section class="ph-controls" id="controls" aria-label=${t("phone.controls")}>
    ${legal.direction ? html`<div class="ph-direction" id="direction">
      <button class="btn btn-primary btn-big" type="button" disabled=${waiting} onClick=${move({ action: "direction", clockwise: true })}>${t("phone.clockwise")}</button>
      <button class="btn btn-primary btn-big" type="button" disabled=${waiting} onClick=${move({ action: "direction", clockwise: false })}>${t("phone.anticlockwise")}</button>
    </div>` : ""}
    ${Object.keys(legal.bids).length ? html`<${Picker} view=${view} legal=${legal} waiting=${waiting} />` : ""}
    ${view.phase === "bidding" && (canAct || view.standing) ? html`<div class="ph-calls ${calza ? "" : "single"}" id="calls">
      <button class="btn btn-dudo btn-call" type="button" id="dudo-btn" disabled=${waiting || !legal.dudo} onClick=${move({ action: "dudo" })}>
        <span>${t("phone.dudo")}</span><small>${t("phone.dudo_hint")}</small></button>
      ${calza ? html`<button class="btn btn-calza btn-call" type="button" id="calza-btn" disabled=${waiting || !legal.calza} onClick=${move({ action: "calza" })}>
        <span>${t("phone.calza")}</span><small>${t("phone.calza_hint")}</small></button>` : ""}
    </div>` : ""}
  </section>`;
}

function Game({ room, view, legal, seats, me }) {
  const over = view.phase === "over";
  const mine = seats.find((s) => s.name === me) || {};
  const waitsFor = waitingFor(view);
  const myTurn = !over && waitsFor === me;
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
  const dice = view.my_dice;
  return html`<section class="ph-game" id="game">
    <div class="ph-info">
      <${TurnBar} view=${view} me=${me} over=${over} myTurn=${myTurn} />
      ${view.palifico && !over ? html`<${PalificoNote} view=${view} />` : ""}
      ${view.round === 1 && !view.bids.length && view.table.roll_off ? html`<${RollOff} rollOff=${app.rollOff} />` : ""}
      ${!over && !out ? html`<section class="ph-cup" aria-label=${t("phone.your_dice")}>
        <div class="ph-dice" id="my-dice" key=${`${view.round}:${dice.join("")}`}>
          ${dice.map((d, i) => html`<${Die} face=${d} paco=${paco} cls="roll" delay=${i * 70} />`)}</div>
      </section>` : ""}
      ${!over ? html`<section class="ph-standing" id="standing">
        <span class="ph-standing-label">${t("phone.last_bid")}</span>
        <span class="ph-standing-bid">${view.standing ? html`<${Bid} bid=${view.standing.bid} paco=${paco} />`
          : html`<span class="bid-none">${view.opener === me ? t("phone.no_bid") : t("phone.no_bid_other")}</span>`}</span>
        <span class="ph-standing-by">${view.standing ? t("phone.by", { name: view.standing.player }) : ""}</span>
        <${OddsLine} odds=${view.odds} cls="ph-odds" />
      </section>` : ""}
      <${VoiceBanner} status=${app.voice} me=${me}>
        ${app.voice && app.voice.pending === "confirm" ? html`<button class="btn btn-small" type="button" id="voice-confirm"
          onClick=${() => voiceAnswer("voice:confirm").catch(reportError)}>${t("phone.voice_confirm")}</button>` : ""}
        <button class="btn btn-small" type="button" id="voice-cancel" onClick=${() => voiceAnswer("voice:cancel").catch(reportError)}>${t("phone.voice_cancel")}</button>
      <//>
      <ul class="ph-chips" id="players" aria-label=${t("phone.players")}>${seats.map((s) => html`<li key=${s.name}>
        <${Seat} seat=${s} chip=${true} table=${view.table} playing=${true} turn=${s.name === waitsFor && !over} me=${s.name === me} /></li>`)}</ul>
      ${out && !over ? html`<p class="ph-out" id="out-note">${t("phone.out")}</p>` : ""}
      ${over ? html`<section class="ph-final" id="final">
        <svg class="crown" viewBox="0 0 120 80" aria-hidden="true"><polygon points="8,70 14,18 38,44 60,6 82,44 106,18 112,70" /><rect x="8" y="66" width="104" height="12" rx="3" /></svg>
        <p>${t("phone.wait_restart")}</p>
      </section>` : ""}
    </div>
    ${!over && !out && legal ? html`<${Controls} view=${view} legal=${legal} canAct=${canAct} />` : ""}
  </section>`;
}

function RevealCard({ seats, me }) {
  const reveal = reveals.open;
  if (!reveal) return "";
  return html`<section class="ph-reveal" id="reveal" aria-live="assertive" key=${reveal.key} onClick=${() => reveals.close()}>
    <${Reveal} reveal=${reveal} order=${seats.map((s) => s.name)} paco=${reveal.wild} me=${me} />
    <button class="btn btn-primary" type="button" id="reveal-ok">${t("phone.reveal_ok")}</button>
  </section>`;
}

function Phone({ payload }) {
  const room = payload.room;
  const view = payload.view;
  const me = payload.you ? payload.you.player : null;
  const seats = seatsOf(room, view);
  const playing = !!me && phaseOf(room, view) !== "lobby";
  if (!playing) document.body.classList.remove("my-turn");
  let main;
  if (!me) main = html`<${Join} room=${room} />`;
  else if (!playing) main = html`<${Lobby} seats=${seats} me=${me} />`;
  else main = html`<${Game} room=${room} view=${view} legal=${payload.legal} seats=${seats} me=${me} />`;
  return html`<header class="ph-top">
      <span class="ph-room">${t("tv.room")} <strong>${room.code}</strong></span>
      <span class="ph-me" id="me">${me || ""}</span>
    </header>
    <main class="ph-main">${main}</main>
    ${playing ? html`<${RevealCard} seats=${seats} me=${me} />` : ""}`;
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
  const events = payload.events || [];
  if (events.some((e) => e.kind === "restarted")) app.rollOff = null;
  app.rollOff = rollOffFromEvents(events) || app.rollOff;
  app.payload = payload;
  reveals.state(payload, revealHold(payload.room));
  draw();
  followLanguage(payload.room.lang, draw);
}

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  socket = connect(() => {
    const auth = { room: ctx.room, role: "phone" };
    const tok = token();
    if (tok) auth.token = tok;
    return auth;
  }, {
    state: onState,
    voice: (status) => { app.voice = status; draw(); },
    reveal_end: (data) => reveals.ended(data.round),
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
