"""Who plays when: first player, direction, out-of-turn raises, next opener, the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from enginekit import bid, counts, dudo, event, play, rejects, table

from dudo_hub.engine import (
    ChooseDirection,
    Phase,
    PickFirst,
    RollDice,
    apply,
    chance_action,
    is_legal,
    legal_actions,
    make_rules,
    new_game,
    settle_chance,
    to_act,
)

FIVE = [2, 3, 4, 5, 6]


class Scripted(random.Random):
    """A random source whose randint answers come from a script."""

    def __init__(self, rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a, b):
        return self.rolls.pop(0)


def test_roll_off_highest_die_opens():
    state = new_game(["A", "B", "C"], make_rules("perudo"))
    action = chance_action(state, Scripted([3, 6, 2]))
    assert action == PickFirst("B", ((("A", 3), ("B", 6), ("C", 2)),))


def test_roll_off_ties_roll_again_among_the_tied_only():
    state = new_game(["A", "B", "C"], make_rules("perudo"))
    action = chance_action(state, Scripted([6, 2, 6, 4, 4, 1, 5]))
    assert action == PickFirst("C", (
        (("A", 6), ("B", 2), ("C", 6)),
        (("A", 4), ("C", 4)),
        (("A", 1), ("C", 5)),
    ))


def test_roll_off_event_records_every_roll():
    state = new_game(["A", "B"], make_rules("francais"))
    state, events = apply(state, chance_action(state, Scripted([2, 2, 1, 6])))
    assert event(events, "first_player") == {
        "player": "B",
        "rolls": [[{"player": "A", "die": 2}, {"player": "B", "die": 2}],
                  [{"player": "A", "die": 1}, {"player": "B", "die": 6}]],
    }
    assert state.players[state.opener] == "B"


def test_random_first_player_is_drawn_from_the_rng_and_covers_everyone():
    state = new_game(["A", "B", "C"], make_rules("dudo"))
    firsts = Counter(chance_action(state, random.Random(seed)).player for seed in range(300))
    assert set(firsts) == {"A", "B", "C"}
    assert chance_action(state, random.Random(5)) == chance_action(state, random.Random(5))


def test_host_first_player_is_the_first_seat_and_the_host_may_name_anyone():
    state = new_game(["A", "B", "C"], make_rules("dudo", {"first_player": "host"}))
    assert chance_action(state, random.Random(1)).player == "A"
    state, _ = apply(state, PickFirst("C"))
    assert state.players[state.opener] == "C"


def test_first_player_must_be_seated():
    state = new_game(["A", "B"], make_rules("dudo"))
    err = rejects(state, PickFirst("Z"))
    assert err.code == "unknown_player" and "'Z'" in err.message


def test_loser_opens_the_next_round():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE})
    state, events = play(state, bid("A", "4x6"), dudo("B"))
    assert event(events, "round_over") == {"loser": "A", "gainer": None, "next": "A"}
    assert state.phase is Phase.ROLL and state.players[state.opener] == "A"


def test_next_opener_is_the_next_live_player_clockwise_when_the_loser_is_out():
    state = table({"A": FIVE, "B": [2], "C": FIVE, "D": FIVE}, opener="A")
    state, _ = play(state, bid("A", "1x3"), bid("B", "5x6"), dudo("C"))
    assert counts(state)["B"] == 0
    assert state.players[state.opener] == "C"


def test_next_opener_wraps_round_the_table_when_the_last_seat_is_out():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE, "D": [2]}, opener="C")
    state, _ = play(state, bid("C", "1x3"), bid("D", "9x6"), dudo("A"))
    assert counts(state)["D"] == 0
    assert state.players[state.opener] == "A"


def test_out_players_are_skipped_in_turn_order():
    state = table({"A": FIVE, "B": [2], "C": FIVE, "D": FIVE}, opener="A")
    state, _ = play(state, bid("A", "1x3"), bid("B", "5x6"), dudo("C"))
    state, _ = apply(state, RollDice.of({"A": FIVE, "C": FIVE, "D": FIVE}))
    state, _ = play(state, bid("C", "2x3"), bid("D", "3x3"))
    assert to_act(state) == "A"
    state, _ = play(state, bid("A", "4x3"))
    assert to_act(state) == "C"


def test_game_over_with_exactly_one_winner():
    state = table({"A": [3], "B": FIVE})
    state, events = play(state, bid("A", "3x3"), dudo("B"))
    assert state.phase is Phase.OVER
    assert state.players[state.winner] == "B"
    assert [e.kind for e in events][-3:] == ["player_out", "round_over", "game_over"]
    assert event(events, "game_over") == {"winner": "B"}
    assert event(events, "round_over")["next"] is None
    assert all(legal_actions(state, p) == [] for p in state.players)
    assert chance_action(state, random.Random(0)) is None
    assert rejects(state, bid("B", "1x3")).code == "game_over"


def test_out_player_can_not_act():
    state = table({"A": FIVE, "B": [2], "C": FIVE}, opener="A")
    state, _ = play(state, bid("A", "2x4"), bid("B", "9x6"), dudo("C"))
    state, _ = apply(state, RollDice.of({"A": FIVE, "C": FIVE}))
    err = rejects(state, bid("B", "3x3"))
    assert err.code == "player_out" and "'B'" in err.message
    assert legal_actions(state, "B") == []


# out_of_turn_raises (francais option)

def test_out_of_turn_raise_by_anyone_but_the_last_bidder():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE, "D": FIVE}, preset="francais", out_of_turn_raises=True)
    state, _ = play(state, bid("A", "3x4"))
    assert is_legal(state, bid("C", "4x4"))
    assert is_legal(state, bid("D", "4x4"))
    assert rejects(state, bid("A", "4x4")).code == "not_your_turn"
    state, _ = play(state, bid("D", "4x4"))
    # if nobody else speaks, the next player in seat order after the bidder must
    assert to_act(state) == "A"
    assert rejects(state, dudo("B")).code == "not_your_turn"


def test_out_of_turn_raise_must_still_raise():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, preset="francais", out_of_turn_raises=True)
    state, _ = play(state, bid("A", "3x4"))
    assert rejects(state, bid("C", "3x3")).code == "bid_not_higher"


def test_no_out_of_turn_opening():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, preset="francais", out_of_turn_raises=True)
    assert rejects(state, bid("C", "3x3")).code == "not_your_turn"


def test_without_the_option_raises_are_in_turn_only():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, preset="francais")
    state, _ = play(state, bid("A", "3x4"))
    err = rejects(state, bid("C", "4x4"))
    assert err.code == "not_your_turn"
    assert "C" in err.message and "4x4" in err.message and "B" in err.message


# loser_chooses_direction (dudo-site variant)

def test_loser_chooses_direction_before_the_roll():
    rules = make_rules("dudo", {"loser_chooses_direction": True, "first_player": "host"})
    state = new_game(["A", "B", "C", "D"], rules)
    state, _ = settle_chance(state, random.Random(1))
    assert state.phase is Phase.DIRECTION and to_act(state) == "A"
    assert legal_actions(state, "A") == [ChooseDirection("A", True), ChooseDirection("A", False)]
    assert legal_actions(state, "B") == []
    assert rejects(state, ChooseDirection("B", False)).code == "not_your_turn"
    state, events = apply(state, ChooseDirection("A", False))
    assert event(events, "direction_chosen") == {"player": "A", "clockwise": False}
    state, _ = apply(state, RollDice.of({p: FIVE for p in "ABCD"}))
    state, _ = play(state, bid("A", "2x3"))
    assert to_act(state) == "D"
    state, _ = play(state, bid("D", "3x3"))
    assert to_act(state) == "C"
    state, _ = play(state, dudo("C"))
    assert state.phase is Phase.DIRECTION and to_act(state) == "C"


def test_direction_is_not_asked_without_the_option():
    state = new_game(["A", "B"], make_rules("dudo"))
    state, _ = settle_chance(state, random.Random(1))
    assert state.phase is Phase.BIDDING
    assert rejects(state, ChooseDirection(to_act(state), True)).code == "wrong_phase"


@pytest.mark.parametrize("preset", ["dudo", "perudo", "parker", "francais", "revolver", "liars_dice"])
def test_a_round_starts_with_the_opener_to_act(preset):
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, opener="B", preset=preset)
    assert to_act(state) == "B"
    assert rejects(state, dudo("B")).code == "no_bid_to_challenge"


def test_eliminated_loser_passes_the_opening_clockwise_even_after_an_anticlockwise_round():
    # RULES.md, common core: "if the loser was eliminated, the next live player clockwise starts".
    rules = make_rules("dudo", {"loser_chooses_direction": True})
    state = new_game(["A", "B", "C", "D"], rules, {"B": 1})
    state, _ = play(state, PickFirst("A"), ChooseDirection("A", False),
                    RollDice.of({"A": FIVE, "B": [2], "C": FIVE, "D": FIVE}))
    state, events = play(state, bid("A", "1x3"), bid("D", "2x3"), bid("C", "3x3"), bid("B", "9x6"), dudo("A"))
    assert counts(state)["B"] == 0
    assert event(events, "round_over")["next"] == "C"
