"""Events kept in the data folder (server/store/championships.py) and `dudo event list|show|export`."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from dudo_hub.championship import Event, correct_result, player_names, simulate, standings, table_result
from dudo_hub.server.cli.main import main
from dudo_hub.server.store.championships import Championships


def _record(event: Event, event_id: str = "EV1") -> dict[str, Any]:
    return {"id": event_id, "key_hash": "0" * 64, "event": event.to_dict(), "rooms": {"1:1": "ABCD"},
            "lang": "en", "bots": True}


@pytest.fixture
def kept(tmp_path: Path) -> tuple[Path, Event]:
    event = simulate(player_names(12), format="knockout", table_min=4, table_max=6, seed=3)
    final = event.current
    assert final is not None
    order = list(final.tables[0].result.order)  # type: ignore[union-attr]
    event = correct_result(event, final.number, 1, table_result([order[1], order[0], *order[2:]]), "slip of the pen")
    store = Championships(tmp_path)
    store.save(_record(event))
    store.close()
    return tmp_path, event


def test_store_round_trip(tmp_path: Path) -> None:
    event = simulate(player_names(8), format="rounds", table_min=4, table_max=4, rounds=2, final_size=4, seed=1)
    store = Championships(tmp_path)
    store.save(_record(event, "A"))
    store.save(_record(event, "B"))
    store.save({**_record(event, "A"), "rooms": {"1:1": "WXYZ"}})  # a change replaces the row
    store.close()
    again = Championships(tmp_path)
    loaded = again.load()
    assert [r["id"] for r in loaded] == ["A", "B"]
    assert Event.from_dict(loaded[0]["event"]) == event
    assert loaded[0]["rooms"] == {"1:1": "WXYZ"} and loaded[0]["updated"] >= loaded[0]["created"]
    assert again.get("a") is not None and again.get("nope") is None
    again.close()


def test_list_and_show(kept: tuple[Path, Event], capsys: pytest.CaptureFixture[str]) -> None:
    folder, event = kept
    assert main(["event", "list", "--data", str(folder)]) == 0
    line = capsys.readouterr().out
    assert "EV1" in line and "finished" in line and f"champion: {standings(event)[0].player}" in line
    assert main(["event", "show", "EV1", "--data", str(folder), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["champion"] == standings(event)[0].player
    assert shown["corrections"][0]["reason"] == "slip of the pen"
    assert shown["rounds"][0]["tables"][0]["room"] == "ABCD"
    assert main(["event", "show", "EV1", "--data", str(folder)]) == 0
    assert "champion:" in capsys.readouterr().out
    assert main(["event", "show", "NOPE", "--data", str(folder)]) == 1
    assert "no event" in capsys.readouterr().err
    assert main(["event", "list", "--data", str(folder / "empty")]) == 1


def test_export_json_and_csv(kept: tuple[Path, Event], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, event = kept
    out = tmp_path / "results.json"
    assert main(["event", "export", "EV1", "--format", "json", "--out", str(out), "--data", str(folder)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [s["player"] for s in data["standings"]] == [s.player for s in standings(event)]
    for rnd, kept_round in zip(data["rounds"], event.rounds, strict=True):
        for table, kept_table in zip(rnd["tables"], kept_round.tables, strict=True):
            assert table["players"] == list(kept_table.players)
            assert [f["player"] for f in table["result"]] == list(kept_table.result.order)  # type: ignore[union-attr]
    assert main(["event", "export", "EV1", "--format", "csv", "--data", str(folder)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    standing = [r for r in rows if r["section"] == "standing"]
    assert [r["player"] for r in standing] == [s.player for s in standings(event)]
    results = [r for r in rows if r["section"] == "result"]
    assert len(results) == sum(len(t.players) for r in event.rounds for t in r.tables)
    assert [r["reason"] for r in rows if r["section"] == "correction"] == ["slip of the pen"]
