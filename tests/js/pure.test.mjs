// The pages' pure functions (web_display/static/js/pure.js), in node: `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  clampQty, countedBy, elide, elisionsOf, fmtPct, listIn, numIn, phaseOf, pickFor, playWentOn, pluralIn, realOf, revealBeat, revealCups, revealHold, revealKey,
  rollOffAfter, secondsUntil, seatsOf, stepAt, waitedFor,
} from "../../web_display/static/js/pure.js";

const legal = { bids: { 2: [3, 12], 5: [2, 12] }, suggest: [3, 2] };

test("pickFor starts each new decision from the hub's suggestion", () => {
  assert.deepEqual(pickFor(null, "r1", legal), { face: 2, qty: 3, key: "r1" });
  assert.deepEqual(pickFor({ face: 5, qty: 9, key: "r0" }, "r1", legal), { face: 2, qty: 3, key: "r1" });
});

test("pickFor keeps the player's pick within the same decision, clamped to what is legal", () => {
  assert.deepEqual(pickFor({ face: 5, qty: 9, key: "r1" }, "r1", legal), { face: 5, qty: 9, key: "r1" });
  assert.deepEqual(pickFor({ face: 5, qty: 40, key: "r1" }, "r1", legal), { face: 5, qty: 12, key: "r1" });
  assert.deepEqual(pickFor({ face: 5, qty: 1, key: "r1" }, "r1", legal), { face: 5, qty: 2, key: "r1" });
  // a face no longer legal: back to the suggestion
  assert.deepEqual(pickFor({ face: 6, qty: 4, key: "r1" }, "r1", legal), { face: 2, qty: 3, key: "r1" });
});

test("clampQty keeps a quantity within its span, the lowest when missing", () => {
  assert.equal(clampQty(7, [3, 5]), 5);
  assert.equal(clampQty(1, [3, 5]), 3);
  assert.equal(clampQty(undefined, [3, 5]), 3);
  assert.equal(clampQty(4, [3, 5]), 4);
});

test("pluralIn picks the exact form, else the language's CLDR category", () => {
  const forms = { "=0": "no dice", one: "{n} die", other: "{n} dice" };
  assert.equal(pluralIn(forms, 0, "en"), "no dice");
  assert.equal(pluralIn(forms, 1, "en"), "{n} die");
  assert.equal(pluralIn(forms, 5, "en"), "{n} dice");
  assert.equal(pluralIn({ one: "a", many: "b", other: "c" }, 1000000, "fr"), "b"); // French "many"
  assert.equal(pluralIn({ one: "a", other: "c" }, 0, "fr"), "a"); // 0 is "one" in French
});

test("fmtPct rounds, and never shows 0% or 100% for what is merely unlikely or likely", () => {
  assert.equal(fmtPct(0.374), "37%");
  assert.equal(fmtPct(0.001), "<1%");
  assert.equal(fmtPct(0.9991), ">99%");
  assert.equal(fmtPct(0), "0%");
  assert.equal(fmtPct(1), "100%");
  assert.equal(fmtPct(Number.NaN), "");
  assert.equal(fmtPct(null), "");
});

test("numIn and listIn write as the language does", () => {
  assert.equal(numIn(3.46, "it"), "3,5");
  assert.equal(numIn(3.46, "en"), "3.5");
  assert.equal(listIn(["Marco", "Giulia", "Luca"], "it"), "Marco, Giulia e Luca");
  assert.equal(listIn(["Ann", "Bob"], "en"), "Ann and Bob");
});

test("secondsUntil counts whole seconds down to 0", () => {
  assert.equal(secondsUntil(100, 95_000), 5);
  assert.equal(secondsUntil(100, 99_500), 1);
  assert.equal(secondsUntil(100, 120_000), 0);
  assert.equal(secondsUntil(null, 0), 0);
});

test("revealHold is the hub's reveal pause, the one setting (0: no reveal card)", () => {
  assert.equal(revealHold({ reveal_pause: 5 }), 5000);
  assert.equal(revealHold({ reveal_pause: 0 }), 0);
  assert.equal(revealHold({}), 0);
});

test("seatsOf joins the room's seats with the view's players", () => {
  const room = { seats: [
    { player: "Ann", kind: "human", connected: false, takeover: false, left: false, level: null, grace_until: 12 },
    { player: "Bot 1", kind: "bot", connected: true, takeover: false, left: false, level: "hard", grace_until: null },
  ] };
  const view = { players: [{ name: "Ann", dice: 4, bullets: 1, out: false }, { name: "Bot 1", dice: 0, bullets: 0, out: true }] };
  const [ann, bot] = seatsOf(room, view);
  assert.equal(ann.away, true);
  assert.equal(ann.dice, 4);
  assert.equal(ann.graceUntil, 12);
  assert.equal(bot.bot, true);
  assert.equal(bot.out, true);
  assert.equal(seatsOf(room, null)[0].dice, null);
  assert.deepEqual(seatsOf(null, null), []);
});

test("phaseOf and realOf", () => {
  assert.equal(phaseOf({ started: false }, null), "lobby");
  assert.equal(phaseOf({ started: true, over: false }, { phase: "bidding" }), "playing");
  assert.equal(phaseOf({ started: true, over: false }, { phase: "over" }), "over");
  assert.deepEqual(realOf(null), { mode: "hub", waiting: [], proposal: null, counted: null });
  assert.equal(realOf({ real: { mode: "referee", waiting: ["Ann"], proposal: null } }).mode, "referee");
});

test("rollOffAfter: a new roll-off replaces the one shown, a restart clears it", () => {
  const shown = { player: "Ann", rolls: [[["Ann", 6]]] };
  const fresh = { kind: "first_player", player: "Bob", rolls: [[["Bob", 5], ["Ann", 2]]] };
  assert.deepEqual(rollOffAfter(shown, [fresh]), { player: "Bob", rolls: fresh.rolls });
  assert.equal(rollOffAfter(shown, [{ kind: "restarted" }]), null);
  assert.equal(rollOffAfter(shown, [{ kind: "bid" }]), shown);
  assert.equal(rollOffAfter(shown, [{ kind: "first_player", player: "Bob", rolls: [] }]), shown);
});

test("stepAt moves an auto-played replay on, never past its last round", () => {
  const replay = { rounds: [{}, {}, {}], step: 0, playing: true };
  assert.equal(stepAt(replay, 0, 5_999, 6000), 0);
  assert.equal(stepAt(replay, 0, 6_000, 6000), 1);
  assert.equal(stepAt(replay, 0, 60_000, 6000), 2);
  assert.equal(stepAt({ ...replay, playing: false, step: 1 }, 0, 60_000, 6000), 1);
  assert.equal(stepAt(null, 0, 0, 6000), 0);
});

test("waitedFor reads the view's answer, nobody without a view", () => {
  assert.deepEqual(waitedFor({ waiting: { seats: ["Ann"], why: "raise", others: ["Bob"] } }), ["Ann"]);
  assert.deepEqual(waitedFor({ waiting: { seats: [], why: "roll", others: [] } }), []);
  assert.deepEqual(waitedFor(null), []);
});

test("a reveal stays up until play goes on after it", () => {
  const reveal = { round: 2, call: "dudo", caller: "Bob", bid: [3, 5], count: 2 };
  const next = (over) => ({ round: 3, bids: [], phase: "bidding", ...over });
  assert.equal(playWentOn(next(), reveal, "bidding"), false, "the next round is dealt: still looking");
  assert.equal(playWentOn(next({ bids: [{ player: "Ann", bid: [1, 2] }] }), reveal, "bidding"), true);
  assert.equal(playWentOn({ round: 2, bids: [{}], phase: "roll" }, reveal, "roll"), false, "real cups awaited");
  assert.equal(playWentOn({ round: 2, bids: [{}], phase: "direction" }, reveal, "direction"), false);
  assert.equal(playWentOn(next(), reveal, "direction"), true, "the direction was chosen");
  assert.equal(playWentOn(null, reveal, "bidding"), true, "back in the lobby");
  assert.notEqual(revealKey(reveal), revealKey({ ...reveal, round: 3 }));
});

test("countedBy names who confirmed the count of this reveal only", () => {
  const reveal = { round: 4 };
  assert.deepEqual(countedBy(reveal, { counted: { round: 4, by: "Cy", count: 3, host: false } }), { name: "Cy", host: false });
  assert.deepEqual(countedBy(reveal, { counted: { round: 4, by: "Cy", count: 3, host: true } }), { name: "Cy", host: true });
  assert.equal(countedBy(reveal, { counted: { round: 3, by: "Cy", count: 3 } }), null);
  assert.equal(countedBy(reveal, { counted: null }), null);
});

test("revealBeat lands the cups in order, each count after its dice, the verdict after the last, by half the pause", () => {
  for (const [sizes, hold] of [[[5, 5], 4000], [[5, 4, 3, 2, 1, 5], 4000], [[1, 1], 2500], [[5, 5, 5, 5, 5, 5], 6000], [[3, 0, 2], 3000]]) {
    const beat = revealBeat(sizes, hold);
    const flat = beat.dice.flat();
    assert.deepEqual(flat, [...flat].sort((a, b) => a - b), "the dice in order, cup after cup");
    assert.ok(flat.length === 0 || flat[flat.length - 1] > 0, "they do not all land at once");
    beat.dice.forEach((d, i) => d.forEach((ms) => assert.ok(ms + 350 <= beat.counts[i], "a cup's count after its dice")));
    assert.ok(Math.max(...beat.counts) <= beat.verdict, "the verdict after every cup");
    assert.ok(beat.verdict <= hold / 2, `the verdict by half of ${hold} ms`);
  }
});

test("revealCups: the cups with dice in seat order, then any other cup of the reveal", () => {
  const reveal = { dice: { Cy: [2], Ann: [1, 5], Bea: [], Dan: [6] } };
  assert.deepEqual(revealCups(reveal, ["Ann", "Bea", "Cy"]), ["Ann", "Cy", "Dan"]);
  assert.deepEqual(revealCups({ dice: {} }, ["Ann", "Bea"]), [], "real dice counted by the table: no cup");
});

test("revealBeat plays nothing in a pause too short for it: everything at once", () => {
  for (const hold of [0, 300, 800]) {
    const beat = revealBeat([5, 5], hold);
    assert.equal(beat.verdict, 0);
    assert.deepEqual(beat.dice.flat(), new Array(10).fill(0));
  }
});

test("elide: French 'de' and 'que' before a name on a vowel or mute h, as the hub does", () => {
  const fr = elisionsOf("de>d’ que>qu’");
  assert.deepEqual(fr, { de: "d’", que: "qu’" });
  assert.equal(elide("Victoire de {name}", { name: "Étienne" }, fr), "Victoire d’{name}");
  assert.equal(elide("Victoire de {name}", { name: "Marco" }, fr), "Victoire de {name}");
  assert.equal(elide("De {name} à {other}", { name: "Hugo" }, fr), "D’{name} à {other}");
  assert.equal(elide("l’enchère de {bidder} !", { bidder: "Yves" }, fr), "l’enchère d’{bidder} !");
  assert.equal(elide("Victoire de {name}", { name: "Anna" }, elisionsOf("none")), "Victoire de {name}");
});
