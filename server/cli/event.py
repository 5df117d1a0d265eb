"""`dudo event simulate`: the dry run of a championship, bots at every seat (docs/EVENTS.md).

    dudo event simulate --players 26 --format knockout --table-size 5-6 --seed 1 --json
    dudo event simulate --players 40 --format rounds --rounds 4 --preset perudo --seed 7

The event is played through the championship's own steps (register, start, record every
table's result, next round) with the engine's bots, so a seed gives the same event every time.
With `--json`, stdout is one JSON object: format, preset, seed, table_size, players, `rounds`
(each with its `tables` in seat order, `advance` per table and `results`, finishing orders),
`standings` ([{player, place, points}], every player once), `champion`, corrections. Impossible
arguments (too few players for one table, a table size outside the preset's limits) exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from dudo_hub.championship import (
    FORMATS,
    Event,
    EventError,
    Round,
    champion,
    player_names,
    simulate,
    standings,
    summary,
)
from dudo_hub.engine.bots import LEVELS
from dudo_hub.engine.rules import PRESETS

SHOWN = 10  # standings lines in the readable summary


def _table_size(text: str) -> tuple[int, int]:
    low, dash, high = text.partition("-")
    try:
        sizes = (int(low), int(high) if dash else int(low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a table size is N or MIN-MAX (4-6), not {text!r}") from None
    return sizes


def _count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_event_command(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add `dudo event simulate` to the `dudo` command line."""
    cmd = subparsers.add_parser("event", help="championships: a whole event played by bots (dry run)")
    sub = cmd.add_subparsers(dest="event_command", required=True)
    sim = sub.add_parser(
        "simulate", help="play a whole event with bots at every seat and print its draws, standings and champion",
        description="A championship's dry run: players P01..PN, bots at every seat, every round drawn and "
        "played through the event's own rules. The same seed gives the same event.",
    )
    sim.add_argument("--players", type=_count, required=True, help="how many players register")
    sim.add_argument("--format", choices=FORMATS, required=True,
                     help="knockout (each table's top go on) or rounds (points for placing, then a final)")
    sim.add_argument("--table-size", type=_table_size, default=(4, 6), metavar="MIN-MAX",
                     help="players per table, within the preset's limits (default 4-6)")
    sim.add_argument("--preset", default="dudo", choices=sorted(PRESETS), help="the rules (default dudo)")
    sim.add_argument("--seed", type=int, required=True, help="the seed of every draw, die and bot")
    sim.add_argument("--bots", default="normal", choices=list(LEVELS), help="the bots' level (default normal)")
    sim.add_argument("--rounds", type=_count, default=3, help="rounds format: heats before the final (default 3)")
    sim.add_argument("--advance", type=_count, default=2, help="knockout: going on from each table (default 2)")
    sim.add_argument("--final", type=_count, default=None, help="players at the final table (default: MIN-MAX's max)")
    sim.add_argument("--json", action="store_true", help="print the whole event as one JSON object")
    sim.set_defaults(handler=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    """Play the event; print it (JSON or a summary); 2 for impossible arguments."""
    low, high = args.table_size
    try:
        event = simulate(
            player_names(args.players), args.bots, format=args.format, preset=args.preset, table_min=low,
            table_max=high, rounds=args.rounds, advance=args.advance, final_size=args.final or high, seed=args.seed,
        )
    except EventError as err:
        print(f"dudo event simulate: {err.code}: {err.message}", file=sys.stderr)
        return 2
    print(json.dumps(summary(event)) if args.json else readable(event))
    return 0


def _round_lines(rnd: Round) -> list[str]:
    sizes = ",".join(str(len(t.players)) for t in rnd.tables)
    lines = [f"round {rnd.number} ({rnd.stage}): {len(rnd.tables)} table(s) of {sizes}"]
    for table in rnd.tables:
        order = table.result.order if table.result is not None else table.players
        going = f", top {table.advance} go on" if table.advance else ""
        lines.append(f"  table {table.number}: {' '.join(order)}{going}")
    return lines


def readable(event: Event) -> str:
    """A short summary: the settings, each round's tables in finishing order, the top of the standings."""
    s = event.settings
    lines = [f"{s.format} event, {s.preset} rules, {len(event.players)} players, "
             f"tables of {s.table_min}-{s.table_max}, seed {s.seed}"]
    for rnd in event.rounds:
        lines += _round_lines(rnd)
    top = standings(event)[:SHOWN]
    lines.append("standings: " + ", ".join(f"{st.place}. {st.player} ({st.points} pts)" for st in top))
    lines.append(f"champion: {champion(event) or 'none yet'}")
    return "\n".join(lines)
