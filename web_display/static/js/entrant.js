// A phone's page for a championship (from the hall screen's QR code): register under a name while
// registration is open, then, once drawn, the table that name sits at and a link to its join page,
// where the phone takes the seat kept for the name. The name is kept on the phone.
import { html, render } from "/vendor/preact-htm.js";
import { connect, ctx, errorText, followLanguage, loadStrings, reportError, t, toast, translateStatic } from "./common.js";
import { MESSAGES } from "./protocol.js";

const root = document.getElementById("entrant-root");
const KEPT = `dudo:entrant:${ctx.room}`;
const SCREEN = "hall"; // the role that hears the event's public state
const app = { event: null, name: "", mine: readKept(), busy: false };

function readKept() {
  try { return localStorage.getItem(KEPT) || ""; } catch { return ""; }
}

async function register(ev) {
  ev.preventDefault();
  if (app.busy || !app.name.trim()) return;
  app.busy = true;
  draw();
  let reply = { ok: false, code: "offline" };
  try {
    const res = await fetch(`/api/events/${encodeURIComponent(ctx.room)}/players`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: app.name }),
    });
    reply = await res.json();
  } catch { /* offline: said below */ }
  app.busy = false;
  if (reply.ok) {
    app.mine = reply.player;
    try { localStorage.setItem(KEPT, app.mine); } catch { /* private mode: kept while the page is open */ }
  } else toast(errorText(reply.code, reply.message));
  draw();
}

function myTable(event) {
  const current = event.rounds[event.rounds.length - 1];
  if (!current) return null;
  return current.tables.find((table) => table.players.includes(app.mine)) || null;
}

function Entrant({ event }) {
  const registered = app.mine && event.players.includes(app.mine);
  const table = registered ? myTable(event) : null;
  let body;
  if (table) {
    body = html`<p class="entrant-big" id="my-table">${t("entrant.your_table", { number: table.table })}</p>
      ${table.room && !table.result ? html`<a class="btn btn-primary entrant-go" id="go-table" href=${`/join/${table.room}`}>
        ${t("entrant.go", { name: app.mine })}</a>` : null}`;
  } else if (registered) {
    body = html`<p class="entrant-big" id="registered">${t("entrant.registered", { name: app.mine })}</p>
      <p class="entrant-hint">${t("entrant.wait")}</p>`;
  } else if (event.status === "registering") {
    body = html`<form class="entrant-form" onSubmit=${(ev) => register(ev).catch(reportError)}>
      <label for="entrant-name">${t("entrant.name")}</label>
      <input id="entrant-name" type="text" maxlength="40" autocomplete="off" value=${app.name}
        onInput=${(ev) => { app.name = ev.target.value; }} />
      <button class="btn btn-primary" type="submit" id="entrant-send" disabled=${app.busy}>${t("entrant.register")}</button>
    </form>`;
  } else body = html`<p class="entrant-big">${t("entrant.closed")}</p>`;
  return html`<h1>${t("hall.title")} <span class="hall-id">${event.id}</span></h1>${body}
    ${event.champion ? html`<p class="entrant-hint">${t("hall.champion", { name: event.champion })}</p>` : null}`;
}

function draw() {
  if (!app.event) return;
  try {
    render(html`<${Entrant} event=${app.event} />`, root);
  } catch (err) {
    reportError(err);
  }
}

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  connect(() => ({ event: ctx.room, role: SCREEN }), {
    [MESSAGES.EVENT]: (event) => {
      app.event = event;
      draw();
      followLanguage(event.lang, draw);
    },
  });
}

boot().catch(reportError);
