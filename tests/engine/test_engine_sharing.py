"""What the engine's speed-ups share (cached action tuples, ranges, a checked start) never leaks
into what callers get: fresh lists and dicts, answers per state and per seat."""

from __future__ import annotations

from enginekit import bid, play, table

from dudo_hub.engine import bid_ranges, is_legal, legal_actions, make_rules, new_game, refusal


def test_a_legal_list_is_the_callers_own():
    state = table({"Ann": [2, 3, 4], "Bob": [5, 5, 6]})
    first = legal_actions(state, "Ann")
    kept = list(first)
    first.clear()
    assert legal_actions(state, "Ann") == kept
    again, _ = play(state, bid("Ann", "2x5"))
    mine = legal_actions(again, "Bob")
    mine.append(mine[0])
    assert legal_actions(again, "Bob") == mine[:-1]


def test_bid_ranges_are_the_callers_own():
    state = table({"Ann": [2, 3, 4], "Bob": [5, 5, 6]})
    ranges = bid_ranges(state, 0)
    ranges[5] = (1, 1)
    ranges.pop(6)
    assert bid_ranges(state, 0)[5] == (1, 6) and 6 in bid_ranges(state, 0)


def test_ranges_follow_the_seat_asked_on_one_state():
    """parker: in a palifico round only a one-die player may change the face, so one state
    gives two seats different ranges, however the questions alternate."""
    state = table({"Ann": [4], "Bob": [5], "Cy": [2, 3, 4, 5, 6]}, preset="parker", palifico=True)
    state, _ = play(state, bid("Ann", "1x4"))
    for _ in range(2):
        bob, cy = bid_ranges(state, 1), bid_ranges(state, 2)
        assert set(cy) == {4} and len(bob) > 1
    assert refusal(state, bid("Cy", "2x5")) is not None  # not Cy's turn, nor his face
    assert is_legal(state, bid("Bob", "2x5")) and is_legal(state, bid("Bob", "2x4"))


def test_a_new_game_is_a_fresh_equal_state():
    rules = make_rules("liars_dice")
    one, two = new_game(("a", "b"), rules), new_game(("a", "b"), rules)
    assert one == two and one is not two
    assert new_game(("a", "b", "c"), rules).players == ("a", "b", "c")
    assert new_game(("a", "b"), make_rules("dudo")).rules.preset == "dudo"
