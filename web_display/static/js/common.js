// Shared by the TV, phone and host pages: catalogue, socket, dice drawing, safety nets.
// Plain ES module, no build step. The Socket.IO client is the classic script
// /vendor/socket.io.min.js loaded before this module (window.io).

const page = document.body ? document.body.dataset : {};
let strings = {};
let currentLang = null;

export const ctx = {
  room: (page.room || "").toUpperCase(),
  lang: page.lang || "it",
  role: page.role || "tv",
  joinUrl: page.joinUrl || "",
  hostKey: page.hostKey || "",
};

// ---------- catalogue ----------

/** Load the page catalogue of `lang` from the hub (cached per language). */
export async function loadStrings(lang) {
  lang = lang === "en" ? "en" : "it";
  if (lang === currentLang && Object.keys(strings).length) return false;
  try {
    const res = await fetch(`/api/strings/${lang}`, { cache: "no-cache" });
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

export function lang() {
  return currentLang || ctx.lang;
}

/** The catalogue text for `key` with {placeholders} filled; a readable fallback if missing. */
export function t(key, vars = {}) {
  let text = strings[key];
  if (text === undefined || text === null) {
    const fallback = vars._fallback;
    if (fallback !== undefined) return fallback;
    text = key.split(".").pop().replace(/_/g, " ");
  }
  return String(text).replace(/\{(\w+)\}/g, (m, name) => (vars[name] !== undefined && vars[name] !== null ? vars[name] : m));
}

export function has(key) {
  return strings[key] !== undefined;
}

/** Fill every element carrying data-i18n (text) or data-i18n-placeholder / -aria / -title. */
export function translateStatic(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  root.querySelectorAll("[data-i18n-placeholder]").forEach((node) => { node.placeholder = t(node.dataset.i18nPlaceholder); });
  root.querySelectorAll("[data-i18n-aria]").forEach((node) => { node.setAttribute("aria-label", t(node.dataset.i18nAria)); });
  root.querySelectorAll("[data-i18n-title]").forEach((node) => { node.title = t(node.dataset.i18nTitle); });
  if (has(`title.${ctx.role}`)) document.title = t(`title.${ctx.role}`, { room: ctx.room });
}

/** A human message for a server/engine error code; `message` (English, from the server) as fallback. */
export function errorText(code, message) {
  if (code && has(`err.${code}`)) return t(`err.${code}`);
  if (message) return message;
  return t("err.unknown");
}

// ---------- DOM helpers ----------

/** el("div", {class: "x", onclick: fn}, child, "text") */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "html") node.innerHTML = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export function show(node, visible) {
  if (node) node.hidden = !visible;
}

export function clear(node) {
  while (node && node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// ---------- dice ----------

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[27, 27], [50, 50], [73, 73]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

const SVG_NS = "http://www.w3.org/2000/svg";

function star(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

/**
 * An SVG die. face 1..6 (1 = paco, drawn as a star on a red face when `paco` is true),
 * 0 = hidden (a cup-coloured die with a question mark).
 * opts: {paco: true, cls: "extra classes", label: "aria label"}
 */
export function die(face, opts = {}) {
  const paco = face === 1 && opts.paco !== false;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", `die ${paco ? "die-paco" : ""} ${face ? `die-${face}` : "die-hidden"} ${opts.cls || ""}`.trim());
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", opts.label || faceName(face));
  const rect = document.createElementNS(SVG_NS, "rect");
  Object.entries({ x: 4, y: 4, width: 92, height: 92, rx: 18, class: "die-body" }).forEach(([k, v]) => rect.setAttribute(k, v));
  svg.append(rect);
  if (!face) {
    const q = document.createElementNS(SVG_NS, "text");
    Object.entries({ x: 50, y: 68, "text-anchor": "middle", class: "die-q" }).forEach(([k, v]) => q.setAttribute(k, v));
    q.textContent = "?";
    svg.append(q);
    return svg;
  }
  if (paco) {
    const s = document.createElementNS(SVG_NS, "polygon");
    s.setAttribute("points", star(50, 53, 34, 14));
    s.setAttribute("class", "die-star");
    svg.append(s);
    return svg;
  }
  for (const [cx, cy] of PIPS[face] || []) {
    const c = document.createElementNS(SVG_NS, "circle");
    c.setAttribute("cx", cx); c.setAttribute("cy", cy); c.setAttribute("r", face === 1 ? 13 : 9.5);
    c.setAttribute("class", "die-pip");
    svg.append(c);
  }
  return svg;
}

export function faceName(face) {
  return t(`face.${face}`, { _fallback: String(face) });
}

/** "6 × [die]" as a node. */
export function bidNode(bid, opts = {}) {
  if (!bid) return el("span", { class: "bid bid-none" }, opts.none || "—");
  const [q, f] = Array.isArray(bid) ? bid : [bid.quantity, bid.face];
  return el("span", { class: `bid ${opts.cls || ""}`, "aria-label": `${q} × ${faceName(f)}` },
    el("span", { class: "bid-q" }, String(q)),
    el("span", { class: "bid-x", "aria-hidden": "true" }, "×"),
    die(f, { paco: opts.paco }));
}

// ---------- data helpers (tolerant of the server's exact field names) ----------

export function pick(obj, ...keys) {
  if (!obj) return undefined;
  for (const key of keys) {
    if (obj[key] !== undefined && obj[key] !== null) return obj[key];
  }
  return undefined;
}

/** The room's seats merged with the engine view's players: [{name, bot, level, connected, dice, out, ...}] */
export function seatsOf(room, view) {
  const byName = new Map();
  const roomSeats = pick(room, "seats", "players") || [];
  roomSeats.forEach((s, i) => {
    if (typeof s === "string") s = { player: s };
    const name = pick(s, "player", "name", "id");
    if (!name) return;
    byName.set(name, {
      name,
      seat: i,
      bot: !!pick(s, "bot", "is_bot") || s.kind === "bot" || !!s.takeover,
      takeover: !!s.takeover,
      left: !!s.left,
      level: pick(s, "level", "bot_level"),
      connected: pick(s, "connected", "online") !== false,
      dropped: !!pick(s, "dropped") || (s.kind === "human" && s.connected === false),
      dice: pick(s, "dice"),
      out: false,
    });
  });
  const players = (view && view.players) || [];
  if (!players.length) return [...byName.values()];
  return players.map((p) => ({
    ...(byName.get(p.name) || { bot: false, connected: true }),
    ...p,
    name: p.name,
    out: !!p.out,
  }));
}

export function roomPhase(room, view) {
  if (room && room.started === false) return "lobby";
  if (room && room.over === true) return "over";
  const p = pick(room, "phase", "status");
  if (p === "lobby") return "lobby";
  if (!view) return "lobby";
  return view.phase === "over" ? "over" : "playing";
}

export function fmtPct(x) {
  if (typeof x !== "number" || Number.isNaN(x)) return "";
  const v = x > 1 ? x : x * 100;
  return `${v < 1 && v > 0 ? "<1" : Math.round(v)}%`;
}

export function fmtNum(x) {
  if (typeof x !== "number") return String(x);
  return (Math.round(x * 10) / 10).toLocaleString(lang() === "it" ? "it-IT" : "en-GB");
}

// ---------- connection ----------

let banner;
function ensureBanner() {
  if (!banner) {
    banner = el("div", { class: "conn-banner", role: "status", "aria-live": "polite", hidden: true });
    document.body.prepend(banner);
  }
  return banner;
}

export function setBanner(text, kind = "warn") {
  const b = ensureBanner();
  if (!text) { b.hidden = true; return; }
  b.textContent = text;
  b.className = `conn-banner conn-${kind}`;
  b.hidden = false;
}

/** Toasts: short messages at the bottom (errors from acks and so on). */
export function toast(text, kind = "error", ms = 3500) {
  let box = $(".toasts");
  if (!box) { box = el("div", { class: "toasts", role: "alert", "aria-live": "assertive" }); document.body.append(box); }
  const node = el("div", { class: `toast toast-${kind}` }, text);
  box.append(node);
  setTimeout(() => node.remove(), ms);
}

/**
 * Connect to the hub. `auth()` builds the auth object for every (re)connect.
 * handlers: {state(payload), refused(message) -> bool (true: handled), status(connected)}
 */
export function connect(auth, handlers) {
  if (typeof window.io !== "function") {
    setBanner(t("conn.no_client"), "error");
    throw new Error("socket.io client missing");
  }
  window.__dudoBooted = true;
  const banner0 = document.getElementById("boot-fail");
  if (banner0) banner0.remove();
  const socket = window.io({ auth: (cb) => cb(auth()), transports: ["websocket", "polling"], reconnectionDelayMax: 3000 });
  setBanner(t("conn.connecting"));
  socket.on("connect", () => {
    setBanner(null);
    handlers.status && handlers.status(true); // the hub sends our state by itself on connect
  });
  socket.on("disconnect", (reason) => {
    setBanner(t("conn.reconnecting"));
    handlers.status && handlers.status(false);
    if (reason === "io server disconnect") setTimeout(() => socket.connect(), 1000);
  });
  socket.on("connect_error", (err) => {
    const code = err && err.message;
    if (handlers.refused && handlers.refused(code, err)) return;
    setBanner(code && has(`err.${code}`) ? `${t("conn.refused")} ${t(`err.${code}`)}` : t("conn.reconnecting"), "error");
    if (!socket.active) setTimeout(() => socket.connect(), 2000);
  });
  // The hub sends the game as `state` (per connection), and room-wide notices on their own:
  // `voice` (the voice status), `caption` (words being heard), `lobby` (hosts, once).
  let lastPayload = null;
  let voiceStatus = null;
  let lobbyCatalogue = null;
  const deliver = () => {
    if (!lastPayload) return;
    try {
      const room = { ...(lastPayload.room || {}), voice: voiceStatus };
      handlers.state({ ...lastPayload, room, lobby: lobbyCatalogue });
    } catch (err) {
      reportError(err);
    }
  };
  socket.on("state", (payload) => { lastPayload = payload || {}; deliver(); });
  socket.on("voice", (status) => { voiceStatus = status || null; deliver(); });
  socket.on("caption", (data) => {
    voiceStatus = { ...(voiceStatus || {}), caption: (data && data.text) || "" };
    deliver();
  });
  socket.on("lobby", (catalogue) => { lobbyCatalogue = catalogue || null; deliver(); });
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

/** Resolve true once `socket` is connected (false after `ms`). */
export function waitConnected(socket, ms) {
  if (socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok) => { clearTimeout(timer); socket.off("connect", onConnect); resolve(ok); };
    const onConnect = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    socket.on("connect", onConnect);
  });
}

// ---------- safety nets: a JS error never leaves a blank page ----------

export function reportError(err) {
  console.error("page error", err);
  setBanner(t("conn.page_error"), "error");
  setTimeout(() => setBanner(null), 4000);
}

window.addEventListener("unhandledrejection", (ev) => reportError(ev.reason));

/** Re-render after a language change: load the catalogue, then call `rerender`. */
export async function followLanguage(roomLang, rerender) {
  if (roomLang && roomLang !== lang()) {
    const changed = await loadStrings(roomLang);
    if (changed) rerender();
  }
}

/** Whether two sets of CSS class choices differ; used by renderers to avoid flicker. */
export function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The last reveal among `events`, rebuilt into the view's reveal shape (with its own events). */
export function revealFromEvents(events) {
  const evs = events || [];
  let at = -1;
  for (let i = evs.length - 1; i >= 0; i--) if (evs[i] && evs[i].kind === "reveal") { at = i; break; }
  if (at < 0) return null;
  let start = at;
  while (start > 0 && !["challenge", "calza"].includes(evs[start].kind)) start--;
  let end = at;
  while (end + 1 < evs.length && !["round_started", "reveal", "restarted"].includes(evs[end + 1].kind)) end++;
  const slice = evs.slice(start, end + 1);
  const rv = evs[at];
  const call = slice.find((e) => e.kind === "challenge" || e.kind === "calza");
  const over = slice.find((e) => e.kind === "round_over") || {};
  return {
    call: call ? (call.kind === "challenge" ? "dudo" : "calza") : "dudo",
    caller: call && call.player,
    bidder: call && call.bidder,
    bid: rv.bid, count: rv.count, wild: rv.wild, dice: rv.dice,
    loser: over.loser, gainer: over.gainer, events: slice,
  };
}

export function revealKey(r) {
  return r ? JSON.stringify([r.bid, r.count, r.dice]) : null;
}
