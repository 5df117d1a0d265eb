// The pages' pure functions: no DOM, no socket, no catalogue. Tested in node (`node --test tests/js`);
// common.js re-exports them, so the pages import them from there as before.
import { KINDS } from "./protocol.js";

/** The form of a plural object ({"=0", "one", "other"...}) for `n` in `lang`: the exact value, else
    the CLDR category (the hub chooses the same with Babel: catalogue/__init__.py). */
export function pluralIn(forms, n, lang) {
  const exact = forms[`=${n}`];
  if (exact !== undefined) return exact;
  const cat = new Intl.PluralRules(lang).select(n);
  return forms[cat] !== undefined ? forms[cat] : forms.other;
}

/** The elisions of a catalogue ({word: elided}) from its `typo.elisions` ("de>d’ que>qu’", or "none"). */
export function elisionsOf(spec) {
  return Object.fromEntries(String(spec || "").split(/\s+/).filter((p) => p.includes(">")).map((p) => p.split(">", 2)));
}

/** `template` with each elidable word before a {field} elided when the field's value starts with a
    vowel or a mute h: "Victoire de {name}" -> "Victoire d’{name}" for Étienne (the hub does the same:
    catalogue/__init__.py `_elide`). */
export function elide(template, vars, rules) {
  if (!rules || !Object.keys(rules).length) return template;
  return template.replace(/(?<![\p{L}\p{N}_’'])([\p{L}]+) \{(\w+)\}/gu, (m, word, name) => {
    const elided = rules[word.toLowerCase()];
    const value = vars[name] === undefined || vars[name] === null ? "" : String(vars[name]);
    if (elided === undefined || !/^[aeiouyhàâäæéèêëîïôöœùûü]/i.test(value)) return m;
    return `${word[0] === word[0].toUpperCase() ? elided[0].toUpperCase() + elided.slice(1) : elided}{${name}}`;
  });
}

/** A chance as a percentage: "37%", "<1%" and ">99%" at the edges, "" for anything not a number. */
export function fmtPct(x) {
  if (typeof x !== "number" || Number.isNaN(x)) return "";
  const v = x * 100;
  return `${v < 1 && v > 0 ? "<1" : v > 99 && v < 100 ? ">99" : Math.round(v)}%`;
}

/** A number to one decimal, as `lang` writes it ("3,5" in Italian). */
export function numIn(x, lang) {
  return (Math.round(x * 10) / 10).toLocaleString(lang);
}

/** A list of names as `lang` lists them (CLDR, Intl.ListFormat): "Marco, Giulia e Luca". */
export function listIn(names, lang) {
  if (typeof Intl.ListFormat !== "function") return names.join(", "); // browsers before 2021
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(names);
}

/** How long a reveal stays on screen (ms): the hub's `room.reveal_pause` (one setting, which the
    bots wait too; 0: no pause, so no reveal card). */
export function revealHold(room) {
  return Math.max(0, Number(room.reveal_pause) || 0) * 1000;
}

/** The reveal's beat, in ms from its opening: the dice pop in cup by cup (`dice[i][j]`), each cup
    lands as its first die does (`cups[i]`) and shows its count after its last (`counts[i]`), and the
    verdict (the count, the loser, the story) lands after the last cup (`verdict`); all of it by half
    of `holdMs`, so the verdict stays up at least as long as the cups took. `sizes`: the dice in each
    cup. A pause too short to play it in gives zeros: everything at once. */
export function revealBeat(sizes, holdMs) {
  const DIE_MS = 350; // the pop of one die (hub.css `pop`)
  const total = sizes.reduce((a, n) => a + n, 0);
  const budget = holdMs / 2 - DIE_MS - 100;
  const step = total && budget > 0 ? Math.min(120, budget / total) : 0;
  if (!step) {
    return { dice: sizes.map((n) => new Array(n).fill(0)), cups: sizes.map(() => 0), counts: sizes.map(() => 0), verdict: 0 };
  }
  let k = 0;
  const dice = sizes.map((n) => Array.from({ length: n }, () => Math.round(step * k++)));
  const cups = dice.map((d, i) => (d.length ? d[0] : Math.round(step * sizes.slice(0, i).reduce((a, n) => a + n, 0))));
  const counts = dice.map((d, i) => (d.length ? d[d.length - 1] : cups[i]) + DIE_MS);
  return { dice, cups, counts, verdict: Math.round(step * (total - 1)) + DIE_MS + 100 };
}

/** The cups a reveal shows, in the order it shows them: the names of `order` (seat order) whose cup
    holds dice, then any other cup in the reveal (a player who left). */
export function revealCups(reveal, order) {
  const names = order.filter((name) => (reveal.dice[name] || []).length);
  Object.keys(reveal.dice).forEach((name) => { if (!names.includes(name) && reveal.dice[name].length) names.push(name); });
  return names;
}

/** Seconds left until a Unix time (seconds) at `now` (ms, default: the clock), never below 0. */
export function secondsUntil(when, now = Date.now()) {
  return typeof when === "number" ? Math.max(0, Math.ceil(when - now / 1000)) : 0;
}

// ---------- the table's data (docs/protocol.md) ----------

/** Seats as the screens show them: `room.seats` (who sits, how connected) joined with the view's players (dice). */
export function seatsOf(room, view) {
  const players = new Map(((view && view.players) || []).map((p) => [p.name, p]));
  return ((room && room.seats) || []).map((s, i) => {
    const p = players.get(s.player);
    const away = s.kind === "human" && !s.connected && !s.takeover;
    return {
      name: s.player, seat: i, kind: s.kind, level: s.level, takeover: s.takeover, left: s.left,
      bot: s.kind === "bot" || s.takeover, away, graceUntil: s.grace_until, mark: s.mark ?? null,
      dice: p ? p.dice : null, bullets: p ? p.bullets : 0, out: p ? p.out : false,
    };
  });
}

/** "lobby", "playing" or "over". */
export function phaseOf(room, view) {
  if (!room || !room.started || !view) return "lobby";
  return room.over || view.phase === "over" ? "over" : "playing";
}

/** The players the table waits for (`view.waiting.seats`, the engine's answer; none in the lobby). */
export function waitedFor(view) {
  return (view && view.waiting && view.waiting.seats) || [];
}

/** Real cups (`room.real`): {mode, waiting, proposal, counted}; `mode` "hub" when the hub rolls. */
export function realOf(room) {
  return (room && room.real) || { mode: "hub", waiting: [], proposal: null, counted: null };
}

// ---------- the reveal (drawn from `view.reveal`, the engine's picture of it) ----------

/** Which reveal this is (a Preact key, and how a screen knows a new one came). */
export function revealKey(reveal) {
  return JSON.stringify([reveal.round, reveal.call, reveal.caller, reveal.bid, reveal.count]);
}

/** Play went on after `reveal`: a bid in a later round, or the direction chosen (`openedIn`: the
    phase the table was in when the reveal opened); no view (back in the lobby) ends it too. */
export function playWentOn(view, reveal, openedIn) {
  if (!view) return true;
  return (view.round > reveal.round && view.bids.length > 0) || (openedIn === "direction" && view.phase !== "direction");
}

/** Who confirmed the count of a reveal of real dice counted by the table (`room.real.counted`): {name,
    host} (`host`: the host confirmed it in their name), or null. */
export function countedBy(reveal, real) {
  const c = real && real.counted;
  return reveal && c && c.round === reveal.round ? { name: c.by, host: !!c.host } : null;
}

/** The roll-off to show after a state's `events`: a new one, none after a restart, else `shown`. */
export function rollOffAfter(shown, events) {
  const list = events || [];
  const first = list.find((e) => e.kind === KINDS.FIRST_PLAYER);
  if (first && first.rolls && first.rolls.length) return { player: first.player, rolls: first.rolls };
  return list.some((e) => e.kind === KINDS.RESTARTED) ? null : shown;
}

// ---------- a bid picker's pick (the phone's own, the host's standing in) ----------

/** `q` within the legal `span` [lowest, highest] (the lowest when `q` is missing). */
export function clampQty(q, span) {
  return Math.max(span[0], Math.min(span[1], q || span[0]));
}

/** The bid a picker shows for the decision `key`: the hub's suggestion (`legal.suggest`) when the
 * decision is new or the picked face is no longer legal, else `pick` as its player changed it. */
export function pickFor(pick, key, legal) {
  const bids = legal.bids;
  if (!pick || pick.key !== key || !bids[pick.face]) {
    const [qty, face] = legal.suggest;
    return { face, qty, key };
  }
  return { ...pick, qty: clampQty(pick.qty, bids[pick.face]) };
}

// ---------- the evening's replay ----------

/** The round a replay shows at `now` (ms): the host's `step`, moved on by auto-play (a round each
    `autoMs`) since the `replay` notice arrived at `at`, never past the last round; 0 with no replay. */
export function stepAt(replay, at, now, autoMs) {
  if (!replay) return 0;
  const last = replay.rounds.length - 1;
  const moved = replay.playing ? Math.floor((now - at) / autoMs) : 0;
  return Math.min(last, replay.step + moved);
}
