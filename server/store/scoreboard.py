"""The evening's scoreboard: a pure sum of the kept games' per-player counts (`gamelog.player_stats`).

Players are matched across games by their key (`history.player_key`: a phone's seat token, a bot's
seat), shown under their latest name; bots are marked. Only finished games go in. The running
totals (`add`) are what the history keeps per evening, so a scoreboard never re-reads its games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dudo_hub.server.store.gamelog import COUNTS

Totals = dict[str, Any]  # {"games": n, "rows": {key: row}, "boldest": moment, "best_call": moment}


def empty() -> Totals:
    """The totals of an evening without games."""
    return {"games": 0, "rows": {}, "boldest": None, "best_call": None}


def add(totals: Totals, game: Mapping[str, Any]) -> Totals:
    """Add one kept game ({id, players, stats}, as `History.stats` gives it) to `totals` (changed in place)."""
    totals["games"] += 1
    rows = totals["rows"]
    for player in game["players"]:
        stats = game["stats"].get(player["key"])
        if stats is None:
            continue
        row = rows.setdefault(player["key"], {"name": player["name"], "bot": player["bot"], "mark": None,
                                              "games": 0, **dict.fromkeys(COUNTS, 0)})
        row["name"], row["bot"] = player["name"], player["bot"]
        row["mark"] = player.get("mark")  # the latest game's mark (None in games kept before marks)
        row["games"] += 1
        for name in COUNTS:
            row[name] += stats[name]
        for moment in ("boldest", "best_call"):
            totals[moment] = _lower(totals[moment], stats.get(moment), player["key"], game["id"])
    return totals


def public(totals: Mapping[str, Any]) -> dict[str, Any]:
    """{games, players (best first), boldest, best_call}: what the screens show (no player key)."""
    rows = totals["rows"]
    ranked = sorted(rows.values(), key=lambda r: (-r["won"], r["dice_lost"] - r["dice_won"], r["name"]))
    return {"games": totals["games"], "players": ranked, "boldest": _named(totals["boldest"], rows),
            "best_call": _named(totals["best_call"], rows)}


def scoreboard(games: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The scoreboard of kept games ({id, players, stats}, oldest first)."""
    totals = empty()
    for game in games:
        add(totals, game)
    return public(totals)


def _lower(kept: dict[str, Any] | None, candidate: Mapping[str, Any] | None, key: str,
           game: int) -> dict[str, Any] | None:
    """The moment with the lower odds (the earlier one on a tie)."""
    if candidate is None or (kept is not None and candidate["odds"] >= kept["odds"]):
        return kept
    return {**candidate, "key": key, "game": game}


def _named(moment: Mapping[str, Any] | None, rows: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
    """The moment under its player's latest name (the key stays inside the hub)."""
    if moment is None:
        return None
    out = {k: v for k, v in moment.items() if k != "key"}
    out["player"] = rows[moment["key"]]["name"]
    return out
