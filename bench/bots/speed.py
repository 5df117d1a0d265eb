"""Decision time per bot level at a full table (6 players, 30 dice) and heads-up, into docs/BENCHMARKS.md.

    python -m bench.bots.speed [--positions 400]   (from the repository root)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench._report import machine, write_section
from dudo_hub.engine.actions import CallDudo
from dudo_hub.engine.bots import Bot, make_bot
from dudo_hub.engine.bots.hard import HardBot
from dudo_hub.engine.bots.opponents import GRID, Record
from dudo_hub.engine.chance import settle_chance
from dudo_hub.engine.game import apply, legal_actions, new_game, to_act
from dudo_hub.engine.rules import make_rules
from dudo_hub.engine.state import GameState, Phase
from dudo_hub.engine.views import view_for

LEVELS = ("random", "easy", "normal", "hard", "hard-learned")
CPU = False  # --cpu: this thread's CPU time instead of the wall clock (a machine shared with other jobs)


def positions(count: int, seed: int, players: int = 6) -> list[GameState]:
    """Bidding positions (5 dice each): fresh rounds after 0 to 5 cheap raises."""
    rng = random.Random(seed)
    out = []
    names = [f"p{i}" for i in range(players)]
    for k in range(count):
        state, _ = settle_chance(new_game(names, make_rules("dudo")), rng)
        for _ in range(k % 6):
            actor = to_act(state)
            assert actor is not None
            bids = legal_actions(state, actor)[:3]
            state, _ = apply(state, rng.choice(bids))
        if state.phase is Phase.BIDDING:
            out.append(state)
    return out


def learned(players: int = 6) -> HardBot:
    """Hard whose book has learned every player (trust about 0.1 for openings, 0.3 for raises)."""
    bot = HardBot(random.Random(1))
    for i in range(players):
        record = Record()
        record.score = [[-40 * ((t - 0.1) ** 2 + (u - 0.3) ** 2) for u in GRID] for t in GRID]
        bot.book.players[f"p{i}"] = record
    return bot


def make(level: str) -> Bot:
    """A bot of `level`; `hard-learned` is hard with a learned book (its reading tempers every bid)."""
    return learned() if level == "hard-learned" else make_bot(level, random.Random(1))


def reveal_timings(states: list[GameState]) -> list[float]:
    """Milliseconds for hard's book to learn from a reveal (a dudo on each position with a standing bid)."""
    out = []
    for state in states:
        actor = to_act(state)
        if actor is None or state.standing is None:
            continue
        watcher = next(p for p in state.players if p != actor)
        bot = HardBot(random.Random(1))
        bot.observe(view_for(state, watcher))
        after, _ = apply(state, CallDudo(actor))
        view = view_for(after, watcher)
        start = time.thread_time() if CPU else time.perf_counter()
        bot.observe(view)
        out.append(((time.thread_time() if CPU else time.perf_counter()) - start) * 1000)
    return out


def timings(level: str, states: list[GameState]) -> list[float]:
    """Milliseconds per `choose` call for the player on turn in each position."""
    bot = make(level)
    out = []
    for state in states:
        actor = to_act(state)
        assert actor is not None
        view, legal = view_for(state, actor), legal_actions(state, actor)
        start = time.thread_time() if CPU else time.perf_counter()
        bot.choose(view, legal)
        out.append(((time.thread_time() if CPU else time.perf_counter()) - start) * 1000)
    return out


def report(count: int) -> str:
    """The markdown section."""
    tables = {"6 players, 30 dice": positions(count, 7), "heads-up, 10 dice": positions(count, 7, players=2)}
    rows = ["| level | table | mean ms | p99 ms | max ms |", "|---|---|---|---|---|"]
    for table, states in tables.items():
        for level in LEVELS if table.startswith("6") else ("normal", "hard", "hard-learned"):
            ms = sorted(timings(level, states))
            p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
            rows.append(f"| {level} | {table} | {statistics.fmean(ms):.3f} | {p99:.3f} | {ms[-1]:.3f} |")
        ms = sorted(reveal_timings(states))
        p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
        mean = statistics.fmean(ms)
        rows.append(f"| hard's book learning a reveal | {table} | {mean:.3f} | {p99:.3f} | {ms[-1]:.3f} |")
    clock = "CPU time of the deciding thread" if CPU else "wall clock"
    head = f"## Bots: decision time\n\n{count} positions per table (fewer where a round ended), {clock}; {machine()}.\n"
    return head + "\n" + "\n".join(rows) + "\n\nBudget: 10 ms per decision at a full table (p99).\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--cpu", action="store_true", help="time with the thread's CPU clock (a busy machine)")
    args = parser.parse_args()
    global CPU
    CPU = args.cpu
    md = report(args.positions)
    print(md)
    write_section("bots", md)


if __name__ == "__main__":
    main()
