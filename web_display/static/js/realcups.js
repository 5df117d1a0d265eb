// Real cups on the real table (`room.real`): the phone's keypad for a referee table, the count the
// table tells on a scoreboard table, and the TV's words for both. Facts from the protocol only
// (view.counting, room.real, view.players), never a rule option by name.
import { html } from "/vendor/preact-htm.js";
import { nameList, t } from "./common.js";
import { Bid, Die, faceName } from "./ui.js";

const FACES = [1, 2, 3, 4, 5, 6];

/** "How many fives (with pacos)?": the question of the count waiting (`view.counting`; its `faces`
    are the engine's: the bid's face, and pacos when they count for it). */
export function countQuestion(counting) {
  const face = counting.bid[1];
  return t(counting.faces.length > 1 ? "count.question_wild" : "count.question", { face: faceName(face) });
}

/** The call that stopped the round: "Ann calls DUDO on Bob!" */
export function countCall(counting) {
  return t(counting.call === "calza" ? "reveal.calza" : "reveal.dudo", { caller: counting.caller, bidder: counting.bidder });
}

/** Where the count stands: nobody said yet, a player said n, the hub heard n (`me`: the phone's player;
 * `voiceOn`: the hub listens, so the number may be said aloud). */
export function proposalText(proposal, me, voiceOn) {
  if (!proposal) return t(voiceOn ? "count.none" : "count.none_no_voice");
  if (proposal.by === "voice") return t("count.heard", { n: proposal.count });
  if (me && proposal.by === me) return t("count.yours", { n: proposal.count });
  return t("count.proposed", { name: proposal.by, n: proposal.count });
}

/** "Waiting for the dice of Marco and Giulia". */
export function waitingText(waiting) {
  return t("real.waiting", { names: nameList(waiting) });
}

/** The TV's count screen: the call, the bid, the question, and the proposal waiting for a second word. */
export function CountScreen({ counting, proposal, voiceOn }) {
  const heard = proposal && proposal.by === "voice";
  return html`<div class="count-box" id="count-screen">
    <p class="reveal-call ${counting.call}">${countCall(counting)}</p>
    <p class="count-bid"><${Bid} bid=${counting.bid} paco=${counting.wild} /></p>
    <p class="count-question">${countQuestion(counting)}</p>
    <p class="count-proposal ${proposal ? "has" : ""} ${heard ? "heard" : ""}" aria-live="polite">
      ${proposal ? html`<strong class="count-n">${proposal.count}</strong>` : ""}
      <span>${proposalText(proposal, null, voiceOn)}</span></p>
  </div>`;
}

// ---------- the phone: a six-face keypad ----------

/**
 * The faces of my cup, tapped in (referee tables). props: dice (chosen so far), need (the dice I
 * hold), paco (draw ones as pacos), busy, editing (a cup already entered is being corrected), and
 * the callbacks add(face), remove(index), clear(), done(), cancel().
 */
export function Keypad({ dice, need, paco, busy, editing, add, remove, clear, done, cancel }) {
  const full = dice.length >= need;
  const slots = [];
  for (let i = dice.length; i < need; i++) slots.push(html`<li class="kp-slot" aria-hidden="true"></li>`);
  return html`<section class="ph-keypad" id="keypad" aria-labelledby="keypad-title">
    <div class="kp-head">
      <h2 id="keypad-title">${t(editing ? "keypad.title_edit" : "keypad.title")}</h2>
      <output class="kp-count ${full ? "full" : ""}" id="kp-count" aria-live="polite"
        aria-label=${t("keypad.count_label", { n: dice.length, total: need })}>${dice.length}/${need}</output>
    </div>
    <ul class="kp-chosen" id="kp-chosen" aria-label=${t("keypad.chosen")}>
      ${dice.map((d, i) => html`<li><button type="button" class="kp-die" data-face=${d} disabled=${busy}
        aria-label=${t("keypad.remove", { face: faceName(d) })} onClick=${() => remove(i)}>
        <${Die} face=${d} paco=${paco} label=${null} /></button></li>`)}
      ${slots}
    </ul>
    <p class="kp-hint">${t(full ? "keypad.hint_full" : dice.length ? "keypad.hint_remove" : "keypad.hint")}</p>
    <div class="kp-faces" role="group" aria-label=${t("keypad.faces")}>
      ${FACES.map((f) => html`<button type="button" class="kp-face" data-face=${f} disabled=${busy || full}
        aria-label=${t("keypad.add", { face: faceName(f) })} onClick=${() => add(f)}>
        <${Die} face=${f} paco=${paco} label=${null} /></button>`)}
    </div>
    <div class="kp-actions">
      ${editing ? html`<button type="button" class="btn btn-ghost" id="kp-cancel" disabled=${busy} onClick=${cancel}>${t("keypad.cancel")}</button>`
        : html`<button type="button" class="btn btn-ghost" id="kp-clear" disabled=${busy || !dice.length} onClick=${clear}>${t("keypad.clear")}</button>`}
      <button type="button" class="btn btn-primary" id="kp-done" disabled=${busy || !full} onClick=${done}>
        ${full ? t("keypad.done") : t("keypad.more", { n: need - dice.length })}</button>
    </div>
  </section>`;
}

/**
 * The phone's count screen (scoreboard tables): the question, the proposal, a big Confirm when
 * someone else proposed, and a number to propose. props: counting, proposal, me, max (dice in
 * play), pick (the number shown), busy, voiceOn (the hub listens), and the callbacks step(delta), propose(n), confirm(n).
 */
export function CountPicker({ counting, proposal, me, max, pick, busy, voiceOn, step, propose, confirm }) {
  const theirs = proposal && proposal.by !== me;
  const mine = proposal && proposal.by === me;
  return html`<section class="ph-count" id="count" aria-labelledby="count-question">
    <p class="count-call">${countCall(counting)}</p>
    <p class="count-bid"><${Bid} bid=${counting.bid} paco=${counting.wild} /></p>
    <h2 class="count-question" id="count-question">${countQuestion(counting)}</h2>
    <p class="count-proposal ${proposal ? "has" : ""}" id="count-proposal" aria-live="polite">${proposalText(proposal, me, voiceOn)}</p>
    ${theirs ? html`<button type="button" class="btn btn-primary btn-huge" id="count-confirm" disabled=${busy}
      onClick=${() => confirm(proposal.count)}>${t("count.confirm", { n: proposal.count })}</button>
      <p class="count-or">${t("count.or_other")}</p>` : ""}
    <div class="ph-qty count-qty" role="group" aria-label=${t("count.pick")}>
      <button class="btn ph-step" type="button" id="count-down" disabled=${busy || pick <= 0} onClick=${() => step(-1)}>−1</button>
      <output class="ph-qty-value" id="count-pick" aria-live="polite">${pick}</output>
      <button class="btn ph-step" type="button" id="count-up" disabled=${busy || pick >= max} onClick=${() => step(1)}>+1</button>
    </div>
    <button type="button" class=${`btn ${theirs ? "" : "btn-primary"} btn-big`} id="count-propose"
      disabled=${busy || (proposal && proposal.count === pick && (mine || theirs))} onClick=${() => propose(pick)}>
      ${t(mine ? "count.propose_other" : "count.propose", { n: pick })}</button>
  </section>`;
}
