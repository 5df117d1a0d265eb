"""`view_for`: own dice only, public counts and bids, everything at the reveal; `to_act`."""

from __future__ import annotations

import json
from itertools import pairwise

from enginekit import bid, dudo, play, table

from dudo_hub.engine import make_rules, new_game, view_for

FIVE = [2, 3, 4, 5, 6]


def test_a_seat_sees_its_own_dice_and_only_counts_of_the_others():
    state = table({"A": [1, 1, 2, 3, 4], "B": [6, 6, 6, 5], "C": FIVE})
    view = view_for(state, "B")
    assert view["my_dice"] == [5, 6, 6, 6]
    assert [p["dice"] for p in view["players"]] == [5, 4, 5]
    assert view["viewer"] == "B" and view["turn"] == "A" and view["phase"] == "bidding"
    text = json.dumps(view)
    assert "[1, 1, 2, 3, 4]" not in text and "[2, 3, 4, 5, 6]" not in text


def test_the_spectator_sees_no_dice_before_the_reveal():
    state = table({"A": [1, 1, 2, 3, 4], "B": [6, 6, 6, 5, 5]})
    view = view_for(state, None)
    assert view["my_dice"] == [] and view["viewer"] is None and view["reveal"] is None
    assert view["dice_in_play"] == 10


def test_bids_and_standing_are_public():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE})
    state, _ = play(state, bid("A", "2x3"), bid("B", "3x3"))
    view = view_for(state, "C")
    assert view["bids"] == [
        {"player": "A", "bid": [2, 3], "passed": None}, {"player": "B", "bid": [3, 3], "passed": None}]
    assert view["standing"] == {"player": "B", "bid": [3, 3]}


def test_after_the_reveal_every_cup_and_the_outcome_are_public():
    state = table({"A": [1, 1, 2, 3, 4], "B": [6, 6, 6, 5, 5]})
    state, _ = play(state, bid("A", "4x6"), dudo("B"))
    reveal = view_for(state, None)["reveal"]
    assert reveal["dice"] == {"A": [1, 1, 2, 3, 4], "B": [5, 5, 6, 6, 6]}
    assert reveal["count"] == 5 and reveal["loser"] == "B" and reveal["call"] == "dudo"
    assert view_for(state, "A")["my_dice"] == []


def test_view_before_the_game_starts_is_json_ready():
    state = new_game(["A", "B"], make_rules("revolver"))
    view = view_for(state, "A")
    assert json.loads(json.dumps(view))["phase"] == "first"
    assert view["rules"]["loss"] == "revolver"
    assert [p["bullets"] for p in view["players"]] == [0, 0]


def _seeded_states(preset: str, seed: int, moves: int = 60) -> list:
    """The states of a seeded game played by random legal moves (chance settled by the seed)."""
    import random

    from dudo_hub.engine import apply
    from dudo_hub.engine.chance import random_action

    rng = random.Random(seed)
    state = new_game(["A", "B", "C"], make_rules(preset))
    states = [state]
    for _ in range(moves):
        if state.phase.value == "over":
            break
        state, _ = apply(state, random_action(state, rng))
        states.append(state)
    return states


def test_shared_views_equal_fresh_ones_and_share_only_the_public_part():
    from dudo_hub.engine import PRESETS, shared_view_for

    for preset in PRESETS:
        for state in _seeded_states(preset, seed=len(preset)):
            views = {v: shared_view_for(state, v) for v in (None, "A", "B", "C")}
            for viewer, view in views.items():
                assert view == view_for(state, viewer)  # the same picture, hidden dice included
            assert views["A"]["players"] is views["B"]["players"] and views["A"]["bids"] is views[None]["bids"]
            assert views["A"]["my_dice"] is not views["B"]["my_dice"]
            fresh = view_for(state, "A")
            assert fresh["players"] is not view_for(state, "B")["players"]  # what a bot gets is its own to change


def test_a_shared_view_keeps_its_public_part_apart_from_its_own():
    import copy

    from dudo_hub.engine import shared_view_for

    state = _seeded_states("dudo", seed=5)[-1]
    view = shared_view_for(state, "A")
    assert view.public is shared_view_for(state, "B").public
    assert set(view.own) == {"viewer", "my_dice", "odds"} and not set(view.own) & set(view.public)
    assert dict(view) == {**view.public, **view.own}
    changed = view.with_own(odds=None)
    assert changed["odds"] is None and changed.public is view.public and view["odds"] == view.own["odds"]
    assert type(copy.deepcopy(view)) is dict and copy.deepcopy(view) == view  # a copy is the client's own


def test_a_shared_reveal_is_one_object_while_the_states_carry_it():
    from dudo_hub.engine import shared_view_for

    state = table({"A": [1, 1, 2, 3, 4], "B": [6, 6, 6, 5, 5], "C": FIVE})
    state, _ = play(state, bid("A", "4x6"), dudo("B"))
    first = shared_view_for(state, None)["reveal"]
    later = [s for s in _seeded_states("dudo", seed=3) if s.reveal is not None]
    assert first is not None and first["loser"] == "B"
    assert shared_view_for(state, "C")["reveal"] is first
    carried = [(before, after) for before, after in pairwise(later) if after.reveal is before.reveal]
    assert carried
    for before, after in carried:
        assert shared_view_for(after, None)["reveal"] is shared_view_for(before, "A")["reveal"]
