"""The computed heads-up strategy at the table: a seat's view -> the equilibrium's mixed move.

The data (`solved/headsup/<preset>.json`, written by `python -m bench.bots.solve_headsup`)
holds, per spot, the packed strategy (`packing`) of the spot's `RoundGraph`; the graph is
rebuilt from the engine on first use and must match the fingerprint it was solved on, so
data solved under other rules is never played. A view maps to its node by the viewer's role
(opener or responder) and the round's last bids. Pure Python: no numpy at the table.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from dudo_hub.engine.actions import PlayerAction
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.endgame import Policy, action_label, spot_key
from dudo_hub.engine.bots.endgame_tree import Spot, hands
from dudo_hub.engine.bots.headsup.abstraction import RoundGraph, label
from dudo_hub.engine.bots.headsup.packing import SCALE, Row, Rows
from dudo_hub.engine.rules import PRESETS

FOLDER = "solved/headsup"
MOST_EXCESS = 0.02  # a spot is played only if no best response measured against it won more than this


@lru_cache(maxsize=8)
def solved_preset(preset: str) -> dict[str, Any]:
    """A preset's shipped spots ({} if none were solved); a preset whose heads-up game is another's
    (`"same_as"`: the same graphs and outcomes, checked when written) reads that one's."""
    path = resources.files("dudo_hub.engine.bots").joinpath(f"{FOLDER}/{preset}.json")
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if "same_as" in data:
        base = data["same_as"]
        return {f"{preset}:{key.partition(':')[2]}": entry for key, entry in solved_preset(base).items()}
    spots: dict[str, Any] = data["spots"]
    return spots


class SolvedRound:
    """One spot's strategy, ready to look up: its graph, and each node's first row."""

    def __init__(self, spot: Spot, entry: dict[str, Any]) -> None:
        self.graph = RoundGraph(spot, int(entry["recall"]))
        self.valid = self.graph.fingerprint() == entry["graph"]
        self.rows: Rows | list[Row] = Rows(entry["strategy"]) if self.valid else []
        sizes = (len(hands(spot.opener)), len(hands(spot.responder)))
        self.first: dict[str, int] = {}
        start = 0
        for node in self.graph.nodes:
            self.first[node.key] = start
            start += sizes[node.actor]
        self.valid = self.valid and start == len(self.rows)
        self.cups = [{c: i for i, (c, _) in enumerate(hands(n))} for n in (spot.opener, spot.responder)]
        pairs = zip(self.graph.nodes, self.graph.actions, strict=True)
        self.labels = {n.key: [label(a) for a in acts] for n, acts in pairs}

    def row(self, actor: int, bids: tuple[Bid, ...], cup: tuple[int, ...]) -> dict[str, float] | None:
        """{action label: probability} at this node for this cup, or None off the graph."""
        key = self.graph.node_for(actor, bids)
        if not self.valid or key not in self.first or cup not in self.cups[actor]:
            return None
        labels = self.labels[key]
        return {labels[a]: w / SCALE for a, w in self.rows[self.first[key] + self.cups[actor][cup]]}


@lru_cache(maxsize=64)
def solved_round(key: str) -> SolvedRound | None:
    """The spot's strategy, or None where the preset's data has none (or one a best response beat by
    more than `MOST_EXCESS`)."""
    spot = Spot.parse(key)
    entry = solved_preset(spot.preset).get(key)
    if not entry or not entry.get("strategy"):
        return None
    if max(float(entry["opener_excess"]), float(entry["responder_excess"])) > MOST_EXCESS:
        return None  # not close enough to an equilibrium (docs/BOTS.md): hard reads hands there
    return SolvedRound(spot, entry)


def headsup_policy(view: dict[str, Any], legal: Sequence[PlayerAction]) -> Policy | None:
    """The computed strategy's probabilities over `legal` at this view, or None where it has none."""
    key = spot_key(view)
    if key is None or not view["my_dice"] or view["turn"] != view["viewer"] or view["preset"] not in PRESETS:
        return None
    solved = solved_round(key)
    if solved is None:
        return None
    actor = 0 if view["opener"] == view["viewer"] else 1
    bids = tuple(Bid(*b["bid"]) for b in view["bids"])
    probs = solved.row(actor, bids, tuple(sorted(view["my_dice"])))
    if probs is None:
        return None
    by_label = {action_label(a): a for a in legal}
    if any(name not in by_label for name in probs):
        return None
    return {by_label[name]: p for name, p in probs.items() if p > 0}
