"""The hub's bots are shown every revealed round, as a tournament shows them: hard learns what a
phone's bids are worth, and keeps it for the room's next game (never beyond the room)."""

from __future__ import annotations

from hubkit import host_of, seat

from dudo_hub import engine


def _play_rounds(room, phone, rounds: int) -> None:
    """The phone opens high and the bot calls it, or the phone doubts the bot: `rounds` reveals."""
    reveals = 0
    for _ in range(200):
        state = room.state
        if state is None or state.phase is engine.Phase.OVER or reveals >= rounds:
            return
        if engine.to_act(state) != "Ada":
            raise AssertionError(f"the bots should have moved: {engine.to_act(state)} to act")
        legal = engine.legal_summary(state, "Ada")
        if legal["dudo"]:
            assert phone.move(action="dudo")["ok"]
            reveals += 1
        elif legal["direction"]:
            assert phone.move(action="direction", clockwise=True)["ok"]
        else:
            quantity, face = legal["suggest"]
            assert phone.move(action="bid", quantity=quantity, face=face)["ok"]
            reveals += room.state.round_no > state.round_no  # the bot doubted at once


def test_hard_at_the_hub_learns_from_each_reveal_and_keeps_it_for_the_next_game(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    phone = seat(app, code, "Ada")
    assert host.ask("host:bot_add", {"level": "hard"})["ok"]
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    _play_rounds(room, phone, 3)
    bot = room.bots._bots["Bot 1"]
    record = bot.book.players.get("Ada")
    assert record is not None and record.rounds >= 1, "the bot was shown the revealed rounds"
    learned = record.rounds
    assert host.ask("host:restart", {})["ok"] and host.ask("host:start", {})["ok"]
    again = room.bots._bots["Bot 1"].book.players["Ada"]
    assert again.rounds >= learned, "what it learned lasts the room's evening"

