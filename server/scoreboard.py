"""The evening's scoreboard: a pure sum of the kept games' per-player counts (`gamelog.player_stats`).

Players are matched across games by their key (`history.player_key`: a phone's seat token, a bot's
seat), shown under their latest name; bots are marked. Only finished games go in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dudo_hub.server.gamelog import COUNTS


def scoreboard(games: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """{games, players (best first), boldest, best_call} from `History.stats` rows (oldest first)."""
    rows: dict[str, dict[str, Any]] = {}
    boldest: dict[str, Any] | None = None
    best: dict[str, Any] | None = None
    count = 0
    for game in games:
        count += 1
        for player in game["players"]:
            stats = game["stats"].get(player["key"])
            if stats is None:
                continue
            row = rows.setdefault(player["key"], {"name": player["name"], "bot": player["bot"], "games": 0,
                                                  **dict.fromkeys(COUNTS, 0)})
            row["name"], row["bot"] = player["name"], player["bot"]
            row["games"] += 1
            for name in COUNTS:
                row[name] += stats[name]
            boldest = _lower(boldest, stats.get("boldest"), player["key"], game["id"])
            best = _lower(best, stats.get("best_call"), player["key"], game["id"])
    ranked = sorted(rows.values(), key=lambda r: (-r["won"], r["dice_lost"] - r["dice_won"], r["name"]))
    return {"games": count, "players": ranked, "boldest": _named(boldest, rows), "best_call": _named(best, rows)}


def _lower(kept: dict[str, Any] | None, candidate: Mapping[str, Any] | None, key: str,
           game: int) -> dict[str, Any] | None:
    """The moment with the lower odds (the earlier one on a tie)."""
    if candidate is None or (kept is not None and candidate["odds"] >= kept["odds"]):
        return kept
    return {**candidate, "key": key, "game": game}


def _named(moment: dict[str, Any] | None, rows: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
    """The moment under its player's latest name (the key stays inside the hub)."""
    if moment is None:
        return None
    out = {k: v for k, v in moment.items() if k != "key"}
    out["player"] = rows[moment["key"]]["name"]
    return out
