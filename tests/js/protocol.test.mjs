// The generated protocol constants (web_display/static/js/protocol.js), as the pages import them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ACTIONS, CHOICES, CODES, EVENTS, FIELDS, KINDS, MESSAGES, MESSAGE_FIELDS, MOVES } from "../../web_display/static/js/protocol.js";

test("every client event has its payload fields, and the constants cannot be changed", () => {
  assert.deepEqual(Object.keys(FIELDS).sort(), Object.values(EVENTS).sort());
  assert.deepEqual(FIELDS[EVENTS.SEAT_TAKE], ["name", "mark"]);
  assert.deepEqual(FIELDS[EVENTS.SYNC], []);
  assert.ok(FIELDS[EVENTS.HOST_PLAY_FOR].includes("player") && FIELDS[EVENTS.HOST_PLAY_FOR].includes("action"));
  assert.throws(() => { "use strict"; EVENTS.MOVE = "x"; }, TypeError);
});

test("moves, codes, messages and event kinds are named", () => {
  assert.deepEqual(Object.values(ACTIONS), ["bid", "dudo", "calza", "direction"]);
  assert.equal(CODES.stale_version, "stale_version");
  assert.equal(CODES.bid_not_higher, "bid_not_higher");
  assert.equal(MESSAGES.STATE, "state");
  assert.deepEqual(MESSAGE_FIELDS.state.slice(0, 5), ["room", "view", "legal", "you", "events"]);
  assert.equal(KINDS.COUNT_ASKED, "count_asked");
  assert.equal(KINDS.DICE_OPENED, "dice_opened");
});

test("the host's voice modes come from the protocol, in the page's order", () => {
  assert.deepEqual(CHOICES[EVENTS.HOST_VOICE].mode, ["always", "after_button"]);
});

test("each move's body is built from its fields, one builder per action", () => {
  assert.deepEqual(Object.keys(MOVES), Object.values(ACTIONS));
  assert.deepEqual(MOVES.bid(3, 5), { action: ACTIONS.BID, quantity: 3, face: 5 });
  assert.deepEqual(MOVES.dudo(), { action: ACTIONS.DUDO });
  assert.deepEqual(MOVES.calza(), { action: ACTIONS.CALZA });
  assert.deepEqual(MOVES.direction(false), { action: ACTIONS.DIRECTION, clockwise: false });
  for (const action of Object.values(ACTIONS)) {
    assert.ok(Object.keys(MOVES[action](1, 2)).every((field) => FIELDS[EVENTS.MOVE].includes(field)));
  }
});
