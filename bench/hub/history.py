"""History at scale: the evening's scoreboard and the history list with 1,000 kept games.

    PYTHONPATH=. python -m bench.hub.history [--games 1000] [--no-write]

A few real games are played by bots in one room of a hub on a temporary data folder (hub dice,
so each has its full log, commitments and cups); their event rows are then appended again and
again, each copy kept as its own finished game of the same evening, until `--games` are stored.
Then, on a fresh `History` (a cold connection, as after a restart), each is timed: `Evenings.payload`
(the scoreboard, this evening's games and the room's whole history: what a screen receives) and
`History.games` (what `dudo history list` reads). Targets (issue 23): both <= 50 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench._report import machine, write_section
from dudo_hub.server.store.database import Store
from dudo_hub.server.store.evening import Evenings
from dudo_hub.server.store.history import History
from dudo_hub.server.store.scoreboard import scoreboard
from dudo_hub.server.web.app import TestConfig, create_app, get_hub

TARGET_MS = 50.0
SAMPLE_GAMES = 5


def _sample(folder: Path) -> tuple[str, list[tuple[dict[str, Any], list[dict[str, Any]]]]]:
    """Play a few bot games; (room code, [(finished record, its events)])."""
    app = create_app(TestConfig(DATA_DIR=folder, SEED=23))
    hub = get_hub(app)
    room = hub.room(hub.default_code)
    for level in ("hard", "normal", "easy", None):
        room.add_bot(level)
    games = []
    for _ in range(SAMPLE_GAMES):
        room.start()
        assert room.over
        games.append(room.to_record())
        room.restart()
    assert hub.evenings is not None
    logs = [hub.evenings.history.game(g["id"])["log"] for g in hub.evenings.history.games()]
    hub.close()
    return room.code, list(zip(games, logs, strict=True))


def fill(folder: Path, total: int) -> str:
    """A data folder holding `total` kept games of one room's evening; returns the room code."""
    code, sample = _sample(folder)
    store, history = Store(folder, background_checkpoints=False), History(folder)
    try:
        kept = len(history.games())
        while kept < total:
            record, log = sample[kept % len(sample)]
            store.save(record, log, "bench")
            assert history.keep(record) is not None
            store.save(record, [{"kind": "restarted"}], "bench")
            kept += 1
    finally:
        store.close()
        history.close()
    return code


def _time_ms(fn: Any, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def measure(folder: Path, code: str, repeat: int) -> dict[str, Any]:
    """Median and worst of the scoreboard payload and the history list, on a cold History."""
    history = History(folder)
    try:
        evenings = Evenings(history, lambda *_: None)
        board = _time_ms(lambda: evenings.payload(code), repeat)
        evening = history.evening(code)
        recount = _time_ms(lambda: scoreboard(history.stats(code, evening)), repeat)
        listing = _time_ms(lambda: history.games(), repeat)
        payload = evenings.payload(code)
        games = len(history.games())
    finally:
        history.close()
    return {"games": games, "scoreboard_games": payload["scoreboard"]["games"],
            "scoreboard_ms": (statistics.median(board), max(board)),
            "list_ms": (statistics.median(listing), max(listing)),
            "recount_ms": (statistics.median(recount), max(recount)),
            "payload_kb": len(json.dumps(payload)) / 1024,
            "db_mb": sum(p.stat().st_size for p in folder.glob("hub.sqlite3*")) / 2**20}


def report(figures: dict[str, Any]) -> str:
    """The markdown section."""
    board, listing, recount = figures["scoreboard_ms"], figures["list_ms"], figures["recount_ms"]
    what = (f"the evening payload every screen gets (scoreboard over {figures['scoreboard_games']:,} games, "
            f"the newest games; {figures['payload_kb']:.0f} KB)")
    ok = "met" if max(board[0], listing[0]) <= TARGET_MS else "NOT met"
    return f"""## History: scoreboard and history list with {figures['games']:,} kept games (issue 23)

`python -m bench.hub.history` ({machine()}): {figures['games']:,} finished 4-player games (bots, hub dice,
full logs) of one room's evening in the data folder ({figures['db_mb']:.0f} MB of SQLite), read by a fresh
connection. Target: <= {TARGET_MS:.0f} ms each — {ok}.

| what | median | worst |
|---|---:|---:|
| {what} | {board[0]:.1f} ms | {board[1]:.1f} ms |
| the scoreboard summed again from all 1,000 games (after a delete) | {recount[0]:.1f} ms | {recount[1]:.1f} ms |
| the history list (`dudo history list`: all {figures['games']:,} games) | {listing[0]:.1f} ms | {listing[1]:.1f} ms |

The scoreboard never reads a log: each kept game carries its per-player counts (`games.stats`),
computed once when the game is kept, and each evening its running totals (`evening_totals`), added to
in the transaction that keeps a game (summed again only when a game is deleted); the logs sit in their
own table (`game_logs`), a copy of the room's `events` rows (hence the size). The machine was shared
(2 cores, load about 5) when these figures were taken.
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        code = fill(folder, args.games)
        print(f"filled {args.games} games in {time.perf_counter() - started:.1f} s")
        figures = measure(folder, code, args.repeat)
    text = report(figures)
    print(text)
    if not args.no_write:
        write_section("history", text)


if __name__ == "__main__":
    main()
