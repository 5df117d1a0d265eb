"""`dudo event simulate`: the JSON of a whole event, its summary, and the exit code 2 for impossible arguments."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dudo_hub.server.cli.main import main


def _simulate(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, Any]:
    assert main(["event", "simulate", *words, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _check_event(data: dict[str, Any], players: int) -> None:
    names = {f"P{i:02d}" for i in range(1, players + 1)}
    standings = data["standings"]
    assert sorted(s["player"] for s in standings) == sorted(names), "every player once"
    assert [s["place"] for s in standings] == list(range(1, players + 1))
    assert data["champion"] == standings[0]["player"] and standings[0]["place"] == 1
    for rnd in data["rounds"]:
        seated = [p for table in rnd["tables"] for p in table]
        assert len(seated) == len(set(seated)), f"round {rnd['round']}: nobody at two tables"
        assert set(seated) <= names
        for table, result in zip(rnd["tables"], rnd["results"], strict=True):
            assert sorted(result) == sorted(table)
    final = data["rounds"][-1]
    assert final["stage"] == "final" and final["results"][0][0] == data["champion"]


def test_knockout_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = _simulate(capsys, "--players", "26", "--format", "knockout", "--table-size", "5-6", "--seed", "4")
    _check_event(data, 26)
    assert (data["format"], data["preset"], data["seed"], data["table_size"]) == ("knockout", "dudo", 4, [5, 6])
    assert [len(t) for t in data["rounds"][-1]["tables"]] == [6]
    for before, after in zip(data["rounds"], data["rounds"][1:], strict=False):
        going_on = {p for result, k in zip(before["results"], before["advance"], strict=True) for p in result[:k]}
        assert {p for t in after["tables"] for p in t} == going_on


def test_rounds_json_with_a_preset_and_easy_bots(capsys: pytest.CaptureFixture[str]) -> None:
    data = _simulate(capsys, "--players", "14", "--format", "rounds", "--rounds", "2", "--preset", "revolver",
                     "--bots", "easy", "--seed", "2")
    _check_event(data, 14)
    assert [r["stage"] for r in data["rounds"]] == ["heat", "heat", "final"] and data["preset"] == "revolver"
    assert all(4 <= len(t) <= 6 for r in data["rounds"][:-1] for t in r["tables"])


def test_one_seed_one_event(capsys: pytest.CaptureFixture[str]) -> None:
    words = ("--players", "12", "--format", "rounds", "--seed", "7")
    assert _simulate(capsys, *words) == _simulate(capsys, *words)
    assert _simulate(capsys, *words)["rounds"] != _simulate(capsys, "--players", "12", "--format", "rounds",
                                                            "--seed", "8")["rounds"]


def test_the_summary_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event", "simulate", "--players", "9", "--format", "knockout", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("knockout event, dudo rules, 9 players, tables of 4-6, seed 1")
    assert "round 1 (heat)" in out and "(final)" in out and "champion: P" in out


@pytest.mark.parametrize("words,said", [
    (["--players", "3", "--format", "knockout"], "too_few_players"),
    (["--players", "20", "--format", "rounds", "--table-size", "4-12"], "table_size_out_of_range"),
    (["--players", "20", "--format", "knockout", "--table-size", "4-4", "--advance", "4"], "bad_advance"),
    (["--players", "20", "--format", "swiss"], "invalid choice: 'swiss'"),
    (["--players", "20", "--format", "rounds", "--preset", "poker"], "invalid choice: 'poker'"),
    (["--players", "20", "--format", "rounds", "--table-size", "four"], "MIN-MAX"),
])
def test_impossible_arguments_exit_2(capsys: pytest.CaptureFixture[str], words: list[str], said: str) -> None:
    try:
        code = main(["event", "simulate", *words, "--seed", "1"])
    except SystemExit as stop:
        code = int(stop.code or 0)
    captured = capsys.readouterr()
    assert code == 2 and said in captured.err and captured.out == ""
