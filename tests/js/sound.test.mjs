// The sounds' plan and player (web_display/static/js/sound.js), in node: which sounds a reveal makes
// and when (from its beat, pure.js revealBeat), and a player that is silent while off or held back.
import assert from "node:assert/strict";
import { test } from "node:test";

import { revealBeat } from "../../web_display/static/js/pure.js";
import { RECIPES, Sounds, revealSounds, turnKey, verdictSound } from "../../web_display/static/js/sound.js";

const REVEAL = {
  call: "dudo", bid: [4, 5], count: 4,
  dice: { Ann: [1, 5, 3], Bea: [5, 5], Cy: [] },
  counted: { Ann: [true, true, false], Bea: [true, true], Cy: [] },
};

test("verdictSound: the bid stood or failed by the count; a calza found exact has its own", () => {
  assert.equal(verdictSound({ ...REVEAL, count: 4 }), "stood");
  assert.equal(verdictSound({ ...REVEAL, count: 6 }), "stood");
  assert.equal(verdictSound({ ...REVEAL, count: 3 }), "failed");
  assert.equal(verdictSound({ ...REVEAL, call: "calza", count: 4 }), "exact");
  assert.equal(verdictSound({ ...REVEAL, call: "calza", count: 5 }), "stood");
  assert.equal(verdictSound({ ...REVEAL, call: "calza", count: 2 }), "failed");
});

test("revealSounds follows the beat: a thud as each cup lands, a tick per die that counts, the chime last", () => {
  const beat = revealBeat([2, 3], 4000); // Bea's cup, then Ann's (seat order), Cy's empty one not shown
  const plan = revealSounds(REVEAL, ["Bea", "Ann", "Cy"], 4000);
  assert.deepEqual(plan.filter((s) => s.sound === "cup").map((s) => s.at), beat.cups);
  const ticks = plan.filter((s) => s.sound === "die").map((s) => s.at);
  assert.deepEqual(ticks, [...beat.dice[0], beat.dice[1][0], beat.dice[1][1]].map((ms) => ms + 90), "Ann's 3 is silent");
  assert.deepEqual(plan[plan.length - 1], { sound: "stood", at: beat.verdict });
  assert.ok(plan.slice(0, -1).every((s) => s.at < beat.verdict), "the chime after every cup and die");
  assert.ok(plan.every((s) => s.sound in RECIPES));
});

test("revealSounds with nothing moving (reduced motion, a pause too short): one thud, then the chime", () => {
  const still = [{ sound: "cup", at: 0 }, { sound: "stood", at: 350 }];
  assert.deepEqual(revealSounds(REVEAL, ["Ann", "Bea"], 4000, true), still);
  assert.deepEqual(revealSounds(REVEAL, ["Ann", "Bea"], 500), still);
  const counted = { ...REVEAL, dice: {}, counted: {}, count: 2 }; // real dice counted by the table: no cup shown
  assert.deepEqual(revealSounds(counted, ["Ann", "Bea"], 4000), [{ sound: "failed", at: 0 }]);
});

test("turnKey changes when the turn passes, and is null while nobody bids", () => {
  const view = { phase: "bidding", round: 3, waiting: { seats: ["Ann"] } };
  assert.equal(turnKey(view), "3:Ann");
  assert.notEqual(turnKey({ ...view, waiting: { seats: ["Bea"] } }), turnKey(view));
  assert.notEqual(turnKey({ ...view, round: 4 }), turnKey(view));
  assert.equal(turnKey({ ...view, phase: "over", waiting: { seats: [] } }), null);
  assert.equal(turnKey({ ...view, phase: "direction" }), null);
  assert.equal(turnKey(null), null);
});

test("the recipes: the cup alone is noise, every other sound a tone with its own first note", () => {
  const tones = Object.entries(RECIPES).filter(([, r]) => !r.noise);
  assert.deepEqual(Object.keys(RECIPES).filter((name) => RECIPES[name].noise), ["cup"]);
  assert.equal(new Set(tones.map(([, r]) => r.notes[0])).size, tones.length);
  for (const [name, r] of Object.entries(RECIPES)) {
    assert.ok(r.gain > 0 && r.gain <= 1 && r.ring > 0 && r.ring < 1, name);
    if (r.notes && r.notes.length > 1) assert.ok(r.step > 0, `${name} strikes its notes one after another`);
  }
});

// ---------- the player, on a stand-in for the Web Audio API ----------

function fakeAudio() {
  const started = [];
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const node = (extra) => ({ connect: (to) => to, disconnect() {}, ...extra });
  const source = (extra) => node({
    ...extra,
    start(at) { this.at = at; this.stopped = Infinity; started.push(this); },
    stop(at) { this.stopped = Math.min(this.stopped, at === undefined ? ctx.currentTime : at); },
  });
  const ctx = {
    state: "suspended", currentTime: 10, sampleRate: 8000, destination: node({}),
    createGain: () => node({ gain: param() }),
    createOscillator: () => source({ frequency: param() }),
    createBufferSource: () => source({}),
    createBiquadFilter: () => node({ frequency: param() }),
    createBuffer: (_, n) => ({ getChannelData: () => new Float32Array(n) }),
    addEventListener() {},
    resume() { this.state = "running"; return Promise.resolve(); },
  };
  globalThis.window = { addEventListener() {} };
  globalThis.AudioContext = function AudioContext() { return ctx; };
  return { ctx, started };
}

test("Sounds plays nothing while off, nor while the browser holds audio back, and never later", async () => {
  const { ctx, started } = fakeAudio();
  const sounds = new Sounds();
  sounds.play([{ sound: "cup", at: 0 }]);
  assert.equal(sounds.ctx, null, "off: no audio context at all");
  sounds.setOn(true);
  assert.equal(sounds.blocked, true);
  sounds.play([{ sound: "cup", at: 0 }]);
  sounds.wake();
  await Promise.resolve();
  assert.equal(sounds.blocked, false);
  assert.equal(started.length, 0, "what came while held back is not played late");
  sounds.play([{ sound: "cup", at: 0 }, { sound: "stood", at: 1500 }]);
  assert.deepEqual(started.map((s) => s.at), [10, 11.5]);
  assert.equal(started[1].frequency.value, RECIPES.stood.notes[0]);
  ctx.currentTime = 10.2;
  sounds.setOn(false);
  assert.ok(started.every((s) => s.stopped <= 10.2), "off stops what plays and what waits, at once");
  delete globalThis.window;
  delete globalThis.AudioContext;
});
