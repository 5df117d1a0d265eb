"""`dudo parse`: one JSON object on stdout, through the handler and as a process."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from dudo_hub.voice.setup.parse_cmd import add_parse_command, main

ROOT = Path(__file__).resolve().parents[2]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    parser = argparse.ArgumentParser(prog="dudo")
    add_parse_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    result: dict[str, object] = json.loads(out)
    return result


def test_parse_prints_the_intent(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["parse", "--lang", "it", "sette", "cinque"], capsys) == {"intent": "bid", "quantity": 7, "face": 5}
    assert _run(["parse", "--lang", "en", "liar"], capsys) == {"intent": "dudo"}
    assert _run(["parse", "--lang", "it", "venticinque"], capsys) == {"intent": None}


def test_parse_with_state(capsys: pytest.CaptureFixture[str]) -> None:
    got = _run(["parse", "--lang", "it", "--legal", "8x5,4x1", "--players", "Marco,Anna", "Calza,", "Marco"], capsys)
    assert got == {"intent": "calza", "player": "Marco", "confidence": 1.0}
    got = _run(["parse", "--lang", "it", "--legal", "8x5,4x1", "sette cinque"], capsys)
    assert got["intent"] is None and got["reason"] == "bid_not_higher"
    got = _run(["parse", "--lang", "it", "--legal", "8x5,4x1", "otto cinqe"], capsys)  # corrected: asked, not played
    assert got["intent"] is None and got["asked"] and got["reason"] == "sound_alike"
    assert got["heard"]["intent"] == "bid" and (got["heard"]["quantity"], got["heard"]["face"]) == (8, 5)


def test_parse_rejects_a_bad_bid_list(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["parse", "--legal", "7x9", "sette cinque"])
    assert "QUANTITYxFACE" in capsys.readouterr().err


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dudo_hub.voice.setup.parse_cmd", "parse", "--lang", "es", "siete", "cincos"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout) == {"intent": "bid", "quantity": 7, "face": 5}


POSITION = ["--lang", "it", "--standing", "4x5", "--dice", "20", "--players", "Marco,Giulia,Luca,Sara"]


def test_parse_in_a_position_gives_the_batch_contract(capsys: pytest.CaptureFixture[str]) -> None:
    got = _run(["parse", *POSITION, "allora dico sette cinque"], capsys)
    assert got == {"text": "allora dico sette cinque", "intent": "bid", "quantity": 7, "face": 5,
                   "player": "Marco", "played": True, "asked": None}
    assert _run(["parse", *POSITION, "tre cinque"], capsys)["played"] is False  # the engine: not higher
    assert _run(["parse", *POSITION, "calza Giulia"], capsys) == {
        "text": "calza Giulia", "intent": "calza", "quantity": None, "face": None, "player": "Giulia", "played": False,
        "asked": None}
    assert _run(["parse", *POSITION, "annulla"], capsys)["played"] is True  # the hub acts on a cancel
    assert _run(["parse", *POSITION, "sei pazzo"], capsys)["intent"] is None
    asked = _run(["parse", *POSITION, "sette quattro forse"], capsys)  # a doubt after the bid
    assert asked["played"] is False and asked["intent"] is None
    assert asked["asked"] == {"intent": "bid", "quantity": 7, "face": 4, "player": "Marco"}


def test_parse_without_a_standing_bid_is_the_opening(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["parse", "--lang", "it", "--players", "Ann,Bob", "--dice", "9"]
    assert _run([*args, "dudo"], capsys)["played"] is False  # no bid to challenge
    assert _run([*args, "tre pacos"], capsys)["played"] is False  # a round may not open on pacos
    assert _run([*args, "tre cinque"], capsys)["played"] is True
    assert _run([*args, "--preset", "liars_dice", "tre pacos"], capsys)["played"] is True


def test_parse_batch_as_a_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dudo_hub.voice.setup.parse_cmd", "parse", *POSITION, "--batch"],
        input="sette cinque\n\nho ancora tre dadi\ndudo!\n", cwd=ROOT, capture_output=True, text=True, check=True,
        timeout=60,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(x["text"], x["intent"], x["played"]) for x in lines] == [
        ("sette cinque", "bid", True), ("", None, False), ("ho ancora tre dadi", None, False), ("dudo!", "dudo", True)]


@pytest.mark.parametrize("argv", [
    ["--standing", "4x5"],  # no players
    ["--players", "Ann,Bob", "--dice", "40"],  # more than 5 each
    ["--players", "Ann,Bob", "--standing", "9x5", "--dice", "6"],  # a standing bid above the dice
])
def test_parse_refuses_a_position_it_cannot_build(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["parse", *argv, "sette cinque"])
    assert "position" in capsys.readouterr().err


def test_parse_help_explains_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["parse", "--help"])
    assert "the player to act is the first listed" in " ".join(capsys.readouterr().out.split())
