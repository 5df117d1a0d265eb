"""Solve a preset's heads-up game, round by round, and write engine/bots/solved/headsup/<preset>.json.

    python -m bench.bots.solve_headsup --preset dudo [--iterations 200] [--real]   (repository root)
    python -m bench.bots.solve_headsup --preset perudo --same-as dudo
    python -m bench.bots.solve_headsup --preset francais --values-from F --only francais:2v2:n --iterations 600

Every pair of dice counts (and the palifico rounds a preset has) is a spot
(`endgame_tree.Spot`), solved by CFR+ on its imperfect-recall graph
(`engine.bots.headsup`, solved by `headsup_solver`): each player remembers the last `recall` bids, 3 for rounds of up
to 3 dice, 2 up to 6, 1 beyond (`RECALL`). Spots are solved from the fewest dice up, each
round's outcomes valued by the spots already solved (Neller and Hnath's chaining; a calza
that regains a die leads to a spot with more dice, valued by the dice share until it is
solved: `--passes 2` solves everything again with those values, as does `--values-from` the
file of an earlier run). Each spot is measured by
a best response with the abstraction's information (`solver.best_response`) and, with
`--real`, where the engine's whole bid tree is small enough (3 dice or fewer), by an exact
best response with perfect recall (`endgame_solve.best_response_to`). Nothing is random:
the same arguments write the same file.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from bench._report import machine, write_section
from bench.bots.headsup_solver import (
    HeadsUpCFR,
    Solution,
    best_response,
    chances,
    forward,
    from_rows,
    play_value,
    tree_policy,
)
from dudo_hub.engine.bots.endgame_solve import best_response_to
from dudo_hub.engine.bots.endgame_tree import RoundTree, Spot, outcome_values
from dudo_hub.engine.bots.headsup.abstraction import RoundGraph
from dudo_hub.engine.bots.headsup.packing import pack, quantise, unpack
from dudo_hub.engine.rules import PRESETS

DATA = Path(__file__).resolve().parents[2] / "engine" / "bots" / "solved" / "headsup"
RECALL = ((3, 3), (6, 2), (10, 1))  # (most dice in the round, bids remembered)
SETTLE = 1e-3  # a spot is solved again when an outcome it can reach moved more than this
REAL_UP_TO = 3  # dice in the round: the whole bid tree is enumerated for an exact best response
SHIP_UP_TO = 10  # dice in the round: larger rounds ship their value and figures, not their strategy


def recall_for(dice: int) -> int:
    """How many bids a round with `dice` dice in play remembers."""
    return next(k for most, k in RECALL if dice <= most)


def spots(preset: str) -> list[Spot]:
    """Every heads-up spot of a preset, fewest dice first."""
    rules = PRESETS[preset]
    top = rules.max_dice
    out = [Spot(preset, a, b, False) for a in range(1, top + 1) for b in range(1, top + 1)]
    if rules.palifico != "off":
        out += [Spot(preset, a, b, True) for a in range(1, top + 1) for b in range(1, top + 1) if 1 in (a, b)]
    return sorted(out, key=lambda s: (s.opener + s.responder, s.palifico, s.opener))


def shipped(sol: Solution) -> tuple[Solution, str]:
    """The solution as the data holds it (rare actions dropped, weights rounded, and only the rows
    its own play reaches), and the packed text; rows it never reaches are uniform here (never played)."""
    rows = [quantise([float(p) for p in row]) for strategy in sol.strategy for row in strategy]
    rounded = from_rows(sol.graph, rows)
    reach = forward(sol.graph, rounded, chances(sol.graph))
    i, kept = 0, []
    for n, node in enumerate(sol.graph.nodes):
        for h in range(len(rounded[n])):
            kept.append(rows[i] if reach[node.actor][n][h] > 0 else ())
            i += 1
    return Solution(sol.graph, from_rows(sol.graph, kept), sol.iterations), pack(kept)


def real_excess(sol: Solution, worth: dict[str, float], value: float) -> tuple[float, float]:
    """Exact best responses with perfect recall over the engine's whole bid tree (small rounds only)."""
    tree = RoundTree(sol.graph.spot, None)
    policy = tree_policy(sol, tree)
    return (best_response_to(tree, worth, 0, policy) - (1 - value), best_response_to(tree, worth, 1, policy) - value)


def graph_of(spot: Spot) -> RoundGraph:
    """The spot's round graph, at the recall its size gets (`RECALL`)."""
    return RoundGraph(spot, recall_for(spot.opener + spot.responder))


def solve_spot(graph: RoundGraph, values: dict[str, float], iterations: int, real: bool) -> dict[str, Any]:
    """One spot solved and measured, as the data file holds it."""
    start = time.perf_counter()
    worth = outcome_values(graph.spot, values)
    cfr = HeadsUpCFR(graph, worth)
    cfr.iterate(iterations)
    sol, packed = shipped(cfr.solution())
    entry: dict[str, Any] = {"recall": graph.recall, "iterations": iterations, "graph": graph.fingerprint(),
                             "nodes": len(graph.nodes), "outcomes": dict(sorted(worth.items()))}
    entry.update(figures(sol, worth, real))
    entry["seconds"] = round(time.perf_counter() - start, 1)
    entry["strategy"] = packed
    return entry


def figures(sol: Solution, worth: dict[str, float], real: bool) -> dict[str, float]:
    """The shipped strategy's value and what best responses win above it (exactly, too, in small rounds)."""
    value = play_value(sol, worth)
    out = {"value": round(value, 6),
           "opener_excess": round(best_response(sol, worth, 0) - (1 - value), 6),
           "responder_excess": round(best_response(sol, worth, 1) - value, 6)}
    spot = sol.graph.spot
    if real and spot.opener + spot.responder <= REAL_UP_TO:
        out["real_opener_excess"], out["real_responder_excess"] = (round(x, 6) for x in real_excess(sol, worth, value))
    return out


def remeasure(entries: dict[str, dict[str, Any]], real: bool) -> None:
    """Measure the stored strategies again, as shipped (rows back from their bytes)."""
    for key, entry in entries.items():
        if entry.get("strategy"):
            graph = RoundGraph(Spot.parse(key), int(entry["recall"]))
            sol = Solution(graph, from_rows(graph, unpack(entry["strategy"])), int(entry["iterations"]))
            entry.update(figures(sol, entry["outcomes"], real))
            print(f"remeasured {key}", flush=True)


def solve_preset(preset: str, iterations: int, passes: int, real: bool,
                 earlier: dict[str, dict[str, Any]] | None = None,
                 only: set[str] | None = None) -> dict[str, dict[str, Any]]:
    """Every spot of the preset, fewest dice first, each valued by those solved before it (or `earlier`);
    a spot of `earlier` whose reachable outcomes have not moved is kept as it was, and so is any
    spot not in `only` (when given: solve those again, with `iterations`)."""
    entries: dict[str, dict[str, Any]] = dict(earlier or {})
    values = {key: float(e["value"]) for key, e in entries.items()}
    for p in range(passes):
        for spot in spots(preset):
            old, graph = entries.get(spot.key), graph_of(spot)
            now = graph.used(outcome_values(spot, values))
            if old is not None and (spot.key not in only if only else settled(graph.used(old["outcomes"]), now)):
                continue
            entry = solve_spot(graph, values, iterations, real and p == passes - 1)
            values[spot.key], entries[spot.key] = float(entry["value"]), entry
            shown = {k: v for k, v in entry.items() if k not in ("strategy", "outcomes")}
            print(f"pass {p + 1} {spot.key}: {shown}", flush=True)
    return entries


def settled(old: dict[str, float], now: dict[str, float], tol: float = SETTLE) -> bool:
    """Whether the outcomes a spot was solved with are still what they are worth (within `tol`)."""
    return old.keys() == now.keys() and all(abs(old[k] - now[k]) <= tol for k in now)


def alias(preset: str, base: str, out: Path) -> dict[str, Any]:
    """The file of a preset whose heads-up game is `base`'s: checked spot by spot, nothing solved."""
    stored = json.loads((out / f"{base}.json").read_text())["spots"]
    values = {key.partition(":")[2]: float(e["value"]) for key, e in stored.items()}
    for spot in spots(preset):
        entry = stored.get(f"{base}:{spot.key.partition(':')[2]}")
        assert entry is not None, f"{base} has no {spot.key}"
        graph = RoundGraph(spot, int(entry["recall"]))
        assert graph.fingerprint() == entry["graph"], f"{spot.key}: another round than {base}'s"
        theirs = outcome_values(Spot(base, spot.opener, spot.responder, spot.palifico),
                                {f"{base}:{k}": v for k, v in values.items()})
        mine = outcome_values(spot, {f"{preset}:{k}": v for k, v in values.items()})
        assert mine == theirs, f"{spot.key}: other outcomes than {base}'s"
    return {"about": f"Heads-up, {preset} plays as {base}: the same rounds and outcomes, checked.", "same_as": base}


def table(entries: dict[str, dict[str, Any]]) -> str:
    """Markdown: per spot, the recall, the value and the best responses' excess."""
    rows = ["| spot | recall | nodes | opener's value | BR excess vs opener / responder | exact BR (perfect recall) |",
            "|---|---|---|---|---|---|"]
    for key, e in entries.items():
        real = (f"{e['real_opener_excess']:+.4f} / {e['real_responder_excess']:+.4f}"
                if "real_opener_excess" in e else "")
        rows.append(f"| `{key}` | {e['recall']} | {e['nodes']} | {e['value']:.4f} | "
                    f"{e['opener_excess']:+.4f} / {e['responder_excess']:+.4f} | {real} |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", required=True, choices=sorted(PRESETS))
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--passes", type=int, default=1)
    parser.add_argument("--values-from", type=Path,
                        help="a data file of an earlier run: its values, and its spots whose outcomes did not move")
    parser.add_argument("--real", action="store_true", help="exact perfect-recall best responses up to 3 dice")
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--same-as", help="write the preset as playing another's solved heads-up game (checked)")
    parser.add_argument("--only", help="with --values-from: solve these spots again (comma-separated keys)")
    parser.add_argument("--ship-up-to", type=int, default=SHIP_UP_TO,
                        help="keep the strategies of rounds with at most this many dice (the rest: values and figures)")
    parser.add_argument("--strip", action="store_true", help="drop the strategies above --ship-up-to, no solving")
    parser.add_argument("--remeasure", action="store_true", help="measure the stored strategies again, no solving")
    parser.add_argument("--report", action="store_true", help="only write the stored figures into docs/BENCHMARKS.md")
    args = parser.parse_args()
    if args.report or args.strip or args.remeasure:
        path = args.out / f"{args.preset}.json"
        data = json.loads(path.read_text())
        if args.remeasure:
            remeasure(data["spots"], args.real)
        if args.strip:
            strip(data["spots"], args.ship_up_to)
        if args.remeasure or args.strip:
            path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        report(args.preset, data["spots"])
        return
    if args.same_as:
        data = alias(args.preset, args.same_as, args.out)
        (args.out / f"{args.preset}.json").write_text(json.dumps(data) + "\n")
        print(data["about"])
        return
    earlier = json.loads(args.values_from.read_text())["spots"] if args.values_from else None
    only = set(args.only.split(",")) if args.only else None
    entries = solve_preset(args.preset, args.iterations, args.passes, args.real, earlier, only)
    strip(entries, args.ship_up_to)
    about = ("Heads-up rounds solved by CFR+ on imperfect-recall graphs "
             "(python -m bench.bots.solve_headsup); see docs/BOTS.md.")
    args.out.mkdir(parents=True, exist_ok=True)
    data = {"about": about, "preset": args.preset, "spots": entries}
    (args.out / f"{args.preset}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
    report(args.preset, entries)


def strip(entries: dict[str, dict[str, Any]], most: int) -> None:
    """Keep the strategies of rounds with at most `most` dice; the others keep their value and figures."""
    for key, entry in entries.items():
        spot = Spot.parse(key)
        if spot.opener + spot.responder > most:
            entry["strategy"] = None


def report(preset: str, entries: dict[str, dict[str, Any]]) -> None:
    """The preset's figures into docs/BENCHMARKS.md (section `headsup_<preset>`), and on the screen."""
    took = sum(float(e["seconds"]) for e in entries.values())
    md = (f"## Bots: the heads-up game of `{preset}`, computed\n\n{machine()}; "
          f"`python -m bench.bots.solve_headsup --preset {preset}` ({took / 60:.0f} min of solving in all). "
          "Excess: what a best responder wins above the game's value, in chances to win the game.\n\n"
          + table(entries) + "\n")
    write_section(f"headsup_{preset}", md)
    print(md)


if __name__ == "__main__":
    main()
