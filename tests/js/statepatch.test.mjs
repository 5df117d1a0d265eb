// A connection's state as the pages hold it (web_display/static/js/statepatch.js): whole, then patched.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MESSAGES } from "../../web_display/static/js/protocol.js";
import { applyOps, stateHolder } from "../../web_display/static/js/statepatch.js";

test("each operation: set, delete, keep n then append, and a whole new root", () => {
  const doc = { view: { bids: [1, 2], turn: "Ann", gone: 1 }, legal: null };
  const out = applyOps(doc, [["s", ["view", "turn"], "Bob"], ["d", ["view", "gone"]],
    ["l", ["view", "bids"], 1, [3, 4]], ["s", ["legal"], { dudo: true }]]);
  assert.deepEqual(out, { view: { bids: [1, 3, 4], turn: "Bob" }, legal: { dudo: true } });
  assert.deepEqual(applyOps({ a: 1 }, [["s", [], [5]]]), [5]);
});

test("patches follow the version held; a gap waits for a whole state", () => {
  const held = stateHolder();
  assert.equal(held.take(MESSAGES.STATE_PATCH, { v_from: 1, v: 2, ops: [], events: [] }), null); // nothing held
  const whole = { room: { version: 1 }, view: null, events: [{ kind: "x" }], v: 1 };
  assert.equal(held.take(MESSAGES.STATE, whole), whole);
  const next = held.take(MESSAGES.STATE_PATCH, { v_from: 1, v: 2, ops: [["s", ["room", "version"], 2]], events: [] });
  assert.deepEqual(next, { room: { version: 2 }, view: null, v: 2, events: [] });
  next.room.version = 99; // a page's copy: the state held stays as it was
  assert.equal(held.take(MESSAGES.STATE_PATCH, { v_from: 3, v: 4, ops: [], events: [] }), null); // a gap
  assert.equal(held.take(MESSAGES.STATE_PATCH, { v_from: 2, v: 3, ops: [], events: [] }), null); // still waiting
  held.take(MESSAGES.STATE, { ...whole, v: 5 });
  assert.equal(held.take(MESSAGES.STATE_PATCH, { v_from: 5, v: 6, ops: [], events: [] }).room.version, 1);
});
