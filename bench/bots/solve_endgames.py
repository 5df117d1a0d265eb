"""Solve the heads-up endgames and write engine/bots/solved/endgames.json (package data).

    python -m bench.bots.solve_endgames [--spots dudo:1v1:p,...]   (from the repository root)

Every spot is a heads-up round at its start (`engine.bots.endgame_tree.Spot`), solved by
CFR+ over the engine's own bid tree (`engine.bots.endgame_solve`). Rounds end in other
positions (a calza regains a die, a lost die makes a palifico round): those are valued
by the spots solved here, else by the opener's share of the dice, and the spots are
re-solved until those values settle. The solver has no randomness: the same iterations
give the same data, bit for bit (tests/bots/test_bots_endgame.py checks it).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from dudo_hub.engine.bots.endgame_solve import describe, expand, spot_entry
from dudo_hub.engine.bots.endgame_tree import RoundTree, Spot, outcome_values

DATA = Path(__file__).resolve().parents[2] / "engine" / "bots" / "solved" / "endgames.json"
# key -> (CFR+ iterations, cap on bids per round or None for the whole tree)
SPOTS: dict[str, tuple[int, int | None]] = {
    "liars_dice:1v1:n": (1000, None),
    "dudo:1v1:p": (1000, None),
    "perudo:1v1:p": (1000, None),
    "francais:1v1:p": (1000, None),
    "parker:1v1:p": (1000, None),
    "parker:1v1:n": (1000, None),
    # Three dice: the whole tree has 262,144 histories; capped at 4 bids, about 4,000.
    "dudo:2v1:n": (400, 4),
    "dudo:1v2:n": (400, 4),
    "liars_dice:2v1:n": (400, 4),
    "liars_dice:1v2:n": (400, 4),
}
SETTLE = 1e-4  # re-solve until no spot's value moves more than this
ROUNDS = 4


def solve_all(spots: dict[str, tuple[int, int | None]]) -> dict[str, dict[str, object]]:
    """Solve every spot, re-solving while the values they lean on still move."""
    values: dict[str, float] = {}
    entries: dict[str, dict[str, object]] = {}
    for rnd in range(ROUNDS):
        moved = 0.0
        for key, (iterations, cap) in spots.items():
            start = time.perf_counter()
            worth = outcome_values(Spot.parse(key), values)
            if key in entries and entries[key]["outcomes"] == dict(sorted(worth.items())):
                continue
            entry = spot_entry(key, worth, iterations, cap)
            value = float(entry["value"])  # type: ignore[arg-type]
            moved = max(moved, abs(value - values.get(key, value)) if key in values else 1.0)
            values[key], entries[key] = value, entry
            print(f"round {rnd + 1} {key}: value {value:.5f}, {time.perf_counter() - start:.1f} s", flush=True)
        if moved < SETTLE:
            break
    return entries


def refresh(path: Path) -> dict[str, dict[str, object]]:
    """Describe the stored strategies again (purified, measured) without solving anew."""
    stored = json.loads(path.read_text())["spots"]
    entries = {}
    for key, e in stored.items():
        tree = RoundTree(Spot.parse(key), e["cap"])
        entries[key] = describe(tree, e["outcomes"], e["iterations"], expand(e["strategy"]))
        print(f"refreshed {key}", flush=True)
    return entries


def table(entries: dict[str, dict[str, object]]) -> str:
    """Markdown: per spot, the value and the best-response excess against each role."""
    rows = [
        "| spot | bids cap | CFR+ iterations | opener's value | BR excess vs our opener | BR excess vs our responder |",
        "|---|---|---|---|---|---|",
    ]
    for key, e in entries.items():
        cap = "none" if e["cap"] is None else str(e["cap"])
        rows.append(
            f"| `{key}` | {cap} | {e['iterations']} | {float(e['value']):.4f} | "  # type: ignore[arg-type]
            f"{float(e['opener_excess']):+.5f} | {float(e['responder_excess']):+.5f} |"  # type: ignore[arg-type]
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spots", default=",".join(SPOTS), help="comma-separated spot keys")
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--refresh", action="store_true", help="re-describe the stored strategies, no solving")
    args = parser.parse_args()
    keys = args.spots.split(",")
    entries = refresh(args.out) if args.refresh else solve_all({k: SPOTS[k] for k in keys})
    about = "Heads-up endgames solved by CFR+ (python -m bench.bots.solve_endgames); see docs/BOTS.md."
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"about": about, "spots": entries}, separators=(",", ":")) + "\n")
    print(table(entries))


if __name__ == "__main__":
    main()
