"""Every finished game kept (across restarts), the evening's scoreboard, the export and its replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hubkit import Client, host_of, pick_move, play_out, seat

from dudo_hub import protocol
from dudo_hub.server.cli.main import main
from dudo_hub.server.store import export as gameexport
from dudo_hub.server.store import gamelog
from dudo_hub.server.store.history import History
from dudo_hub.server.store.scoreboard import scoreboard
from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def _hand_count(log: list[dict]) -> dict[str, dict[str, int]]:
    """The scoreboard's counts straight from the events (independent of `gamelog`)."""
    out: dict[str, dict[str, int]] = {}

    def row(name: str) -> dict[str, int]:
        return out.setdefault(name, dict.fromkeys(gamelog.COUNTS, 0))

    call = None
    for event in log:
        kind = event["kind"]
        if kind in ("challenge", "calza"):
            call = event
        elif kind == "reveal" and call is not None:
            q, count = call["bid"][0], event["count"]
            right = count < q if call["kind"] == "challenge" else count == q
            name = "dudo" if call["kind"] == "challenge" else "calza"
            row(call["player"])[f"{name}_{'right' if right else 'wrong'}"] += 1
            call = None
        elif kind == "die_lost":
            row(event["player"])["dice_lost"] += 1
        elif kind == "die_regained":
            row(event["player"])["dice_won"] += 1
        elif kind == "game_over":
            row(event["winner"])["won"] += 1
    return out


def _play_with_phones(app, hub, code: str, rng: random.Random, phones: dict[str, Client]) -> None:
    host = host_of(app, hub, code)
    assert host.ask("host:start", {})["ok"]
    play_out(hub, code, phones, rng)
    assert host.ask("host:restart", {})["ok"]
    host.close()


def test_games_are_kept_across_a_restart_and_the_scoreboard_matches_the_events(tmp_path):
    rng = random.Random(5)
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    code = hub.default_code
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob", "Cy")}
    tokens = {n: p.token for n, p in phones.items()}
    _play_with_phones(app, hub, code, rng, phones)
    host = host_of(app, hub, code)
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    for _ in range(5):  # a few moves, then the hub dies mid-game
        phone = phones[room.to_act()]
        assert phone.move(**pick_move({**phone.state["legal"], "dudo": False}, rng))["ok"]
    hub.close()

    app2 = create_app(TestConfig(DATA_DIR=tmp_path))
    hub2 = get_hub(app2)
    try:
        back = {n: Client(app2, "phone", code, token=t) for n, t in tokens.items()}
        watcher = Client(app2, "phone", code)  # a spectator: no seat
        play_out(hub2, code, back, rng)
        host2 = host_of(app2, hub2, code)
        assert host2.ask("host:restart", {})["ok"]
        _play_with_phones(app2, hub2, code, rng, back)
        games = hub2.evenings.history.games(room=code)
        assert len(games) == 3, [(g["id"], g["rounds"], g["winner"]) for g in games]  # the cut game is one game
        evening = watcher.last("evening")
        assert [g["id"] for g in evening["games"]] == [g["id"] for g in games]
        logs = [hub2.evenings.history.game(g["id"])["log"] for g in games]
        for log in logs:
            assert [e["kind"] for e in log].count("game_over") == 1 and log[0]["kind"] == "first_player"
        expected: dict[str, dict[str, int]] = {}
        for log in logs:
            for name, counts in _hand_count(log).items():
                mine = expected.setdefault(name, dict.fromkeys(gamelog.COUNTS, 0))
                for key, value in counts.items():
                    mine[key] += value
        board = evening["scoreboard"]
        assert board["games"] == 3
        got = {r["name"]: {k: r[k] for k in gamelog.COUNTS} for r in board["players"]}
        assert got == {n: expected.get(n, dict.fromkeys(gamelog.COUNTS, 0)) for n in ("Ann", "Bob", "Cy")}
        assert sum(r["won"] for r in board["players"]) == 3
        assert all(r["games"] == 3 and not r["bot"] for r in board["players"])
        marks = {r["name"]: r["mark"] for r in board["players"]}
        assert marks == {s.player: s.mark for s in hub2.room(code).seats}, "each player under the mark of their seat"
        assert len(set(marks.values())) == 3 and all(isinstance(m, int) for m in marks.values())
    finally:
        hub2.close()


def test_scoreboard_of_a_hand_written_game():
    log = [
        {"kind": "first_player", "player": "Ann", "rolls": []},
        {"kind": "round_started", "round": 1, "opener": "Ann", "palifico": False, "wild": True,
         "counts": {"Ann": 2, "Bot 1": 2}, "unseen": False},
        {"kind": "bid", "player": "Ann", "bid": [2, 5]},
        {"kind": "bid", "player": "Bot 1", "bid": [3, 5]},
        {"kind": "challenge", "player": "Ann", "bidder": "Bot 1", "bid": [3, 5]},
        {"kind": "reveal", "dice": {"Ann": [5, 2], "Bot 1": [5, 1]}, "bid": [3, 5], "count": 3, "wild": True},
        {"kind": "die_lost", "player": "Ann", "dice": 1},
        {"kind": "round_over", "loser": "Ann", "gainer": None, "next": "Ann"},
        {"kind": "round_started", "round": 2, "opener": "Ann", "palifico": True, "wild": False,
         "counts": {"Ann": 1, "Bot 1": 2}, "unseen": False},
        {"kind": "bid", "player": "Ann", "bid": [1, 4]},
        {"kind": "calza", "player": "Bot 1", "bidder": "Ann", "bid": [1, 4]},
        {"kind": "reveal", "dice": {"Ann": [3], "Bot 1": [4, 6]}, "bid": [1, 4], "count": 1, "wild": False},
        {"kind": "round_over", "loser": None, "gainer": None, "next": "Bot 1"},
        {"kind": "round_started", "round": 3, "opener": "Bot 1", "palifico": False, "wild": True,
         "counts": {"Ann": 1, "Bot 1": 2}, "unseen": False},
        {"kind": "bid", "player": "Bot 1", "bid": [2, 6]},
        {"kind": "challenge", "player": "Ann", "bidder": "Bot 1", "bid": [2, 6]},
        {"kind": "reveal", "dice": {"Ann": [2], "Bot 1": [6, 3]}, "bid": [2, 6], "count": 1, "wild": True},
        {"kind": "die_lost", "player": "Bot 1", "dice": 1},
        {"kind": "round_over", "loser": "Bot 1", "gainer": None, "next": "Bot 1"},
        {"kind": "game_over", "winner": "Ann"},
    ]
    players = [{"name": "Ann", "key": "pA", "bot": False}, {"name": "Bot 1", "key": "seat1", "bot": True}]
    stats = gamelog.player_stats(log, ["Ann", "Bot 1"])
    board = scoreboard([{"id": 7, "players": players, "stats": {"pA": stats["Ann"], "seat1": stats["Bot 1"]}}])
    ann, bot = sorted(board["players"], key=lambda r: r["name"])
    assert {k: ann[k] for k in gamelog.COUNTS} == {"won": 1, "dice_lost": 1, "dice_won": 0, "dudo_right": 1,
                                                   "dudo_wrong": 1, "calza_right": 0, "calza_wrong": 0}
    assert {k: bot[k] for k in gamelog.COUNTS} == {"won": 0, "dice_lost": 1, "dice_won": 0, "dudo_right": 0,
                                                   "dudo_wrong": 0, "calza_right": 1, "calza_wrong": 0}
    assert bot["bot"] and not ann["bot"]
    # held bids: Bot 1's 3x5 (holds 5 and 1, wild: 1 of Ann's 2 dice, 1 - (2/3)^2 = 5/9) and Ann's palifico
    # 1x4 (holds a 3, ones not wild: 1 of Bot 1's 2 dice, 1 - (5/6)^2 = 11/36): the bolder is Ann's
    assert board["boldest"] == {"round": 2, "bid": [1, 4], "odds": round(11 / 36, 4), "game": 7, "player": "Ann"}
    # right calls: Bot 1's calza on 1x4 (holds a 4: exactly when Ann's die is not a 4, 5/6) and Ann's
    # dudo on 2x6 (holds a 2: right unless both of Bot 1's dice are sixes or ones, 1 - 1/9)
    assert board["best_call"] == {"round": 2, "call": "calza", "bid": [1, 4], "odds": round(5 / 6, 4), "game": 7,
                                  "player": "Bot 1"}


def _one_game(tmp_path: Path) -> tuple[Path, int]:
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    room = hub.room(hub.default_code)
    for level in ("hard", "easy", None):
        room.add_bot(level)
    room.start()
    assert room.over
    game = hub.evenings.history.games()[0]["id"]
    hub.close()
    return tmp_path, game


def test_history_commands_and_the_replay_of_an_export(tmp_path, capsys):
    data, game = _one_game(tmp_path / "data")
    assert main(["history", "list", "--data", str(data), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [g["id"] for g in listed] == [game] and all(p["bot"] for p in listed[0]["players"])
    assert main(["history", "show", str(game), "--data", str(data), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    first = shown["rounds"][0]
    assert first["dice"] and first["commitment"]["salt"] and all("odds" in s for s in first["steps"])
    out = tmp_path / "game.jsonl"
    assert main(["history", "export", str(game), "--data", str(data), "-o", str(out)]) == 0
    assert main(["replay", str(out)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] and result["commitments"] == result["rounds"] == shown["rounds"][-1]["round"]

    lines = out.read_text().splitlines()
    opened = next(i for i, line in enumerate(lines) if '"dice_opened"' in line)
    event = json.loads(lines[opened])
    event["event"]["salt"] = "0" * 32
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([*lines[:opened], json.dumps(event), *lines[opened + 1:]]) + "\n")
    assert main(["replay", str(bad)]) == 1
    refused = json.loads(capsys.readouterr().out)
    assert refused["line"] == opened + 1 and "commitment" in refused["error"]


@pytest.mark.parametrize(("text", "line", "words"), [
    ('{"format": "other"}\n', 1, "not a Dudo Hub game export"),
    ("", 0, "empty"),
    ("not json\n", 1, "not JSON"),
])
def test_a_foreign_export_is_refused_naming_the_line(tmp_path, text, line, words):
    path = tmp_path / "x.jsonl"
    path.write_text(text)
    with pytest.raises(gameexport.ExportError) as caught:
        gameexport.read_export(path.read_text().splitlines())
    assert caught.value.line == line and words in str(caught.value)


def test_a_tampered_move_is_refused_by_the_engine_replay(tmp_path):
    data, game = _one_game(tmp_path / "data")
    history = History(data)
    lines = list(gameexport.export_lines(history.game(game)))
    history.close()
    i = next(i for i, line in enumerate(lines) if '"challenge"' in line)
    row = json.loads(lines[i])
    row["event"]["kind"] = "calza"
    lines[i] = json.dumps(row)
    with pytest.raises(gameexport.ExportError) as caught:
        gameexport.check(gameexport.read_export(lines))
    # a calza instead of the dudo is legal here: the refusal comes at the round's first consequence
    assert i + 1 <= caught.value.line <= i + 6 and "the engine says" in str(caught.value)


def test_the_evening_endpoint_needs_the_room_code_and_deleting_needs_the_host_key(tmp_path):
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    try:
        room = hub.room(hub.default_code)
        room.add_bot(None)
        room.add_bot(None)
        room.start()
        web = app.test_client()
        assert web.get("/api/rooms/ZZZZ/evening").status_code == 404
        evening = web.get(f"/api/rooms/{room.code}/evening").get_json()
        game = evening["games"][0]["id"]
        assert evening["scoreboard"]["games"] == 1
        detail = web.get(f"/api/rooms/{room.code}/games/{game}").get_json()
        assert detail["rounds"][0]["dice"]
        assert web.delete(f"/api/rooms/{room.code}/games/{game}").status_code == 403
        assert web.delete(f"/api/rooms/{room.code}/games/{game}?key=nope").status_code == 403
        assert web.delete(f"/api/rooms/{room.code}/games/{game}?key={room.host_key}").status_code == 200
        after = web.get(f"/api/rooms/{room.code}/evening").get_json()
        assert after["games"] == [] and after["scoreboard"] == {"games": 0, "players": [], "boldest": None,
                                                                "best_call": None}
    finally:
        hub.close()


def test_a_new_evening_starts_a_fresh_scoreboard_and_the_host_replays(tmp_path):
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    try:
        code = hub.default_code
        host = host_of(app, hub)
        tv = Client(app, "tv", code)
        for _ in range(2):
            assert host.ask("host:bot_add", {})["ok"]
        assert host.ask("host:start", {})["ok"]
        first = tv.last("evening")
        assert first["scoreboard"]["games"] == 1
        game = first["games"][0]["id"]
        assert not Client(app, "phone", code).ask("host:evening_new", {})["ok"]
        assert host.ask("host:evening_new", {})["ok"]
        after = tv.last("evening")
        assert after["scoreboard"]["games"] == 0 and after["evening"] > first["evening"]
        assert [g["id"] for g in after["history"]] == [game]  # the old evening stays in the history
        reply = host.ask("host:replay", {"game": game, "step": 1})
        assert reply["ok"] and reply["step"] == 1
        shown = tv.last("replay")
        assert shown["game"] == game and shown["rounds"][1]["dice"]
        assert host.ask("host:replay", {"step": 10_000})["step"] == reply["rounds"] - 1
        assert host.ask("host:replay_stop", {})["ok"] and tv.last("replay")["game"] is None
        assert host.ask("host:replay", {"game": game + 99})["code"] == "unknown_game"
    finally:
        hub.close()


@pytest.mark.parametrize("mode", ["referee", "scoreboard"])
def test_real_dice_games_export_and_replay(tmp_path, mode):
    """Referee: cups typed on the phones (one typed again before the first bid: a second commitment
    for the round); scoreboard: nothing to roll, the table counts at each call. Both replay clean."""
    app = create_app(TestConfig(DATA_DIR=tmp_path / "data"))
    hub = get_hub(app)
    try:
        code = hub.default_code
        host = host_of(app, hub)
        phones = {n: seat(app, code, n) for n in ("Ann", "Bob", "Cy")}
        assert host.ask("host:config", {"dice": mode, "options": {"max_dice": 2}})["ok"]
        assert host.ask("host:start", {})["ok"]
        room, rng = hub.room(code), random.Random(8)
        retyped = False
        while not room.over:
            real = room.frame.public["real"]
            state = room.state
            if real["waiting"]:
                for name in real["waiting"]:
                    cup = [rng.randint(1, 6) for _ in range(state.counts[state.seat_of(name)])]
                    assert phones[name].ask("dice:enter", {"dice": cup})["ok"]
                now = room.state
                if not retyped and now.phase.value == "bidding" and now.standing is None:
                    again = real["waiting"][0]
                    cup = [rng.randint(1, 6) for _ in range(now.counts[now.seat_of(again)])]
                    assert phones[again].ask("dice:enter", {"dice": cup})["ok"]
                    retyped = True
                continue
            if state.phase.value == "count":
                counting = phones["Ann"].state["view"]["counting"]
                count = rng.randint(0, sum(state.counts))
                by, confirm = list(phones)[:2]
                assert counting is not None and phones[by].ask("count:propose", {"count": count})["ok"]
                assert phones[confirm].ask("count:confirm", {"count": count})["ok"]
                continue
            phone = phones[room.to_act()]
            assert phone.move(**pick_move(phone.state["legal"], rng))["ok"]
        game = hub.evenings.history.games()[0]
        assert game["dice_mode"] == mode
        lines = list(gameexport.export_lines(hub.evenings.history.game(game["id"])))
    finally:
        hub.close()
    kinds = [json.loads(line)["event"]["kind"] for line in lines[1:]]
    result = gameexport.check(gameexport.read_export(lines))
    assert result["ok"] and result["winner"] == game["winner"]
    if mode == "referee":
        assert retyped and kinds.count("dice_committed") > kinds.count("dice_opened") == result["rounds"]
    else:
        assert "count_confirmed" in kinds and "dice_committed" not in kinds and result["commitments"] == 0


def test_a_bid_heard_and_taken_back_replays(tmp_path):
    app = create_app(TestConfig(DATA_DIR=tmp_path / "data"))
    hub = get_hub(app)
    try:
        code = hub.default_code
        phones = {n: seat(app, code, n) for n in ("Ann", "Bob")}
        room, rng = hub.room(code), random.Random(4)
        room.start()
        taken_back = 0
        while not room.over:
            player = room.to_act()
            move = pick_move(phones[player].state["legal"], rng)
            if move["action"] == "bid" and taken_back < 3:
                room.move(player, protocol.read_move(move), room.version(), "voice")
                room.cancel_voice(player, room.version())
                taken_back += 1
            assert phones[player].move(**move)["ok"]
        game = hub.evenings.history.games()[0]["id"]
        lines = list(gameexport.export_lines(hub.evenings.history.game(game)))
    finally:
        hub.close()
    assert sum('"bid_cancelled"' in line for line in lines) == 3
    assert gameexport.check(gameexport.read_export(lines))["ok"]


def test_a_deleted_game_is_not_kept_again_when_the_hub_resumes_its_room(tmp_path):
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    room = hub.room(hub.default_code)
    room.add_bot(None)
    room.add_bot(None)
    room.start()
    game = hub.evenings.history.games()[0]["id"]
    hub.evenings.delete(room.code, game)
    hub.close()  # the room is still on its finished game
    hub2 = get_hub(create_app(TestConfig(DATA_DIR=tmp_path)))
    try:
        assert hub2.room(room.code).over and hub2.evenings.history.games() == []
    finally:
        hub2.close()


def test_a_connection_accepted_as_the_hub_stops_gets_nothing_and_raises_nothing(tmp_path: Path) -> None:
    """A late first sync (the connection accepted just before a stop) must not read a closed history."""
    app = create_app(TestConfig(DATA_DIR=tmp_path, BOT_DELAY=0.0))
    hub = get_hub(app)
    hub.enter = None  # no Socket.IO connection behind this sid
    hub.connect("late", {"role": "tv"})
    sent: list[str] = []
    hub.emit = lambda event, payload, sid=None: sent.append(event)
    hub.close()
    hub.connected("late")
    assert sent == []
    assert hub.evenings is not None
    with pytest.raises(Exception, match="closed"):
        hub.evenings.payload(hub.default_code)  # the history is closed indeed: the guard is what spared it
