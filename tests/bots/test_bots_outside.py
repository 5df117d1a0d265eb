"""Outside bots at the tournament table: `--seats hard,module:Class`, held to the interface."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import run_cli

from dudo_hub.engine.bots.outside import is_spec
from dudo_hub.engine.bots.tournament import play_game, run_tournament
from dudo_hub.engine.rules import make_rules
from dudo_hub.server.cli.tournament import expand, makers_for


def test_an_outside_bot_plays_and_its_wins_are_keyed_by_its_seat_name(capsys: pytest.CaptureFixture[str]) -> None:
    seats = "hard,outside_bots:Cautious,outside_bots:Cautious"
    assert run_cli(["tournament", "--preset", "perudo", "--seats", seats, "--games", "9", "--seed", "4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(summary) == {"preset", "games", "seats", "wins"}
    assert summary["seats"] == ["hard", "outside_bots:Cautious", "outside_bots:Cautious"]
    assert set(summary["wins"]) == {"hard", "outside_bots:Cautious"} and sum(summary["wins"].values()) == 9


def test_the_same_seed_replays_an_outside_bot() -> None:
    seats = ["normal", "outside_bots:Cautious"]
    first = run_tournament("dudo", seats, 6, 8, makers=makers_for(seats)).to_dict()
    assert run_tournament("dudo", seats, 6, 8, makers=makers_for(seats)).to_dict() == first


def test_an_illegal_answer_is_named_and_the_bot_replaced_by_normal() -> None:
    seats = ["normal", "outside_bots:Cheat"]
    result = run_tournament("dudo", seats, 4, 1, makers=makers_for(seats))
    assert sum(result.wins.values()) == 4
    assert len(result.faults) == 4  # once per game: normal plays the rest of it
    fault = result.faults[0]
    assert fault.seat == "seat1" and fault.bot == "outside_bots:Cheat" and "chose" in fault.reason
    assert set(result.wins) == {"normal", "outside_bots:Cheat"}, "the replaced seat keeps its name in the table"
    assert result.to_dict()["faults"][0]["seat"] == "seat1"


def test_a_crashing_bot_is_named_in_the_table_and_the_tournament_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    seats = "hard,outside_bots:Crasher"
    assert run_cli(["tournament", "--seats", seats, "--games", "3", "--seed", "2", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert sum(summary["wins"].values()) == 3
    assert [f["bot"] for f in summary["faults"]] == ["outside_bots:Crasher"] * 3
    assert all("RuntimeError: my bug" in f["reason"] for f in summary["faults"])
    assert any("replaced: game" in line and "(outside_bots:Crasher)" in line for line in lines)


def test_repeated_seats_and_parameters_parse(capsys: pytest.CaptureFixture[str]) -> None:
    from outside_bots import Knobbed

    Knobbed.made.clear()
    seats = "hard,outside_bots:Knobbed?depth=3&rate=0.5&name=x*2"
    assert run_cli(["tournament", "--seats", seats, "--games", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["seats"] == ["hard", *["outside_bots:Knobbed?depth=3&rate=0.5&name=x"] * 2]
    assert Knobbed.made == [{"depth": 3, "rate": 0.5, "name": "x"}] * 2
    assert expand("hard,normal*5") == ["hard"] + ["normal"] * 5
    assert not is_spec("m:B?x") and not is_spec("m:B?1=2") and is_spec("m:B?x=1&y=abc")


def test_an_evening_carries_each_seats_memory_and_shows_every_reveal() -> None:
    seats = ["normal", "outside_bots:Diarist"]
    memories: dict[str, dict[str, Any]] = {}
    rules = make_rules("dudo")
    for g in range(3):
        names = ["seat0", "seat1"] if g % 2 == 0 else ["seat1", "seat0"]
        levels = seats if g % 2 == 0 else seats[::-1]
        record = play_game(rules, levels, f"m:{g}", makers=makers_for(seats), names=names, memories=memories)
        assert record.faults == ()
    diary = memories["seat1"]
    assert diary["games"] == 3 and "seat0" not in memories  # normal keeps no memory
    reveals = diary["reveals"]
    assert len(reveals) >= 3 * 5  # a dudo game loses at least five dice
    assert all(set(r["dice"]) == {"seat0", "seat1"} for r in reveals)


@pytest.mark.parametrize(
    ("seat", "said"),
    [("no_such_module_here:Bot", "cannot import"), ("outside_bots:Missing", "no class"),
     ("outside_bots:NoChoose", "no choose"), ("not a bot", "unknown bot level")],
)
def test_bad_seats_are_refused_with_a_reason(seat: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_cli(["tournament", "--seats", f"hard,{seat}"])
    assert said in capsys.readouterr().err


def test_specs_are_told_from_levels() -> None:
    assert is_spec("pkg.mod:MyBot") and is_spec("m:B")
    assert not is_spec("hard") and not is_spec("pkg.mod:") and not is_spec(":B") and not is_spec("a b:C")
