// The pieces the TV and the phones both draw: a die, a bid, a seat, the reveal and its story, the
// voice banner, the palifico note, the roll for the first player. Preact components (htm, no build).
// They read the protocol's facts only (view.table, view.wild...), never a rule option by name.
import { html, useEffect, useState } from "/vendor/preact-htm.js";
import { chooseOwnLang, ctx, fmtNum, fmtPct, playWentOn, revealBeat, revealCups, revealKey, secondsUntil, t } from "./common.js";

// ---------- die and bid ----------

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[27, 27], [50, 50], [73, 73]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

function star(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** A phone's own language: the table's (the room's, which the TV and the voice keep) or any catalogue's. */
export function LangPick({ roomLang, onPick }) {
  const pick = (ev) => chooseOwnLang(ev.target.value || null, roomLang, onPick);
  return html`<label class="lang-pick"><span>${t("phone.language")}</span>
    <select id="lang-pick" onChange=${pick}>
      <option value="" selected=${!ctx.ownLang}>${t("phone.lang_table")}</option>
      ${Object.entries(ctx.langs).map(([code, name]) => html`<option value=${code} lang=${code}
        selected=${ctx.ownLang === code}>${name}</option>`)}
    </select></label>`;
}

export function faceName(face) {
  return t(`face.${face}`, { _fallback: String(face) });
}

/**
 * An SVG die: face 1..6, 0 = a hidden die (the cup's colour, a question mark). Ones are drawn as a
 * gold star on red while they are wild (`paco`). `label` null: decorative (the caller names it).
 */
export function Die({ face, paco = true, cls = "", label, delay }) {
  const star1 = face === 1 && paco;
  const classes = `die ${star1 ? "die-paco" : ""} ${face ? `die-${face}` : "die-hidden"} ${cls}`;
  const named = label === null ? { "aria-hidden": "true" } : { role: "img", "aria-label": label || faceName(face) };
  let inside;
  if (!face) inside = html`<text x="50" y="68" text-anchor="middle" class="die-q">?</text>`;
  else if (star1) inside = html`<polygon points=${star(50, 53, 34, 14)} class="die-star" />`;
  else inside = PIPS[face].map(([cx, cy]) => html`<circle cx=${cx} cy=${cy} r=${face === 1 ? 13 : 9.5} class="die-pip" />`);
  return html`<svg viewBox="0 0 100 100" class=${classes} style=${delay ? `animation-delay:${delay}ms` : ""} ...${named}>
    <rect x="4" y="4" width="92" height="92" rx="18" class="die-body" />${inside}</svg>`;
}

/** "6 × [die]", read as "6 × fives". */
export function Bid({ bid, paco = true, cls = "" }) {
  const [q, f] = bid;
  return html`<span class="bid ${cls}" role="img" aria-label=${`${q} × ${faceName(f)}`}>
    <span class="bid-q" aria-hidden="true">${q}</span><span class="bid-x" aria-hidden="true">×</span>
    <${Die} face=${f} paco=${paco} label=${null} /></span>`;
}

/** The revolver's six chambers, the loaded ones gold, with "n/6". */
export function Cylinder({ bullets }) {
  const chambers = [0, 1, 2, 3, 4, 5].map((i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 3;
    return html`<circle cx=${(50 + 28 * Math.cos(a)).toFixed(1)} cy=${(50 + 28 * Math.sin(a)).toFixed(1)} r="12"
      class=${i < bullets ? "cyl-bullet" : "cyl-empty"} />`;
  });
  return html`<span class="bullets" role="img" aria-label=${t("seat.bullets_label", { n: bullets })}>
    <svg viewBox="0 0 100 100" class="cylinder" aria-hidden="true"><circle cx="50" cy="50" r="48" class="cyl-body" />${chambers}</svg>
    <span aria-hidden="true">${t("seat.bullets", { n: bullets })}</span></span>`;
}

// ---------- time ----------

/** Seconds left until `until` (Unix seconds), ticking once a second while above zero. */
export function useSecondsLeft(until) {
  const [, tick] = useState(0);
  const left = secondsUntil(until);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => tick((n) => n + 1), 1000 - (Date.now() % 1000) + 5);
    return () => clearTimeout(timer);
  });
  return left;
}

/** The marks (a colour and a shape each, so told apart without colour): `room.seats[].mark` 0..9. */
const MARK_SHAPES = [
  '<circle cx="50" cy="50" r="38"/>',
  '<polygon points="50,8 93,88 7,88"/>',
  '<rect x="14" y="14" width="72" height="72" rx="6"/>',
  '<polygon points="50,4 96,50 50,96 4,50"/>',
  '<polygon points="50,5 61,38 96,38 68,59 79,93 50,72 21,93 32,59 4,38 39,38"/>',
  '<path d="M38 8h24v30h30v24H62v30H38V62H8V38h30z"/>',
  '<polygon points="27,10 73,10 96,50 73,90 27,90 4,50"/>',
  '<path fill-rule="evenodd" d="M50 6a44 44 0 1 0 0.01 0zM50 28a22 22 0 1 1-0.01 0z"/>',
  '<polygon points="6,14 94,14 50,92"/>',
  '<path d="M22 6l28 28L78 6l16 16-28 28 28 28-16 16-28-28-28 28L6 78l28-28L6 22z"/>',
];

/** The marks a table has: 0..MARKS-1 (the hub's `protocol.types.MARKS`). */
export const MARKS = MARK_SHAPES.length;

/** A seat's mark, drawn (no emoji font needed), named for screen readers. */
export function Mark({ mark, cls = "" }) {
  if (mark === null || mark === undefined || !MARK_SHAPES[mark]) return "";
  return html`<svg viewBox="0 0 100 100" class=${`mark mark-${mark} ${cls}`} role="img" aria-label=${t(`mark.${mark}`)}
    dangerouslySetInnerHTML=${{ __html: MARK_SHAPES[mark] }}></svg>`;
}

/**
 * The turn clock (`room.clock`, set by the host): the seconds left for the player on turn, then a
 * nudge by name at zero. On the TV (no `me`) for everyone; on a phone only for its own turn.
 * No move is ever played for anyone.
 */
export function TurnClock({ clock, me }) {
  const left = useSecondsLeft(clock ? clock.until : null);
  if (!clock || (me !== undefined && clock.player !== me)) return "";
  if (left > 0) {
    return html`<p class="turn-clock ${left <= 10 ? "low" : ""}" id="turn-clock">
      <span class="sr-only">${t("clock.left_label")}</span>${t("ask.seconds", { s: left })}</p>`;
  }
  return html`<p class="turn-clock nudge" id="turn-nudge" role="status">${me === undefined
    ? t("clock.nudge", { name: clock.player }) : t("clock.nudge_you")}</p>`;
}

// ---------- seats ----------

/** Name length classes, so a long name wraps or shrinks instead of being cut. */
export function nameSize(name) {
  const n = [...name].length;
  return n > 14 ? "name-long" : n > 9 ? "name-mid" : "";
}

function AwayBadge({ seat }) {
  const left = useSecondsLeft(seat.graceUntil);
  return html`<span class="badge badge-off">${t("seat.away")}${left > 0 ? html` · <span class="grace">${t("seat.grace", { s: left })}</span>` : ""}</span>`;
}

function SeatBadges({ seat, playing, me, entering }) {
  return html`${me ? html`<span class="badge badge-you">${t("phone.you")}</span>` : ""}
    ${entering ? html`<span class="badge badge-dice">${t("seat.entering")}</span>` : ""}
    ${seat.bot ? html`<span class="badge badge-bot">${t("seat.bot")}</span>` : ""}
    ${playing && seat.out ? html`<span class="badge badge-out">${t("seat.out")}</span>` : ""}
    ${seat.away && !(playing && seat.out) ? html`<${AwayBadge} seat=${seat} />` : ""}`;
}

/**
 * A seat, as a card around the TV's table or a chip on the phone.
 * props: seat (from seatsOf), table (view.table, or null in the lobby), playing, turn (the table
 * waits for this seat), me (the phone's own), lastBid, paco, entering (real cups: the table waits for
 * this seat's dice).
 */
export function Seat({ seat, table, playing, turn, me, lastBid, paco, chip, entering }) {
  const max = table ? table.dice_each : 0;
  const count = typeof seat.dice === "number" ? seat.dice : max;
  const classes = ["seat", chip ? "seat-chip" : "seat-card", nameSize(seat.name)];
  if (turn) classes.push("turn");
  if (me) classes.push("me");
  if (playing && seat.out) classes.push("out");
  if (seat.away) classes.push("away");
  if (entering) classes.push("entering");
  const diceLabel = t("seat.dice", { n: count });
  let dice = "";
  if (playing && !seat.out && chip) {
    dice = html`<span class="seat-n" role="img" aria-label=${diceLabel}><span aria-hidden="true">${count}</span><${Die} face=${0} label=${null} /></span>`;
  } else if (playing && !chip) {
    const row = [];
    for (let k = 0; k < max; k++) row.push(html`<${Die} face=${0} label=${null} cls=${k < count ? "" : "lost"} />`);
    dice = html`<div class="seat-dice" role="img" aria-label=${diceLabel}>${row}</div>`;
  }
  return html`<div class=${classes.join(" ")} data-player=${seat.name}>
    <span class="seat-name"><${Mark} mark=${seat.mark} />${seat.name}</span>
    <span class="seat-badges"><${SeatBadges} seat=${seat} playing=${playing} me=${me && chip} entering=${entering} /></span>
    ${dice}
    ${playing && table && table.bullets ? html`<${Cylinder} bullets=${seat.bullets} />` : ""}
    ${lastBid ? html`<div class="seat-last"><${Bid} bid=${lastBid} paco=${paco} /></div>` : ""}
  </div>`;
}

// ---------- the standing bid's numbers ----------

/** The odds the hub sent this screen (view.odds, already as the table's settings allow). */
export function OddsLine({ odds, cls = "" }) {
  if (!odds) return "";
  const parts = [];
  if (typeof odds.at_least === "number") parts.push(html`<span>${t("odds.true")} <strong>${fmtPct(odds.at_least)}</strong></span>`);
  if (typeof odds.exactly === "number") parts.push(html`<span>${t("odds.exactly", { p: fmtPct(odds.exactly) })}</span>`);
  if (typeof odds.expected === "number") parts.push(html`<span>${t("odds.expected", { n: fmtNum(odds.expected) })}</span>`);
  return parts.length ? html`<p class="odds ${cls}">${parts}</p>` : "";
}

// ---------- palifico and the first player ----------

/** The palifico round's rules, the same lines on every screen. */
export function PalificoNote({ view }) {
  const table = view.table;
  const lines = [];
  if (view.opener) lines.push(t("palifico.one_die", { name: view.opener }));
  if (table.ones_wild) lines.push(t(view.wild ? "palifico.ones_wild" : "palifico.ones_not_wild"));
  lines.push(t(table.palifico_face_locked ? "palifico.face_locked" : "palifico.face_free"));
  return html`<div class="palifico-note" role="note">
    <strong class="palifico-title">${t("palifico.title")}</strong>
    ${lines.map((line) => html`<span class="palifico-line">${line}</span>`)}
  </div>`;
}

/** Who opens the game and the dice rolled to decide it; `compact` (a phone): one line, who opens,
    and the rolls folded under it. */
export function RollOff({ rollOff, compact = false }) {
  if (!rollOff) return "";
  const lines = rollOff.rolls.map((roll, i) => html`<span class="roll-off-line">
      ${i > 0 ? html`<span class="roll-off-again">${t("rolloff.again")}</span>` : ""}
      ${roll.map((r) => html`<span class="roll-off-roll">${r.player} <${Die} face=${r.die} paco=${false} /></span>`)}
    </span>`);
  const winner = html`<strong class="roll-off-winner">${t("rolloff.opens", { name: rollOff.player })}</strong>`;
  if (compact) {
    return html`<details class="roll-off compact"><summary>${winner}</summary>
      <span class="roll-off-title">${t("rolloff.title")}</span>${lines}</details>`;
  }
  return html`<div class="roll-off">
    <span class="roll-off-title">${t("rolloff.title")}</span>
    ${lines}
    ${winner}
  </div>`;
}

// ---------- the reveal ----------

/** The reveal's story as sentences: [{text, tone, who}] from the engine's lines (`reveal.story`:
    a catalogue key, a tone, the player and a number), the same story on every screen. */
export function storyOf(reveal) {
  return (reveal.story || []).map((line) => ({
    text: t(line.key, { name: line.player, n: line.n }), tone: line.tone, who: line.player,
  }));
}

/** The call and the count: "Ann dice DUBITO a Bob!" and "7 × [5]: ce ne sono 6". */
export function RevealHead({ reveal, paco, countedBy }) {
  const [q, face] = reveal.bid;
  const count = t("reveal.count", { n: reveal.count });
  const call = reveal.caller ? t(reveal.call === "calza" ? "reveal.calza" : "reveal.dudo", { caller: reveal.caller, bidder: reveal.bidder }) : t("reveal.title");
  return html`<p class="reveal-call ${reveal.call}">${call}</p>
    <p class="reveal-headline"><${Bid} bid=${[q, face]} paco=${paco} /><span class="reveal-count">${count}</span></p>
    ${countedBy ? html`<p class="reveal-counted">${t(countedBy.host ? "reveal.counted_by_host" : "reveal.counted_by", { name: countedBy.name })}</p>` : ""}`;
}

/**
 * The reveal: the call, the count, every cup (its counted dice lit) and the story, all from the
 * engine's picture of it (`view.reveal`, or a replayed round's `shown`). With `holdMs` (the time
 * it stays up) it plays as a beat (`revealBeat`): the cups land one by one, each with its count,
 * and the verdict (the count, the loser, the story) lands last.
 * props: reveal, order (names in seat order), paco, me (the phone's player), holdMs, countedBy.
 */
export function Reveal({ reveal, order, paco, me, holdMs = 0, countedBy: by = null }) {
  const names = revealCups(reveal, order);
  const beat = revealBeat(names.map((name) => reveal.dice[name].length), holdMs);
  const beating = beat.verdict > 0;
  const cups = names.map((name, i) => {
    const cup = reveal.dice[name];
    const lit = reveal.counted[name] || [];
    const n = reveal.matched[name] || 0;
    const cls = `reveal-cup ${nameSize(name)} ${reveal.loser === name ? "loser" : ""} ${reveal.gainer === name ? "gainer" : ""} ${me === name ? "me" : ""}`;
    return html`<li class=${cls} data-player=${name} style=${beating ? `--at:${beat.cups[i]}ms;--n-at:${beat.counts[i]}ms` : ""}>
      <span class="reveal-cup-head"><span class="reveal-cup-name">${name}</span>${reveal.loser === name
        ? html` <span class="cup-tag lose">${t("reveal.tag_loser")}</span>` : ""}${reveal.gainer === name
        ? html` <span class="cup-tag gain">${t("reveal.tag_gainer")}</span>` : ""}</span>
      <span class="reveal-cup-dice">${cup.map((d, j) => html`<${Die} face=${d} paco=${paco}
        cls=${`${beating ? "roll" : ""} ${lit[j] ? "match" : "nomatch"}`} delay=${beating ? beat.dice[i][j] : 0} />`)}</span>
      <span class="reveal-cup-n"><span aria-hidden="true">${n}</span><span class="sr-only">${t("reveal.cup_count", { n })}</span></span>
    </li>`;
  });
  return html`<div class="reveal-box ${beating ? "beat" : ""}" style=${beating ? `--verdict:${beat.verdict}ms` : ""}>
    <${RevealHead} reveal=${reveal} paco=${paco} countedBy=${by} />
    ${cups.length ? html`<ul class="reveal-cups">${cups}</ul>` : ""}
    <ul class="reveal-story">${storyOf(reveal).map((line) => html`<li class="story-${line.tone} ${line.who && line.who === me ? "me" : ""}">${line.text}</li>`)}</ul>
  </div>`;
}

// ---------- voice ----------

/** A microphone, drawn (no emoji font needed on the hub's laptop). */
export function MicIcon({ cls = "" }) {
  return html`<svg viewBox="0 0 24 24" class="mic-icon ${cls}" aria-hidden="true" focusable="false">
    <rect x="8" y="2" width="8" height="13" rx="4" fill="currentColor" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8 21h8" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" /></svg>`;
}

/** A loudspeaker, drawn: with its waves, or crossed out (`off`). */
export function SpeakerIcon({ off = false, cls = "" }) {
  const mark = off ? "M16 9l5 6M21 9l-5 6" : "M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13";
  return html`<svg viewBox="0 0 24 24" class="speaker-icon ${cls}" aria-hidden="true" focusable="false">
    <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
    <path d=${mark} fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" /></svg>`;
}

/**
 * The voice status (the `voice` notice) and the words being heard (`caption`).
 * With `me` (a phone): only what was heard for this seat; `children` are its buttons.
 * `fresh` (TV): a call heard but not played (`rejected`) is still news (nothing happened since).
 */
export function VoiceBanner({ status, caption, me, children, fresh = true }) {
  if (!status) return "";
  const heard = status.heard || "";
  const who = status.player;
  if (me !== undefined) {
    if (status.rejected && who === me && fresh && status.message) {
      return html`<div class="voice-banner voice-mine voice-rejected" role="status"><span>${status.message}</span></div>`;
    }
    if (!heard || who !== me || !status.pending || status.pending === "count") return "";
    const text = status.pending === "confirm" ? t("voice.call_pending", { call: heard }) : t("voice.heard_for_you", { bid: heard });
    return html`<div class="voice-banner voice-mine" role="status"><span>${text}</span>${children}</div>`;
  }
  const on = !!status.listening;
  const why = status.reason ? t(`voice.reason.${status.reason}`, { _fallback: status.reason }) : "";
  const win = status.window;
  const hints = on ? status.hints || [] : [];
  return html`<div class="voice-banner">
    <h2>${t("voice.title")}</h2>
    <p class="voice-state ${on ? "on" : ""}">${on ? t(status.mode === "after_button" ? "voice.on_after_button" : "voice.on")
      : why ? t("voice.off_because", { why }) : t("voice.off")}</p>
    ${on && win ? html`<p class="voice-window"><${MicIcon} /> ${t("voice.window", { name: win.player })}</p>` : ""}
    <p class="voice-caption">${caption || ""}</p>
    ${heard ? html`<p class="voice-heard"><strong>${t("voice.heard")}:</strong> ${heard}${who ? ` ${t("voice.credited", { name: who })}` : ""}</p>` : ""}
    ${status.rejected && fresh && status.message ? html`<p class="voice-rejected" role="status">${status.message}</p>` : ""}
    ${status.refused ? html`<p class="voice-refused">${t(`err.${status.refused}`, { _fallback: status.refused })}</p>` : ""}
    ${hints.length ? html`<ul class="voice-hints">${hints.map((h) => html`<li>${h}</li>`)}</ul>` : ""}
  </div>`;
}

// ---------- the reveal's time on screen ----------

/**
 * When a reveal is on screen, the same on the TV and the phones: it opens with a new reveal in the
 * view (`view.reveal`) of a live message (not the one after connecting), and closes after the hub's
 * `reveal_pause`, when the host ends it (`reveal_end`), or as soon as play goes on.
 */
export class RevealWatch {
  constructor(onChange) {
    this.onChange = onChange;
    this.seen = undefined; // the key of the last reveal seen (undefined before the first message)
    this.open = null;
    this.openedIn = null;
    this.timer = null;
  }

  /** A `state` payload arrived. */
  state(payload, holdMs) {
    const view = payload.room.started ? payload.view : null;
    const r = (view && view.reveal) || null;
    const key = r ? revealKey(r) : null;
    const first = this.seen === undefined;
    const fresh = !first && r && key !== this.seen;
    this.seen = key;
    if (!fresh || holdMs <= 0) {
      if (this.open && (!r || playWentOn(view, this.open, this.openedIn))) this.close();
      return;
    }
    this.open = r;
    this.openedIn = view.phase;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.close(), holdMs);
    this.onChange();
  }

  /** The host ended the reveal of `round`. */
  ended(round) {
    if (this.open && (round === null || round === undefined || round === this.open.round)) this.close();
  }

  close() {
    clearTimeout(this.timer);
    if (!this.open) return;
    this.open = null;
    this.onChange();
  }
}
