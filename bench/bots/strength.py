"""Win shares of the bots against each other and against outside bots, into docs/BENCHMARKS.md.

    python -m bench.bots.strength [--games 1000] [--heads-up 2000] [--workers 2] [--only dudo]

Every table is a `run_tournament` (seats rotating each game, seed 2026) with a 95% Wilson
interval. The outside opponents are loaded like any outside bot (`module:Class`):
`bench.opponents.bayes:BayesBot` (a posterior over each opponent's hand) and
`bench.opponents.threshold:ThresholdBot` (doubts a bid above its expectation).
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from bench._report import machine, write_section
from dudo_hub.engine.bots.tournament import run_tournament, wilson
from dudo_hub.engine.rules import PRESETS
from dudo_hub.server.cli.tournament import makers_for

SEED = 2026
BAYES = "bench.opponents.bayes:BayesBot"
THRESHOLD = "bench.opponents.threshold:ThresholdBot"
Match = tuple[str, str, tuple[str, ...], int]  # (preset, the seat measured, seats, games)


def matches(games: int, heads_up: int, only: str | None) -> list[Match]:
    """Every table of the report: hard against five of each, heads-up against each, and the reverse."""
    out: list[Match] = []
    for preset in PRESETS:
        if only and preset != only:
            continue
        out.append((preset, "hard", ("hard", *["normal"] * 5), games))
        out.append((preset, "hard", ("hard", *[THRESHOLD] * 5), games))
        out.append((preset, "hard", ("hard", "normal"), games))
    if not only or only == "dudo":
        out.append(("dudo", "hard", ("hard", BAYES), heads_up))
        out.append(("dudo", BAYES, (BAYES, *["hard"] * 5), games))
        out.append(("dudo", "hard", ("hard", "easy"), games))
        out.append(("dudo", "hard", ("hard", *["easy"] * 5), games))
        out.append(("dudo", "hard", ("hard", THRESHOLD), games))
        out.append(("dudo", "normal", ("normal", BAYES), games))
    return out


def play(match: Match) -> tuple[Match, int]:
    """The measured seat's wins in one table."""
    preset, measured, seats, games = match
    result = run_tournament(preset, list(seats), games, SEED, makers=makers_for(seats))
    return match, result.wins[measured]


def _name(seat: str) -> str:
    return {BAYES: "bayes", THRESHOLD: "threshold"}.get(seat, seat)


def row(match: Match, wins: int) -> str:
    """One markdown row: preset, table, games, share, interval, fair share."""
    preset, measured, seats, games = match
    others = [_name(s) for s in seats[1:]]
    table = f"1 {_name(measured)} vs {len(others)} {others[0]}"
    low, high = wilson(wins, games)
    fair = seats.count(measured) / len(seats)
    return f"| {preset} | {table} | {games} | {wins / games:.1%} | {low:.1%} – {high:.1%} | {fair:.1%} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--heads-up", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=sorted(PRESETS))
    args = parser.parse_args()
    todo = matches(args.games, args.heads_up, args.only)
    rows = ["| preset | table | games | win share | 95% CI (Wilson) | fair share |", "|---|---|---|---|---|---|"]
    with ProcessPoolExecutor(args.workers) as pool:
        for match, wins in pool.map(play, todo):
            rows.append(row(match, wins))
            print(rows[-1], flush=True)
    md = f"## Bots: win shares\n\n{machine()}; seed {SEED}, seats rotating every game.\n\n" + "\n".join(rows) + "\n"
    if not args.only:
        write_section("strength", md)
    print(md)


if __name__ == "__main__":
    main()
