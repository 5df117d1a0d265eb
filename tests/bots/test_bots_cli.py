"""`dudo tournament`: the table, and the JSON summary as the last line."""

from __future__ import annotations

import json

import pytest
from helpers import run_cli


def test_json_is_the_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--preset", "parker", "--seats", "hard,normal,easy", "--games", "12", "--seed", "3", "--json"]
    assert run_cli(argv) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["preset"] == "parker" and summary["games"] == 12
    assert summary["seats"] == ["hard", "normal", "easy"]
    assert sum(summary["wins"].values()) == 12 and set(summary["wins"]) == {"hard", "normal", "easy"}
    assert any("95% CI" in line for line in lines[:-1])


def test_unknown_levels_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_cli(["tournament", "--seats", "hard,genius"])
    assert "genius" in capsys.readouterr().err
