"""Raise ordering (RULES.md, common core and `raise_rule`): any_face, one_change, pacos."""

from __future__ import annotations

import pytest
from enginekit import bid, legal_bid_texts, play, rejects, table

from dudo_hub.engine import Bid, InvalidAction, MakeBid, apply, bid_ranges, is_legal, legal_summary

FIVE = [2, 3, 4, 5, 6]
THREE = {"A": FIVE, "B": FIVE, "C": FIVE}  # 15 dice in play


def after(standing: str, preset: str = "dudo", **options):
    """B to act after A's `standing` bid."""
    state = table(THREE, preset=preset, **options)
    state, _ = play(state, bid("A", standing))
    return state


@pytest.mark.parametrize("text", ["8x5", "7x6", "8x2", "15x3", "4x1", "7x1"])
def test_any_face_accepts_more_dice_or_same_dice_higher_face_or_pacos(text):
    assert is_legal(after("7x5"), bid("B", text))


@pytest.mark.parametrize("text", ["7x5", "7x4", "6x6", "7x2", "3x1"])
def test_any_face_rejects_what_does_not_raise(text):
    err = rejects(after("7x5"), bid("B", text))
    assert err.code == "bid_not_higher"
    assert text in err.message and "7x5" in err.message


def test_any_face_full_list_after_seven_fives():
    want = {"7x6"} | {f"{q}x{f}" for f in (2, 3, 4, 5, 6) for q in range(8, 16)}
    want |= {f"{q}x1" for q in range(4, 16)}
    assert legal_bid_texts(after("7x5"), "B") == want


def test_one_change_allows_more_of_the_same_face_or_same_quantity_higher_face_only():
    state = after("7x4", raise_rule="one_change")
    bids = legal_bid_texts(state, "B")
    want = {"7x5", "7x6"} | {f"{q}x4" for q in range(8, 16)} | {f"{q}x1" for q in range(4, 16)}
    assert bids == want


@pytest.mark.parametrize("text", ["8x5", "8x2", "9x6"])
def test_one_change_forbids_changing_quantity_and_face_at_once(text):
    assert rejects(after("7x4", raise_rule="one_change"), bid("B", text)).code == "bid_not_higher"


@pytest.mark.parametrize(("standing", "lowest"), [("7x5", 4), ("6x5", 3), ("1x2", 1), ("2x6", 1), ("15x6", 8)])
def test_switching_to_pacos_takes_half_rounded_up(standing, lowest):
    state = after(standing)
    assert is_legal(state, MakeBid_("B", lowest, 1))
    if lowest > 1:
        err = rejects(state, MakeBid_("B", lowest - 1, 1))
        assert err.code == "bid_not_higher"
        assert f"at least {lowest}" in err.message


@pytest.mark.parametrize(("pacos", "lowest"), [(3, 7), (4, 9), (1, 3)])
def test_leaving_pacos_takes_double_plus_one(pacos, lowest):
    state = table(THREE)
    state, _ = play(state, bid("A", "2x3"), bid("B", f"{pacos}x1"))
    for face in (2, 3, 4, 5, 6):
        assert is_legal(state, MakeBid_("C", lowest, face))
        err = rejects(state, MakeBid_("C", lowest - 1, face))
        assert err.code == "bid_not_higher"
        assert f"at least {lowest}" in err.message


def test_pacos_raise_pacos_with_more_pacos_only():
    state = table(THREE)
    state, _ = play(state, bid("A", "6x4"), bid("B", "3x1"))
    assert is_legal(state, bid("C", "4x1"))
    assert rejects(state, bid("C", "3x1")).code == "bid_not_higher"
    assert bid_ranges(state, 2)[1] == (4, 15)


def test_no_bid_above_the_dice_in_play():
    state = after("14x6")
    err = rejects(state, bid("B", "16x2"))
    assert err.code == "bid_too_high"
    assert "15" in err.message
    assert bid_ranges(state, 1) == {2: (15, 15), 3: (15, 15), 4: (15, 15), 5: (15, 15), 6: (15, 15), 1: (7, 15)}


def test_ones_are_the_lowest_ordinary_face_without_wilds():
    state = after("7x2", preset="liars_dice")
    bids = legal_bid_texts(state, "B")
    assert "7x3" in bids and "8x1" in bids
    assert "7x1" not in bids and "4x1" not in bids
    assert rejects(state, bid("B", "4x1")).code == "bid_not_higher"


def test_liars_dice_after_ones_any_higher_face_same_quantity():
    state = after("5x1", preset="liars_dice")
    assert is_legal(state, bid("B", "5x2"))
    assert is_legal(state, bid("B", "6x1"))
    assert "11x2" in legal_bid_texts(state, "B")
    assert rejects(state, bid("B", "4x6")).code == "bid_not_higher"


def test_legal_summary_offers_the_same_ranges_as_the_ordering():
    state = after("7x5")
    summary = legal_summary(state, "B")
    assert summary["bids"] == {"1": [4, 15], "2": [8, 15], "3": [8, 15], "4": [8, 15], "5": [8, 15], "6": [7, 15]}
    assert summary["dudo"] is True
    assert legal_summary(state, "C")["bids"] == {}


def test_bid_value_object_parses_prints_and_refuses_nonsense():
    assert Bid.parse("7x5") == Bid(7, 5)
    assert str(Bid(7, 5)) == "7x5"
    assert eval(repr(Bid(4, 1)), {"Bid": Bid}) == Bid(4, 1)
    for text in ("7y5", "x5", "0x3", "3x7", "3x0"):
        with pytest.raises(InvalidAction) as info:
            Bid.parse(text)
        assert info.value.code == "invalid_bid"


def MakeBid_(player: str, quantity: int, face: int) -> MakeBid:  # noqa: N802 - reads like the action
    return MakeBid(player, Bid(quantity, face))


def test_a_raise_moves_the_turn_to_the_next_live_player():
    state, events = apply(after("7x5"), bid("B", "8x5"))
    assert state.players[state.turn] == "C"
    assert [e.to_dict() for e in events] == [{"kind": "bid", "player": "B", "bid": [8, 5]}]
