// Voice at the table (the `voice` notice, docs/protocol.md "Voice status"): the phone's 🎤 and its
// listening window, the hub's "did you mean?" (the TV's question, the asked phone's Yes / No), the
// TV's table-check prompt and the check's report card (also on the host page).
import { html } from "/vendor/preact-htm.js";
import { t } from "./common.js";
import { MicIcon, faceName, useSecondsLeft } from "./ui.js";

/** Whether the room's voice listens now (the 🎤 and the host's voice settings need it). */
export function listening(status) {
  return !!(status && status.listening);
}

/** Why voice is off, in the catalogue's words ("" when it listens). */
export function voiceOffText(status) {
  if (listening(status)) return "";
  const reason = status && status.reason;
  const why = reason ? t(`voice.reason.${reason}`, { _fallback: reason }) : "";
  return why ? t("voice.off_because", { why }) : t("voice.off");
}

/**
 * The phone's 🎤: one tap and the next call the hub hears is this seat's. While the window is open
 * for `me` it counts down (`until`: Unix seconds, from the notice's `window.seconds`).
 * props: status (the voice notice), me, until, busy, onTap.
 */
export function MicBar({ status, me, until, busy, onTap }) {
  const win = status && status.window;
  const mine = !!win && win.player === me;
  const left = useSecondsLeft(mine ? until : null);
  const afterButton = status.mode === "after_button";
  return html`<section class="ph-mic ${mine ? "on" : ""}" id="mic" aria-label=${t("mic.label")}>
    <button type="button" class="btn btn-mic" id="mic-btn" disabled=${busy} aria-pressed=${String(mine)}
      onClick=${onTap}><${MicIcon} /><span>${mine ? t("mic.listening") : t("mic.tap")}</span>
      ${mine && left > 0 ? html`<span class="mic-left">${t("mic.seconds", { s: left })}</span>` : ""}</button>
    <p class="mic-note" id="mic-state" role="status">${mine ? html`<strong>${t("mic.say_now")}</strong>`
      : t(afterButton ? "mic.hint_after_button" : "mic.hint")}</p>
  </section>`;
}

const askSeen = new Map(); // ask id -> Unix seconds when it expires, counted from when this page saw it

function askUntil(ask) {
  if (!askSeen.has(ask.id)) askSeen.set(ask.id, Date.now() / 1000 + (ask.seconds || 0));
  return askSeen.get(ask.id);
}

/** The move asked about, in figures: "6 × fives", or the call as heard ("dudo"). */
export function askedMove(ask) {
  return ask.intent === "bid" ? `${ask.quantity} × ${faceName(ask.face)}` : ask.heard;
}

/** The TV's "did you mean?": "Marco: 6 × fives?", the words heard, and how to answer. props: ask. */
export function AskCard({ ask }) {
  const left = useSecondsLeft(askUntil(ask));
  return html`<div class="ask-box" id="voice-ask" role="status" aria-live="assertive">
    <p class="ask-title">${t("ask.title")}</p>
    <p class="ask-question">${t("ask.question", { name: ask.player, move: askedMove(ask) })}</p>
    <p class="ask-heard">${t("ask.heard", { text: ask.text })}</p>
    <p class="ask-say">${t("ask.say")}${left > 0 ? html` · <span class="ask-left">${t("ask.seconds", { s: left })}</span>` : ""}</p>
  </div>`;
}

/**
 * The asked phone's big Yes / No (only on the phone of the player the move is credited to; nothing
 * elsewhere, and nothing once it expired). props: ask (`voice.ask`), me, onAnswer(askId, yes).
 */
export function AskBar({ ask, me, onAnswer }) {
  const left = useSecondsLeft(ask && ask.player === me ? askUntil(ask) : null);
  if (!ask || ask.player !== me || left <= 0) return "";
  return html`<section class="ph-ask" id="ask" role="alertdialog" aria-labelledby="ask-question">
    <p class="ask-question" id="ask-question">${t("ask.question", { name: ask.player, move: askedMove(ask) })}</p>
    <p class="ask-heard">${t("ask.heard", { text: ask.text })}</p>
    <div class="ask-buttons">
      <button type="button" class="btn btn-yes" id="ask-yes" onClick=${() => onAnswer(ask.id, true)}>${t("ask.yes")}</button>
      <button type="button" class="btn btn-no" id="ask-no" onClick=${() => onAnswer(ask.id, false)}>${t("ask.no")}</button>
    </div>
    <p class="ask-say">${t("ask.say")} · <span class="ask-left">${t("ask.seconds", { s: left })}</span></p>
  </section>`;
}

/** The TV's table check: "Marco, say: sette cinque", big, with its progress. */
export function CheckPrompt({ check }) {
  const pct = Math.round((100 * check.index) / Math.max(1, check.total));
  return html`<div class="check-box" id="check-prompt">
    <p class="check-title">${t("check.title")} · <span class="check-step">${t("check.step", { i: check.index, n: check.total })}</span></p>
    <p class="check-who">${t("check.say", { name: check.player })}</p>
    <p class="check-phrase" lang=${document.documentElement.lang}>«${check.phrase}»</p>
    <div class="check-progress" role="progressbar" aria-label=${t("check.progress")} aria-valuemin="0"
      aria-valuemax=${check.total} aria-valuenow=${check.index}><div style=${`width:${pct}%`}></div></div>
    <p class="check-hint">${t("check.hint")}</p>
  </div>`;
}

const QUIET_DBFS = -45; // speech this far below full scale is too faint to hear well
const CLIP_DBFS = -1; // a peak this close to full scale clips

function level(rms, peak) {
  if (peak >= CLIP_DBFS) return "loud";
  if (rms < QUIET_DBFS) return "quiet";
  return "good";
}

/** A microphone level as a bar from -60 to 0 dBFS, the peak marked, and a word for it. */
function Meter({ rms, peak }) {
  const pos = (db) => Math.max(0, Math.min(100, ((db + 60) / 60) * 100)).toFixed(0);
  const verdict = level(rms, peak);
  return html`<span class="meter-wrap">
    <span class="meter meter-${verdict}" aria-hidden="true">
      <span class="meter-fill" style=${`width:${pos(rms)}%`}></span>
      <span class="meter-peak" style=${`left:${pos(peak)}%`}></span>
    </span>
    <span class="meter-text">${t(`check.level.${verdict}`)} <small>${t("check.dbfs", { db: Math.round(rms) })}</small></span>
  </span>`;
}

/**
 * The table check's results: per player, calls understood and the microphone level; per word, how
 * often it was heard. props: report (`voice.check_report`), onClose (the host's button), compact.
 */
export function CheckReport({ report, onClose, compact }) {
  const players = Object.entries(report.players || {});
  const words = Object.entries(report.words || {});
  return html`<div class="report-box ${compact ? "compact" : ""}" id="check-report">
    <h2 class="report-title">${t("check.report_title")}</h2>
    <table class="report-players">
      <thead><tr><th scope="col">${t("check.col_player")}</th><th scope="col">${t("check.col_right")}</th>
        <th scope="col">${t("check.col_mic")}</th></tr></thead>
      <tbody>${players.map(([name, p]) => html`<tr class=${p.said && p.right < p.said ? "missed" : ""} data-player=${name}>
        <th scope="row">${name}</th>
        <td class="report-right">${t("check.right", { right: p.right, said: p.said })}</td>
        <td><${Meter} rms=${p.rms_dbfs} peak=${p.peak_dbfs} /></td></tr>`)}</tbody>
    </table>
    ${words.length ? html`<h3 class="report-sub">${t("check.words")}</h3>
      <ul class="report-words">${words.map(([word, w]) => html`<li class=${w.heard < w.asked ? "missed" : ""}>
        <span class="report-word">${word}</span> <span class="report-n">${t("check.heard", { heard: w.heard, asked: w.asked })}</span></li>`)}</ul>` : ""}
    <p class="report-foot">${report.saved ? t("check.saved", { path: report.saved }) : ""}</p>
    ${onClose ? html`<button type="button" class="btn" id="report-close" onClick=${onClose}>${t("check.close")}</button>`
      : html`<p class="report-foot">${t("check.closes")}</p>`}
  </div>`;
}
