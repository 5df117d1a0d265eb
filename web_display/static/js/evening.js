// The evening on every screen: the scoreboard between games, the replay of a kept game (round by
// round, every cup, each call's odds), the host's controls, and the spectator's phone ("watch").
// Everything here comes from the `evening` and `replay` notices: finished games only (server/store/evening.py).
import { html, useState } from "/vendor/preact-htm.js";
import { ctx, errorText, fmtPct, phaseOf, reportError, request, seatsOf, t, toast, waitedFor } from "./common.js";
import { EVENTS, MESSAGES } from "./protocol.js";
import { stepAt } from "./pure.js";
import { Bid, Mark, Reveal, Seat } from "./ui.js";

const AUTO_MS = 6000; // a round on screen during auto-play

export const evening = { data: null, replay: null, at: 0 };

(function addStyles() {
  if (document.querySelector("link[data-evening]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/static/css/evening.css";
  link.dataset.evening = "1";
  document.head.appendChild(link);
}());

/** The socket handlers for `evening` and `replay`; `redraw` runs after each (and each second of auto-play). */
export function eveningHandlers(redraw) {
  setInterval(() => { if (evening.replay && evening.replay.playing) redraw(); }, 1000);
  return {
    [MESSAGES.EVENING]: (data) => { evening.data = data; redraw(); },
    [MESSAGES.REPLAY]: (data) => { evening.replay = data && data.game ? data : null; evening.at = Date.now(); redraw(); },
  };
}

/** The round shown now: the host's step, moved on by auto-play since it arrived. */
export function replayStep() {
  return stepAt(evening.replay, evening.at, Date.now(), AUTO_MS);
}

// ---------- the spectator's choice (kept per room in this tab) ----------

const WATCH = `dudo-watch-${ctx.room}`;

export function watching() {
  try { return sessionStorage.getItem(WATCH) === "1"; } catch { return false; }
}

export function setWatching(on) {
  try { if (on) sessionStorage.setItem(WATCH, "1"); else sessionStorage.removeItem(WATCH); } catch { /* private mode */ }
}

// ---------- the scoreboard ----------

function Moment({ label, moment, id }) {
  if (!moment) return "";
  const vars = { name: moment.player, p: fmtPct(moment.odds), game: moment.game, round: moment.round,
    call: moment.call ? t(`ev.call.${moment.call}`) : "" };
  return html`<p class="ev-moment" id=${id}><span class="ev-moment-label">${label}</span>
    <strong>${moment.player}</strong> ${vars.call} <${Bid} bid=${moment.bid} />
    <span class="ev-moment-odds">${t("ev.moment_odds", vars)}</span></p>`;
}

export function Scoreboard({ data, cls = "" }) {
  if (!data) return "";
  const board = data.scoreboard;
  const many = board.players.length > 5 ? "ev-many" : "";
  return html`<section class="ev-board ${cls} ${many}" id="scoreboard" aria-labelledby="ev-title">
    <h2 id="ev-title">${t("ev.title")} <span class="ev-count">${t("ev.games", { n: board.games })}</span></h2>
    ${board.players.length ? html`<table class="ev-table">
      <thead><tr><th scope="col">${t("ev.col_player")}</th><th scope="col">${t("ev.col_won")}</th>
        <th scope="col">${t("ev.col_dice")}</th><th scope="col">${t("ev.col_dudo")}</th><th scope="col">${t("ev.col_calza")}</th></tr></thead>
      <tbody>${board.players.map((p, i) => html`<tr class=${i === 0 && p.won ? "ev-lead" : ""} key=${p.name}>
        <th scope="row"><${Mark} mark=${p.mark} cls="ev-mark" />${p.name}${p.bot ? html` <span class="ev-bot">${t("seat.bot")}</span>` : ""}</th>
        <td class="ev-won">${p.won}</td>
        <td><span class="ev-bad">${p.dice_lost ? `−${p.dice_lost}` : "0"}</span> / <span class="ev-good">${p.dice_won ? `+${p.dice_won}` : "0"}</span></td>
        <td><span class="ev-good">${p.dudo_right}</span> / <span class="ev-bad">${p.dudo_wrong}</span></td>
        <td><span class="ev-good">${p.calza_right}</span> / <span class="ev-bad">${p.calza_wrong}</span></td>
      </tr>`)}</tbody></table>` : html`<p class="ev-none">${t("ev.none")}</p>`}
    <${Moment} label=${t("ev.boldest")} moment=${board.boldest} id="ev-boldest" />
    <${Moment} label=${t("ev.best_call")} moment=${board.best_call} id="ev-best" />
  </section>`;
}

// ---------- the replay ----------

function StepLine({ step, wild, mark }) {
  const what = step.kind === "bid" ? "" : html`<strong class="rp-call">${t(step.kind === "calza" ? "replay.calza" : "replay.dudo")}</strong>`;
  return html`<li class="rp-step rp-${step.kind}"><span class="rp-who"><${Mark} mark=${mark} cls="rp-mark" />${step.player}</span> ${what}
    <${Bid} bid=${step.bid} paco=${wild} />
    ${step.odds === null || step.odds === undefined ? "" : html`<span class="rp-odds">${t("replay.odds", { p: fmtPct(step.odds) })}</span>`}</li>`;
}

export function ReplayRound({ replay, step, limit = 0 }) {
  const rnd = replay.rounds[step];
  if (!rnd) return "";
  const hidden = limit && rnd.steps.length > limit ? rnd.steps.length - limit : 0; // the TV cannot scroll
  const steps = rnd.steps.slice(hidden);
  const order = replay.players.map((p) => p.name);
  const marks = Object.fromEntries(replay.players.map((p) => [p.name, p.mark]));
  const over = rnd.after.find((e) => e.kind === "game_over");
  const many = Object.keys(rnd.dice).length > 6 ? "rp-many" : "";
  return html`<div class="rp-round ${many}" id="replay-round" data-step=${step}>
    <p class="rp-head">${t("replay.title", { id: replay.game })} · ${t("replay.round", { n: step + 1, total: replay.rounds.length })}${rnd.palifico
      ? html` <span class="rp-palifico">${t("opt.palifico")}</span>` : ""}${replay.playing
      ? html` <span class="rp-auto" id="replay-auto"><span aria-hidden="true">▶</span> ${t("replay.play")}</span>` : ""}</p>
    <div class="rp-body">
      <ol class="rp-steps">${hidden ? html`<li class="rp-earlier">${t("replay.earlier", { n: hidden })}</li>` : ""}
        ${steps.map((s) => html`<${StepLine} step=${s} wild=${rnd.wild} mark=${marks[s.player]} />`)}</ol>
      ${rnd.shown ? html`<div class="rp-reveal"><${Reveal} reveal=${rnd.shown} order=${order} paco=${rnd.wild} /></div>` : ""}
    </div>
    ${over ? html`<p class="rp-winner">${t("replay.winner", { name: over.winner })}</p>` : ""}
    ${rnd.commitment ? html`<p class="rp-hash">${t("tv.commitment")}: <span class="hash">${rnd.commitment.hash.slice(0, 20)}…</span>
      ${rnd.commitment.valid ? html`<span class="rp-valid">✓ ${t("replay.verified")}</span>` : html`<span class="rp-invalid">✗ ${t("replay.not_verified")}</span>`}</p>` : ""}
  </div>`;
}

// ---------- each screen ----------

/** The TV: the replay over everything; the scoreboard over the table between games (or when the host asks). */
export function TvEvening({ phase }) {
  if (evening.replay) {
    return html`<section class="overlay ev-replay" aria-live="polite"><${ReplayRound} replay=${evening.replay} step=${replayStep()} limit=${10} /></section>`;
  }
  const data = evening.data;
  if (!data || !(data.show || (phase === "lobby" && data.scoreboard.games > 0))) return "";
  return html`<div class="tv-evening"><${Scoreboard} data=${data} cls="ev-tv" /></div>`;
}

/** A phone: the replay the TV shows, and the evening's scoreboard (folded while its player plays). */
export function PhoneEvening({ open = true }) {
  const data = evening.data;
  const replay = evening.replay;
  if (!replay && !(data && data.scoreboard.games)) return "";
  return html`<section class="ph-evening" id="phone-evening">
    ${replay ? html`<div class="ph-replay"><${ReplayRound} replay=${replay} step=${replayStep()} /></div>` : ""}
    ${data && data.scoreboard.games ? html`<details open=${open}><summary>${t("ev.title")} · ${t("ev.games", { n: data.scoreboard.games })}</summary><${Scoreboard} data=${data} cls="ev-phone" /></details>` : ""}
  </section>`;
}

/** A spectator's phone: the public table (never a cup, never a move), the evening, the replay. */
export function WatchView({ payload, onSit }) {
  const room = payload.room;
  const view = payload.view;
  const phase = phaseOf(room, view);
  const seats = seatsOf(room, view);
  const waits = phase === "playing" ? waitedFor(view)[0] || null : null;
  return html`<section class="ph-watch" id="watch">
    <h1>${t("phone.watching")}</h1>
    ${phase === "playing" ? html`<p class="ph-watch-round">${t("tv.round", { n: view.round })} · ${waits ? t("tv.turn", { name: waits }) : ""}</p>
      <p class="ph-watch-standing">${view.standing ? html`<${Bid} bid=${view.standing.bid} paco=${view.wild} /> ${t("phone.by", { name: view.standing.player })}`
        : t("phone.no_bid_other")}</p>` : ""}
    ${phase === "over" ? html`<p class="ph-watch-round">${t("phone.winner", { name: view.winner })}</p>` : ""}
    ${phase === "lobby" ? html`<p class="ph-wait">${t("phone.wait_start")}</p>` : ""}
    ${phase === "playing" && view.bids.length ? html`<section class="ph-watch-bids" aria-labelledby="watch-bids-title">
      <h2 id="watch-bids-title">${t("tv.history")}</h2>
      <ol class="history">${view.bids.slice().reverse().map((b, i) => html`<li key=${view.bids.length - i}>
        <span class="h-name">${b.player}</span><${Bid} bid=${b.bid} paco=${view.wild} /></li>`)}</ol></section>` : ""}
    <ul class="ph-chips">${seats.map((s) => html`<li key=${s.name}><${Seat} seat=${s} chip=${true}
      table=${view ? view.table : null} playing=${phase !== "lobby"} turn=${s.name === waits} /></li>`)}</ul>
    <${PhoneEvening} />
    <button class="btn btn-ghost" type="button" id="watch-sit" onClick=${onSit}>${t("phone.watch_sit")}</button>
  </section>`;
}

/** The host's card: the scoreboard, the kept games (replay, delete), a new evening, the TV. */
export function HostEvening({ socket, live = false }) {
  const [busy, setBusy] = useState(false);
  const data = evening.data;
  if (!data) return "";
  const replay = evening.replay;
  const step = replayStep();
  async function send(event, payload = {}) {
    if (busy) return;
    setBusy(true);
    try {
      const reply = await request(socket, event, payload);
      if (!reply.ok) toast(errorText(reply.code, reply.message));
    } catch (err) {
      reportError(err);
    } finally {
      setBusy(false);
    }
  }
  const history = data.history.slice().reverse();
  /** Start the replay of `game`: over a game being played, only once the host says so. */
  const replayGame = (game) => {
    if (!live || window.confirm(t("ev.replay_mid_game"))) send(EVENTS.HOST_REPLAY, { game, step: 0, playing: false });
  };
  return html`<section class="host-card host-evening" aria-labelledby="ev-title">
    <${Scoreboard} data=${data} cls="ev-host" />
    <div class="ev-buttons">
      <button class="btn btn-small" type="button" id="ev-show" disabled=${busy}
        onClick=${() => send(EVENTS.HOST_EVENING_SHOW, { show: !data.show })}>${t(data.show ? "ev.hide_tv" : "ev.show_tv")}</button>
      <button class="btn btn-small" type="button" id="ev-new" disabled=${busy}
        onClick=${() => { if (window.confirm(t("ev.new_confirm"))) send(EVENTS.HOST_EVENING_NEW); }}>${t("ev.new")}</button>
    </div>
    ${replay ? html`<div class="ev-replay-controls" id="replay-controls">
      <p>${t("replay.title", { id: replay.game })} · ${t("replay.round", { n: step + 1, total: replay.rounds.length })}</p>
      <button class="btn btn-small" type="button" id="rp-prev" disabled=${busy || step === 0}
        onClick=${() => send(EVENTS.HOST_REPLAY, { step: step - 1, playing: false })}>${t("replay.prev")}</button>
      <button class="btn btn-small" type="button" id="rp-next" disabled=${busy || step >= replay.rounds.length - 1}
        onClick=${() => send(EVENTS.HOST_REPLAY, { step: step + 1, playing: false })}>${t("replay.next")}</button>
      <button class="btn btn-small" type="button" id="rp-play" disabled=${busy}
        onClick=${() => send(EVENTS.HOST_REPLAY, { step, playing: !replay.playing })}>${t(replay.playing ? "replay.pause" : "replay.play")}</button>
      <button class="btn btn-small" type="button" id="rp-stop" disabled=${busy}
        onClick=${() => send(EVENTS.HOST_REPLAY_STOP)}>${t("replay.stop")}</button>
    </div>` : ""}
    <h3>${t("ev.history")} <span class="ev-count">${t("ev.total", { n: data.history_total })}</span></h3>
    <form class="ev-pick" onSubmit=${(ev) => { ev.preventDefault(); const n = parseInt(ev.target.elements.game.value, 10);
      if (n > 0) replayGame(n); }}>
      <label for="ev-game">${t("ev.pick")}</label>
      <input id="ev-game" name="game" type="number" min="1" inputmode="numeric" />
      <button class="btn btn-small" type="submit" disabled=${busy}>${t("ev.replay")}</button>
    </form>
    ${history.length ? html`<ul class="ev-games">${history.map((g) => html`<li key=${g.id} data-game=${g.id}>
      <span>${t("ev.game_line", { id: g.id, name: g.winner, n: g.rounds })}</span>
      <button class="btn btn-small" type="button" disabled=${busy} onClick=${() => replayGame(g.id)}>${t("ev.replay")}</button>
      <button class="btn btn-small btn-ghost" type="button" disabled=${busy}
        onClick=${() => { if (window.confirm(t("ev.delete_confirm", { id: g.id }))) send(EVENTS.HOST_HISTORY_DELETE, { game: g.id }); }}>${t("ev.delete")}</button>
    </li>`)}</ul>` : html`<p class="ev-none">${t("ev.none")}</p>`}
  </section>`;
}
