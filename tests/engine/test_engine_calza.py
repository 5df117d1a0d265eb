"""Calza in every mode (RULES.md, "Calza" and the calza_* options)."""

from __future__ import annotations

import pytest
from enginekit import bid, calza, counts, dudo, event, legal_summary_calza, play, rejects, table

from dudo_hub.engine import CallCalza, is_legal, legal_actions

FIVE = [2, 3, 4, 5, 6]


def three(preset="dudo", a=FIVE, b=FIVE, c=FIVE, **options):
    """A bid 3x6 (three sixes exist: one per cup), B to act."""
    state = table({"A": a, "B": b, "C": c}, preset=preset, **options)
    state, _ = play(state, bid("A", "3x6"))
    return state


def test_calza_off_in_liars_dice():
    state = three("liars_dice")
    err = rejects(state, calza("B"))
    assert err.code == "calza_not_allowed"
    assert "B" in err.message
    assert not any(isinstance(a, CallCalza) for p in state.players for a in legal_actions(state, p))


def test_on_turn_calza_only_by_the_player_to_act():
    state = three("dudo")
    assert is_legal(state, calza("B"))
    assert rejects(state, calza("C")).code == "not_your_turn"
    assert rejects(state, calza("A")).code == "calza_not_allowed"
    assert legal_summary_calza(state) == {"A": False, "B": True, "C": False}


def test_anyone_calza_is_anyone_but_the_last_bidder():
    state = three("perudo")
    assert legal_summary_calza(state) == {"A": False, "B": True, "C": True}
    state, events = play(state, calza("C"))
    assert event(events, "calza") == {"player": "C", "bidder": "A", "bid": [3, 6]}


def test_parker_calza_excludes_the_bidder_and_the_player_to_act():
    state = three("parker", c=[2, 3, 6])
    assert legal_summary_calza(state) == {"A": False, "B": False, "C": True}
    assert rejects(state, calza("B")).code == "calza_not_allowed"


def test_parker_calza_requires_a_missing_die():
    state = three("parker")
    err = rejects(state, calza("C"))
    assert err.code == "calza_not_allowed"
    assert "lost a die" in err.message


def test_calza_requires_missing_die_can_be_switched_off():
    assert is_legal(three("parker", calza_requires_missing_die=False), calza("C"))


def test_calza_min_players_three_forbids_heads_up():
    state = table({"A": FIVE, "B": FIVE}, preset="francais")
    state, _ = play(state, bid("A", "2x6"))
    err = rejects(state, calza("B"))
    assert err.code == "calza_not_allowed"
    assert "3" in err.message
    assert is_legal(three("francais"), calza("B"))


def test_calza_min_players_two_allows_heads_up():
    state = table({"A": FIVE, "B": FIVE})
    state, _ = play(state, bid("A", "2x6"))
    assert is_legal(state, calza("B"))


def test_calza_needs_a_standing_bid():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, preset="perudo")
    assert rejects(state, calza("B")).code == "no_bid_to_challenge"


def test_wrong_calza_costs_the_caller_a_die_and_the_bidder_nothing():
    state = three("dudo")
    state, _ = play(state, bid("B", "4x6"))
    state, events = play(state, calza("C"))
    assert event(events, "reveal")["count"] == 3
    assert counts(state) == {"A": 5, "B": 5, "C": 4}
    assert event(events, "round_over") == {"loser": "C", "gainer": None, "next": "C"}


def test_wrong_calza_too_low_also_costs_a_die():
    state = three("dudo", a=[1, 6, 6, 6, 6])
    state, events = play(state, calza("B"))
    assert event(events, "reveal")["count"] == 7
    assert counts(state)["B"] == 4


def test_right_calza_regains_a_die_and_the_caller_opens():
    state = three("dudo", b=[2, 3, 4, 6])
    state, events = play(state, calza("B"))
    assert event(events, "die_regained") == {"player": "B", "dice": 5}
    assert event(events, "round_over") == {"loser": None, "gainer": "B", "next": "B"}
    assert counts(state) == {"A": 5, "B": 5, "C": 5}


def test_right_calza_never_rises_above_five_dice():
    state = three("dudo")
    state, events = play(state, calza("B"))
    assert counts(state) == {"A": 5, "B": 5, "C": 5}
    assert "die_regained" not in [e.kind for e in events]
    assert event(events, "round_over") == {"loser": None, "gainer": None, "next": "B"}


def test_calza_counts_wild_ones():
    state = three("dudo", a=[1, 2, 3, 4, 5], b=[2, 3, 4, 5, 6], c=[1, 6, 2, 3, 4])
    state, events = play(state, bid("B", "4x6"), calza("C"))
    assert event(events, "reveal")["count"] == 4
    assert counts(state)["C"] == 5 and event(events, "round_over")["loser"] is None


def test_others_lose_die_reward_every_other_live_player_loses_one():
    state = three("parker", c=[2, 3, 6], calza_reward="others_lose_die")
    state, events = play(state, calza("C"))
    assert counts(state) == {"A": 4, "B": 4, "C": 3}
    assert [e.data["player"] for e in events if e.kind == "die_lost"] == ["A", "B"]
    assert event(events, "round_over")["next"] == "C"


def test_others_lose_die_wrong_calza_costs_only_the_caller():
    state = three("parker", c=[2, 3, 4], calza_reward="others_lose_die")
    state, _ = play(state, calza("C"))
    assert counts(state) == {"A": 5, "B": 5, "C": 2}


def test_others_lose_die_can_eliminate_and_drop_to_palifico():
    state = table({"A": [2, 6], "B": [1], "C": [3, 6], "D": [6, 4]},
                  preset="perudo", calza_reward="others_lose_die")
    state, _ = play(state, bid("A", "4x6"))
    state, events = play(state, calza("C"))
    assert counts(state) == {"A": 1, "B": 0, "C": 2, "D": 1}
    assert event(events, "player_out") == {"player": "B"}
    assert state.palifico is True
    assert state.players[state.opener] in ("A", "D")


@pytest.mark.parametrize("preset", ["dudo", "perudo", "francais", "revolver"])
def test_calza_caller_can_not_be_the_bidder_in_any_mode(preset):
    state = three(preset)
    assert rejects(state, calza("A")).code == "calza_not_allowed"


def test_dudo_is_only_for_the_player_to_act():
    state = three("perudo")
    assert rejects(state, dudo("C")).code == "not_your_turn"
    assert rejects(state, dudo("A")).code == "not_your_turn"
