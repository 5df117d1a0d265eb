"""After a reveal, bots wait a little longer so the table can look at the dice."""

from __future__ import annotations

from dudo_hub import engine
from dudo_hub.server.room.room import Hooks, Room, RoomSettings


def _room(scheduled: list[float], notices: list[tuple[str, dict]] | None = None) -> Room:
    hooks = Hooks(schedule_bot=lambda room, version, delay: scheduled.append(delay),
                  notice=lambda code, event, data: (notices if notices is not None else []).append((event, data)))
    room = Room("TEST", "dudo", "en", RoomSettings(bot_delay=1.0, seed=3, reveal_pause=4.0), hooks)
    room.take_seat("Ann")
    room.add_bot("easy")
    room.start()
    # A known position: Bot 1 has bid six sixes, nobody holds a six, Ann is to act.
    state = engine.new_game(["Ann", "Bot 1"], room.rules)
    state, _ = engine.apply(state, engine.PickFirst("Bot 1"))
    state, _ = engine.apply(state, engine.RollDice.of({"Ann": [2, 2, 2, 2, 2], "Bot 1": [3, 3, 3, 3, 3]}))
    state, _ = engine.apply(state, engine.MakeBid("Bot 1", engine.Bid(6, 6)))
    room.game.state = state
    scheduled.clear()
    return room


def test_a_bot_waits_for_the_reveal_pause_after_the_cups_are_lifted():
    scheduled: list[float] = []
    room = _room(scheduled)
    assert room.submit("Ann", {"action": "dudo"}, source="phone")["ok"]
    assert room.to_act() == "Bot 1", "the bidder lost and opens the next round"
    assert scheduled and 4.0 + 0.6 <= scheduled[-1] <= 4.0 + 1.4


def test_after_an_ordinary_bid_a_bot_takes_its_usual_pause():
    scheduled: list[float] = []
    room = _room(scheduled)
    assert room.submit("Ann", {"action": "bid", "quantity": 7, "face": 6}, source="phone")["ok"]
    assert room.to_act() == "Bot 1"
    assert scheduled and 0.6 <= scheduled[-1] <= 1.4


def test_the_host_ends_the_reveal_the_screens_close_it_and_the_bot_moves_without_waiting():
    scheduled: list[float] = []
    notices: list[tuple[str, dict]] = []
    room = _room(scheduled, notices)
    assert room.submit("Ann", {"action": "dudo"}, source="phone")["ok"]
    assert scheduled[-1] >= 4.0 + 0.6, "the bot waits for the reveal to end"
    room.skip_reveal()
    assert notices[-1] == ("reveal_end", {"round": room.game.last_round["round"]})
    assert scheduled[-1] <= 1.4, "once skipped, the bot takes its usual pause"


def test_a_new_game_does_not_inherit_the_last_games_reveal_pause():
    scheduled: list[float] = []
    room = _room(scheduled)
    assert room.submit("Ann", {"action": "dudo"}, source="phone")["ok"]
    room.restart()
    room.start()
    assert scheduled[-1] <= 1.4, "the first bot of a new game takes its usual pause"
