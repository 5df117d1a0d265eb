"""CFR+ over a `RoundGraph`, every cup at once (numpy), and the best response to what it finds.

The graph is solved as Neller and Hnath's fixed-strategy iteration does: a forward pass
adds up, node by node in the graph's order, how likely each player's cups are to get there
(over every path: that is what imperfect recall means); a backward pass computes what each
node is worth to the opener for every pair of cups, `U[node]` (a cups x cups matrix, the
same on every path, since what follows a node depends only on the node), and updates each
actor's regrets from the other's reach. Updates alternate (the opener, then the responder
against it), regrets are floored at zero (CFR+), the average strategy is weighted by
iteration. Nothing is random: the same spot, recall and iterations give the same strategy.

Used offline (`python -m bench.bots.solve_headsup`) and by tests; the bots read only the
data it writes (`engine/bots/headsup/play.py`), so numpy is a dependency of the bench and
the tests, not of the hub (and the engine stays pure: the standard library only).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.endgame_tree import CALZA, DUDO, Hand, Outcomes, RoundTree, hands, outcome_name
from dudo_hub.engine.bots.headsup.abstraction import RoundGraph, label
from dudo_hub.engine.bots.headsup.packing import SCALE, Row
from dudo_hub.engine.counting import count_for

Array = NDArray[np.float64]


@dataclass
class Solution:
    """A solved round: the average strategy per node (cups x actions) and what it was measured at."""

    graph: RoundGraph
    strategy: list[Array]
    iterations: int


class HeadsUpCFR:
    """CFR+ on one round graph with the round's outcomes valued by `worth` (`outcome_values`)."""

    def __init__(self, graph: RoundGraph, worth: Outcomes) -> None:
        self.graph = graph
        self.cups = tuple([c for c, _ in hands(n)] for n in (graph.spot.opener, graph.spot.responder))
        self.chance = chances(graph)
        self.children = [self._children(n, worth) for n in range(len(graph.nodes))]
        width = [len(self.cups[node.actor]) for node in graph.nodes]
        self.regret = [np.zeros((w, len(a))) for w, a in zip(width, graph.actions, strict=True)]
        self.average = [np.zeros((w, len(a))) for w, a in zip(width, graph.actions, strict=True)]
        self.t = 0

    def _children(self, n: int, worth: Outcomes) -> list[int | Array]:
        """Per action: the next node's index, or the call's payoff matrix (opener's chance)."""
        node = self.graph.nodes[n]
        out: list[int | Array] = []
        for (kind, _), kid in zip(self.graph.actions[n], self.graph.kids[n], strict=True):
            out.append(kid if kid >= 0 else self._payoff(kind, node.actor, node.bids[-1], worth))
        return out

    def _payoff(self, call: str, caller: int, bid: Bid, worth: Outcomes) -> Array:
        counts = [np.array([count_for(c, bid.face, self.graph.wild) for c in side]) for side in self.cups]
        total = counts[0][:, None] + counts[1][None, :]
        right = total >= bid.quantity if call == DUDO else total == bid.quantity
        assert call in (DUDO, CALZA)
        yes, no = worth[outcome_name(call, caller, True)], worth[outcome_name(call, caller, False)]
        return np.where(right, yes, no).astype(np.float32)

    def current(self, n: int) -> Array:
        """Regret matching at node `n`: cups x actions."""
        pos = self.regret[n]
        total = pos.sum(axis=1, keepdims=True)
        uniform = np.full_like(pos, 1.0 / pos.shape[1])
        return np.where(total > 0, pos / np.where(total > 0, total, 1.0), uniform)

    def iterate(self, count: int) -> None:
        """`count` iterations, each updating the opener, then the responder against the updated opener."""
        for _ in range(count):
            self.t += 1
            for player in (0, 1):
                self._update(player)

    def _update(self, player: int) -> None:
        """One forward and backward pass; regrets and average of `player`'s nodes only."""
        sigma = [self.current(n) for n in range(len(self.graph.nodes))]
        reach = forward(self.graph, sigma, self.chance)
        values = backward(self.graph, sigma, self.children)
        for n, node in enumerate(self.graph.nodes):
            if node.actor != player:
                continue
            q = action_values(self.children[n], values, player, reach[1 - player][n])
            v = (sigma[n] * q).sum(axis=1, keepdims=True)
            self.regret[n] = np.maximum(self.regret[n] + q - v, 0.0)
            self.average[n] += self.t * reach[player][n][:, None] * sigma[n]

    def solution(self) -> Solution:
        """The average strategy (uniform where a cup never got there)."""
        out = []
        for avg in self.average:
            total = avg.sum(axis=1, keepdims=True)
            out.append(np.where(total > 0, avg / np.where(total > 0, total, 1.0), 1.0 / avg.shape[1]))
        return Solution(self.graph, out, self.t)


def chances(graph: RoundGraph) -> tuple[Array, Array]:
    """Each player's chance of every cup (opener's, responder's), in `counting.cups_of` order."""
    opener, responder = (np.array([p for _, p in hands(n)]) for n in (graph.spot.opener, graph.spot.responder))
    return opener, responder


def tree_policy(sol: Solution, tree: RoundTree) -> Callable[[int, Hand], list[float]]:
    """The solution as `endgame_solve.best_response_to` asks for it: probabilities over a node of the
    engine's whole bid tree (`RoundTree`), read at the graph node that node's history maps to."""
    graph, index = sol.graph, sol.graph.index()
    cups = [{c: i for i, (c, _) in enumerate(hands(n))} for n in (graph.spot.opener, graph.spot.responder)]

    def policy(node: int, cup: Hand) -> list[float]:
        actor = tree.actor[node]
        n = index[graph.node_for(actor, tree.history[node])]
        by_label = dict(zip((label(a) for a in graph.actions[n]), sol.strategy[n][cups[actor][cup]], strict=True))
        return [float(by_label[x]) for x in tree.labels[node]]

    return policy


def from_rows(graph: RoundGraph, rows: Sequence[Row]) -> list[Array]:
    """Packed rows (`packing`) back into per-node arrays; an empty row (never played) is uniform."""
    sizes = (len(hands(graph.spot.opener)), len(hands(graph.spot.responder)))
    out, i = [], 0
    for node, acts in zip(graph.nodes, graph.actions, strict=True):
        block = np.full((sizes[node.actor], len(acts)), 1.0 / len(acts))
        for h in range(len(block)):
            if rows[i]:
                block[h] = 0.0
                for a, w in rows[i]:
                    block[h, a] = w / SCALE
            i += 1
        out.append(block)
    return out


def forward(graph: RoundGraph, sigma: list[Array], chance: tuple[Array, ...]) -> tuple[list[Array], list[Array]]:
    """Per node, each player's reach per cup, summed over every path there."""
    size = len(graph.nodes)
    reach = ([np.zeros(len(chance[0])) for _ in range(size)], [np.zeros(len(chance[1])) for _ in range(size)])
    reach[0][0], reach[1][0] = chance[0].copy(), chance[1].copy()
    for n, node in enumerate(graph.nodes):
        me = node.actor
        for a, kid in enumerate(graph.kids[n]):
            if kid >= 0:
                reach[me][kid] += reach[me][n] * sigma[n][:, a]
                reach[1 - me][kid] += reach[1 - me][n]
    return reach


def backward(graph: RoundGraph, sigma: list[Array], children: list[list[int | Array]]) -> list[Array]:
    """Per node, the opener's chance to win for each pair of cups (opener's cup x responder's)."""
    values: list[Array] = [np.empty(0)] * len(graph.nodes)
    for n in range(len(graph.nodes) - 1, -1, -1):
        values[n] = combine(children[n], values, graph.nodes[n].actor, sigma[n])
    return values


def combine(kids: list[int | Array], values: list[Array], actor: int, sigma: Array) -> Array:
    """A node's value matrix: its actions' matrices mixed by the actor's strategy per cup."""
    out: Array | None = None
    for a, kid in enumerate(kids):
        mat = values[kid] if isinstance(kid, int) else kid
        weight = (sigma[:, a, None] if actor == 0 else sigma[None, :, a]).astype(np.float32)
        out = mat * weight if out is None else out + mat * weight
    assert out is not None
    return out


def action_values(kids: list[int | Array], values: list[Array], actor: int, opp: Array) -> Array:
    """The actor's counterfactual value of each action per cup (cups x actions), against `opp`'s reach."""
    r = opp.astype(np.float32)
    cols = []
    for kid in kids:
        mat = values[kid] if isinstance(kid, int) else kid
        cols.append(mat @ r if actor == 0 else r @ mat)
    q = np.stack(cols, axis=1).astype(np.float64)
    return q if actor == 0 else float(opp.sum()) - q


def play_value(sol: Solution, worth: Outcomes) -> float:
    """The opener's chance when both play the solution."""
    cfr = HeadsUpCFR(sol.graph, worth)
    values = backward(sol.graph, sol.strategy, cfr.children)
    return float(cfr.chance[0] @ values[0] @ cfr.chance[1])


def best_response(sol: Solution, worth: Outcomes, fixed: int) -> float:
    """The other player's chance against `fixed` playing `sol`, choosing per node and cup the action
    worth most against the fixed player's reach there (the abstraction's own information)."""
    cfr = HeadsUpCFR(sol.graph, worth)
    graph, me = sol.graph, 1 - fixed
    sigma = [s.copy() for s in sol.strategy]
    reach = forward(graph, sigma, cfr.chance)[fixed]  # the fixed player's reach: the responder's own play is not in it
    values: list[Array] = [np.empty(0)] * len(graph.nodes)
    for n in range(len(graph.nodes) - 1, -1, -1):
        node = graph.nodes[n]
        if node.actor == me:
            q = action_values(cfr.children[n], values, me, reach[n])
            pick = np.zeros_like(q)
            pick[np.arange(len(q)), q.argmax(axis=1)] = 1.0
            sigma[n] = pick
        values[n] = combine(cfr.children[n], values, node.actor, sigma[n])
    value = float(cfr.chance[0] @ values[0] @ cfr.chance[1])
    return value if me == 0 else 1.0 - value
