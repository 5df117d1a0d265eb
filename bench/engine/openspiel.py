"""The engine beside OpenSpiel's C++ liars_dice: time per player action, side by side in one run.

    python -m bench.engine.openspiel [--rounds 20000] [--chunks 10] [--no-write]     (needs `pip install open-spiel`)

Both sides play the same thing: two players with five dice, one round, uniformly random
legal moves until someone calls; the roll (chance) and the legal-move lists are inside
the timed loop. Ours: `new_game` + `random_action` + `apply` in the
`liars_dice` preset; OpenSpiel: `pyspiel.load_game("liars_dice", numdice=5)` with chance
outcomes drawn from `chance_outcomes()`. The two sides run in alternating chunks (ten
each) and each keeps its best chunk, so that other jobs on the machine weigh on both
alike; each chunk is timed by the wall clock and by the process's CPU time (which leaves
out the time other jobs hold the cores). The ratio is our time per player action over theirs. OpenSpiel is a bench-only
extra (`pip install -e .[bench]`): without it only our side is timed.
Writes docs/BENCHMARKS.md (section `openspiel`).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from bench._report import machine, write_section
from dudo_hub.engine import Phase, apply, make_rules, new_game
from dudo_hub.engine.chance import random_action

RULES = make_rules("liars_dice")


Timed = tuple[float, float, int]  # wall seconds, CPU seconds, player actions


def ours(rounds: int, seed: int = 5) -> Timed:
    """(wall seconds, CPU seconds, player actions) for `rounds` random one-round games."""
    rng = random.Random(seed)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        state = new_game(("a", "b"), RULES)
        while state.phase is not Phase.BIDDING:  # chance: the first player, the roll
            state, _ = apply(state, random_action(state, rng))
        while state.phase is Phase.BIDDING:
            state, _ = apply(state, random_action(state, rng))
            actions += 1
    return time.perf_counter() - start, time.process_time() - cpu, actions


def theirs(rounds: int, seed: int = 5) -> Timed | None:
    """The same with OpenSpiel's C++ liars_dice, or None when `open_spiel` is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game: Any = pyspiel.load_game("liars_dice", {"players": 2, "numdice": 5})
    rng = random.Random(seed)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
    return time.perf_counter() - start, time.process_time() - cpu, actions


def _per_action(timed: Timed) -> tuple[float, float]:
    """(wall, CPU) microseconds per player action."""
    return timed[0] / timed[2] * 1e6, timed[1] / timed[2] * 1e6


def _row(name: str, rounds: int, times: list[tuple[float, float]]) -> str:
    wall, cpu = sorted(t[0] for t in times), sorted(t[1] for t in times)
    mid = len(times) // 2
    return f"| {name} | {rounds} | {wall[0]:.2f} | {wall[mid]:.2f} | {cpu[0]:.2f} | {cpu[mid]:.2f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--chunks", type=int, default=10)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    ours(200)  # warm-up
    chunk = max(1, args.rounds // args.chunks)
    mine: list[tuple[float, float]] = []
    other: list[tuple[float, float]] = []
    for k in range(args.chunks):
        mine.append(_per_action(ours(chunk, seed=k)))
        timed = theirs(chunk, seed=k)
        if timed is not None:
            other.append(_per_action(timed))
    rounds = chunk * args.chunks
    lines = [_row("ours (`liars_dice` preset)", rounds, mine)]
    verdict = "OpenSpiel is not installed (`pip install open-spiel`): ours only."
    if other:
        lines.append(_row("OpenSpiel C++ `liars_dice`", rounds, other))
        mid = args.chunks // 2

        def ratio(clock: int, at: int) -> float:
            return sorted(t[clock] for t in mine)[at] / sorted(t[clock] for t in other)[at]

        verdict = (f"Ratio: **{ratio(0, 0):.2f}x** OpenSpiel's time per player action, best chunks "
                   f"({ratio(0, mid):.2f}x on the median chunks); by CPU time {ratio(1, 0):.2f}x best, "
                   f"{ratio(1, mid):.2f}x median. Aim: within 4x.")
    md = "\n".join([
        "## Engine beside OpenSpiel (issue 24)",
        "",
        f"{machine()}. Two players, five dice each, one round of random legal play; roll and legal moves timed.",
        "",
        "| engine | rounds | us per player action, wall (best chunk) | (median chunk) | CPU (best chunk) | (median) |",
        "|---|---:|---:|---:|---:|---:|",
        *lines,
        "",
        verdict,
    ]) + "\n"
    print(md)
    if not args.no_write:
        write_section("openspiel", md)


if __name__ == "__main__":
    main()
