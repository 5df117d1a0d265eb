"""Outside bots at the tournament table: `--seats hard,module:Class`, held to the interface."""

from __future__ import annotations

import json

import pytest
from helpers import run_cli

from dudo_hub.engine.bots.outside import is_spec
from dudo_hub.engine.bots.tournament import run_tournament
from dudo_hub.server.tournament_cmd import makers_for


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


def test_an_illegal_answer_names_the_bot() -> None:
    seats = ["normal", "outside_bots:Cheat"]
    with pytest.raises(ValueError, match="outside_bots:Cheat chose"):
        run_tournament("dudo", seats, 2, 1, makers=makers_for(seats))


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
