// Shared by the TV, phone and host pages: the catalogue, the socket, the table's data, safety nets.
// Plain ES modules, no build step. The Socket.IO client is the classic script /vendor/socket.io.min.js
// loaded before the page's module (window.io); the views use Preact with htm (/vendor/preact-htm.js).

import { EVENTS, MESSAGES } from "./protocol.js";
import { elide, elisionsOf, listIn, numIn, pluralIn } from "./pure.js";
import { stateHolder } from "./statepatch.js";

export {
  clampQty, countedBy, fmtPct, phaseOf, pickFor, playWentOn, realOf, revealBeat, revealCups, revealHold, revealKey,
  rollOffAfter, secondsUntil, seatsOf, waitedFor,
} from "./pure.js";

const page = document.body ? document.body.dataset : {};
let strings = {};
let currentLang = null;
const OWN_LANG = "dudo:lang"; // a phone's own language (its screen only), kept on the phone
const LANGS = parseLangs(page.langs);

function parseLangs(text) {
  try { return JSON.parse(text || "{}"); } catch { return {}; }
}

function storedLang() {
  try {
    const asked = new URLSearchParams(location.search).get("lang"); // /join/CODE?lang=pt
    if (asked && LANGS[asked]) localStorage.setItem(OWN_LANG, asked);
    const own = localStorage.getItem(OWN_LANG);
    return own && LANGS[own] ? own : null;
  } catch { return null; }
}

const OWN = page.role === "phone" ? storedLang() : null;

export const ctx = {
  room: (page.room || "").toUpperCase(),
  langs: LANGS, // {code: name in its own language}: the catalogues on the hub
  ownLang: OWN,
  lang: OWN || page.lang, // the catalogue the page starts with (the hub always sends the room's)
  role: page.role || "tv",
  joinUrl: page.joinUrl || "",
  hostKey: page.hostKey || "",
};

// ---------- catalogue ----------

/** Load the page catalogue of `lang` from the hub; true when it changed. */
export async function loadStrings(lang) {
  if (lang === currentLang && Object.keys(strings).length) return false;
  try {
    const res = await fetch(`/api/strings/${encodeURIComponent(lang)}`, { cache: "no-cache" });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    strings = await res.json();
    currentLang = lang;
    document.documentElement.lang = lang;
    translateStatic();
    return true;
  } catch (err) {
    console.warn("catalogue not loaded", err);
    return false;
  }
}

/** The catalogue text for `key` with {placeholders} filled; `vars._fallback` (or the key's last part) if missing.
    A plural object ({"=0", "one", "other"...}) takes the form for `vars.n`: exact value, else CLDR category. */
export function t(key, vars = {}) {
  let text = strings[key];
  if (text === undefined || text === null) {
    if (vars._fallback !== undefined) return vars._fallback;
    text = key.split(".").pop().replace(/_/g, " ");
  }
  if (typeof text === "object") text = pluralForm(text, Number(vars.n) || 0);
  return elide(String(text), vars, elisionsOf(strings["typo.elisions"]))
    .replace(/\{(\w+)\}/g, (m, name) => (vars[name] !== undefined && vars[name] !== null ? vars[name] : m));
}

/** The form of a plural object for `n` (the hub chooses the same with Babel: catalogue/__init__.py). */
export function pluralForm(forms, n) {
  return pluralIn(forms, n, currentLang || ctx.lang);
}

export function has(key) {
  return strings[key] !== undefined;
}

/** The few sentences written into the page templates (data-i18n, data-i18n-aria) and the title. */
export function translateStatic(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.getAttribute("data-i18n")); });
  root.querySelectorAll("[data-i18n-aria]").forEach((node) => { node.setAttribute("aria-label", t(node.getAttribute("data-i18n-aria"))); });
  if (has(`title.${ctx.role}`)) document.title = t(`title.${ctx.role}`, { room: ctx.room });
}

/** A sentence for a reply code (the hub's own `message` as a fallback). */
export function errorText(code, message) {
  if (code && has(`err.${code}`)) return t(`err.${code}`);
  return message || t("err.unknown");
}

/** Follow the room's language (a phone's own language first, if it chose one): load its catalogue, then `rerender`. */
export async function followLanguage(roomLang, rerender) {
  const wanted = ctx.ownLang || roomLang;
  if (wanted && wanted !== currentLang && (await loadStrings(wanted))) rerender();
}

/** A phone picks its own language (null: the table's) for its screen; the TV and the voice keep the room's. */
export async function chooseOwnLang(lang, roomLang, rerender) {
  ctx.ownLang = lang && LANGS[lang] ? lang : null;
  try {
    if (ctx.ownLang) localStorage.setItem(OWN_LANG, ctx.ownLang);
    else localStorage.removeItem(OWN_LANG);
  } catch { /* private mode: the choice lasts as long as the page */ }
  await followLanguage(roomLang, rerender);
}

export function fmtNum(x) {
  return numIn(x, currentLang || ctx.lang);
}

// ---------- the table's data (docs/protocol.md) ----------

/** A list of names as the language lists them (CLDR, Intl.ListFormat): "Marco, Giulia e Luca". */
export function nameList(names) {
  return listIn(names, currentLang || ctx.lang);
}

// ---------- connection ----------

let banner;
function ensureBanner() {
  if (!banner) {
    banner = document.createElement("div");
    banner.className = "conn-banner";
    banner.setAttribute("role", "status");
    banner.hidden = true;
    document.body.prepend(banner);
  }
  return banner;
}

export function setBanner(text, kind = "warn") {
  const b = ensureBanner();
  b.hidden = !text;
  if (!text) return;
  b.textContent = text;
  b.className = `conn-banner conn-${kind}`;
}

/** Toasts: short messages at the bottom (refusals, confirmations). */
export function toast(text, kind = "error", ms = 3500) {
  let box = document.querySelector(".toasts");
  if (!box) {
    box = document.createElement("div");
    box.className = "toasts";
    box.setAttribute("role", "alert");
    document.body.append(box);
  }
  const node = document.createElement("div");
  node.className = `toast toast-${kind}`;
  node.textContent = text;
  box.append(node);
  setTimeout(() => node.remove(), ms);
}

/** Socket.IO's own events (not the hub's protocol, which protocol.js names). */
const IO = Object.freeze({ CONNECT: "connect", DISCONNECT: "disconnect", CONNECT_ERROR: "connect_error" });

/**
 * Connect to the hub. `auth()` builds the auth object for every (re)connect. Each server event
 * goes to its own handler, keyed by its name (`[MESSAGES.STATE]`, docs/protocol.md): state(payload) per connection (a `state_patch`
 * is applied here: the handler always gets the whole state); voice(status),
 * caption({text}), reveal_end({round}) for the whole room; lobby(offer) for hosts;
 * refused(code) -> true when handled; status(connected).
 */
export function connect(auth, handlers) {
  if (typeof window.io !== "function") {
    setBanner(t("conn.no_client"), "error");
    throw new Error("socket.io client missing");
  }
  window.__dudoBooted = true;
  const bootFail = document.getElementById("boot-fail");
  if (bootFail) bootFail.remove();
  const socket = window.io({ auth: (cb) => cb(auth()), transports: ["websocket", "polling"], reconnectionDelayMax: 3000 });
  setBanner(t("conn.connecting"));
  socket.on(IO.CONNECT, () => {
    setBanner(null);
    if (handlers.status) handlers.status(true); // the hub sends our state by itself on connect
  });
  const held = stateHolder();
  let resyncing = false;
  const onState = (event, data) => {
    const state = held.take(event, data || {});
    if (event === MESSAGES.STATE) resyncing = false;
    if (state === null) { // a gap: the whole state again, once
      if (!resyncing) { resyncing = true; socket.emit(EVENTS.SYNC, {}, () => {}); }
      return;
    }
    try { handlers[MESSAGES.STATE](state); } catch (err) { reportError(err); }
  };
  if (handlers[MESSAGES.STATE]) {
    for (const event of [MESSAGES.STATE, MESSAGES.STATE_PATCH]) socket.on(event, (data) => onState(event, data));
  }
  socket.on(IO.DISCONNECT, (reason) => {
    held.forget(); // the next connection starts with a whole state
    resyncing = false;
    setBanner(t("conn.reconnecting"));
    if (handlers.status) handlers.status(false);
    if (reason === "io server disconnect") setTimeout(() => socket.connect(), 1000);
  });
  socket.on(IO.CONNECT_ERROR, (err) => {
    const code = err && err.message;
    if (handlers.refused && handlers.refused(code)) return;
    setBanner(code && has(`err.${code}`) ? `${t("conn.refused")} ${t(`err.${code}`)}` : t("conn.reconnecting"), "error");
    if (!socket.active) setTimeout(() => socket.connect(), 2000);
  });
  for (const event of Object.keys(handlers)) { // every hub event the page handles (state, voice, evening...)
    if (event === "status" || event === "refused" || event === MESSAGES.STATE) continue; // see above
    socket.on(event, (data) => {
      try { handlers[event](data || {}); } catch (err) { reportError(err); }
    });
  }
  return socket;
}

/** emit with acknowledgement as a promise: {ok, code, message, ...}; never rejects. */
export async function request(socket, event, payload = {}, timeoutMs = 8000) {
  if (socket && !socket.connected) await waitConnected(socket, 4000);
  return new Promise((resolve) => {
    if (!socket || !socket.connected) { resolve({ ok: false, code: "offline" }); return; }
    socket.timeout(timeoutMs).emit(event, payload, (err, reply) => {
      if (err) resolve({ ok: false, code: "timeout" });
      else resolve(reply && typeof reply === "object" ? reply : { ok: !!reply });
    });
  });
}

function waitConnected(socket, ms) {
  if (socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok) => { clearTimeout(timer); socket.off(IO.CONNECT, onConnect); resolve(ok); };
    const onConnect = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    socket.on(IO.CONNECT, onConnect);
  });
}

// ---------- safety nets: a JS error never leaves a blank page ----------

export function reportError(err) {
  console.error("page error", err);
  setBanner(t("conn.page_error"), "error");
  setTimeout(() => setBanner(null), 4000);
}

window.addEventListener("unhandledrejection", (ev) => reportError(ev.reason));
