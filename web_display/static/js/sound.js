// The hub's sounds, made on the spot with the Web Audio API (no audio file): a cup landing, a die
// that counts, the verdict, the turn passing. The TV plays them unless the host switched them off
// (`room.table.sound`); a phone only once its player turned them on (kept on that phone).
// Browsers hold audio back until the page is used: `Sounds.blocked` says so until a click, a key or a touch.
import { ACTIONS } from "./protocol.js";
import { revealBeat, revealCups } from "./pure.js";

/** What each sound is: low-passed noise (`noise`, below `cutoff` Hz) or a tone (`wave`) struck on each
    of `notes` (Hz) `step` s apart; each strike peaks at `gain` and the last one rings `ring` s. */
export const RECIPES = Object.freeze({
  cup: { noise: true, cutoff: 320, ring: 0.16, gain: 0.9 }, // a cup lands: a low thud
  die: { wave: "triangle", notes: [2350], ring: 0.035, gain: 0.22 }, // a die that counts: a bright tick
  stood: { wave: "sine", notes: [659.25, 987.77], step: 0.14, ring: 0.5, gain: 0.35 }, // the bid stood: up a fifth
  failed: { wave: "sine", notes: [493.88, 329.63], step: 0.16, ring: 0.55, gain: 0.35 }, // the bid failed: down a fifth
  exact: { wave: "sine", notes: [880, 1760], step: 0.1, ring: 0.6, gain: 0.3 }, // a calza found exact: up an octave
  turn: { wave: "sine", notes: [1320], ring: 0.06, gain: 0.08 }, // a new player's turn: a soft tick
});

const TICK_AFTER_MS = 90; // a die's tick once its pop (hub.css `pop`, .35 s) has it full size
const STILL_VERDICT_MS = 350; // no beat to follow (it all shows at once): the chime this long after the thud

/** The verdict's sound: a calza found exact, else whether the bid stood (the count reached it) or failed. */
export function verdictSound(reveal) {
  const quantity = reveal.bid[0];
  if (reveal.call === ACTIONS.CALZA && reveal.count === quantity) return "exact";
  return reveal.count >= quantity ? "stood" : "failed";
}

/**
 * A reveal's sounds, [{sound, at}] (`at`: ms from its opening), in time with its beat (pure.js
 * `revealBeat`, as ui.js `Reveal` draws it): each cup's thud as it lands, a tick for each die that
 * counts as it pops in, the verdict's chime as the verdict lands. `still` (reduced motion), or a pause
 * too short for the beat, shows it all at once: one thud for the cups, then the chime.
 */
export function revealSounds(reveal, order, holdMs, still = false) {
  const names = revealCups(reveal, order);
  const beat = revealBeat(names.map((name) => reveal.dice[name].length), holdMs);
  const verdict = verdictSound(reveal);
  if (still || beat.verdict <= 0) {
    return names.length ? [{ sound: "cup", at: 0 }, { sound: verdict, at: STILL_VERDICT_MS }] : [{ sound: verdict, at: 0 }];
  }
  const out = [];
  names.forEach((name, i) => {
    const counted = reveal.counted[name] || [];
    out.push({ sound: "cup", at: beat.cups[i] });
    beat.dice[i].forEach((ms, j) => { if (counted[j]) out.push({ sound: "die", at: ms + TICK_AFTER_MS }); });
  });
  out.push({ sound: verdict, at: beat.verdict });
  return out;
}

/** Whose bid the table waits for, as a key that changes when the turn passes (null: nobody bids now). */
export function turnKey(view) {
  const waits = (view && view.waiting && view.waiting.seats) || [];
  return view && view.phase === "bidding" && waits.length ? `${view.round}:${waits[0]}` : null;
}

/** The user asked for less motion: the reveal shows at once (hub.css), and its sounds follow that. */
function stillMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** When the beat drawn in `box` starts on screen (the page's clock, ms): its animations' start once the
    browser has them running (a frame or a few after the reveal is drawn), else now (nothing moves). */
async function beatStart(box) {
  const anim = box ? box.getAnimations({ subtree: true })[0] : null;
  if (anim) await anim.ready;
  return anim && typeof anim.startTime === "number" ? anim.startTime : performance.now();
}

/**
 * A page's sound: silent until `setOn(true)`; its audio context is made then, and resumed by the
 * page's first click, key or touch. `onChange` runs when it is switched, held back or let go.
 */
export class Sounds {
  constructor(onChange = () => {}) {
    this.on = false;
    this.onChange = onChange;
    this.ctx = null;
    this.out = null;
    this.noise = null;
    this.live = new Set(); // the sources playing or waiting to play
    this.shown = null; // the reveal whose sounds were played
    const wake = () => this.wake();
    ["pointerdown", "keydown", "touchstart"].forEach((type) => window.addEventListener(type, wake, { capture: true, passive: true }));
  }

  /** Sound on or off; off stops at once whatever plays or waits to. */
  setOn(on) {
    if (on === this.on) return;
    this.on = on;
    if (on) this.context();
    else this.stop();
    this.onChange();
  }

  /** Sound is on, but the browser holds it back until the page is used. */
  get blocked() {
    return this.on && !!this.ctx && this.ctx.state !== "running";
  }

  /** A click, a key, a touch: audio may start now. */
  wake() {
    if (this.on && this.context() && this.ctx.state !== "running") this.ctx.resume().then(() => this.onChange(), () => {});
  }

  /** Follow the reveal on screen (null: none), drawn in `box`: its sounds once, in time with its beat
      as it starts moving, and silence as it closes. */
  reveal(open, order, holdMs, box) {
    if (open === this.shown) return;
    this.shown = open;
    if (!open) {
      this.stop();
      return;
    }
    const plan = revealSounds(open, order, holdMs, stillMotion());
    beatStart(box).then((start) => {
      if (this.shown === open) this.play(plan, start - performance.now());
    }, () => {});
  }

  /** Play `plan`, [{sound, at: ms}], `from` ms from now (late sounds at once): nothing while off or
      held back (never queued for later). */
  play(plan, from = 0) {
    if (!this.on || !this.ctx || this.ctx.state !== "running") return;
    const now = this.ctx.currentTime;
    plan.forEach(({ sound, at }) => this.strike(RECIPES[sound], now + Math.max(0, from + at) / 1000));
  }

  /** Stop every sound playing or waiting to play. */
  stop() {
    this.live.forEach((src) => {
      try { src.stop(); } catch { /* never started */ }
      src.disconnect();
    });
    this.live.clear();
  }

  /** The audio context, made on its first need (null in a browser without Web Audio). */
  context() {
    if (!this.ctx && typeof AudioContext === "function") {
      this.ctx = new AudioContext();
      this.out = this.ctx.createGain();
      this.out.gain.value = 0.8;
      this.out.connect(this.ctx.destination);
      this.ctx.addEventListener("statechange", () => this.onChange());
    }
    return this.ctx;
  }

  /** One sound from its recipe, starting at `t0` (the context's time, s). */
  strike(recipe, t0) {
    const ctx = this.ctx;
    const env = ctx.createGain();
    env.gain.value = 0;
    env.connect(this.out);
    const notes = recipe.notes || [0];
    const step = recipe.step || 0;
    const src = recipe.noise ? this.noiseSource(recipe, env) : this.toneSource(recipe, env, t0);
    notes.forEach((_, i) => {
      const t = t0 + i * step;
      env.gain.setValueAtTime(0.0001, t);
      env.gain.exponentialRampToValueAtTime(recipe.gain, t + 0.004);
      env.gain.exponentialRampToValueAtTime(0.0001, t + (i < notes.length - 1 ? step : recipe.ring));
    });
    this.live.add(src);
    src.onended = () => { this.live.delete(src); env.disconnect(); };
    src.start(t0);
    src.stop(t0 + step * (notes.length - 1) + recipe.ring + 0.02);
  }

  noiseSource(recipe, env) {
    const src = this.ctx.createBufferSource();
    if (!this.noise) {
      const length = Math.ceil(this.ctx.sampleRate * 0.3);
      this.noise = this.ctx.createBuffer(1, length, this.ctx.sampleRate);
      const data = this.noise.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = Math.random() * 2 - 1;
    }
    src.buffer = this.noise;
    const low = this.ctx.createBiquadFilter();
    low.type = "lowpass";
    low.frequency.value = recipe.cutoff;
    src.connect(low).connect(env);
    return src;
  }

  toneSource(recipe, env, t0) {
    const src = this.ctx.createOscillator();
    src.type = recipe.wave;
    src.frequency.value = recipe.notes[0];
    recipe.notes.forEach((hz, i) => src.frequency.setValueAtTime(hz, t0 + i * (recipe.step || 0)));
    src.connect(env);
    return src;
  }
}
