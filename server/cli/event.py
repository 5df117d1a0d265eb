"""`dudo event simulate`: the dry run of a championship, bots at every seat (docs/EVENTS.md).

    dudo event simulate --players 26 --format knockout --table-size 5-6 --seed 1 --json
    dudo event simulate --players 40 --format rounds --rounds 4 --preset perudo --seed 7
    dudo event list [--data DIR] [--json]
    dudo event show ID [--data DIR] [--json]
    dudo event export ID --format json|csv [--out FILE] [--data DIR]

The event is played through the championship's own steps (register, start, record every
table's result, next round) with the engine's bots, so a seed gives the same event every time.
With `--json`, stdout is one JSON object: format, preset, seed, table_size, players, `rounds`
(each with its `tables` in seat order, `advance` per table and `results`, finishing orders),
`standings` ([{player, place, points}], every player once), `champion`, corrections. Impossible
arguments (too few players for one table, a table size outside the preset's limits) exit 2.
`list`, `show` and `export` read the events a hub kept in its data folder (server/store/championships.py);
an unknown event or a folder without hub data exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

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
from dudo_hub.server.event.export import results, results_csv
from dudo_hub.server.store.championships import Championships
from dudo_hub.server.store.database import FILE

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
    _add_store_commands(sub)


def _add_store_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    listing = sub.add_parser("list", help="the events kept in a data folder, oldest first")
    listing.set_defaults(handler=run_list)
    show = sub.add_parser("show", help="one kept event: its rounds, tables, standings and champion")
    show.add_argument("event_id", metavar="ID")
    show.set_defaults(handler=run_show)
    export = sub.add_parser("export", help="one kept event's standings and every table's result")
    export.add_argument("event_id", metavar="ID")
    export.add_argument("--format", choices=("json", "csv"), default="json", help="json (default) or csv")
    export.add_argument("--out", metavar="FILE", help="write here instead of the standard output")
    export.set_defaults(handler=run_export)
    for action in (listing, show, export):
        action.add_argument("--data", default="data", metavar="FOLDER", help="the hub's data folder (./data)")
    for action in (listing, show):
        action.add_argument("--json", action="store_true", help="JSON instead of text")


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


def _kept(args: argparse.Namespace) -> Championships | None:
    if not (Path(args.data) / FILE).is_file():
        print(f"{args.data}: no hub data here (no {FILE})", file=sys.stderr)
        return None
    return Championships(args.data)


def _record(args: argparse.Namespace) -> dict[str, object] | None:
    kept = _kept(args)
    if kept is None:
        return None
    try:
        record = kept.get(args.event_id)
    finally:
        kept.close()
    if record is None:
        print(f"dudo event: no event {args.event_id!r} in {args.data}", file=sys.stderr)
    return record


def run_list(args: argparse.Namespace) -> int:
    """Print the kept events: id, status, format, players, champion."""
    kept = _kept(args)
    if kept is None:
        return 1
    try:
        rows = [results(r) for r in kept.load()]
    finally:
        kept.close()
    if args.json:
        print(json.dumps([{k: r[k] for k in ("id", "status", "settings", "players", "champion")} for r in rows]))
        return 0
    if not rows:
        print("no kept events")
    for r in rows:
        s = r["settings"]
        print(f"{r['id']}  {r['status']:<11} {s['format']} {s['preset']}  {len(r['players'])} players  "
              f"round {len(r['rounds'])}  champion: {r['champion'] or '-'}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Print one kept event (JSON: the export's object)."""
    record = _record(args)
    if record is None:
        return 1
    print(json.dumps(results(record)) if args.json else readable(Event.from_dict(record["event"])))  # type: ignore[arg-type]
    return 0


def run_export(args: argparse.Namespace) -> int:
    """Write one kept event's results as JSON or CSV."""
    record = _record(args)
    if record is None:
        return 1
    text = json.dumps(results(record), indent=1) + "\n" if args.format == "json" else results_csv(record)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
