"""`dudo tournament`: bots against bots, with each level's win share and its 95% interval.

    dudo tournament --preset dudo --seats hard,normal,normal,normal,normal,normal --games 1000 --seed 1

With `--json`, the last line is one JSON object: {"preset", "games", "seats", "wins"}.
"""

from __future__ import annotations

import argparse
import json

from dudo_hub.engine.bots import LEVELS
from dudo_hub.engine.bots.tournament import TournamentResult, run_tournament
from dudo_hub.engine.rules import PRESETS


def _seats(text: str) -> list[str]:
    seats = [s.strip() for s in text.split(",") if s.strip()]
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown bot level(s) {', '.join(unknown)}; levels are: {', '.join(LEVELS)}")
    if not 2 <= len(seats) <= 10:
        raise argparse.ArgumentTypeError(f"a game needs 2 to 10 seats, got {len(seats)}")
    return seats


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"--games must be at least 1, got {value}")
    return value


def add_tournament_command(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add `dudo tournament` to the `dudo` command line."""
    cmd = subparsers.add_parser("tournament", help="play bots against bots and report win shares")
    cmd.add_argument("--preset", default="dudo", choices=sorted(PRESETS))
    cmd.add_argument("--seats", type=_seats, default=_seats("hard,normal"), help="bot levels, comma-separated")
    cmd.add_argument("--games", type=_positive, default=200)
    cmd.add_argument("--seed", type=int, default=1)
    cmd.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    cmd.set_defaults(handler=run_command)


def table(result: TournamentResult) -> str:
    """The human-readable lines: one per level."""
    lines = [f"{result.preset}: {result.games} games, seats {','.join(result.seats)} (rotating)"]
    for level in dict.fromkeys(result.seats):
        share, low, high = result.share(level)
        lines.append(
            f"  {level:<8} wins {result.wins[level]:>6}  share {share:6.1%}  "
            f"95% CI {low:6.1%} - {high:6.1%}  (fair {result.fair(level):.1%})"
        )
    return "\n".join(lines)


def run_command(args: argparse.Namespace) -> int:
    """Play the games and print the table (and the JSON line)."""
    result = run_tournament(args.preset, args.seats, args.games, args.seed)
    print(table(result))
    if args.json:
        print(json.dumps(result.to_dict()))
    return 0
