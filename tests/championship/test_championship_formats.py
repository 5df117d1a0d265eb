"""The formats: knockout down to a final, rounds with a Swiss-like draw, players who fall."""

from __future__ import annotations

import pytest
from eventkit import play_out, record_round, started

from dudo_hub.championship import (
    champion,
    make_settings,
    met_pairs,
    next_round,
    player_names,
    qualifiers,
    repeats,
    simulate,
    standings,
    withdraw,
)
from dudo_hub.championship.formats import next_field, shares


def test_knockout_of_26_at_tables_of_5_to_6_comes_down_to_a_final_of_6() -> None:
    event = play_out(started(player_names(26), format="knockout", table_min=5, table_max=6, final_size=6, seed=3))
    shape = [(r.stage, [len(t.players) for t in r.tables], [t.advance for t in r.tables]) for r in event.rounds]
    assert shape == [("heat", [6, 5, 5, 5, 5], [2] * 5), ("heat", [5, 5], [3, 3]), ("final", [6], [0])]
    for before, after in zip(event.rounds, event.rounds[1:], strict=False):
        assert sorted(after.players) == sorted(qualifiers(before)), "exactly the qualifiers sit in the next round"
    assert champion(event) == min(event.rounds[-1].players), "the hand results: name order at every table"
    assert champion(event) == standings(event)[0].player


@pytest.mark.parametrize("seed", range(3))
def test_a_bot_knockout_of_26_plays_to_a_final_of_6(seed: int) -> None:
    event = simulate(player_names(26), format="knockout", table_min=5, table_max=6, seed=seed)
    final = event.rounds[-1]
    assert final.stage == "final" and len(final.players) == 6 and event.status == "finished"
    assert all(5 <= len(t.players) <= 6 for r in event.rounds[:-1] for t in r.tables)
    result = final.tables[0].result
    assert result is not None and champion(event) == result.order[0] == standings(event)[0].player


def test_the_knockout_field_shrinks_by_the_tables_top_then_fills_the_final() -> None:
    s = make_settings(format="knockout", table_min=5, table_max=6, advance=2, final_size=6)
    assert next_field(26, 5, s) == 10  # 5 tables x 2
    assert next_field(10, 2, s) == 6  # 2 x 2 would fit the final: the final is filled
    assert next_field(40, 7, s) == 15  # 14 cannot be drawn at 5 to 6 a table: 15 can (3 x 5)
    wide = make_settings(format="knockout", table_min=4, table_max=6, advance=2, final_size=6)
    assert next_field(60, 10, wide) == 20 and next_field(20, 4, wide) == 8 and next_field(8, 2, wide) == 6


def test_places_going_on_are_shared_evenly_the_extra_to_larger_tables() -> None:
    assert shares((6, 6, 6, 6, 6, 5, 5), 15) == (3, 2, 2, 2, 2, 2, 2)
    assert shares((5, 5), 6) == (3, 3)
    assert shares((6, 5, 5), 4) == (2, 1, 1)


def test_the_rounds_format_avoids_repeat_table_mates_where_possible() -> None:
    for seed in range(10):
        event = started(player_names(16), format="rounds", table_min=4, table_max=4, rounds=3, final_size=4, seed=seed)
        for _ in range(2):
            event = next_round(record_round(event))
            earlier = met_pairs(t.players for r in event.rounds[:-1] for t in r.tables)
            assert repeats([t.players for t in event.rounds[-1].tables], earlier) == 0, seed


def test_the_rounds_format_ends_with_a_final_of_the_best() -> None:
    event = play_out(started(player_names(20), format="rounds", table_min=4, table_max=5, rounds=2, final_size=5,
                             seed=2))
    assert [r.stage for r in event.rounds] == ["heat", "heat", "final"]
    final = event.rounds[-1].tables[0]
    assert len(final.players) == 5 and final.result is not None
    assert [s.player for s in standings(event)][:5] == list(final.result.order)


def test_a_player_who_falls_is_drawn_no_more_and_the_tables_balance_again() -> None:
    event = record_round(started(player_names(26), format="knockout", table_min=5, table_max=6, seed=4))
    gone = qualifiers(event.rounds[0])[0]
    event = next_round(withdraw(event, gone))
    sizes = sorted(len(t.players) for t in event.rounds[-1].tables)
    assert gone not in event.rounds[-1].players and sizes == [4, 5], "9 left: balanced, as near 5-6 as they go"
    assert gone in {s.player for s in standings(event)} and len(standings(event)) == 26
    standing = {s.player: s.place for s in standings(event)}
    assert all(standing[gone] > standing[p] for p in event.rounds[-1].players), "behind everyone still in"
    assert all(standing[gone] < standing[p] for p in event.players if p not in qualifiers(event.rounds[0]))
