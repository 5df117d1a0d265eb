// The director's page of a championship: register the players, choose the format, the rules preset,
// the dice and the table sizes, start, pause and go on, draw the next round, deal a table's game,
// correct a result with its reason; links to each table's TV and host page and to the hall screen.
// Everything it shows comes from the hub's `event` message; every step is a `director:*` event.
import { html, render } from "/vendor/preact-htm.js";
import { connect, ctx, errorText, followLanguage, loadStrings, reportError, request, t, toast, translateStatic } from "./common.js";
import { EVENTS, MESSAGES } from "./protocol.js";

const root = document.getElementById("director-root");
const NUMBERS = ["table_min", "table_max", "final_size", "advance", "rounds"];
const FOR_FORMAT = { advance: "knockout", rounds: "rounds" }; // a number only one format reads
const app = { event: null, busy: false, name: "", fixing: null }; // fixing: {round, table, order, reason}
const directorKey = document.body.dataset.directorKey || "";
let socket = null;

async function act(event, payload = {}) {
  if (app.busy) return null;
  app.busy = true;
  draw();
  const reply = await request(socket, event, payload);
  app.busy = false;
  if (!reply.ok) toast(errorText(reply.code, reply.message));
  draw();
  return reply;
}

async function register(ev) {
  ev.preventDefault();
  const name = app.name.trim();
  if (!name) return;
  const reply = await act(EVENTS.DIRECTOR_REGISTER, { name });
  if (reply && reply.ok) { app.name = ""; draw(); }
}

function Registration({ event }) {
  const open = event.status === "registering";
  return html`<section class="host-card" id="players">
    <h2>${t("director.players")} (${event.players.length})</h2>
    ${open ? html`<form class="director-add" onSubmit=${(ev) => register(ev).catch(reportError)}>
      <input id="player-name" type="text" maxlength="40" autocomplete="off" value=${app.name}
        aria-label=${t("director.name")} placeholder=${t("director.name")} onInput=${(ev) => { app.name = ev.target.value; }} />
      <button class="btn btn-primary" type="submit" id="add-player" disabled=${app.busy}>${t("director.add")}</button>
    </form>` : null}
    <ol class="director-players">
      ${event.players.map((p) => html`<li class=${event.withdrawn.includes(p) ? "gone" : ""}>
        <span class="name">${p}</span>
        ${event.status !== "finished" && !event.withdrawn.includes(p) ? html`<button class="btn btn-ghost btn-small"
          type="button" onClick=${() => act(EVENTS.DIRECTOR_WITHDRAW, { name: p })}>${t("director.withdraw")}</button>` : null}
      </li>`)}
    </ol>
  </section>`;
}

function Select({ name, values, value, label, open, prefix }) {
  return html`<label class="director-field"><span>${label}</span>
    <select id=${`set-${name}`} disabled=${!open || app.busy} value=${value}
      onChange=${(ev) => act(EVENTS.DIRECTOR_SETTINGS, { [name]: ev.target.value })}>
      ${values.map((v) => html`<option value=${v} selected=${v === value}>${t(`${prefix}.${v}`, { _fallback: v })}</option>`)}
    </select></label>`;
}

function Settings({ event }) {
  const s = event.settings;
  const open = event.status === "registering";
  const choices = event.choices || { formats: [s.format], presets: [s.preset], dice_modes: [s.dice_mode] };
  return html`<section class="host-card" id="settings">
    <h2>${t("director.settings")}</h2>
    <${Select} name="format" values=${choices.formats} value=${s.format} label=${t("director.format")} open=${open} prefix="director.format" />
    <${Select} name="preset" values=${choices.presets} value=${s.preset} label=${t("director.preset")} open=${open} prefix="preset" />
    <${Select} name="dice_mode" values=${choices.dice_modes} value=${s.dice_mode} label=${t("director.dice")} open=${open} prefix="host.dice" />
    <div class="director-numbers">
      ${NUMBERS.filter((name) => !FOR_FORMAT[name] || FOR_FORMAT[name] === s.format).map((name) => html`<label class="director-field"><span>${t(`director.set_${name}`)}</span>
        <input type="number" id=${`set-${name}`} min="1" max="10" value=${s[name]} disabled=${!open || app.busy}
          onChange=${(ev) => act(EVENTS.DIRECTOR_SETTINGS, { [name]: Number(ev.target.value) })} /></label>`)}
    </div>
    <label class="director-check"><input type="checkbox" id="set-bots" checked=${event.bots} disabled=${app.busy}
      onChange=${(ev) => act(EVENTS.DIRECTOR_SETTINGS, { bots: ev.target.checked })} /> ${t("director.bots")}</label>
    <label class="director-field"><span>${t("director.lang")}</span>
      <select id="set-lang" disabled=${app.busy} onChange=${(ev) => act(EVENTS.DIRECTOR_SETTINGS, { lang: ev.target.value })}>
        ${Object.entries(ctx.langs).map(([code, name]) => html`<option value=${code} selected=${code === event.lang}>${name}</option>`)}
      </select></label>
  </section>`;
}

function Buttons({ event }) {
  const current = event.rounds[event.rounds.length - 1];
  const button = (id, label, step, primary) => html`<button class=${`btn ${primary ? "btn-primary" : "btn-ghost"}`}
    type="button" id=${id} disabled=${app.busy} onClick=${() => act(step)}>${label}</button>`;
  return html`<div class="director-buttons">
    ${event.status === "registering" ? button("start", t("director.start"), EVENTS.DIRECTOR_START, true) : null}
    ${event.status === "running" ? button("pause", t("director.pause"), EVENTS.DIRECTOR_PAUSE) : null}
    ${event.status === "paused" ? button("resume", t("director.resume"), EVENTS.DIRECTOR_RESUME, true) : null}
    ${event.status === "running" && current && current.complete ? button("next-round", t("director.next_round"),
      EVENTS.DIRECTOR_NEXT_ROUND, true) : null}
    <a class="btn btn-ghost" id="hall-link" href=${`/hall/${event.id}`} target="_blank" rel="noopener">${t("director.hall")}</a>
  </div>`;
}

function Fix({ fixing }) {
  const send = async (ev) => {
    ev.preventDefault();
    const order = fixing.order.split(",").map((p) => p.trim()).filter(Boolean);
    const reply = await act(EVENTS.DIRECTOR_CORRECT, { round: fixing.round, table: fixing.table, order, reason: fixing.reason });
    if (reply && reply.ok) { app.fixing = null; toast(t("director.corrected"), "ok", 2500); draw(); }
  };
  return html`<form class="director-fix" onSubmit=${(ev) => send(ev).catch(reportError)}>
    <label class="director-field"><span>${t("director.order")}</span>
      <input type="text" id="fix-order" value=${fixing.order} onInput=${(ev) => { fixing.order = ev.target.value; }} /></label>
    <label class="director-field"><span>${t("director.reason")}</span>
      <input type="text" id="fix-reason" maxlength="200" value=${fixing.reason} onInput=${(ev) => { fixing.reason = ev.target.value; }} /></label>
    <div class="director-buttons">
      <button class="btn btn-primary" type="submit" id="fix-send" disabled=${app.busy}>${t("director.correct")}</button>
      <button class="btn btn-ghost" type="button" onClick=${() => { app.fixing = null; draw(); }}>${t("director.cancel")}</button>
    </div>
  </form>`;
}

function TableRow({ event, round, table }) {
  const host = table.room && event.hosts ? event.hosts[table.room] : null;
  const progress = table.progress;
  const fixing = app.fixing && app.fixing.round === round.round && app.fixing.table === table.table ? app.fixing : null;
  let line = t("hall.table_waiting");
  if (table.result) line = table.result.join(" › ");
  else if (progress && progress.started) line = t("hall.table_playing", { round: progress.round, left: progress.left.length });
  return html`<li class="director-table" data-round=${round.round} data-table=${table.table}>
    <div class="director-table-head"><strong>${t("hall.table", { number: table.table })}</strong>
      ${table.room ? html`<a href=${`/tv/${table.room}`} target="_blank" rel="noopener">${t("director.tv")} ${table.room}</a>` : null}
      ${host ? html`<a href=${`/host/${table.room}?key=${encodeURIComponent(host)}`} target="_blank" rel="noopener">${t("director.host")}</a>` : null}
    </div>
    <p class="director-line">${table.players.join(", ")}</p>
    <p class="director-line result">${line}</p>
    <div class="director-buttons">
      ${progress && !progress.started && !table.result ? html`<button class="btn btn-ghost btn-small" type="button"
        onClick=${() => act(EVENTS.DIRECTOR_TABLE_START, { round: round.round, table: table.table })}>${t("director.deal")}</button>` : null}
      ${table.result && !fixing ? html`<button class="btn btn-ghost btn-small" type="button" data-fix=${`${round.round}:${table.table}`}
        onClick=${() => { app.fixing = { round: round.round, table: table.table, order: table.result.join(", "), reason: "" }; draw(); }}>
        ${t("director.correct")}</button>` : null}
    </div>
    ${fixing ? html`<${Fix} fixing=${fixing} />` : null}
  </li>`;
}

function Rounds({ event }) {
  return html`<section class="host-card" id="rounds">
    <h2>${t("director.rounds")}</h2>
    ${event.champion ? html`<p class="director-champion" id="champion">${t("hall.champion", { name: event.champion })}</p>` : null}
    ${[...event.rounds].reverse().map((round) => html`<div class="director-round">
      <h3>${round.stage === "final" ? t("hall.final") : t("hall.round", { number: round.round })}</h3>
      <ul class="director-tables">${round.tables.map((table) => html`<${TableRow} event=${event} round=${round} table=${table} />`)}</ul>
    </div>`)}
    ${event.corrections.length ? html`<h3>${t("director.corrections")}</h3><ul class="director-corrections">
      ${event.corrections.map((c) => html`<li>${t("hall.table", { number: c.table })} (${t("hall.round", { number: c.round })}): ${c.reason}</li>`)}
    </ul>` : null}
  </section>`;
}

function Director({ event }) {
  return html`<header class="host-top">
      <h1>${t("director.title")} · <span class="host-room">${event.id}</span></h1>
      <p class="host-status" id="status" role="status">${t(`director.status_${event.status}`)}</p>
    </header>
    <main class="host-grid director-grid">
      <div class="host-column"><${Buttons} event=${event} />
        ${event.rounds.length ? html`<${Rounds} event=${event} />` : null}<${Registration} event=${event} /></div>
      <div class="host-column"><${Settings} event=${event} /></div>
    </main>`;
}

function draw() {
  if (!app.event) return;
  try {
    render(html`<${Director} event=${app.event} />`, root);
  } catch (err) {
    reportError(err);
  }
}

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  socket = connect(() => ({ event: ctx.room, role: ctx.role, key: directorKey }), {
    [MESSAGES.EVENT]: (event) => {
      app.event = event;
      draw();
      followLanguage(event.lang, draw);
    },
  });
}

boot().catch(reportError);
