"""The computed heads-up game: the graph is the engine's, CFR+ finds the equilibrium, the data
is what the solver makes and matches today's rules, and hard plays it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.bots.headsup_solver import HeadsUpCFR, Solution, best_response, from_rows, play_value, tree_policy
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots import make_bot
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.bots.endgame import action_label
from dudo_hub.engine.bots.endgame_tree import RoundTree, Spot, hands, outcome_values, start_state
from dudo_hub.engine.bots.hard import HardBot, HardParams
from dudo_hub.engine.bots.headsup.abstraction import RoundGraph, label
from dudo_hub.engine.bots.headsup.packing import SCALE, pack, quantise, unpack
from dudo_hub.engine.bots.headsup.play import MOST_EXCESS, headsup_policy, solved_preset, solved_round
from dudo_hub.engine.game import legal_actions
from dudo_hub.engine.rules import PRESETS
from dudo_hub.engine.state import BidEntry, GameState, evolve
from dudo_hub.engine.views import view_for

SHIPPED = [p for p in PRESETS if solved_preset(p)]


def _at(graph: RoundGraph, node: int, cup: tuple[int, ...]) -> GameState:
    """A state at the node's bids (as the whole history) with the actor holding `cup`."""
    n = graph.nodes[node]
    spot = graph.spot
    dice = [(3,) * spot.opener, (3,) * spot.responder]
    dice[n.actor] = cup
    first = (n.actor - len(n.bids)) % 2  # who made the oldest remembered bid
    bids = tuple(BidEntry((first + i) % 2, b) for i, b in enumerate(n.bids))
    return evolve(graph.state, dice=tuple(dice), bids=bids, turn=n.actor)


@pytest.mark.parametrize(("key", "recall"), [("dudo:2v2:n", 2), ("dudo:1v3:p", 3), ("parker:3v3:n", 1),
                                            ("liars_dice:2v3:n", 2), ("francais:2v1:n", 3)])
def test_every_node_offers_exactly_the_engines_legal_actions(key: str, recall: int) -> None:
    graph = RoundGraph(Spot.parse(key), recall)
    rng = random.Random(key)
    for node in rng.sample(range(len(graph.nodes)), min(200, len(graph.nodes))):
        n = graph.nodes[node]
        cup = rng.choice(hands(graph.spot.opener if n.actor == 0 else graph.spot.responder))[0]
        legal = legal_actions(_at(graph, node, cup), "or"[n.actor])
        assert sorted(map(action_label, legal)) == sorted(map(label, graph.actions[node])), n.key


def test_every_raise_goes_later_in_the_graph_and_remembers_the_last_bids() -> None:
    graph = RoundGraph(Spot.parse("dudo:2v2:n"), 2)
    for node, (n, acts, kids) in enumerate(zip(graph.nodes, graph.actions, graph.kids, strict=True)):
        for (kind, bid), kid in zip(acts, kids, strict=True):
            if kind == "raise":
                child = graph.nodes[kid]
                assert kid > node and child.actor == 1 - n.actor and child.bids[-1] == bid
                assert child.bids == (*n.bids, bid)[-2:]
            else:
                assert kid == -1 and n.bids
    assert graph.node_for(1, (Bid(1, 3),)) == "1|w|1x3"
    assert graph.node_for(0, (Bid(1, 3), Bid(2, 3), Bid(2, 4))) == "0|p|2x3,2x4"


def test_cfr_finds_liars_dice_one_die_each_and_no_best_response_beats_it() -> None:
    spot = Spot.parse("liars_dice:1v1:n")
    worth = outcome_values(spot, {})
    cfr = HeadsUpCFR(RoundGraph(spot, 3), worth)
    cfr.iterate(150)
    sol = cfr.solution()
    value = play_value(sol, worth)
    assert value == pytest.approx(4 / 9, abs=2e-3)  # the game's known value for the opener
    assert best_response(sol, worth, 0) - (1 - value) < 3e-3
    assert best_response(sol, worth, 1) - value < 3e-3


def test_the_best_response_punishes_random_play_and_not_the_solution() -> None:
    spot = Spot.parse("dudo:2v2:n")
    worth = outcome_values(spot, {})
    cfr = HeadsUpCFR(RoundGraph(spot, 1), worth)
    sol = cfr.solution()  # no iterations: every action equally likely
    value = play_value(sol, worth)
    assert best_response(sol, worth, 0) - (1 - value) > 0.1
    cfr.iterate(60)
    solved = cfr.solution()
    assert best_response(solved, worth, 0) - (1 - play_value(solved, worth)) < 0.03


def test_the_solver_is_deterministic() -> None:
    spot = Spot.parse("dudo:1v2:n")
    worth = outcome_values(spot, {})
    runs = []
    for _ in range(2):
        cfr = HeadsUpCFR(RoundGraph(spot, 1), worth)
        cfr.iterate(20)
        runs.append(pack([quantise(row.tolist()) for s in cfr.solution().strategy for row in s]))
    assert runs[0] == runs[1]


@given(st.lists(st.floats(min_value=0, max_value=1), min_size=1, max_size=40).filter(lambda p: sum(p) > 0))
def test_a_row_keeps_its_likely_actions_and_sums_to_the_scale(weights: list[float]) -> None:
    probs = [w / sum(weights) for w in weights]
    row = quantise(probs)
    assert sum(w for _, w in row) == SCALE
    assert {a for a, _ in row} >= {a for a, p in enumerate(probs) if p >= 0.05}
    assert unpack(pack([row, row[:1]])) == [row, row[:1]]


@pytest.mark.parametrize("preset", SHIPPED)
def test_the_shipped_data_matches_todays_rules(preset: str) -> None:
    spots = solved_preset(preset)
    values = {key: float(e["value"]) for key, e in spots.items()}
    for key, entry in spots.items():
        graph = RoundGraph(Spot.parse(key), int(entry["recall"]))
        assert graph.fingerprint() == entry["graph"], f"{key}: solved for another graph (rerun the bench)"
        now = graph.used(outcome_values(Spot.parse(key), values))
        assert now == pytest.approx(graph.used(entry["outcomes"]), abs=0.01), key
        close = max(entry["opener_excess"], entry["responder_excess"]) <= MOST_EXCESS
        assert (solved_round(key) is not None) == (bool(entry["strategy"]) and close), key


@pytest.mark.parametrize("preset", SHIPPED)
def test_the_shipped_strategy_is_measured_as_stored(preset: str) -> None:
    """The stored value and best response of the smallest spots, recomputed from the shipped bytes."""
    spots = solved_preset(preset)
    for key in [k for k in spots if ":1v1:" in k or ":2v1:" in k][:3]:
        solved = solved_round(key)
        assert solved is not None
        sol, worth = Solution(solved.graph, from_rows(solved.graph, list(solved.rows)), 0), spots[key]["outcomes"]
        value = play_value(sol, worth)
        assert value == pytest.approx(spots[key]["value"], abs=1e-4)
        assert best_response(sol, worth, 1) - value == pytest.approx(spots[key]["responder_excess"], abs=1e-4)


def _view(preset: str, counts: tuple[int, int], mine: tuple[int, ...], bids: list[str]) -> tuple[dict, list]:
    spot = Spot(preset, *counts, False)
    other = (3,) * counts[1 - len(bids) % 2]
    dice = (mine, other) if len(bids) % 2 == 0 else (other, mine)
    state = evolve(start_state(spot), dice=dice)
    state = evolve(state, bids=tuple(BidEntry(i % 2, Bid.parse(b)) for i, b in enumerate(bids)), turn=len(bids) % 2)
    name = "or"[len(bids) % 2]
    return view_for(state, name), legal_actions(state, name)


@pytest.mark.parametrize("preset", SHIPPED)
def test_hard_draws_its_heads_up_moves_from_the_computed_strategy(preset: str) -> None:
    view, legal = _view(preset, (1, 3), (2, 5, 5), ["1x2"])
    policy = headsup_policy(view, legal)
    assert policy is not None and sum(policy.values()) == pytest.approx(1, abs=1e-6)
    assert set(policy) <= set(legal)
    draws = Counter(make_bot("hard", random.Random(k)).choose(view, legal) for k in range(400))
    assert set(draws) <= set(policy)
    for action, p in policy.items():
        assert draws[action] / 400 == pytest.approx(p, abs=0.08)


def test_a_spot_a_best_response_beats_by_more_than_the_bound_is_not_played() -> None:
    entry = solved_preset("dudo")["dudo:2v2:n"]
    assert max(entry["opener_excess"], entry["responder_excess"]) > MOST_EXCESS  # as solved (docs/BOTS.md)
    assert solved_round("dudo:2v2:n") is None
    view, legal = _view("dudo", (2, 2), (2, 5), [])
    assert headsup_policy(view, legal) is None


def test_the_computed_strategy_is_not_used_in_other_rules_or_at_a_full_table() -> None:
    view, legal = _view("dudo", (3, 1), (2, 5, 5), [])
    assert headsup_policy(view, legal) is not None
    view["rules"] = {**view["rules"], "wild_ones": False}
    assert headsup_policy(view, legal) is None
    view, legal = _view("dudo", (3, 1), (2, 5, 5), [])
    view["players"] = [*view["players"], {**view["players"][0], "name": "x", "dice": 3}]
    assert headsup_policy(view, legal) is None



def test_hard_plays_it_in_small_rounds_and_in_large_ones_only_where_told() -> None:
    small, _ = _view("dudo", (2, 2), (2, 5), [])
    large, _ = _view("dudo", (5, 4), (2, 2, 3, 5, 6), [])
    seat = Seat.read(large)
    hard = HardBot(random.Random(1))
    assert hard.computed_here(small, Seat.read(small))
    hard.book.trust = lambda names: {n: (0.1, 0.1) for n in names}  # type: ignore[method-assign]
    assert not hard.computed_here(large, seat)  # by default the reading plays the large rounds (docs/BOTS.md)
    gated = HardBot(random.Random(1), HardParams(headsup_liars=0.45))
    assert not gated.computed_here(large, seat)  # nobody revealed yet
    gated.book.trust = lambda names: {n: (0.9, 0.1) for n in names}  # type: ignore[method-assign]
    assert not gated.computed_here(large, seat)
    gated.book.trust = lambda names: {n: (0.2, 0.9) for n in names}  # type: ignore[method-assign]
    assert gated.computed_here(large, seat)


def test_a_real_perfect_recall_best_response_agrees_on_one_die_each() -> None:
    """On the smallest round the abstraction forgets nothing that matters: the exact best response
    over the engine's whole bid tree gains no more than the one with the abstraction's information."""
    from dudo_hub.engine.bots.endgame_solve import best_response_to

    spot = Spot.parse("liars_dice:1v1:n")
    worth = outcome_values(spot, {})
    graph = RoundGraph(spot, 1)
    cfr = HeadsUpCFR(graph, worth)
    cfr.iterate(100)
    sol, tree = cfr.solution(), RoundTree(spot, None)
    value = play_value(sol, worth)
    exact = best_response_to(tree, worth, 1, tree_policy(sol, tree)) - value
    assert exact == pytest.approx(best_response(sol, worth, 1) - value, abs=2e-3)
