"""Typed errors with stable codes; messages name the input; the state is never touched."""

from __future__ import annotations

import copy

import pytest
from enginekit import bid, calza, dudo, play, table

from dudo_hub.engine import (
    Bid,
    CallDudo,
    DudoError,
    IllegalAction,
    InvalidAction,
    MakeBid,
    PickFirst,
    PullTrigger,
    RollDice,
    apply,
    is_legal,
    make_rules,
    new_game,
)
from dudo_hub.engine.errors import CODES

FIVE = [2, 3, 4, 5, 6]


def standing():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE})
    state, _ = play(state, bid("A", "3x4"))
    return state


CASES = [
    (bid("B", "3x3"), "bid_not_higher", ["B", "3x3", "3x4"]),
    (bid("B", "16x3"), "bid_too_high", ["B", "16x3", "15"]),
    (bid("C", "5x5"), "not_your_turn", ["C", "5x5", "B"]),
    (bid("Zed", "5x5"), "unknown_player", ["Zed", "A", "B", "C"]),
    (dudo("C"), "not_your_turn", ["C", "B"]),
    (calza("C"), "not_your_turn", ["C"]),
    (calza("A"), "calza_not_allowed", ["A"]),
    (PullTrigger(True), "wrong_phase", ["bidding"]),
    (PickFirst("A"), "wrong_phase", ["first", "bidding"]),
    (RollDice.of({"A": FIVE}), "wrong_phase", ["roll"]),
]


@pytest.mark.parametrize(("action", "code", "words"), CASES, ids=[c[1] + "-" + str(i) for i, c in enumerate(CASES)])
def test_illegal_action_has_a_stable_code_and_a_message_naming_the_input(action, code, words):
    state = standing()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    err = info.value
    assert err.code == code
    assert err.code in CODES
    for word in words:
        assert word in err.message, (word, err.message)
    assert str(err) == err.message
    assert repr(err).startswith("IllegalAction(")
    assert state == before
    assert not is_legal(state, action)


def test_error_codes_are_listed_once_and_distinct():
    assert len(CODES) == len(set(CODES))


def test_every_error_is_a_dudo_error():
    assert issubclass(IllegalAction, DudoError) and issubclass(InvalidAction, DudoError)


def test_a_non_action_is_an_invalid_action():
    with pytest.raises(InvalidAction) as info:
        apply(standing(), "dudo")
    assert info.value.code == "invalid_action"
    assert "dudo" in info.value.message


def test_malformed_bids_are_invalid_whatever_the_state():
    with pytest.raises(InvalidAction) as info:
        MakeBid("B", Bid(0, 3))
    assert info.value.code == "invalid_bid" and "0" in info.value.message
    with pytest.raises(InvalidAction) as info:
        Bid(3, 7)
    assert info.value.code == "invalid_bid" and "7" in info.value.message
    with pytest.raises(InvalidAction):
        Bid(True, 3)


@pytest.mark.parametrize(
    ("dice", "word"),
    [({"A": FIVE, "B": FIVE}, "C"), ({"A": FIVE, "B": FIVE, "C": [1, 2]}, "C"),
     ({"A": FIVE, "B": FIVE, "C": [1, 2, 3, 4, 7]}, "C"), ({"A": FIVE, "B": FIVE, "C": FIVE, "Q": [1]}, "Q")],
)
def test_a_roll_must_match_the_dice_each_player_holds(dice, word):
    state = new_game(["A", "B", "C"], make_rules())
    state, _ = apply(state, PickFirst("A"))
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, RollDice.of(dice))
    assert info.value.code == "dice_mismatch"
    assert word in info.value.message
    assert state == before


@pytest.mark.parametrize(
    ("players", "counts"),
    [(["A"], None), (["A", "A"], None), (["A", ""], None), ([f"P{i}" for i in range(11)], None),
     (["A", "B"], {"C": 2}), (["A", "B"], {"A": 6}), (["A", "B"], {"A": 0})],
)
def test_new_game_refuses_bad_tables(players, counts):
    with pytest.raises(InvalidAction) as info:
        new_game(players, make_rules(), counts)
    assert info.value.code == "bad_players"


def test_a_rejected_action_leaves_the_version_unchanged_and_the_next_one_counts():
    state = standing()
    with pytest.raises(IllegalAction):
        apply(state, CallDudo("C"))
    after, _ = apply(state, bid("B", "4x4"))
    assert after.version == state.version + 1
