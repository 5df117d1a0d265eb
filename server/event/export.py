"""An event's results as JSON and CSV (`dudo event export`, `GET /api/events/<id>/results`): the
settings, every table of every round (seat order, the room that played it, its result in
finishing order), the standings, the champion and the corrections with their reasons.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from dudo_hub.championship import Event, champion, points_for, standings
from dudo_hub.championship.state import Table

CSV_COLUMNS = ("section", "round", "stage", "table", "room", "place", "player", "points", "dice", "out", "reason")


def _table(table: Table, round_no: int, rooms: Mapping[str, str]) -> dict[str, Any]:
    result = table.result
    finishes = [] if result is None else [
        {"place": i, "player": f.player, "dice": f.dice, "out": f.out, "points": points_for(i, len(table.players))}
        for i, f in enumerate(result.finishes, start=1)]
    return {"table": table.number, "room": rooms.get(f"{round_no}:{table.number}"), "players": list(table.players),
            "advance": table.advance, "rounds": None if result is None else result.rounds, "result": finishes}


def results(record: Mapping[str, Any]) -> dict[str, Any]:
    """The event of a stored record, as the JSON export: id, settings, status, rounds, standings, champion."""
    event = Event.from_dict(record["event"])
    rooms = record.get("rooms", {})
    return {
        "id": record["id"], "settings": event.settings.to_dict(), "status": event.status,
        "players": list(event.players), "withdrawn": list(event.withdrawn),
        "rounds": [{"round": r.number, "stage": r.stage, "tables": [_table(t, r.number, rooms) for t in r.tables]}
                   for r in event.rounds],
        "standings": [s.to_dict() for s in standings(event)],
        "champion": champion(event),
        "corrections": [c.to_dict() for c in event.corrections],
    }


def results_csv(record: Mapping[str, Any]) -> str:
    """The same as CSV, one row a line: `standing` rows (place, player, points), then one `result`
    row per player per table (round, stage, table, room, place, dice, out, points), then `correction`s."""
    data = results(record)
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for s in data["standings"]:
        writer.writerow({"section": "standing", "place": s["place"], "player": s["player"], "points": s["points"]})
    for rnd in data["rounds"]:
        for t in rnd["tables"]:
            for f in t["result"]:
                writer.writerow({"section": "result", "round": rnd["round"], "stage": rnd["stage"],
                                 "table": t["table"], "room": t["room"], **f})
    for c in data["corrections"]:
        writer.writerow({"section": "correction", "round": c["round"], "table": c["table"], "reason": c["reason"]})
    return out.getvalue()
