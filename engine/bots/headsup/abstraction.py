"""A heads-up round as a small graph: each player remembers only the last `recall` bids.

The whole bid tree of a round with ten dice has more histories than atoms; Neller and
Hnath's way out (fixed-strategy iteration CFR, 2011) is imperfect recall: a player decides
from its cup, whose turn it is, and the last few bids. Here a node is (the actor, the last
`recall` bids, whether they are the whole history), so "3x4 opened" and "3x4 after five
raises" differ. Every raise moves to a strictly higher bid, so the nodes sort by their last
bid and the graph has no cycles. The raises and calls come from the engine itself
(`endgame_tree`: `ordering.legal_bids`, `calza_problem`), as do the round's outcomes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from dudo_hub.engine import ordering
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.endgame_tree import CALZA, DUDO, Spot, raises_after, start_state, with_standing
from dudo_hub.engine.legal import calza_problem
from dudo_hub.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Node:
    """A decision: `actor` (0 opener, 1 responder) facing `bids` (the last few, oldest first)."""

    actor: int
    bids: tuple[Bid, ...]
    whole: bool  # `bids` is the round's whole history

    @property
    def key(self) -> str:
        """`0|w|` (the opening), `1|w|3x4`, `0|p|3x4,4x4`: how the data names the node."""
        return f"{self.actor}|{'w' if self.whole else 'p'}|{','.join(map(str, self.bids))}"


Action = tuple[str, Bid | None]  # ("raise", bid) or (DUDO / CALZA, None)


class RoundGraph:
    """Every node of one spot's round under `recall`, in an order where each raise goes later."""

    def __init__(self, spot: Spot, recall: int) -> None:
        self.spot, self.recall = spot, recall
        self.state: GameState = start_state(spot)
        self.wild = self.state.round_wild
        self.nodes: list[Node] = []
        self.actions: list[tuple[Action, ...]] = []
        self.kids: list[tuple[int, ...]] = []  # per action: the next node, or -1 for a call
        self._build()

    def _calls(self, node: Node) -> list[Action]:
        if not node.bids:
            return []
        calls: list[Action] = [(DUDO, None)]
        if calza_problem(with_standing(self.state, 1 - node.actor, node.bids[-1]), node.actor) is None:
            calls.append((CALZA, None))
        return calls

    def _raises(self, node: Node) -> list[Bid]:
        if not node.bids:
            return ordering.legal_bids(self.state, 0)
        return raises_after(self.state, node.bids[-1], node.actor)

    def _child(self, node: Node, bid: Bid) -> Node:
        bids = (*node.bids, bid)
        return Node(1 - node.actor, bids[-self.recall :], node.whole and len(bids) <= self.recall)

    def _build(self) -> None:
        root = Node(0, (), True)
        found: dict[Node, list[Action]] = {}
        children: dict[Node, list[Node]] = {}
        todo = [root]
        while todo:
            node = todo.pop()
            if node in found:
                continue
            raises = self._raises(node)
            found[node] = self._calls(node) + [("raise", b) for b in raises]
            children[node] = [self._child(node, b) for b in raises]
            todo.extend(children[node])
        rank = bid_ranks(found)
        order = sorted(found, key=lambda n: (rank[n.bids[-1]] if n.bids else -1, n.key))
        index = {n: i for i, n in enumerate(order)}
        for node in order:
            acts = found[node]
            calls = len(acts) - len(children[node])
            self.nodes.append(node)
            self.actions.append(tuple(acts))
            self.kids.append((-1,) * calls + tuple(index[c] for c in children[node]))

    def fingerprint(self) -> str:
        """A short hash of every node and its actions: data solved for another graph is refused."""
        pairs = zip(self.nodes, self.actions, strict=True)
        text = ";".join(n.key + ">" + ",".join(label(a) for a in acts) for n, acts in pairs)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def used(self, worth: Mapping[str, float]) -> dict[str, float]:
        """The outcomes (`endgame_tree.outcome_name`) this round can end in: those of the calls it offers."""
        calls = {kind for acts in self.actions for kind, _ in acts if kind != "raise"}
        return {name: v for name, v in worth.items() if name.partition(":")[0] in calls}

    def index(self) -> dict[str, int]:
        """Node key -> position."""
        return {n.key: i for i, n in enumerate(self.nodes)}

    def node_for(self, actor: int, bids: tuple[Bid, ...]) -> str:
        """The key of the node a player at `actor` is in after the round's `bids`."""
        return Node(actor, bids[-self.recall :] if bids else (), len(bids) <= self.recall).key


def bid_ranks(found: dict[Node, list[Action]]) -> dict[Bid, int]:
    """Each bid's place in an order every raise climbs (topological, by the raises seen)."""
    after: dict[Bid, set[Bid]] = {}
    for node, acts in found.items():
        if node.bids:
            after.setdefault(node.bids[-1], set()).update(b for kind, b in acts if kind == "raise" and b is not None)
        for kind, b in acts:
            if kind == "raise" and b is not None:
                after.setdefault(b, set())
    below = {b: 0 for b in after}
    for higher in after.values():
        for b in higher:
            below[b] += 1
    ready = sorted((b for b, n in below.items() if n == 0), key=lambda b: (b.quantity, b.face))
    rank: dict[Bid, int] = {}
    while ready:
        b = ready.pop(0)
        rank[b] = len(rank)
        for h in sorted(after[b], key=lambda x: (x.quantity, x.face)):
            below[h] -= 1
            if below[h] == 0:
                ready.append(h)
    assert len(rank) == len(after), "the raises go round in a circle"
    return rank


def label(action: Action) -> str:
    """`dudo`, `calza` or the bid (`3x4`), as the strategies name actions."""
    kind, bid = action
    return str(bid) if kind == "raise" else kind
