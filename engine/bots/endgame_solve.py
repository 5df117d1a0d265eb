"""Equilibria of heads-up rounds by CFR+, and exact best responses to any strategy.

Values are the opener's chance to win the game (`endgame_tree.utilities`); the
responder gets one minus that. CFR+ (regret matching with regrets floored at zero,
alternating updates, averages weighted by iteration) runs over the whole `RoundTree`
with one vector entry per cup, so it is deterministic: the same spot and iteration
count give the same strategy, bit for bit. A strategy maps an information set,
`"<bids>|<cup>"` (e.g. `"1x3,2x3|5"`), to {action label: probability}.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from operator import mul
from typing import Any

from dudo_hub.engine.bots.endgame_tree import Hand, Outcomes, RoundTree, Spot, hands, utilities

Strategy = dict[str, dict[str, float]]
Vector = list[float]


def info_key(history: tuple[object, ...], cup: tuple[int, ...]) -> str:
    """The information set of a player holding `cup` after the bids `history`."""
    return ",".join(str(b) for b in history) + "|" + "".join(str(d) for d in cup)


class CFRPlus:
    """CFR+ over one round tree."""

    def __init__(self, tree: RoundTree, worth: Outcomes) -> None:
        self.tree = tree
        self.util = utilities(tree, worth)
        self.util_r = [[[1 - row[i] for row in u] for i in range(len(u[0]))] for u in self.util]
        self.chance = ([p for _, p in hands(tree.spot.opener)], [p for _, p in hands(tree.spot.responder)])
        self.regret = [self._zeros(n) for n in range(len(tree.actor))]
        self.average = [self._zeros(n) for n in range(len(tree.actor))]
        self.t = 0

    def _zeros(self, node: int) -> list[Vector]:
        width = len(self.tree.labels[node])
        return [[0.0] * width for _ in self.chance[self.tree.actor[node]]]

    def iterate(self, count: int) -> None:
        """`count` iterations, each updating both players in turn."""
        for _ in range(count):
            self.t += 1
            for player in (0, 1):
                self._walk(0, player, list(self.chance[player]), list(self.chance[1 - player]))

    def _current(self, node: int) -> list[Vector]:
        out = []
        for regrets in self.regret[node]:
            total = sum(regrets)
            out.append([r / total for r in regrets] if total > 0 else [1 / len(regrets)] * len(regrets))
        return out

    def _terminal(self, t: int, player: int, opp: Vector) -> Vector:
        rows = self.util[t] if player == 0 else self.util_r[t]
        return [sum(map(mul, row, opp)) for row in rows]

    def _walk(self, node: int, player: int, own: Vector, opp: Vector) -> Vector:
        """Counterfactual values of `player` per cup; updates `player`'s regrets and average."""
        if node < 0:
            return self._terminal(-1 - node, player, opp)
        kids = self.tree.kids[node]
        sigma = self._current(node)
        if self.tree.actor[node] != player:
            total = [0.0] * len(own)
            for a, kid in enumerate(kids):
                child = self._walk(kid, player, own, [o * s[a] for o, s in zip(opp, sigma, strict=True)])
                total = [x + y for x, y in zip(total, child, strict=True)]
            return total
        values = [self._walk(kid, player, [o * s[a] for o, s in zip(own, sigma, strict=True)], opp)
                  for a, kid in enumerate(kids)]
        out = []
        for h, s in enumerate(sigma):
            v = sum(s[a] * values[a][h] for a in range(len(kids)))
            out.append(v)
            regrets, avg, weight = self.regret[node][h], self.average[node][h], self.t * own[h]
            for a in range(len(kids)):
                regrets[a] = max(0.0, regrets[a] + values[a][h] - v)
                avg[a] += weight * s[a]
        return out

    def strategy(self, digits: int = 4) -> Strategy:
        """The average strategy at every information set its own player can reach, rounded."""
        out: Strategy = {}
        self._collect(0, [[1.0] * len(self.chance[0]), [1.0] * len(self.chance[1])], out, digits)
        return out

    def _collect(self, node: int, reach: list[Vector], out: Strategy, digits: int) -> None:
        """Store each information set its own player reaches; go on while either player still does."""
        if node < 0 or max(reach[0] + reach[1]) == 0.0:
            return
        tree, actor = self.tree, self.tree.actor[node]
        cups = hands(tree.spot.opener if actor == 0 else tree.spot.responder)
        labels = tree.labels[node]
        plays = [[0.0] * len(labels) for _ in cups]
        for h, ((cup, _), avg) in enumerate(zip(cups, self.average[node], strict=True)):
            if reach[actor][h] > 0.0:
                probs = _rounded(avg, digits)
                out[info_key(tree.history[node], cup)] = {labels[a]: p for a, p in enumerate(probs) if p > 0}
                plays[h] = [1.0 if p > 0 else 0.0 for p in probs]
        for a, kid in enumerate(tree.kids[node]):
            following = [list(reach[0]), list(reach[1])]
            following[actor] = [r * plays[h][a] for h, r in enumerate(reach[actor])]
            self._collect(kid, following, out, digits)


def _rounded(weights: Vector, digits: int) -> Vector:
    """Probabilities in proportion to `weights`, rounded to `digits` and summing to 1 (uniform if all 0)."""
    total = sum(weights)
    if total <= 0:
        return [round(1 / len(weights), digits)] * len(weights)
    probs = [round(w / total, digits) for w in weights]
    best = max(range(len(probs)), key=lambda a: probs[a])
    probs[best] = round(probs[best] + 1 - sum(probs), digits)
    return probs


def policy_at(strategy: Mapping[str, Mapping[str, float]], tree: RoundTree, node: int, cup: tuple[int, ...]) -> Vector:
    """The strategy's probabilities over the node's actions (uniform where it says nothing)."""
    labels = tree.labels[node]
    given = strategy.get(info_key(tree.history[node], cup))
    if not given:
        return [1 / len(labels)] * len(labels)
    return [float(given.get(label, 0.0)) for label in labels]


def best_response(
    tree: RoundTree, worth: Outcomes, fixed: int, strategy: Mapping[str, Mapping[str, float]]
) -> float:
    """The best chance the other player can get against `fixed` (0 opener, 1 responder) playing `strategy`."""
    return best_response_to(tree, worth, fixed, lambda node, cup: policy_at(strategy, tree, node, cup))


def best_response_to(tree: RoundTree, worth: Outcomes, fixed: int, policy: Callable[[int, Hand], Vector]) -> float:
    """As `best_response`, the fixed player's probabilities given by `policy(node, cup)` (asked only where it plays)."""
    util = utilities(tree, worth)
    cups = (hands(tree.spot.opener), hands(tree.spot.responder))
    me = 1 - fixed

    def walk(node: int, opp: Vector) -> Vector:
        if node < 0:
            u = util[-1 - node]
            if me == 0:
                return [sum(map(mul, row, opp)) for row in u]
            return [sum(o * (1 - u[i][j]) for i, o in enumerate(opp)) for j in range(len(cups[1]))]
        kids = tree.kids[node]
        if max(opp) == 0.0:
            return [0.0] * len(cups[me])
        if tree.actor[node] == me:
            children = [walk(kid, opp) for kid in kids]
            return [max(c[h] for c in children) for h in range(len(cups[me]))]
        idle = [0.0] * len(kids)
        sigma = [policy(node, cup) if o > 0 else idle for (cup, _), o in zip(cups[fixed], opp, strict=True)]
        total = [0.0] * len(cups[me])
        for a, kid in enumerate(kids):
            child = walk(kid, [o * s[a] for o, s in zip(opp, sigma, strict=True)])
            total = [x + y for x, y in zip(total, child, strict=True)]
        return total

    cv = walk(0, [p for _, p in cups[fixed]])
    return sum(p * v for (_, p), v in zip(cups[me], cv, strict=True))


def play_value(tree: RoundTree, worth: Outcomes, strategy: Mapping[str, Mapping[str, float]]) -> float:
    """The opener's chance when both seats play `strategy`."""
    util = utilities(tree, worth)
    cups = (hands(tree.spot.opener), hands(tree.spot.responder))

    def walk(node: int, reach: tuple[Vector, Vector]) -> float:
        if node < 0:
            u = util[-1 - node]
            return float(sum(ro * sum(map(mul, u[i], reach[1])) for i, ro in enumerate(reach[0]) if ro))
        if max(reach[0]) == 0.0 or max(reach[1]) == 0.0:
            return 0.0
        actor = tree.actor[node]
        sigma = [policy_at(strategy, tree, node, cup) for cup, _ in cups[actor]]
        total = 0.0
        for a, kid in enumerate(tree.kids[node]):
            mine = [r * s[a] for r, s in zip(reach[actor], sigma, strict=True)]
            total += walk(kid, (mine, reach[1]) if actor == 0 else (reach[0], mine))
        return total

    return walk(0, ([p for _, p in cups[0]], [p for _, p in cups[1]]))


def compact(strategy: Strategy) -> dict[str, str | dict[str, float]]:
    """The shipped form: one label where the strategy is pure, else {label: probability}."""
    return {info: next(iter(probs)) if len(probs) == 1 else dict(probs) for info, probs in sorted(strategy.items())}


def expand(data: Mapping[str, str | Mapping[str, float]]) -> Strategy:
    """Back from `compact`."""
    return {info: {entry: 1.0} if isinstance(entry, str) else dict(entry) for info, entry in data.items()}


def checksum(strategy: Strategy) -> str:
    """A fingerprint of a strategy (sha256 of its canonical JSON)."""
    text = json.dumps(compact(strategy), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


CHECK_ITERATIONS = 20  # a short run whose fingerprint the data keeps, for a quick reproduction test
DIGITS = 4  # probabilities as solved
DROP = 0.02  # actions rarer than this are dropped from the shipped strategy (then renormalised)


def purify(strategy: Strategy, drop: float = DROP, digits: int = DIGITS) -> Strategy:
    """The strategy without its rarest actions (< `drop`), renormalised and rounded."""
    out: Strategy = {}
    for info, probs in strategy.items():
        kept = {a: p for a, p in probs.items() if p >= drop} or dict(probs)
        labels = list(kept)
        rounded = _rounded([kept[a] for a in labels], digits)
        out[info] = {a: p for a, p in zip(labels, rounded, strict=True) if p > 0}
    return out


def reachable(tree: RoundTree, strategy: Mapping[str, Mapping[str, float]]) -> Strategy:
    """The information sets each player reaches by their own play under `strategy` (whatever the other does)."""
    cups = (hands(tree.spot.opener), hands(tree.spot.responder))
    out: Strategy = {}

    def walk(node: int, reach: tuple[list[bool], list[bool]]) -> None:
        if node < 0 or not (any(reach[0]) or any(reach[1])):
            return
        actor, kids = tree.actor[node], tree.kids[node]
        plays = []
        for h, (cup, _) in enumerate(cups[actor]):
            if reach[actor][h]:
                out[info_key(tree.history[node], cup)] = dict(strategy[info_key(tree.history[node], cup)])
                plays.append([p > 0 for p in policy_at(strategy, tree, node, cup)])
            else:
                plays.append([False] * len(kids))
        for a, kid in enumerate(kids):
            mine = [reach[actor][h] and plays[h][a] for h in range(len(cups[actor]))]
            walk(kid, (mine, reach[1]) if actor == 0 else (reach[0], mine))

    walk(0, ([True] * len(cups[0]), [True] * len(cups[1])))
    return out


def shipped(tree: RoundTree, strategy: Strategy) -> Strategy:
    """What the data file holds of a solved strategy: purified, and only where it is played."""
    return reachable(tree, purify(strategy))


def short_checksum(tree: RoundTree, worth: Outcomes) -> str:
    """The fingerprint of the shipped strategy after `CHECK_ITERATIONS` iterations."""
    cfr = CFRPlus(tree, worth)
    cfr.iterate(CHECK_ITERATIONS)
    return checksum(shipped(tree, cfr.strategy(DIGITS)))


def describe(tree: RoundTree, worth: Outcomes, iterations: int, strategy: Strategy) -> dict[str, Any]:
    """A solved spot as the data file holds it, measured against best responses as shipped."""
    final = shipped(tree, strategy)
    value = play_value(tree, worth, final)
    return {
        "check": short_checksum(tree, worth),
        "iterations": iterations,
        "cap": tree.cap,
        "outcomes": dict(sorted(worth.items())),
        "value": round(value, 6),
        "opener_excess": round(best_response(tree, worth, 0, final) - (1 - value), 6),
        "responder_excess": round(best_response(tree, worth, 1, final) - value, 6),
        "strategy": compact(final),
    }


def spot_entry(key: str, worth: Outcomes, iterations: int, cap: int | None = None) -> dict[str, Any]:
    """Solve one spot and describe it as the data file holds it."""
    tree = RoundTree(Spot.parse(key), cap)
    cfr = CFRPlus(tree, worth)
    cfr.iterate(iterations)
    return describe(tree, worth, iterations, cfr.strategy(DIGITS))
