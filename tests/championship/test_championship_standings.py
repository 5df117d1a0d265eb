"""The standings against a hand count, the tie-breaks of docs/EVENTS.md, and corrections with their reasons."""

from __future__ import annotations

from dataclasses import replace

import pytest
from eventkit import finished_as

from dudo_hub.championship import (
    Event,
    EventError,
    Round,
    Table,
    champion,
    correct_result,
    make_settings,
    next_round,
    points_for,
    record_result,
    standings,
    table_result,
)


def _places(event: Event) -> list[tuple[str, int, int]]:
    return [(s.player, s.place, s.points) for s in standings(event)]


def _with_round(event: Event, number: int, *tables: str) -> Event:
    """`event` with a heat of the given tables (each a string of one-letter players) drawn by hand."""
    drawn = tuple(Table(i, tuple(t)) for i, t in enumerate(tables, start=1))
    return replace(event, rounds=(*event.rounds, Round(number, "heat", drawn)))


def _rounds_event_after_two_heats() -> Event:
    """Eight players, tables of four, two heats entered by hand (see the hand count below)."""
    settings = make_settings(format="rounds", table_min=4, table_max=4, rounds=2, final_size=4, seed=1)
    event = _with_round(Event(settings, "running", tuple("ABCDEFGH")), 1, "ABCD", "EFGH")
    event = record_result(event, 1, 1, table_result("ABCD", {"A": 3}, {"D": 4, "C": 9, "B": 15}, 15))
    event = record_result(event, 1, 2, table_result("EFGH", {"E": 1}, {"H": 5, "G": 10, "F": 20}, 20))
    event = _with_round(event, 2, "AECG", "BFDH")
    event = record_result(event, 2, 1, table_result("GAEC", {"G": 1}, {"C": 6, "E": 11, "A": 18}, 18))
    return record_result(event, 2, 2, table_result("BHFD", {"B": 2}, {"D": 3, "F": 8, "H": 12}, 12))


def test_points_are_the_players_outlasted() -> None:
    assert [points_for(place, 6) for place in range(1, 7)] == [5, 4, 3, 2, 1, 0]
    assert [points_for(place, 4) for place in range(1, 5)] == [3, 2, 1, 0]


def test_rounds_standings_match_a_hand_count() -> None:
    event = _rounds_event_after_two_heats()
    # By hand: A 3+2, B 2+3, C 1+0, D 0+0, E 3+1, F 2+1, G 1+3, H 0+2.
    # A and B: 5 points and one win each; dice left A 3, B 2: A first.
    # E and G: 4 points, one win, one die left each; rounds lasted E 20+11, G 10+18: E first.
    assert _places(event) == [("A", 1, 5), ("B", 2, 5), ("E", 3, 4), ("G", 4, 4),
                              ("F", 5, 3), ("H", 6, 2), ("C", 7, 1), ("D", 8, 0)]


def test_the_rounds_final_seats_the_best_and_places_them_by_its_order() -> None:
    event = next_round(_rounds_event_after_two_heats())
    final = event.rounds[-1]
    assert final.stage == "final" and set(final.tables[0].players) == {"A", "B", "E", "G"}
    assert [s.player for s in standings(event)][:4] == ["A", "B", "E", "G"]  # by the heats while it is played
    event = record_result(event, 3, 1, finished_as("GEBA"))
    assert event.status == "finished" and champion(event) == "G"
    assert _places(event) == [("G", 1, 7), ("E", 2, 6), ("B", 3, 6), ("A", 4, 5),
                              ("F", 5, 3), ("H", 6, 2), ("C", 7, 1), ("D", 8, 0)]


def _knockout_event() -> Event:
    settings = make_settings(format="knockout", table_min=4, table_max=4, advance=2, final_size=4, seed=1)
    event = replace(Event(settings, "running", tuple("ABCDEFGH")),
                    rounds=(Round(1, "heat", (Table(1, tuple("ABCD"), 2), Table(2, tuple("EFGH"), 2))),))
    event = record_result(event, 1, 1, table_result("ABCD", {"A": 2, "B": 1}, {"D": 5, "C": 12}, 12))
    return record_result(event, 1, 2, table_result("EFGH", {"E": 3, "F": 1}, {"H": 7, "G": 9}, 9))


def test_knockout_standings_match_a_hand_count() -> None:
    event = next_round(_knockout_event())
    final = event.rounds[-1]
    assert final.stage == "final" and set(final.tables[0].players) == {"A", "B", "E", "F"}
    event = record_result(event, 2, 1, finished_as("FAEB"))
    # The final's order; then the thirds of round 1 (C out in game round 12, G in round 9: C first),
    # then the fourths (H out in round 7, D in round 5). Points: round 1 plus the final.
    assert _places(event) == [("F", 1, 2 + 3), ("A", 2, 3 + 2), ("E", 3, 3 + 1), ("B", 4, 2 + 0),
                              ("C", 5, 1), ("G", 6, 1), ("H", 7, 0), ("D", 8, 0)]
    assert champion(event) == "F"


def test_an_unplayed_final_lists_its_players_by_their_heats() -> None:
    event = next_round(_knockout_event())  # round 1: A and E won (3 points), B and F second (2)
    # A and E tie on points and wins: E kept 3 dice, A 2 (E first, though A registered first);
    # B and F tie on dice too: B lasted 12 game rounds, F 9
    assert [s.player for s in standings(event)][:4] == ["E", "A", "B", "F"]
    assert [s.player for s in standings(event)][4:] == ["C", "G", "H", "D"]


def test_a_correction_changes_the_standings_and_is_kept_with_its_reason() -> None:
    event = _rounds_event_after_two_heats()
    fixed = table_result("HBFD", {"H": 2}, {"D": 3, "F": 8, "B": 12}, 12)
    corrected = correct_result(event, 2, 2, fixed, "the score sheet of table 2 was read upside down")
    # B loses the win (2 points instead of 3), H gains it (3 instead of 2).
    assert _places(corrected) == [("A", 1, 5), ("E", 2, 4), ("G", 3, 4), ("B", 4, 4),
                                  ("H", 5, 3), ("F", 6, 3), ("C", 7, 1), ("D", 8, 0)]
    kept = corrected.corrections[-1]
    assert (kept.round, kept.table, kept.reason) == (2, 2, "the score sheet of table 2 was read upside down")
    assert kept.before.order == tuple("BHFD") and kept.after.order == tuple("HBFD")
    assert corrected.rounds[1].tables[1].result == fixed
    assert _places(event)[1] == ("B", 2, 5), "the event corrected is a new one; the old is unchanged"


def test_a_correction_of_the_final_changes_the_champion() -> None:
    event = next_round(_rounds_event_after_two_heats())
    event = record_result(event, 3, 1, finished_as("GEBA"))
    event = correct_result(event, 3, 1, finished_as("EGBA"), "E's last die was miscounted")
    assert champion(event) == "E" and standings(event)[0].player == "E" and event.status == "finished"


def test_a_correction_may_not_change_who_sits_in_a_later_round() -> None:
    event = next_round(_rounds_event_after_two_heats())
    same_final = table_result("HBFD", {"H": 2}, {"D": 3, "F": 8, "B": 12}, 12)
    assert correct_result(event, 2, 2, same_final, "misread").corrections  # A, B, E, G still the best four
    other_final = table_result("CEAG", {"C": 1}, {"G": 6, "A": 11, "E": 18}, 18)
    with pytest.raises(EventError) as err:
        correct_result(event, 2, 1, other_final, "misread")
    assert err.value.code == "qualifiers_changed" and "(C, G)" in err.value.message


def test_a_knockout_correction_keeps_the_qualifiers_once_the_next_round_is_drawn() -> None:
    event = next_round(_knockout_event())
    swapped = table_result("BACD", {"B": 2, "A": 1}, {"D": 5, "C": 12}, 12)
    assert correct_result(event, 1, 1, swapped, "A and B swapped").rounds[0].tables[0].result == swapped
    with pytest.raises(EventError) as err:
        correct_result(event, 1, 1, table_result("ACBD", {"A": 2, "C": 1}, {"D": 5, "B": 12}, 12), "C went on")
    assert err.value.code == "qualifiers_changed"
    before_draw = correct_result(_knockout_event(), 1, 1, table_result("ACBD"), "C went on, not B")
    assert set(next_round(before_draw).rounds[-1].tables[0].players) == {"A", "C", "E", "F"}
