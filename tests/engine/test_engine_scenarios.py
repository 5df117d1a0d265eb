"""Every scenario file (shared conformance files and this folder's own) through the runner and the CLI."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest
from enginekit import load, scenario_files, shared_scenarios

from dudo_hub.engine.scenario import ScenarioMismatch, run_scenario

FILES = scenario_files()


def test_the_shared_scenarios_are_found():
    shared = shared_scenarios()
    assert len(shared) >= 6
    assert len(FILES) >= len(shared) + 11


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_replays_with_the_engine(path):
    data = load(path)
    result = run_scenario(data)
    assert result["ok"] is True
    assert result["name"] == data["name"]
    assert len(result["rounds"]) == len(data["rounds"])
    for got, rnd in zip(result["rounds"], data["rounds"], strict=True):
        for key, wanted in rnd.get("expect", {}).items():
            if key in ("dice", "bullets"):
                assert {p: got[key][p] for p in wanted} == wanted
            elif key != "eliminated":
                assert got[key] == wanted, key


def cli(*files, env=None):
    return subprocess.run(
        [sys.executable, "-m", "dudo_hub.server.cli.main", "replay", *map(str, files)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, **(env or {})},
    )


def test_cli_replays_every_scenario_one_json_line_each():
    done = cli(*FILES)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == len(FILES)
    for line, path in zip(lines, FILES, strict=True):
        out = json.loads(line)
        assert out["ok"] is True
        assert out["name"] == load(path)["name"]
        assert out["rounds"] == run_scenario(load(path))["rounds"]


def broken(tmp_path, change):
    data = copy.deepcopy(load(next(p for p in shared_scenarios() if p.name.startswith("01-wild-ones"))))
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    return data, path


def test_cli_exits_1_with_the_mismatch_on_stderr(tmp_path):
    _, path = broken(tmp_path, lambda d: d["rounds"][0]["expect"].update(count=7))
    done = cli(path)
    assert done.returncode == 1
    assert "count" in done.stderr and "7" in done.stderr and "6" in done.stderr
    assert str(path) in done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1])["ok"] is False


def test_cli_stops_at_the_broken_file_among_good_ones(tmp_path):
    _, path = broken(tmp_path, lambda d: d["rounds"][0]["expect"].update(loser="G1"))
    done = cli(FILES[0], path)
    assert done.returncode == 1
    assert len(done.stdout.strip().splitlines()) == 2
    assert "loser" in done.stderr and "G1" in done.stderr


def test_runner_rejects_an_error_move_that_the_engine_accepts(tmp_path):
    data, _ = broken(tmp_path, lambda d: d["rounds"][0]["moves"][1].update(error=True))
    with pytest.raises(ScenarioMismatch, match="should be rejected"):
        run_scenario(data)


def test_runner_reports_an_illegal_move_with_its_code(tmp_path):
    data, _ = broken(tmp_path, lambda d: d["rounds"][0]["moves"][1].update(bid=[1, 5]))
    with pytest.raises(ScenarioMismatch, match="bid_not_higher"):
        run_scenario(data)


def test_runner_checks_the_dice_held(tmp_path):
    data, _ = broken(tmp_path, lambda d: d["rounds"][0]["expect"]["dice"].update(G3=5))
    with pytest.raises(ScenarioMismatch, match="dice"):
        run_scenario(data)


def test_cli_reports_an_unreadable_file(tmp_path):
    path = tmp_path / "nope.json"
    path.write_text("{not json")
    done = cli(path)
    assert done.returncode == 1
    assert str(path) in done.stderr
