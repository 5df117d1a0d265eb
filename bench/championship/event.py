"""A 60-player championship with bots at every seat, played to its champion, per format, into docs/BENCHMARKS.md.

    python -m bench.championship.event [--players 60] [--events 5] [--bots normal] [--no-write]
        (from the repository root)

Each event is `dudo event simulate`'s: players P01..P60, tables of 4 to 6, the dudo preset,
seeds 1..E, played through the championship's steps (championship/simulate.py). The time is
split into the bots' games (`play_round`) and the event's own work (draws, results, standings).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass

from bench._report import machine, write_section
from dudo_hub.championship import Event, champion, new_event, next_round, player_names, register, standings, start
from dudo_hub.championship.simulate import play_round

FORMATS = ("knockout", "rounds")


@dataclass(frozen=True)
class Run:
    """One event: wall seconds in all, in the bots' games, in the draws; games and rounds played."""

    total: float
    cpu: float
    games_time: float
    draws_time: float
    games: int
    rounds: int
    champion: str


def play_event(players: int, fmt: str, seed: int, bots: str) -> Run:
    """Register, start and play one event to its champion, timing its parts."""
    start_time, start_cpu = time.perf_counter(), time.process_time()
    event: Event = new_event(format=fmt, table_min=4, table_max=6, final_size=6, seed=seed)
    for name in player_names(players):
        event = register(event, name)
    event = start(event)
    games_time = draws_time = 0.0
    while True:
        mark = time.perf_counter()
        event = play_round(event, bots)
        games_time += time.perf_counter() - mark
        if event.status == "finished":
            break
        mark = time.perf_counter()
        event = next_round(event)
        draws_time += time.perf_counter() - mark
    assert len(standings(event)) == players and champion(event) is not None
    games = sum(len(r.tables) for r in event.rounds)
    total, cpu = time.perf_counter() - start_time, time.process_time() - start_cpu
    return Run(total, cpu, games_time, draws_time, games, len(event.rounds), champion(event) or "")


def _row(fmt: str, runs: list[Run]) -> str:
    totals = [r.total for r in runs]
    games = statistics.mean(r.games for r in runs)
    cells = [
        fmt,
        f"{statistics.mean(r.rounds for r in runs):.1f}",
        f"{games:.1f}",
        f"{statistics.median(totals):.2f}",
        f"{max(totals):.2f}",
        f"{statistics.median(r.cpu for r in runs):.2f}",
        f"{1000 * statistics.mean(r.games_time for r in runs) / games:.0f}",
        f"{1000 * statistics.mean(r.total - r.games_time for r in runs):.0f}",
        f"{1000 * statistics.mean(r.draws_time for r in runs):.0f}",
    ]
    return "| " + " | ".join(cells) + " |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=60, help="players registered (default 60)")
    parser.add_argument("--events", type=int, default=5, help="events per format, seeds 1..N (default 5)")
    parser.add_argument("--bots", default="normal", help="the bots' level (default normal)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/BENCHMARKS.md alone")
    args = parser.parse_args(argv)

    load = os.getloadavg()[0]
    rows = []
    for fmt in FORMATS:
        runs = [play_event(args.players, fmt, seed, args.bots) for seed in range(1, args.events + 1)]
        for seed, run in enumerate(runs, start=1):
            print(f"{fmt:8s} seed {seed}: {run.total:6.2f} s (CPU {run.cpu:.2f} s), {run.games} games in "
                  f"{run.rounds} rounds, draws {1000 * run.draws_time:.0f} ms, champion {run.champion}")
        rows.append(_row(fmt, runs))
    md = "\n".join([
        f"## Events: a {args.players}-player championship played to its champion (issue 36)",
        "",
        f"Machine: {machine()}; one process, one core; load average at the start {load:.2f} on "
        f"{os.cpu_count()} cores (other jobs share the machine: the CPU time is the steadier figure).",
        f"`python -m bench.championship.event --events {args.events} --bots {args.bots}`: "
        f"{args.players} players, tables of 4-6, "
        f"the dudo preset, `{args.bots}` bots at every seat,",
        f"seeds 1..{args.events} per format, played through the championship's own steps (`dudo event simulate`'s "
        "loop). Knockout: the top 2",
        "of each table go on (a heat stops once they are the last in) until a final of 6; rounds: 3 heats "
        "(Swiss-like after the first),",
        "every table played to its winner, then a final of the best 6. The event's own work is everything but "
        "the bots' games:",
        "registering, the draws (`next_round`, the Swiss draw's search for the fewest repeats included), "
        "the results, the standings.",
        "",
        "| format | rounds | games (tables) | event s (median) | event s (max) | CPU s (median) | ms per game "
        "| event's own ms | of which draws ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        *rows,
    ])
    print(md)
    if not args.no_write:
        write_section("event", md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
