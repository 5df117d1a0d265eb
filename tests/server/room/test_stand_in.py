"""A sleeping phone does not stall a table whose dice are counted at the reveal: once its grace is
over the host plays the move its player says at the table, and confirms a count in their name.
Only there (the hub knows no cup, so the host learns nothing hidden); elsewhere a bot stands in."""

from __future__ import annotations

from hubkit import Client, host_of, seat

from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def _table(app, hub, dice: str, names=("Ann", "Bob")):
    code = hub.default_code
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in names}
    assert host.ask("host:config", {"dice": dice})["ok"]
    assert host.ask("host:start", {})["ok"]
    return hub.room(code), host, phones


def _asleep(phones, room):
    """The player to act's phone goes to sleep; returns that player and the one awake."""
    sleeper = room.to_act()
    phones[sleeper].close()
    awake = next(p for p in phones if p != sleeper)
    return sleeper, awake


def test_the_host_plays_the_move_a_sleeping_player_says_on_a_counted_table(app, hub):
    room, host, phones = _table(app, hub, "scoreboard")
    sleeper, awake = _asleep(phones, room)
    stand_in = host.state["stand_in"]
    assert set(stand_in) == {sleeper}, "the host sees what the player to act may do"
    assert stand_in[sleeper]["suggest"] is not None and host.state["view"]["my_dice"] == []
    version = host.state["view"]["version"]
    bid = {"player": sleeper, "version": version, "action": "bid"}
    reply = host.ask("host:play_for", {**bid, "quantity": 3, "face": 4})
    assert reply["ok"], reply
    assert room.state.standing.bid.to_list() == [3, 4] and room.to_act() == awake
    for screen in (host, phones[awake]):  # every screen is told the host played it, and for whom
        screen.pump()
        told = [e for m in screen.log for e in m.get("events", []) if e["kind"] == "stood_in"]
        assert told == [{"kind": "stood_in", "player": sleeper}]
    stale = host.ask("host:play_for", {**bid, "quantity": 5, "face": 4})
    assert stale["code"] == "not_your_turn", stale  # the turn is checked before the version
    awake_dudo = {"player": awake, "version": room.version(), "action": "dudo"}
    assert host.ask("host:play_for", awake_dudo)["code"] == "not_dropped"
    assert phones[awake].move(action="dudo")["ok"]
    # the count: the awake player proposes, the host confirms in the sleeper's name
    assert host.ask("host:confirm_for", {"player": sleeper, "count": 3})["code"] == "no_count_proposed"
    assert phones[awake].ask("count:propose", {"count": 3})["ok"]
    assert host.ask("host:confirm_for", {"player": awake, "count": 3})["code"] == "not_dropped"
    reply = host.ask("host:confirm_for", {"player": sleeper, "count": 3})
    assert reply["ok"], reply
    assert phones[awake].state["room"]["real"]["counted"] == {
        "round": 1, "by": sleeper, "count": 3, "host": True}, "credited to the host, in the sleeper's name"
    confirmed = [e for m in phones[awake].log for e in m.get("events", []) if e["kind"] == "count_confirmed"]
    assert confirmed == [{"kind": "count_confirmed", "by": sleeper, "count": 3, "host": True}]
    assert room.state.counts[room.state.seat_of(awake)] == 4, "three fours: the bid held, the caller lost"


def test_the_host_waits_for_the_grace_and_stands_in_only_where_no_cup_is_known():
    app = create_app(TestConfig(DROP_GRACE=60.0))
    hub = get_hub(app)
    try:
        room, host, phones = _table(app, hub, "scoreboard")
        sleeper, _ = _asleep(phones, room)
        move = {"player": sleeper, "version": room.version(), "action": "bid", "quantity": 2, "face": 2}
        assert host.ask("host:play_for", move)["code"] == "not_dropped"
        tv = Client(app, "tv", room.code)
        other = phones[next(p for p in phones if p != sleeper)]
        assert tv.state.get("stand_in") is None and other.state.get("stand_in") is None
    finally:
        hub.close()


def test_where_the_hub_rolls_the_dice_the_host_never_plays_for_anyone(app, hub):
    room, host, phones = _table(app, hub, "hub")
    sleeper, _ = _asleep(phones, room)
    assert "stand_in" not in host.state, "the host must not see what a player with a known cup may do"
    move = {"player": sleeper, "version": room.version(), "action": "bid", "quantity": 2, "face": 2}
    reply = host.ask("host:play_for", move)
    assert reply["code"] == "host_cannot_stand_in" and not reply["ok"]
    assert room.state.standing is None
    assert phones[next(p for p in phones if p != sleeper)].ask("host:play_for", move)["code"] == "not_host"


def test_a_stand_in_move_is_checked_like_a_phones(app, hub):
    room, host, phones = _table(app, hub, "scoreboard")
    sleeper, _ = _asleep(phones, room)
    base = {"player": sleeper, "version": room.version()}
    assert host.ask("host:play_for", {**base, "action": "bid", "quantity": 99, "face": 4})["code"] == "bid_too_high"
    assert host.ask("host:play_for", {**base, "action": "jump"})["code"] == "bad_payload"
    assert host.ask("host:play_for", {**base, "player": "Nobody", "action": "dudo"})["code"] == "unknown_seat"
    assert host.ask("host:play_for", {"player": sleeper, "action": "dudo"})["code"] == "bad_payload"
    assert room.state.standing is None
