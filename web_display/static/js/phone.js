// The phone page: take a seat, keep the seat token, and play from your cup.
import {
  $, bidNode, clear, connect, ctx, die, el, errorText, fmtNum, fmtPct, followLanguage, loadStrings,
  pick, reportError, request, revealFromEvents, revealKey, roomPhase, seatsOf, setBanner, show, t, toast,
  translateStatic,
} from "./common.js";

const TOKEN_KEY = `dudo:${ctx.room}:token`;
const params = new URLSearchParams(location.search);
const REVEAL_MS = Number(params.get("hold")) || 5000;

let socket = null;
let last = null;
let busy = false; // a request is on its way (double-tap guard)
let sentVersion = null; // the version our last move was sent against
let picked = { face: null, qty: null, version: null };
let wasMyTurn = false;
let seenReveal = null;
let revealTimer = null;

function token() {
  try { return localStorage.getItem(TOKEN_KEY); } catch { return null; }
}
function setToken(value) {
  try {
    if (value) localStorage.setItem(TOKEN_KEY, value);
    else localStorage.removeItem(TOKEN_KEY);
  } catch { /* private mode: the seat lasts as long as the page */ }
}

function me() {
  return last && last.you && last.you.player ? last.you.player : null;
}

function wildOnes(view, room) {
  const rules = (view && view.rules) || (room && room.rules) || {};
  return rules.wild_ones !== false;
}

// ---------- render ----------

function render(payload) {
  last = payload;
  const room = payload.room || {};
  const view = payload.view || null;
  const legal = payload.legal || null;
  const phase = roomPhase(room, view);
  const seats = seatsOf(room, view);
  const name = me();

  $("#me").textContent = name || "";
  const playing = !!name && !!view && phase !== "lobby";
  show($("#join"), !name);
  show($("#lobby"), !!name && !playing);
  show($("#game"), playing);

  if (!name) {
    renderJoin(room, phase);
  } else if (!playing) {
    $("#lobby-hello").textContent = t("phone.seated_as", { name });
    renderChips($("#lobby-players"), seats, null, name, false);
  } else {
    renderGame(room, view, legal, seats, name, payload);
  }
  if (view) maybeReveal(view, payload.events || [], seats, name);
}

function renderJoin(room, phase) {
  const sit = $("#sit");
  if (!busy) sit.disabled = false;
  if (phase === "playing" && !$("#join-error").textContent) $("#join-error").textContent = t("err.already_started");
  if (phase !== "playing" && $("#join-error").textContent === t("err.already_started")) $("#join-error").textContent = "";
}

function renderChips(list, seats, view, name, showDice) {
  clear(list);
  const turn = view && (view.phase === "direction" ? view.opener : view.turn);
  seats.forEach((s) => {
    const cls = ["ph-chip"];
    if (s.name === turn) cls.push("turn");
    if (showDice && s.out) cls.push("out");
    if (s.name === name) cls.push("me");
    list.append(el("li", { class: cls.join(" ") },
      s.name === name ? el("span", { class: "badge badge-you" }, t("phone.you")) : null,
      el("span", {}, s.name),
      s.bot ? el("span", { class: "badge badge-bot" }, t("tv.bot")) : null,
      !s.bot && !s.connected ? el("span", { class: "badge badge-off" }, t("tv.offline")) : null,
      showDice ? el("span", { class: "n" }, s.out ? t("phone.out_short") : String(s.dice)) : null,
      showDice && !s.out ? die(0, { label: t("phone.dice_count", { n: s.dice }) }) : null));
  });
}

function renderGame(room, view, legal, seats, name, payload) {
  const wild = wildOnes(view, room);
  const myTurn = !!view && view.phase !== "over" && (view.turn === name || (view.phase === "direction" && view.opener === name));
  const mySeat = seats.find((s) => s.name === name) || {};
  const over = view.phase === "over";
  document.body.classList.toggle("my-turn", myTurn);
  // Chromium blocks (and logs) vibrate() before the first tap: ask only once the page was used.
  if (myTurn && !wasMyTurn && navigator.vibrate && navigator.userActivation?.hasBeenActive !== false) {
    try { navigator.vibrate([180, 90, 180]); } catch { /* not allowed here */ }
  }
  wasMyTurn = myTurn;

  // turn bar
  const turnBar = $("#turn");
  if (over) turnBar.textContent = t("phone.game_over");
  else if (myTurn) turnBar.textContent = t("phone.your_turn");
  else if (view.phase === "direction" && view.opener) turnBar.textContent = t("tv.choosing_direction", { name: view.opener });
  else if (view.turn) turnBar.textContent = t("phone.wait_turn", { name: view.turn });
  else turnBar.textContent = t("phone.wait_generic");

  // palifico
  const pal = $("#palifico");
  show(pal, !!view.palifico && !over);
  if (view.palifico) pal.textContent = view.wild === false ? t("phone.palifico") : t("phone.palifico_locked");

  // my dice
  const diceBox = clear($("#my-dice"));
  const dice = view.my_dice || [];
  const key = JSON.stringify([view.round, dice]);
  const fresh = diceBox.dataset.key !== key;
  diceBox.dataset.key = key;
  if (dice.length) dice.forEach((d, i) => {
    const node = die(d, { paco: wild, cls: fresh ? "roll" : "" });
    node.style.animationDelay = `${i * 70}ms`;
    diceBox.append(node);
  });
  else if (!mySeat.out && !over) for (let i = 0; i < (mySeat.dice || 0); i++) diceBox.append(die(0));

  // standing bid
  const standing = view.standing;
  const sb = clear($("#standing-bid"));
  if (standing) {
    sb.append(bidNode(standing.bid, { paco: wild }));
    $("#standing-by").textContent = t("phone.by", { name: standing.player });
  } else {
    sb.append(el("span", { class: "bid-none" }, view.opener === name && !over ? t("phone.no_bid") : t("phone.no_bid_other")));
    $("#standing-by").textContent = "";
  }
  show($("#standing"), !over);
  show($("#my-dice"), !over);
  renderOdds(payload, view, legal, standing);
  renderVoice(room, view, name);

  renderChips($("#players"), seats, view, name, true);

  // controls
  const out = !!mySeat.out;
  show($("#out-note"), out && !over);
  show($("#final"), over);
  if (over) {
    $("#final-title").textContent = view.winner === name ? t("phone.you_win") : t("phone.winner", { name: view.winner || "?" });
    $("#final-sub").textContent = t("phone.wait_restart");
  }
  const canAct = !!legal && !over && !out && (Object.keys(legal.bids || {}).length > 0 || legal.dudo || legal.calza || legal.direction);
  show($("#controls"), !over && !out && view.phase !== "over");
  renderControls(view, legal || {}, wild, canAct);
}

function renderOdds(payload, view, legal, standing) {
  const box = $("#odds");
  const odds = pick(payload, "odds") ?? pick(legal || {}, "odds") ?? pick(view, "odds");
  if (!standing || !odds || typeof odds !== "object") { show(box, false); return; }
  const parts = [];
  const atLeast = pick(odds, "at_least", "true", "p");
  const exactly = pick(odds, "exactly", "exact");
  const expected = pick(odds, "expected");
  clear(box);
  if (typeof atLeast === "number") box.append(el("span", {}, t("phone.odds", { p: "" }), el("strong", {}, fmtPct(atLeast))));
  if (typeof exactly === "number") parts.push(t("phone.odds_exact", { p: fmtPct(exactly) }));
  if (typeof expected === "number") parts.push(t("phone.odds_expected", { n: fmtNum(expected) }));
  if (parts.length) box.append(el("span", {}, `${box.childNodes.length ? " · " : ""}${parts.join(" · ")}`));
  show(box, box.childNodes.length > 0);
}

function renderVoice(room, view, name) {
  const v = room.voice;
  if (!v || typeof v !== "object") { show($("#voice"), false); return; }
  const heard = pick(v, "heard", "last_heard");
  const who = pick(v, "player", "credited") ?? (heard && typeof heard === "object" ? pick(heard, "player") : null);
  const pending = pick(v, "pending");
  const callWaiting = who === name && pending === "confirm";
  const mine = who === name && !!heard && pending === "cancel" && view.standing && view.standing.player === name;
  show($("#voice"), !!(mine || callWaiting));
  show($("#voice-confirm"), callWaiting);
  if (callWaiting) {
    clear($("#voice-text")).append(t("phone.voice_call_pending", { call: typeof heard === "string" ? heard : "" }));
  } else if (mine) {
    const box = clear($("#voice-text"));
    const bid = Array.isArray(heard) ? heard : (typeof heard === "object" ? pick(heard, "bid") : null);
    if (bid) box.append(t("phone.voice_heard", { bid: "" }), bidNode(bid, { paco: wildOnes(view, room) }));
    else box.append(t("phone.voice_heard", { bid: typeof heard === "string" ? heard : "" }));
  }
}

function defaultPick(legal, view) {
  const faces = Object.keys(legal.bids || {}).map(Number);
  if (!faces.length) return { face: null, qty: null };
  const standingFace = view.standing ? view.standing.bid[1] : null;
  let face = faces.includes(standingFace) ? standingFace : null;
  if (face === null) {
    // the face with the lowest minimum quantity (ties: the higher face, a natural raise)
    face = faces.reduce((best, f) => {
      const lo = legal.bids[String(f)][0];
      const blo = legal.bids[String(best)][0];
      return lo < blo || (lo === blo && f > best && f !== 1) ? f : best;
    }, faces[0]);
  }
  return { face, qty: legal.bids[String(face)][0] };
}

function renderControls(view, legal, wild, canAct) {
  const waiting = busy || (sentVersion !== null && sentVersion === view.version);
  const bids = legal.bids || {};
  const faces = Object.keys(bids).map(Number);

  // direction
  show($("#direction"), !!legal.direction);
  document.querySelectorAll("#direction button").forEach((b) => { b.disabled = waiting; });

  // picker
  show($("#picker"), faces.length > 0);
  if (faces.length) {
    if (picked.version !== view.version || !bids[String(picked.face)]) {
      const keep = picked.face !== null && bids[String(picked.face)] && picked.version !== null;
      const d = defaultPick(legal, view);
      picked = keep
        ? { face: picked.face, qty: clamp(picked.qty, bids[String(picked.face)]), version: view.version }
        : { ...d, version: view.version };
    }
    const faceBox = $("#faces");
    if (faceBox.childElementCount !== 6 || faceBox.dataset.wild !== String(wild)) {
      clear(faceBox);
      faceBox.dataset.wild = String(wild);
      for (const f of [1, 2, 3, 4, 5, 6]) {
        faceBox.append(el("button", {
          class: "ph-face", type: "button", role: "radio", dataset: { face: String(f) },
          "aria-label": t(`face.${f}`), onclick: () => chooseFace(f),
        }, die(f, { paco: wild })));
      }
    }
    faceBox.querySelectorAll(".ph-face").forEach((b) => {
      const f = Number(b.dataset.face);
      b.disabled = waiting || !bids[String(f)];
      b.setAttribute("aria-checked", String(f === picked.face));
    });
    const span = bids[String(picked.face)] || [picked.qty, picked.qty];
    $("#qty").textContent = String(picked.qty);
    $("#qty-down").disabled = waiting || picked.qty <= span[0];
    $("#qty-up").disabled = waiting || picked.qty >= span[1];
    const bidBtn = clear($("#bid-btn"));
    bidBtn.append(t("phone.bid", { q: picked.qty }), " ", die(picked.face, { paco: wild }));
    bidBtn.setAttribute("aria-label", `${t("phone.bid", { q: picked.qty })} ${t(`face.${picked.face}`)}`);
    bidBtn.disabled = waiting;
    bidBtn.dataset.quantity = String(picked.qty);
    bidBtn.dataset.face = String(picked.face);
  }

  // calls
  const rules = view.rules || {};
  const calzaPlayed = rules.calza !== "off" && rules.calza !== undefined ? true : !!legal.calza;
  show($("#calza-btn"), calzaPlayed);
  $("#calls").classList.toggle("single", !calzaPlayed);
  const dudoBtn = $("#dudo-btn");
  const calzaBtn = $("#calza-btn");
  dudoBtn.disabled = waiting || !legal.dudo;
  calzaBtn.disabled = waiting || !legal.calza;
  show($("#calls"), view.phase === "bidding" && (canAct || !!view.standing));
}

function clamp(q, span) {
  return Math.max(span[0], Math.min(span[1], q || span[0]));
}

function chooseFace(face) {
  const legal = last && last.legal;
  if (!legal || !legal.bids[String(face)]) return;
  picked.face = face;
  picked.qty = legal.bids[String(face)][0]; // the lowest legal quantity for this face
  rerender();
}

function step(delta) {
  const legal = last && last.legal;
  if (!legal || !legal.bids[String(picked.face)]) return;
  picked.qty = clamp(picked.qty + delta, legal.bids[String(picked.face)]);
  rerender();
}

// ---------- actions ----------

async function sendMove(body) {
  if (busy || !last || !last.view) return;
  busy = true;
  sentVersion = last.view.version;
  rerender();
  const reply = await request(socket, "move", { version: last.view.version, ...body });
  busy = false;
  if (!reply.ok) {
    sentVersion = null;
    toast(errorText(reply.code, reply.message));
    if (reply.code === "stale_version" && socket) socket.emit("sync", {}, () => {});
  }
  rerender();
}

async function takeSeat(ev) {
  ev.preventDefault();
  if (busy) return;
  const name = $("#name").value.trim();
  const errBox = $("#join-error");
  if (!name || name.length > 16) { errBox.textContent = t("err.bad_name"); return; }
  busy = true;
  $("#sit").disabled = true;
  $("#sit").textContent = t("phone.sitting");
  const reply = await request(socket, "seat:take", { name });
  busy = false;
  $("#sit").disabled = false;
  $("#sit").textContent = t("phone.sit");
  if (!reply.ok) { errBox.textContent = errorText(reply.code, reply.message); return; }
  errBox.textContent = "";
  if (reply.token) setToken(reply.token);
  const player = reply.player || name;
  if (last) { last = { ...last, you: { ...(last.you || {}), player } }; rerender(); }
  // The server now knows this connection's seat; reconnecting later sends the token in auth.
  socket.emit("sync", {}, () => {});
}

async function leaveSeat() {
  if (!confirm(t("phone.leave_confirm"))) return;
  const reply = await request(socket, "seat:leave", {});
  if (!reply.ok) { toast(errorText(reply.code, reply.message)); return; }
  setToken(null);
  if (last) last = { ...last, you: null };
  socket.disconnect();
  socket.connect();
  rerender();
}

// ---------- reveal ----------

function maybeReveal(view, events, seats, name) {
  const fromEvents = revealFromEvents(events);
  const r = view.reveal ? { ...view.reveal, events: fromEvents ? fromEvents.events : [] } : fromEvents;
  const key = revealKey(r);
  const first = !last.__live;
  if (first && !view.reveal) { seenReveal = key; return; } // replayed events after a (re)connect
  if (!r || key === seenReveal) return;
  seenReveal = key;
  const wild = wildOnes(view);
  const [q, face] = r.bid;
  $("#reveal-head").textContent = r.caller
    ? t(r.call === "calza" ? "reveal.calza" : "reveal.dudo", { caller: r.caller, bidder: r.bidder || "?" }) : t("reveal.title");
  const count = r.count;
  const countText = count === 0 ? t("reveal.count_0") : count === 1 ? t("reveal.count_1") : t("reveal.count_n", { n: count });
  clear($("#reveal-bid")).append(el("span", {}, `${q} ×`), die(face, { paco: wild }), el("span", {}, `— ${countText}`));
  const rows = clear($("#reveal-dice"));
  const order = seats.length ? seats.map((s) => s.name) : Object.keys(r.dice || {});
  for (const who of order) {
    const cup = (r.dice || {})[who];
    if (!cup || !cup.length) continue;
    rows.append(el("div", { class: "ph-reveal-row" }, el("span", {}, who),
      cup.map((d) => die(d, { paco: wild, cls: d === face || (r.wild && face !== 1 && d === 1) ? "match" : "nomatch" }))));
  }
  const outcome = $("#reveal-outcome");
  if (r.gainer) { outcome.className = "ph-reveal-outcome gain"; outcome.textContent = r.gainer === name ? t("phone.reveal_you_gain") : t("reveal.gains", { name: r.gainer }); }
  else if (r.loser) { outcome.className = "ph-reveal-outcome lose"; outcome.textContent = r.loser === name ? t("phone.reveal_you_lose") : t("reveal.loses", { name: r.loser }); }
  else { outcome.className = "ph-reveal-outcome"; outcome.textContent = r.call === "calza" && count === q ? t("reveal.exact") : ""; }
  show($("#reveal"), true);
  clearTimeout(revealTimer);
  revealTimer = setTimeout(() => show($("#reveal"), false), REVEAL_MS);
}

// ---------- boot ----------

function rerender() {
  if (!last) return;
  try { render(last); } catch (err) { reportError(err); }
}

function wire() {
  $("#join-form").addEventListener("submit", (ev) => { takeSeat(ev).catch(reportError); });
  $("#leave").addEventListener("click", () => { leaveSeat().catch(reportError); });
  $("#qty-down").addEventListener("click", () => step(-1));
  $("#qty-up").addEventListener("click", () => step(1));
  $("#bid-btn").addEventListener("click", () => {
    if (picked.face && picked.qty) sendMove({ action: "bid", quantity: picked.qty, face: picked.face }).catch(reportError);
  });
  $("#dudo-btn").addEventListener("click", () => sendMove({ action: "dudo" }).catch(reportError));
  $("#calza-btn").addEventListener("click", () => sendMove({ action: "calza" }).catch(reportError));
  document.querySelectorAll("#direction button").forEach((b) => b.addEventListener("click", () => {
    sendMove({ action: "direction", clockwise: b.dataset.clockwise === "1" }).catch(reportError);
  }));
  $("#reveal").addEventListener("click", () => show($("#reveal"), false));
  $("#voice-confirm").addEventListener("click", async () => {
    const reply = await request(socket, "voice:confirm", {});
    if (!reply.ok) toast(errorText(reply.code, reply.message));
  });
  $("#voice-cancel").addEventListener("click", async () => {
    const reply = await request(socket, "voice:cancel", { version: last && last.view ? last.view.version : null });
    if (!reply.ok) toast(errorText(reply.code, reply.message));
  });
}

async function boot() {
  await loadStrings(ctx.lang);
  translateStatic();
  wire();
  show($("#join"), !token()); // a returning phone waits for its seat instead of seeing the form
  let received = 0;
  socket = connect(() => {
    const auth = { room: ctx.room, role: "phone" };
    const tok = token();
    if (tok) auth.token = tok;
    return auth;
  }, {
    state: (payload) => {
      if (received++ > 0) payload.__live = true;
      render(payload);
      followLanguage(payload.room && payload.room.lang, rerender);
    },
    refused: (code) => {
      if (code === "bad_token" || code === "not_seated") {
        setToken(null);
        setBanner(t("phone.seat_lost"), "warn");
        setTimeout(() => { setBanner(null); socket.connect(); }, 1500);
        return true;
      }
      return false;
    },
  });
  $("#sit").disabled = false; // the form works once this script runs and the socket exists
}

boot().catch(reportError);
