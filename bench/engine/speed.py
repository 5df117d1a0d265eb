"""Engine speed: full 6-player games per second with random legal play, per preset,
and the cost of `legal_actions` at a full table (30 dice, a standing bid).

    PYTHONPATH=. python -m bench.engine.speed [--games 300] [--no-write]

Random play: every step is `engine.chance.random_action` with a seeded `random.Random`
(uniform among the legal actions of everyone who may act; chance's first player, rolls and
revolver shots as `chance_action` draws them), so runs are repeatable. One process,
one core. The target of issue 2 is >= 300 games/s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
import timeit

from bench._report import machine, write_section
from dudo_hub.engine import (
    PRESETS,
    Bid,
    ChanceAction,
    MakeBid,
    Phase,
    apply,
    legal_actions,
    make_rules,
    new_game,
    settle_chance,
    to_act,
)
from dudo_hub.engine.chance import random_action

PLAYERS = tuple(f"P{i}" for i in range(6))
TARGET = 300.0


def play_one(preset: str, rng: random.Random) -> int:
    """One whole 6-player game with uniform random legal moves; returns the player actions taken."""
    state = new_game(PLAYERS, make_rules(preset))
    moves = 0
    while state.phase is not Phase.OVER:
        action = random_action(state, rng)
        state, _ = apply(state, action)
        moves += not isinstance(action, ChanceAction)
    return moves


def games_per_second(preset: str, games: int, seed: int = 2) -> tuple[float, float, float]:
    """(games per wall-clock second, games per CPU second, mean player actions per game)."""
    rng = random.Random(seed)
    play_one(preset, random.Random(seed + 1))  # warm-up
    start, cpu = time.perf_counter(), time.process_time()
    moves = sum(play_one(preset, rng) for _ in range(games))
    elapsed, cpu_elapsed = time.perf_counter() - start, time.process_time() - cpu
    return games / elapsed, games / cpu_elapsed, moves / games


def full_table():
    """30 dice in play, P0 has opened with 7x5, P1 to act."""
    rng = random.Random(7)
    state = new_game(PLAYERS, make_rules("dudo", {"first_player": "host"}))
    state, _ = settle_chance(state, rng)
    assert state.phase is Phase.BIDDING and state.dice_in_play == 30
    opener = to_act(state)
    assert opener is not None
    state, _ = apply(state, MakeBid(opener, Bid(7, 5)))
    return state


def legal_actions_micros(repeat: int = 7, number: int = 2000) -> tuple[float, int]:
    """(best-of-`repeat` microseconds per `legal_actions` call for the player to act, actions offered)."""
    state = full_table()
    player = to_act(state)
    assert player is not None
    times = timeit.repeat(lambda: legal_actions(state, player), repeat=repeat, number=number)
    return min(times) / number * 1e6, len(legal_actions(state, player))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per preset (default 300)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/BENCHMARKS.md alone")
    args = parser.parse_args(argv)

    load = os.getloadavg()[0]
    rows = []
    rates = []
    for preset in PRESETS:
        rate, cpu_rate, moves = games_per_second(preset, args.games)
        rates.append(rate)
        verdict = "yes" if rate >= TARGET else "no"
        rows.append(f"| `{preset}` | {rate:,.0f} | {cpu_rate:,.0f} | {1000 / rate:.2f} | {moves:.0f} | {verdict} |")
        print(f"{preset:11s} {rate:8.0f} games/s (cpu {cpu_rate:6.0f})  {1000 / rate:6.2f} ms/game  "
              f"{moves:5.0f} moves/game")
    micros, offered = legal_actions_micros()
    print(f"legal_actions at a full table: {micros:.1f} us ({offered} actions)")

    slowest = min(rates)
    md = "\n".join([
        "## Engine (issue 2)",
        "",
        f"Machine: {machine()}; one process, one core; {args.games} seeded games per preset;",
        f"load average at the start {load:.2f} on {os.cpu_count()} cores (other jobs share the machine).",
        "Six players, 5 dice each; every step is `random_action` (uniform among the `legal_actions`",
        "of everyone who may act; chance as `chance_action` draws it) with `random.Random(2)`.",
        "",
        f"| preset | games/s (wall) | games/s (CPU time) | ms/game | player moves/game | >= {TARGET:.0f} games/s |",
        "|---|---:|---:|---:|---:|---|",
        *rows,
        "",
        f"Slowest preset: {slowest:,.0f} games/s; median {statistics.median(rates):,.0f} games/s "
        f"(target >= {TARGET:.0f}: {'met' if slowest >= TARGET else 'NOT met'}).",
        "",
        f"`legal_actions` for the player to act at a full table (30 dice, standing bid 7x5, dudo preset): "
        f"**{micros:.1f} us** per call (best of 7), {offered} actions offered.",
    ])
    if not args.no_write:
        write_section("engine", md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
