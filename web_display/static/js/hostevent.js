// The host page's championship card: "Run a championship" makes an event with this room's host key
// (POST /api/events, docs/EVENTS.md) and opens its director's page in a new tab; the link stays
// on the card (the director key is shown once: a blocked pop-up loses nothing).
import { html } from "/vendor/preact-htm.js";
import { ctx, errorText, t, toast } from "./common.js";

const made = { director: "", busy: false };

async function runEvent(lang, redraw) {
  if (made.busy) return;
  made.busy = true;
  redraw();
  let reply = { ok: false, code: "offline" };
  try {
    const res = await fetch("/api/events", {
      method: "POST", headers: { "Content-Type": "application/json", "X-Host-Key": ctx.hostKey },
      body: JSON.stringify({ lang }), // the event speaks the room's language
    });
    reply = await res.json();
  } catch { /* offline: said below */ }
  made.busy = false;
  if (reply.ok) {
    made.director = reply.director;
    window.open(made.director, "_blank", "noopener");
  } else toast(errorText(reply.code, reply.message));
  redraw();
}

/** The card: the button, then the director page's link once the event is made. */
export function EventCard({ lang, redraw }) {
  return html`<section class="host-card host-event" aria-labelledby="event-title">
    <h2 id="event-title">${t("host.event")}</h2>
    <p class="host-hint">${t("host.event_hint")}</p>
    <button type="button" class="btn" id="run-event" disabled=${made.busy}
      onClick=${() => runEvent(lang, redraw).catch(() => toast(errorText("offline")))}>${t("host.event_run")}</button>
    ${made.director ? html`<a class="btn btn-ghost" id="director-link" href=${made.director} target="_blank"
      rel="noopener">${t("host.event_open")}</a>` : ""}
  </section>`;
}
