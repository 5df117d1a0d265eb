"""The solved heads-up endgames: the data reproduces, the tree is the engine's, hard plays it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dudo_hub.engine.actions import CallCalza, CallDudo, MakeBid, PlayerAction
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots import make_bot
from dudo_hub.engine.bots.endgame import solved, solved_policy, spot_key
from dudo_hub.engine.bots.endgame_solve import (
    CHECK_ITERATIONS,
    best_response,
    expand,
    play_value,
    short_checksum,
    spot_entry,
)
from dudo_hub.engine.bots.endgame_tree import RoundTree, Spot, hands, outcome_values, start_state
from dudo_hub.engine.game import legal_actions
from dudo_hub.engine.rules import make_rules
from dudo_hub.engine.state import BidEntry, GameState, evolve
from dudo_hub.engine.views import view_for

SPOTS = solved()["spots"]
ONE_DIE = [key for key in SPOTS if ":1v1:" in key]


def _label(action: PlayerAction) -> str:
    if isinstance(action, MakeBid):
        return str(action.bid)
    return "dudo" if isinstance(action, CallDudo) else "calza" if isinstance(action, CallCalza) else "?"


def _at(tree: RoundTree, node: int, cup: tuple[int, ...]) -> GameState:
    actor = tree.actor[node]
    dice = [(3,) * tree.spot.opener, (3,) * tree.spot.responder]
    dice[actor] = cup
    bids = tuple(BidEntry(i % 2, b) for i, b in enumerate(tree.history[node]))
    return evolve(tree.state, dice=tuple(dice), bids=bids, turn=actor)


def test_the_smallest_spot_regenerates_exactly() -> None:
    stored = SPOTS["dudo:1v1:p"]
    again = spot_entry("dudo:1v1:p", stored["outcomes"], stored["iterations"], stored["cap"])
    assert again == stored


@pytest.mark.parametrize("key", ["liars_dice:1v1:n", "dudo:2v1:n"])
def test_short_runs_reproduce_the_stored_fingerprint(key: str) -> None:
    stored = SPOTS[key]
    tree = RoundTree(Spot.parse(key), stored["cap"])
    assert short_checksum(tree, stored["outcomes"]) == stored["check"], f"{CHECK_ITERATIONS} iterations of {key}"


def test_the_stored_outcomes_are_what_the_engine_makes_of_each_call() -> None:
    values = {key: float(entry["value"]) for key, entry in SPOTS.items()}
    for key, entry in SPOTS.items():
        assert outcome_values(Spot.parse(key), values) == pytest.approx(entry["outcomes"], abs=2e-3), key


def test_liars_dice_one_die_each_is_worth_four_ninths_to_the_opener() -> None:
    assert SPOTS["liars_dice:1v1:n"]["value"] == pytest.approx(4 / 9, abs=1e-4)


@pytest.mark.parametrize("key", ONE_DIE)
def test_a_best_response_gains_almost_nothing_against_the_shipped_strategy(key: str) -> None:
    entry = SPOTS[key]
    tree = RoundTree(Spot.parse(key), entry["cap"])
    strategy = expand(entry["strategy"])
    value = play_value(tree, entry["outcomes"], strategy)
    assert best_response(tree, entry["outcomes"], 0, strategy) - (1 - value) <= 0.01
    assert best_response(tree, entry["outcomes"], 1, strategy) - value <= 0.01


def test_a_predictable_opener_is_caught_by_the_best_response() -> None:
    entry = SPOTS["liars_dice:1v1:n"]
    tree = RoundTree(Spot.parse("liars_dice:1v1:n"), None)
    honest = dict(expand(entry["strategy"]))
    for cup, _ in hands(1):
        honest[f"|{cup[0]}"] = {f"1x{cup[0]}": 1.0}  # always open with the face I hold
    value = float(entry["value"])
    assert best_response(tree, entry["outcomes"], 0, honest) - (1 - value) > 0.02


@pytest.mark.parametrize("key", [*ONE_DIE, "dudo:2v1:n", "liars_dice:1v2:n"])
def test_the_tree_offers_exactly_the_engines_legal_actions(key: str) -> None:
    tree = RoundTree(Spot.parse(key), SPOTS[key]["cap"])
    rng = random.Random(key)
    nodes = [n for n in range(len(tree.actor)) if tree.cap is None or len(tree.history[n]) < tree.cap]
    for node in rng.sample(nodes, min(300, len(nodes))):
        size = tree.spot.opener if tree.actor[node] == 0 else tree.spot.responder
        cup = rng.choice(hands(size))[0]
        name = "or"[tree.actor[node]]
        assert sorted(map(_label, legal_actions(_at(tree, node, cup), name))) == sorted(tree.labels[node])


def _one_die_view(preset: str, mine: int, bids: list[str], **options: object) -> tuple[dict, list[PlayerAction]]:
    rules = make_rules(preset, options)
    spot = Spot(preset, 1, 1, rules.palifico != "off")
    state = evolve(start_state(spot), rules=rules, dice=((mine,), (3,)))
    entries = tuple(BidEntry(i % 2, Bid.parse(b)) for i, b in enumerate(bids))
    state = evolve(state, bids=entries, turn=len(bids) % 2)
    name = "or"[len(bids) % 2]
    return view_for(state, name), legal_actions(state, name)


def test_hard_draws_its_moves_from_the_solved_strategy() -> None:
    view, legal = _one_die_view("liars_dice", 4, [])
    policy = solved_policy(view, legal)
    assert policy is not None and abs(sum(policy.values()) - 1) < 1e-6
    draws = Counter(make_bot("hard", random.Random(k)).choose(view, legal) for k in range(600))
    assert set(draws) <= set(policy)
    for action, p in policy.items():
        assert draws[action] / 600 == pytest.approx(p, abs=0.07)


def test_hard_does_not_give_its_die_away_when_it_opens() -> None:
    opened = Counter()
    for die in range(1, 7):
        view, legal = _one_die_view("liars_dice", die, [])
        for k in range(200):
            action = make_bot("hard", random.Random(k)).choose(view, legal)
            assert isinstance(action, MakeBid)
            opened[action.bid.face == die] += 1
    assert opened[False] > 0.2 * (opened[True] + opened[False])


def test_the_table_is_only_used_in_its_own_rules() -> None:
    view, legal = _one_die_view("liars_dice", 4, [])
    assert spot_key(view) == "liars_dice:1v1:n"
    other_view, other_legal = _one_die_view("liars_dice", 4, [], first_player="host")
    assert spot_key(other_view) is None and solved_policy(other_view, other_legal) is None
