"""Solved heads-up endgames at the table: the equilibrium's mixed strategy for a seat's view.

The strategies come from `solved/endgames.json` (package data written by
`python -m bench.bots.solve_endgames`, from `endgame_solve`): per spot (`dudo:1v1:p`...),
information set (`"<bids>|<cup>"`) -> {action label: probability}, or one label when
the strategy is pure there. A spot applies only to its preset's own rules, heads-up,
with the dice counts it was solved for, and (for capped trees) while the round's bids
stay within the cap.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from dudo_hub.engine.actions import CallCalza, CallDudo, MakeBid, PlayerAction
from dudo_hub.engine.rules import PRESETS

DATA = "solved/endgames.json"
Policy = dict[PlayerAction, float]


@lru_cache(maxsize=1)
def solved() -> dict[str, Any]:
    """The shipped solutions, read once."""
    text = resources.files(__package__).joinpath(DATA).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def spot_key(view: dict[str, Any]) -> str | None:
    """The solved-spot key of a heads-up round in a preset's own rules, else None."""
    players = [p for p in view["players"] if p["dice"] > 0]
    preset = view["preset"]
    if len(players) != 2 or preset not in PRESETS or view["rules"] != PRESETS[preset].to_dict():
        return None
    opener = view["opener"]
    dice = {p["name"]: int(p["dice"]) for p in players}
    if opener not in dice:
        return None
    other = next(name for name in dice if name != opener)
    return f"{preset}:{dice[opener]}v{dice[other]}:{'p' if view['palifico'] else 'n'}"


def info_set(view: dict[str, Any]) -> str:
    """`"<bids>|<cup>"` for the viewer, as the solver names it."""
    bids = ",".join(f"{b['bid'][0]}x{b['bid'][1]}" for b in view["bids"])
    return bids + "|" + "".join(str(d) for d in sorted(view["my_dice"]))


def solved_policy(view: dict[str, Any], legal: Sequence[PlayerAction]) -> Policy | None:
    """The equilibrium's probabilities over `legal` at this view, or None where nothing is solved."""
    key = spot_key(view)
    spot = solved()["spots"].get(key) if key else None
    if spot is None or not view["my_dice"] or view["turn"] != view["viewer"]:
        return None
    if spot["cap"] is not None and len(view["bids"]) >= spot["cap"]:
        return None  # the capped tree only calls here; the real round may raise
    entry = spot["strategy"].get(info_set(view))
    if entry is None:
        return None
    probs: dict[str, float] = {entry: 1.0} if isinstance(entry, str) else {k: float(v) for k, v in entry.items()}
    by_label = {action_label(a): a for a in legal}
    if any(label not in by_label for label in probs):
        return None
    return {by_label[label]: p for label, p in probs.items() if p > 0}


def action_label(action: PlayerAction) -> str:
    """`3x4`, `dudo` or `calza`: how the solved strategies name an action."""
    if isinstance(action, MakeBid):
        return str(action.bid)
    if isinstance(action, CallDudo):
        return "dudo"
    if isinstance(action, CallCalza):
        return "calza"
    return type(action).__name__
