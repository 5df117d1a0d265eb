"""Opening on pacos and the palifico round (RULES.md, "Palifico" and options)."""

from __future__ import annotations

from enginekit import bid, calza, counts, dudo, event, legal_bid_texts, play, rejects, table

from dudo_hub.engine import Bid, count_matching, is_legal

FIVE = [2, 3, 4, 5, 6]


def test_a_normal_wild_round_may_not_open_on_pacos():
    state = table({"A": [1, 1, 1, 2, 3], "B": FIVE})
    err = rejects(state, bid("A", "2x1"))
    assert err.code == "pacos_opening_not_allowed"
    assert "2x1" in err.message
    assert not any(t.endswith("x1") for t in legal_bid_texts(state, "A"))


def test_liars_dice_may_open_on_ones():
    state = table({"A": [1, 1, 1, 2, 3], "B": FIVE}, preset="liars_dice")
    assert is_legal(state, bid("A", "2x1"))


def test_palifico_opener_may_open_on_pacos():
    state = table({"A": [1], "B": FIVE}, palifico=True)
    assert state.round_wild is False
    assert is_legal(state, bid("A", "1x1"))


def test_palifico_ones_are_not_wild():
    state = table({"A": [4], "B": [1, 1, 4, 2, 3]}, palifico=True)
    state, events = play(state, bid("A", "2x4"), dudo("B"))
    reveal = event(events, "reveal")
    assert reveal["count"] == 2 and reveal["wild"] is False
    assert event(events, "round_over")["loser"] == "B"


def test_palifico_wilds_option_keeps_ones_wild():
    state = table({"A": [4], "B": [1, 1, 4, 2, 3]}, palifico=True, palifico_wilds=True)
    state, events = play(state, bid("A", "3x4"), dudo("B"))
    reveal = event(events, "reveal")
    assert reveal == {"dice": {"A": [4], "B": [1, 1, 2, 3, 4]}, "bid": [3, 4], "count": 4, "wild": True}
    assert event(events, "round_over")["loser"] == "B"


def test_palifico_locks_the_opening_face():
    state = table({"A": [4], "B": FIVE, "C": FIVE}, palifico=True)
    state, _ = play(state, bid("A", "2x4"))
    assert legal_bid_texts(state, "B") == {f"{q}x4" for q in range(3, 12)}
    err = rejects(state, bid("B", "2x5"))
    assert err.code == "face_locked"
    assert "2x5" in err.message and "4" in err.message
    assert rejects(state, bid("B", "3x1")).code == "face_locked"


def test_palifico_locked_on_pacos_when_it_opens_on_pacos():
    state = table({"A": [1], "B": FIVE}, palifico=True)
    state, _ = play(state, bid("A", "1x1"))
    assert legal_bid_texts(state, "B") == {f"{q}x1" for q in range(2, 7)}


def test_dropping_to_one_die_starts_a_palifico_opened_by_that_player():
    state = table({"A": FIVE, "B": [2, 3], "C": FIVE})
    state, events = play(state, bid("A", "5x6"), bid("B", "6x6"), dudo("C"))
    assert event(events, "round_over") == {"loser": "B", "gainer": None, "next": "B"}
    assert event(events, "palifico") == {"player": "B"}
    assert state.palifico is True
    assert state.players[state.opener] == "B"


def test_palifico_opener_is_the_one_die_player_even_after_a_wrong_calza():
    state = table({"A": FIVE, "B": [2, 3], "C": FIVE})
    state, events = play(state, bid("A", "1x6"), calza("B"))
    assert counts(state)["B"] == 1
    assert state.palifico and state.players[state.opener] == "B"


def test_palifico_each_time_comes_back_after_a_regained_die():
    state = table({"A": FIVE, "B": [2, 3]}, palifico_used=["B"])
    state, events = play(state, bid("A", "1x6"), dudo("B"))
    assert counts(state)["B"] == 1 and state.palifico
    assert event(events, "palifico") == {"player": "B"}


def test_palifico_once_per_player_is_not_repeated():
    state = table({"A": FIVE, "B": [2, 3], "C": FIVE}, preset="parker", palifico_used=["B"])
    state, events = play(state, bid("A", "1x6"), dudo("B"))
    assert counts(state)["B"] == 1
    assert state.palifico is False
    assert "palifico" not in [e.kind for e in events]
    state2 = table({"A": FIVE, "B": [2, 3], "C": FIVE}, preset="parker")
    state2, _ = play(state2, bid("A", "1x6"), dudo("B"))
    assert state2.palifico is True and state2.palifico_used[1] is True


def test_palifico_off_never_makes_a_palifico_round():
    state = table({"A": FIVE, "B": [2, 3]}, preset="liars_dice")
    state, events = play(state, bid("A", "1x6"), dudo("B"))
    assert counts(state)["B"] == 1 and state.palifico is False


def test_parker_one_die_players_may_change_the_face():
    state = table({"A": [4], "B": [5], "C": FIVE}, preset="parker", palifico=True)
    state, _ = play(state, bid("A", "1x4"))
    assert is_legal(state, bid("B", "1x5"))
    assert is_legal(state, bid("B", "2x2"))
    state, _ = play(state, bid("B", "1x6"))
    # C holds five dice: locked on the new face.
    assert legal_bid_texts(state, "C") == {f"{q}x6" for q in range(2, 8)}
    assert rejects(state, bid("C", "2x5")).code == "face_locked"


def test_dudo_preset_one_die_players_may_not_change_the_face():
    state = table({"A": [4], "B": [5], "C": FIVE}, palifico=True)
    state, _ = play(state, bid("A", "1x4"))
    assert rejects(state, bid("B", "1x5")).code == "face_locked"


def test_a_one_die_player_losing_in_palifico_is_out_and_no_new_palifico():
    state = table({"A": [4], "B": FIVE, "C": FIVE}, palifico=True)
    state, events = play(state, bid("A", "4x4"), dudo("B"))
    assert counts(state)["A"] == 0
    assert event(events, "player_out") == {"player": "A"}
    assert state.palifico is False
    assert state.players[state.opener] == "B"


def test_count_matching_wild_and_not():
    dice = ((1, 1, 4), (4, 6))
    assert count_matching(dice, Bid(1, 4), wild=True) == 4
    assert count_matching(dice, Bid(1, 4), wild=False) == 2
    assert count_matching(dice, Bid(1, 1), wild=True) == 2
