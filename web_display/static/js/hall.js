// The hall screen of a championship: the round's tables (who sits where, the game round, who is
// still in with their dice, the finishing order), the standings, the final and the champion, in
// the event's language, large enough for the back of a hall. It only listens (`event` messages).
import { html, render } from "/vendor/preact-htm.js";
import { connect, ctx, followLanguage, loadStrings, reportError, t, translateStatic } from "./common.js";
import { MESSAGES } from "./protocol.js";

const root = document.getElementById("hall-root");
const STANDINGS_SHOWN = 40; // at most; fitStandings keeps those the screen holds
const MIN_FIT = 0.75; // the tables' type shrinks to three quarters at most (21px), then the tables page
const PAGE_MS = 8000; // a page of tables on screen
let shown = null;
const paging = { page: 0, pages: 1, timer: 0, recap: false }; // recap: the last round's results on screen

/** Before any table of a new round has begun, the screen takes turns with the last round's results. */
function lastRound(event) {
  const current = event.rounds[event.rounds.length - 1];
  const before = event.rounds[event.rounds.length - 2];
  const begun = current && current.tables.some((table) => table.result || (table.progress && table.progress.started));
  return before && !begun && event.status !== "finished" ? before : null;
}

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
  const last = lastRound(event);
  const recap = !!last && paging.recap;
  const current = recap ? last : event.rounds[event.rounds.length - 1];
  let status = t("hall.registering");
  if (event.status === "paused") status = t("hall.paused");
  else if (recap) status = t("hall.results", { number: current.round });
  else if (current) status = current.stage === "final" ? t("hall.final") : t("hall.round", { number: current.round });
  return html`<header class="hall-top">
      <h1>${t("hall.title")} <span class="hall-id">${event.id}</span></h1>
      <p class="hall-pages" id="hall-pages"></p>
      <p class="hall-status" id="hall-status">${status}</p>
    </header>
    ${event.champion ? html`<p class="hall-champion" id="hall-champion">${t("hall.champion", { name: event.champion })}</p>` : null}
    ${current ? html`<div class="hall-body">
      <div class=${`hall-tables${recap ? " hall-recap" : ""}`} aria-describedby="hall-pages">
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

const overflows = (box) => box.scrollHeight > box.clientHeight + 1;

/** The round's tables fit the screen: their type shrinks (to MIN_FIT), then they show a page at a
 * time, the next page every PAGE_MS (the header says which page). */
function fitTables() {
  const box = /** @type {HTMLElement | null} */ (root.querySelector(".hall-tables"));
  const label = root.querySelector("#hall-pages");
  if (!box || !label) return;
  const cards = /** @type {HTMLElement[]} */ ([...box.children]);
  cards.forEach((card) => { card.hidden = false; });
  let fit = 1;
  box.style.setProperty("--fit", "1");
  while (overflows(box) && fit > MIN_FIT) {
    fit = Math.max(MIN_FIT, Math.round((fit - 0.05) * 100) / 100);
    box.style.setProperty("--fit", String(fit));
  }
  const bottom = box.getBoundingClientRect().bottom;
  const size = Math.max(1, cards.filter((card) => card.getBoundingClientRect().bottom <= bottom + 1).length);
  paging.pages = overflows(box) ? Math.ceil(cards.length / size) : 1;
  paging.page %= paging.pages;
  if (paging.pages > 1) {
    cards.forEach((card, i) => { card.hidden = Math.floor(i / size) !== paging.page; });
    label.textContent = t("hall.pages", { page: paging.page + 1, pages: paging.pages });
  } else label.textContent = "";
  const last = shown && lastRound(shown);
  if (!last) paging.recap = false;
  if (!(paging.pages > 1 || last)) {
    clearTimeout(paging.timer);
    paging.timer = 0;
  } else if (!paging.timer) { // a turn lasts PAGE_MS whatever messages come meanwhile
    paging.timer = setTimeout(turnPage, PAGE_MS);
  }
  if (root) root.dataset.paging = paging.timer ? "turning" : "still"; // what the screen will do next
}

/** The next page of tables; after the last, between rounds, the new draw and the last round's results alternate. */
function turnPage() {
  paging.timer = 0;
  paging.page += 1;
  if (paging.page >= paging.pages) {
    paging.page = 0;
    if (shown && lastRound(shown)) paging.recap = !paging.recap;
  }
  draw();
}

function draw() {
  if (!shown) return;
  try {
    render(html`<${Hall} event=${shown} />`, root);
    fitTables();
    fitStandings();
  } catch (err) {
    reportError(err);
  }
}

async function boot() {
  window.addEventListener("resize", draw);
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
