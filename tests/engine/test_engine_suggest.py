"""The bid a phone's picker offers first (`legal_summary(...)["suggest"]`): always legal, the
smallest raise on its face, a modest opening on the face held most, and never anything from an
earlier turn (it is a function of the position alone)."""

from __future__ import annotations

import random

import pytest
from enginekit import PRESET_NAMES, bid, play, random_game, table

from dudo_hub.engine import (
    Bid,
    MakeBid,
    Phase,
    PickFirst,
    RollUnseen,
    apply,
    expected_count,
    legal_actions,
    legal_summary,
    make_rules,
    new_game,
    settle_chance,
    suggested_bid,
)
from dudo_hub.engine.chance import random_action


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_suggestion_is_always_a_legal_bid_of_the_player_who_may_bid(preset: str) -> None:
    rng = random.Random(f"suggest-{preset}")
    checked = 0
    for _ in range(12):
        state = random_game(preset, rng.randint(2, 6), rng)
        for _ in range(400):
            if state.phase is Phase.OVER:
                break
            for player in state.players:
                summary = legal_summary(state, player)
                bids = {a.bid for a in legal_actions(state, player) if isinstance(a, MakeBid)}
                if not bids:
                    assert summary["suggest"] is None
                    continue
                quantity, face = summary["suggest"]
                assert Bid(quantity, face) in bids, (player, summary["suggest"], state.standing)
                if state.standing is not None:  # a raise: the smallest legal quantity of its face
                    assert quantity == summary["bids"][str(face)][0]
                checked += 1
            state, _ = apply(state, random_action(state, rng))
            state, _ = settle_chance(state, rng)
    assert checked > 100


def test_a_raise_goes_to_the_face_the_cup_makes_likeliest() -> None:
    # B holds four twos with a paco: 5x2 needs nothing from the others, 4x6 needs four sixes of ten
    state = table({"A": [3, 4, 5, 6, 6], "B": [2, 2, 2, 2, 1], "C": [3, 4, 5, 6, 3]})
    state, _ = play(state, bid("A", "4x5"))
    assert legal_summary(state, "B")["suggest"] == [5, 2]


def test_an_opening_names_the_face_held_most_at_a_modest_count() -> None:
    state = table({"A": [4, 4, 4, 1, 2], "B": [2, 3, 5, 6, 6], "C": [3, 3, 5, 6, 2]})
    quantity, face = legal_summary(state, "A")["suggest"]
    assert face == 4
    # A holds four (three fours and a paco); ten unseen dice add 10/3 on average
    assert 4 <= quantity <= 4 + 10 / 3
    assert quantity < expected_count(4, 15, True) + 4


def test_an_opening_after_a_big_loss_starts_low_not_from_the_last_bid() -> None:
    """The evening's bug: 9 fives last round must not be offered to a cup with no five."""
    state = table({"A": [2, 2, 3], "B": [3, 4, 6, 6, 6], "C": [2, 3, 4, 4, 6]})
    quantity, face = legal_summary(state, "A")["suggest"]
    assert face == 2 and quantity <= 5


def test_without_a_cup_to_read_it_still_suggests_a_legal_bid() -> None:
    """Real dice counted at the reveal: the hub knows no cup, the suggestion reads the table alone."""
    state = new_game(["A", "B", "C"], make_rules("dudo"))
    state, _ = apply(state, PickFirst("A"))
    state, _ = apply(state, RollUnseen())
    opening = legal_summary(state, "A")["suggest"]
    assert opening is not None and opening[1] != 1 and 1 <= opening[0] <= expected_count(opening[1], 15, True)
    state, _ = play(state, bid("A", "4x5"))
    assert suggested_bid(state, 1) == Bid(4, 6), "4x6 is the likeliest raise when no cup is known"
