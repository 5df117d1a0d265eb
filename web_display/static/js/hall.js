// The hall screen of a championship: the round's tables (who sits where, the game round, who is
// still in with their dice, the finishing order), the standings, the final and the champion, in
// the event's language, large enough for the back of a hall. It only listens (`event` messages).
import { html, render } from "/vendor/preact-htm.js";
import { connect, ctx, followLanguage, loadStrings, reportError, t, translateStatic } from "./common.js";
import { MESSAGES } from "./protocol.js";

const root = document.getElementById("hall-root");
const STANDINGS_SHOWN = 40; // at most; fitStandings keeps those the screen holds
let shown = null;

/** The line under a table: its result, its game in play, or who is awaited. */
function tableLine(table) {
  const progress = table.progress;
  if (table.result) return t("hall.table_done");
  if (!progress || !progress.started) return t("hall.table_waiting");
  return t("hall.table_playing", { round: progress.round, left: progress.left.length });
}

function TableCard({ table, final }) {
  const left = new Map(((table.progress && table.progress.left) || []).map((p) => [p.player, p.dice]));
  const order = table.result || table.players;
  return html`<section class=${`hall-table${final ? " hall-final" : ""}${table.result ? " done" : ""}`}
      data-table=${table.table}>
    <h2>${final ? t("hall.final") : t("hall.table", { number: table.table })}</h2>
    <p class="hall-line">${tableLine(table)}</p>
    <ol class=${`hall-players${table.result ? " placed" : ""}`}>
      ${order.map((player, i) => {
        const going = table.result && table.advance && i < table.advance;
        const out = !table.result && table.progress && table.progress.started && !left.has(player);
        return html`<li class=${`${going ? "going" : ""}${out ? " out" : ""}`}>
          ${table.result ? html`<span class="hall-place">${i + 1}</span>` : null}<span class="hall-name">${player}</span>
          ${left.has(player) && !table.result ? html`<span class="hall-dice">${t("hall.dice", { n: left.get(player) })}</span>` : null}
        </li>`;
      })}
    </ol>
  </section>`;
}

function Standings({ standings }) {
  return html`<aside class="hall-standings">
    <h2>${t("hall.standings")}</h2>
    <ol>
      ${standings.slice(0, STANDINGS_SHOWN).map((s) => html`<li>
        <span class="place">${s.place}</span><span class="hall-name">${s.player}</span>
        <span class="points">${t("hall.points", { n: s.points })}</span></li>`)}
    </ol>
  </aside>`;
}

function Registering({ event }) {
  const address = `${location.origin}/enter/${event.id}`;
  return html`<div class="hall-enter">
      <figure class="hall-qr"><img src=${`/qr/event/${event.id}.svg`} alt=${address} />
        <figcaption>${t("hall.scan")}<br /><strong>${address}</strong></figcaption></figure>
      <ol class="hall-registered">${event.players.map((p) => html`<li>${p}</li>`)}</ol>
    </div>`;
}

function Hall({ event }) {
  const current = event.rounds[event.rounds.length - 1];
  let status = t("hall.registering");
  if (event.status === "paused") status = t("hall.paused");
  else if (current) status = current.stage === "final" ? t("hall.final") : t("hall.round", { number: current.round });
  return html`<header class="hall-top">
      <h1>${t("hall.title")} <span class="hall-id">${event.id}</span></h1>
      <p class="hall-status" id="hall-status">${status}</p>
    </header>
    ${event.champion ? html`<p class="hall-champion" id="hall-champion">${t("hall.champion", { name: event.champion })}</p>` : null}
    ${current ? html`<div class="hall-body">
      <div class="hall-tables">
        ${current.tables.map((table) => html`<${TableCard} table=${table} final=${current.stage === "final"} />`)}
      </div>
      <${Standings} standings=${event.standings} />
    </div>` : html`<${Registering} event=${event} />`}`;
}

/** The standings show as many places as the screen holds (the first ones), never a cut line. */
function fitStandings() {
  const box = root.querySelector(".hall-standings");
  if (!box) return;
  const rows = [...box.querySelectorAll("li")];
  rows.forEach((row) => { row.hidden = false; });
  const bottom = box.getBoundingClientRect().bottom;
  rows.forEach((row) => { row.hidden = row.getBoundingClientRect().bottom > bottom; });
}

function draw() {
  if (!shown) return;
  try {
    render(html`<${Hall} event=${shown} />`, root);
    fitStandings();
  } catch (err) {
    reportError(err);
  }
}

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  connect(() => ({ event: ctx.room, role: ctx.role }), {
    [MESSAGES.EVENT]: (event) => {
      shown = event;
      draw();
      followLanguage(event.lang, draw);
    },
  });
}

boot().catch(reportError);
