"""`dudo tournament`: bots against bots, with each level's win share and its 95% interval.

    dudo tournament --preset dudo --seats hard,normal*5 --games 1000 --seed 1
    dudo tournament --seats hard,mypackage.mymodule:MyBot?depth=3 --games 500

A seat is a level (`easy`, `normal`, `hard`, ...) or an outside bot, `module:Class`: any
importable class built with one seeded `random.Random` (and the seat's `?key=value&...`
parameters as keyword arguments, numbers converted) whose `choose(view, legal)` picks one
of the legal actions (`wants_out_of_turn(view, legal)` and `remember(memory)` optional;
docs/BOTS.md). `seat*N` repeats a seat N times. An outside bot that raises or answers
off the legal list is named (seat and class) and replaced by `normal` for the rest of
that game. With `--json`, the last line is one JSON object: {"preset", "games", "seats",
"wins"} (plus "faults" when a bot was replaced), wins keyed by seat name.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
from collections.abc import Sequence

from dudo_hub.engine.bots import LEVELS, Bot
from dudo_hub.engine.bots.outside import OutsideBot, is_spec, split_spec
from dudo_hub.engine.bots.tournament import Maker, TournamentResult, run_tournament
from dudo_hub.engine.rules import PRESETS


def outside_maker(spec: str) -> Maker:
    """Import `module:Class` and return a maker of checked bots; ValueError says what is wrong."""
    module_name, class_name, params = split_spec(spec)
    if os.getcwd() not in sys.path:  # like `python -m`: modules in the working folder import
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import {module_name!r} for the seat {spec}: {error}") from None
    cls = getattr(module, class_name, None)
    if not callable(cls):
        raise ValueError(f"{module_name} has no class {class_name!r} (seat {spec})")
    if not callable(getattr(cls, "choose", None)):
        raise ValueError(f"{spec} has no choose(view, legal) method")

    def make(rng: random.Random) -> Bot:
        return OutsideBot(spec, cls(rng, **params))

    return make


def makers_for(seats: Sequence[str]) -> dict[str, Maker]:
    """A maker for every outside bot among `seats` (the levels need none)."""
    return {spec: outside_maker(spec) for spec in dict.fromkeys(seats) if spec not in LEVELS}


def expand(text: str) -> list[str]:
    """The seats of `--seats`: comma-separated, `seat*N` for N of the same."""
    seats: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        name, star, times = part.rpartition("*")
        if star and times.strip().isdigit():
            seats += [name.strip()] * int(times)
        elif part:
            seats.append(part)
    return seats


def _seats(text: str) -> list[str]:
    seats = expand(text)
    unknown = [s for s in seats if s not in LEVELS and not is_spec(s)]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bot level(s) {', '.join(unknown)}; levels are: {', '.join(LEVELS)}, or module:Class"
        )
    if not 2 <= len(seats) <= 10:
        raise argparse.ArgumentTypeError(f"a game needs 2 to 10 seats, got {len(seats)}")
    try:
        makers_for(seats)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return seats


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"--games must be at least 1, got {value}")
    return value


def add_tournament_command(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add `dudo tournament` to the `dudo` command line."""
    cmd = subparsers.add_parser(
        "tournament", help="play bots against bots and report win shares",
        description="Bots against bots: seats rotate every game; each seat's win share with a 95% Wilson "
        "interval. One tournament is one evening: bots that learn (hard, or an outside bot with "
        "remember(memory)) keep what they learned about each seat from game to game.",
        epilog="Outside bots: a class built as Class(rng, **params) with choose(view, legal) -> one of legal; "
        "optional wants_out_of_turn(view, legal) -> action or None, and remember(memory: dict). "
        "The view is view_for(state, seat) (keys in docs/BOTS.md, 'The plug-in interface'). "
        "A bot that raises or answers off the legal list is named and replaced by normal for the rest of "
        "that game.",
    )
    cmd.add_argument("--preset", default="dudo", choices=sorted(PRESETS), help="the rules (default dudo)")
    cmd.add_argument(
        "--seats", type=_seats, default=_seats("hard,normal"),
        help="2 to 10 seats, comma-separated: a level (" + ", ".join(LEVELS) + ") or an outside bot "
        "module:Class, with parameters module:Class?x=1&y=abc; seat*N repeats a seat "
        "(hard,normal*5). Default hard,normal",
    )
    cmd.add_argument("--games", type=_positive, default=200, help="games to play (default 200)")
    cmd.add_argument("--seed", type=int, default=1, help="the seed of every die and bot (default 1)")
    cmd.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    cmd.set_defaults(handler=run_command)


def table(result: TournamentResult) -> str:
    """The human-readable lines: one per seat name."""
    lines = [f"{result.preset}: {result.games} games, seats {','.join(result.seats)} (rotating)"]
    width = max(8, *(len(s) for s in result.seats))
    for level in dict.fromkeys(result.seats):
        share, low, high = result.share(level)
        lines.append(
            f"  {level:<{width}} wins {result.wins[level]:>6}  share {share:6.1%}  "
            f"95% CI {low:6.1%} - {high:6.1%}  (fair {result.fair(level):.1%})"
        )
    lines += [f"  replaced: {fault}" for fault in result.faults]
    return "\n".join(lines)


def run_command(args: argparse.Namespace) -> int:
    """Play the games and print the table (and the JSON line)."""
    result = run_tournament(args.preset, args.seats, args.games, args.seed, makers=makers_for(args.seats))
    print(table(result))
    if args.json:
        print(json.dumps(result.to_dict()))
    return 0
