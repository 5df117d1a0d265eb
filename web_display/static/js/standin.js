// The host stands in for a player whose phone sleeps, at a table whose dice are counted at the
// reveal (the hub knows no cup, so nothing hidden is shown): the player says their move at the
// table and the host taps it. What that player may do comes from the hub (`stand_in`, the
// engine's legal summary); the count is confirmed in their name.
import { html } from "/vendor/preact-htm.js";
import { pickFor, t } from "./common.js";
import { EVENTS, MOVES } from "./protocol.js";
import { Die, faceName, useSecondsLeft } from "./ui.js";

let pick = null; // {face, qty, key}: the bid being picked for the decision `key` (common.pickFor)
let armed = null; // {call, key}: a call tapped once, waiting for the host's confirm in that decision

/** Dudo and Calza for a sleeping player: a call ends the round, so the first tap asks, the second plays. */
function Calls({ seat, legal, busy, decision, redraw, move }) {
  if (armed && armed.key !== decision) armed = null;
  const calls = [["dudo", legal.dudo], ["calza", legal.calza]].filter(([, ok]) => ok).map(([call]) => call);
  if (!calls.length) return "";
  if (armed && calls.includes(armed.call)) {
    const call = armed.call;
    return html`<div class="stand-in-confirm" role="alertdialog" aria-labelledby=${`confirm-call-${seat.seat}`}>
      <p id=${`confirm-call-${seat.seat}`}>${t("host.confirm_call", { call: t(`phone.${call}`), name: seat.name })}</p>
      <div class="stand-in-calls">
        <button class=${`btn btn-${call} btn-call`} type="button" id=${`${call}-confirm-${seat.seat}`} disabled=${busy}
          onClick=${() => { armed = null; move(MOVES[call]()); }}>${t("host.confirm_yes", { call: t(`phone.${call}`) })}</button>
        <button class="btn" type="button" id=${`${call}-back-${seat.seat}`} disabled=${busy}
          onClick=${() => { armed = null; redraw(); }}>${t("host.confirm_no")}</button>
      </div></div>`;
  }
  return html`<div class="stand-in-calls">${calls.map((call) => html`<button class=${`btn btn-${call} btn-call`} type="button"
    id=${`${call}-for-${seat.seat}`} disabled=${busy}
    onClick=${() => { armed = { call, key: decision }; redraw(); }}>${t(`phone.${call}`)}</button>`)}</div>`;
}

/** The bid picker and calls for `seat`, or the count confirmation; props: seat, view, legal (or null),
 * proposal, busy, redraw(), send(event, payload). */
export function StandIn({ seat, view, legal, proposal, busy, redraw, send }) {
  const left = useSecondsLeft(seat.graceUntil);
  if (left > 0) {
    return html`<p class="host-hint stand-in-wait">${t("host.stand_in_in", { name: seat.name, s: left })}</p>`;
  }
  if (view.phase === "count") {
    if (!proposal || proposal.by === seat.name) return "";
    return html`<div class="stand-in" data-for=${seat.name}>
      <button class="btn btn-small" type="button" id=${`confirm-for-${seat.seat}`} disabled=${busy}
        onClick=${() => send(EVENTS.HOST_CONFIRM_FOR, { player: seat.name, count: proposal.count })}>
        ${t("host.confirm_for", { name: seat.name, n: proposal.count })}</button></div>`;
  }
  if (!legal) return "";
  const faces = Object.keys(legal.bids).map(Number);
  const move = (body) => send(EVENTS.HOST_PLAY_FOR, { player: seat.name, version: view.version, ...body });
  let picker = "";
  if (faces.length) {
    pick = pickFor(pick, `${seat.name}:${view.round}:${view.bids.length}`, legal);
    const p = pick;
    const span = legal.bids[p.face];
    const set = (face, qty) => { pick = { ...pick, face, qty }; redraw(); };
    picker = html`<div class="stand-in-bid">
      <div class="stand-in-faces" role="radiogroup" aria-label=${t("phone.pick_face")}>
        ${[1, 2, 3, 4, 5, 6].map((f) => html`<button type="button" role="radio" class="ph-face" aria-checked=${String(f === p.face)}
          aria-label=${faceName(f)} disabled=${busy || !legal.bids[f]} onClick=${() => set(f, legal.bids[f][0])}>
          <${Die} face=${f} paco=${view.wild} label=${null} /></button>`)}</div>
      <div class="stand-in-qty" role="group" aria-label=${t("phone.pick_quantity")}>
        <button class="btn btn-small" type="button" disabled=${busy || p.qty <= span[0]} onClick=${() => set(p.face, p.qty - 1)}>−1</button>
        <output>${p.qty}</output>
        <button class="btn btn-small" type="button" disabled=${busy || p.qty >= span[1]} onClick=${() => set(p.face, p.qty + 1)}>+1</button>
      </div>
      <button class="btn btn-primary btn-small" type="button" id=${`bid-for-${seat.seat}`} disabled=${busy}
        onClick=${() => move(MOVES.bid(p.qty, p.face))}>
        ${t("host.bid_for", { name: seat.name, q: p.qty, face: faceName(p.face) })}</button>
    </div>`;
  }
  return html`<div class="stand-in" data-for=${seat.name} role="group" aria-label=${t("host.stand_in", { name: seat.name })}>
    <p class="host-hint">${t("host.stand_in_hint", { name: seat.name })}</p>
    ${legal.direction ? html`<div class="stand-in-calls">
      <button class="btn btn-small" type="button" disabled=${busy} onClick=${() => move(MOVES.direction(true))}>${t("phone.clockwise")}</button>
      <button class="btn btn-small" type="button" disabled=${busy} onClick=${() => move(MOVES.direction(false))}>${t("phone.anticlockwise")}</button>
    </div>` : ""}
    ${picker}
    <${Calls} seat=${seat} legal=${legal} busy=${busy} decision=${`${seat.name}:${view.version}`} redraw=${redraw} move=${move} />
  </div>`;
}
