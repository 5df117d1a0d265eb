"""Every finished game, kept in the room store's SQLite file (tables `games` and `evenings`).

A game is kept when its `game_over` is saved (and, after a restart, when the hub resumes a room
whose game ended unkept): its log is the room's events since the last `restarted` (or the last
kept game), so a game cut by a restart of the hub and resumed is one game. Each kept game carries
its players (bots marked), rules, dice mode, times, full log, and per-player counts (`gamelog`),
so the scoreboard and the list never read a log. Nothing here is about a game still being played.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from orjson import loads

from dudo_hub.protocol.errors import HubError
from dudo_hub.server.store import gamelog, scoreboard
from dudo_hub.server.store.database import FILE
from dudo_hub.server.web import asyncmode, fastjson

SCHEMA = """
CREATE TABLE IF NOT EXISTS evenings (
    id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, started REAL NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, evening INTEGER NOT NULL,
    first_event INTEGER NOT NULL, last_event INTEGER NOT NULL, started REAL NOT NULL, ended REAL NOT NULL,
    winner TEXT, rounds INTEGER NOT NULL, preset TEXT, dice_mode TEXT, players TEXT NOT NULL,
    meta TEXT NOT NULL, stats TEXT NOT NULL, UNIQUE (room, last_event));
CREATE TABLE IF NOT EXISTS game_logs (game INTEGER PRIMARY KEY, log TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS forgotten (room TEXT NOT NULL, last_event INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS evening_totals (
    room TEXT NOT NULL, evening INTEGER NOT NULL, totals TEXT NOT NULL, PRIMARY KEY (room, evening));
CREATE INDEX IF NOT EXISTS games_evening ON games (room, evening, id);
CREATE INDEX IF NOT EXISTS evenings_room ON evenings (room, id);
"""
RESTARTED = '{"kind":"restarted"}'


def player_key(index: int, seat: Mapping[str, Any]) -> str:
    """Who a seat is across games: a phone by its token (renaming keeps it), a bot by its seat."""
    token = seat.get("token")
    if seat.get("kind") == "human" and token:
        return "p" + hashlib.sha256(str(token).encode()).hexdigest()[:12]
    return f"seat{index}"


class History:
    """The kept games of a data folder (its own connection to the store's file)."""

    def __init__(self, folder: Path | str) -> None:
        path = Path(folder) / FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=10)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # as the store: a commit writes no fsync
            if asyncmode.patched():
                self._db.execute("PRAGMA wal_autocheckpoint=0")  # the store checkpoints, off gevent's loop
            self._db.executescript(SCHEMA)
            self._db.execute("CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY AUTOINCREMENT, "
                             "room TEXT NOT NULL, version INTEGER NOT NULL, at REAL NOT NULL, "
                             "source TEXT NOT NULL, event TEXT NOT NULL)")

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    # ----- evenings ----------------------------------------------------------------------------

    def evening(self, room: str) -> int:
        """The room's current evening (one is begun when there is none)."""
        with self._lock:
            return self._evening(room)

    def _evening(self, room: str) -> int:
        row = self._db.execute("SELECT MAX(id) FROM evenings WHERE room = ?", (room,)).fetchone()
        if row[0] is not None:
            return int(row[0])
        return int(self._db.execute("INSERT INTO evenings (room, started) VALUES (?, ?)",
                                    (room, time.time())).lastrowid or 0)

    def new_evening(self, room: str) -> int:
        """Begin a new evening for `room` (the games of the old one stay in the history)."""
        with self._lock:
            return int(self._db.execute("INSERT INTO evenings (room, started) VALUES (?, ?)",
                                        (room, time.time())).lastrowid or 0)

    # ----- keeping a game ------------------------------------------------------------------------

    def keep(self, record: Mapping[str, Any]) -> int | None:
        """Keep the finished game of a room's `record` (from `records.to_record`); its id, or None when
        the room's game is not over or was kept already."""
        state = record.get("state")
        if not state or state.get("phase") != "over":
            return None
        code = str(record["code"])
        with self._lock:
            found = self._game_rows(code)
            if found is None:
                return None
            first, last, times, sources, log = found
            players = _players(record, state)
            names = [p["name"] for p in players]
            per_name = gamelog.player_stats(log, names)
            stats = {p["key"]: per_name[p["name"]] for p in players}
            meta = {"room": code, "players": players, "preset": record.get("preset"),
                    "options": record.get("options"), "rules": state.get("rules"),
                    "dice_mode": record.get("dice_mode", "hub")}
            short = [{"name": p["name"], "bot": p["bot"], "key": p["key"], "mark": p["mark"]} for p in players]
            evening = self._evening(code)
            totals = self._totals(code, evening)  # before this game is in the table
            self._db.execute("BEGIN")
            try:
                cursor = self._db.execute(
                    "INSERT INTO games (room, evening, first_event, last_event, started, ended, winner, rounds, "
                    "preset, dice_mode, players, meta, stats) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (code, evening, first, last, times[0], times[-1], gamelog.winner(log),
                     gamelog.round_count(log), meta["preset"], meta["dice_mode"], fastjson.dumps(short),
                     fastjson.dumps(meta), fastjson.dumps(stats)))
                game = int(cursor.lastrowid or 0)
                self._db.execute("INSERT INTO game_logs (game, log) VALUES (?, ?)",
                                 (game, fastjson.dumps({"events": log, "at": times, "source": sources})))
                scoreboard.add(totals, {"id": game, "players": short, "stats": stats})
                self._store_totals(code, evening, totals)
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                return None
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return game

    def _game_rows(self, code: str) -> tuple[int, int, list[float], list[str], list[dict[str, Any]]] | None:
        """(first id, last id, times, sources, events) of the room's game since the last
        `restarted` or kept game; None when it is kept already or does not end the log with its end."""
        row = self._db.execute("SELECT MAX(x) FROM (SELECT last_event AS x FROM games WHERE room = ? UNION ALL "
                               "SELECT last_event FROM forgotten WHERE room = ?)", (code, code)).fetchone()
        floor = int(row[0] or 0)
        rows: list[tuple[int, float, str, str]] = []
        for event_id, at, source, text in self._db.execute(
                "SELECT id, at, source, event FROM events WHERE room = ? AND id > ? ORDER BY id DESC", (code, floor)):
            if text == RESTARTED:
                break
            rows.append((event_id, at, source, text))
        rows.reverse()
        log = [loads(row[3]) for row in rows]
        end = next((i for i, e in enumerate(log) if e.get("kind") == "game_over"), None)
        if end is None:
            return None
        rows, log = rows[:end + 1], log[:end + 1]
        return rows[0][0], rows[-1][0], [r[1] for r in rows], [r[2] for r in rows], log

    # ----- reading -------------------------------------------------------------------------------

    def games(self, room: str | None = None, evening: int | None = None, last: int | None = None,
              ) -> list[dict[str, Any]]:
        """Kept games, oldest first (only the `last` ones when given): id, room, evening, times, winner,
        rounds, preset, dice mode, players (name, bot)."""
        where, args = _filter(room, evening)
        newest = f" ORDER BY id DESC LIMIT {int(last)}" if last is not None else " ORDER BY id DESC"
        with self._lock:
            rows = self._db.execute(
                "SELECT id, room, evening, started, ended, winner, rounds, preset, dice_mode, players "
                f"FROM games{where}{newest}", args).fetchall()
        rows.reverse()
        return [{"id": r[0], "room": r[1], "evening": r[2], "started": r[3], "ended": r[4], "winner": r[5],
                 "rounds": r[6], "preset": r[7], "dice_mode": r[8],
                 "players": [{"name": p["name"], "bot": p["bot"]} for p in loads(r[9])]} for r in rows]

    def totals(self, room: str, evening: int) -> scoreboard.Totals:
        """The evening's running scoreboard totals (`scoreboard.add` over its kept games)."""
        with self._lock:
            return self._totals(room, evening)

    def _totals(self, room: str, evening: int) -> scoreboard.Totals:
        row = self._db.execute("SELECT totals FROM evening_totals WHERE room = ? AND evening = ?",
                               (room, evening)).fetchone()
        if row is not None:
            found: scoreboard.Totals = loads(row[0])
            return found
        return self._recount(room, evening)

    def _recount(self, room: str, evening: int) -> scoreboard.Totals:
        """The totals summed again from the evening's games (after a delete, or for a folder without them)."""
        totals = scoreboard.empty()
        for game in self._stats(room, evening):
            scoreboard.add(totals, game)
        return totals

    def _store_totals(self, room: str, evening: int, totals: scoreboard.Totals) -> None:
        self._db.execute("INSERT INTO evening_totals (room, evening, totals) VALUES (?, ?, ?) "
                         "ON CONFLICT(room, evening) DO UPDATE SET totals = excluded.totals",
                         (room, evening, fastjson.dumps(totals)))

    def count(self, room: str, evening: int | None = None) -> int:
        """How many kept games the room has (in `evening`, when given)."""
        where, args = _filter(room, evening)
        with self._lock:
            return int(self._db.execute(f"SELECT COUNT(*) FROM games{where}", args).fetchone()[0])

    def stats(self, room: str, evening: int) -> list[dict[str, Any]]:
        """The kept games of an evening as the scoreboard needs them: players and per-player counts."""
        with self._lock:
            return self._stats(room, evening)

    def _stats(self, room: str, evening: int) -> list[dict[str, Any]]:
        rows = self._db.execute("SELECT id, players, stats FROM games WHERE room = ? AND evening = ? ORDER BY id",
                                (room, evening)).fetchall()
        return [{"id": r[0], "players": loads(r[1]), "stats": loads(r[2])} for r in rows]

    def game(self, game_id: int) -> dict[str, Any]:
        """One kept game with its log (unknown_game when there is none)."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, room, evening, started, ended, winner, rounds, meta, stats, game_logs.log, first_event, "
                "last_event FROM games JOIN game_logs ON game_logs.game = games.id WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise HubError("unknown_game", f"no kept game {game_id}")
        log = loads(row[9])
        return {"id": row[0], "room": row[1], "evening": row[2], "started": row[3], "ended": row[4],
                "winner": row[5], "rounds": row[6], **loads(row[7]), "stats": loads(row[8]),
                "log": log["events"], "at": log["at"], "source": log["source"], "event_ids": [row[10], row[11]]}

    def delete(self, game_id: int, room: str | None = None) -> bool:
        """Forget a kept game (of `room`, when given). Whether one was deleted."""
        where, args = ("id = ? AND room = ?", (game_id, room)) if room else ("id = ?", (game_id,))
        with self._lock:
            found = self._db.execute(f"SELECT room, evening, last_event FROM games WHERE {where}", args).fetchone()
            if found is None:
                return False
            self._db.execute("BEGIN")
            try:
                self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))
                self._db.execute("DELETE FROM game_logs WHERE game = ?", (game_id,))
                self._db.execute("INSERT INTO forgotten (room, last_event) VALUES (?, ?)", (found[0], found[2]))
                self._store_totals(found[0], found[1], self._recount(found[0], found[1]))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return True


def _players(record: Mapping[str, Any], state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The game's players in seat order: name, stable key, bot or not, bot level, mark."""
    seats = {s["player"]: (i, s) for i, s in enumerate(record.get("seats") or [])}
    out = []
    for name in state.get("players") or []:
        index, seat = seats.get(name, (-1, {}))
        out.append({"name": name, "key": player_key(index, seat) if index >= 0 else f"name:{name}",
                    "bot": seat.get("kind") == "bot", "level": seat.get("level"), "mark": seat.get("mark")})
    return out


def _filter(room: str | None, evening: int | None) -> tuple[str, tuple[Any, ...]]:
    parts: list[str] = []
    args: list[Any] = []
    if room is not None:
        parts.append("room = ?")
        args.append(room)
    if evening is not None:
        parts.append("evening = ?")
        args.append(evening)
    return (" WHERE " + " AND ".join(parts) if parts else ""), tuple(args)
