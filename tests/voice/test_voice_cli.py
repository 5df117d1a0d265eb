"""`dudo parse`: one JSON object on stdout, through the handler and as a process."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from dudo_hub.voice.cli import add_parse_command, main

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
    got = _run(["parse", "--lang", "it", "--legal", "8x5,4x1", "otto cinqe"], capsys)
    assert got["intent"] == "bid" and got["quantity"] == 8 and got["face"] == 5


def test_parse_rejects_a_bad_bid_list(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["parse", "--legal", "7x9", "sette cinque"])
    assert "QUANTITYxFACE" in capsys.readouterr().err


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dudo_hub.voice.cli", "parse", "--lang", "es", "siete", "cincos"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout) == {"intent": "bid", "quantity": 7, "face": 5}
