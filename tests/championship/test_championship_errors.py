"""Every illegal step raises an EventError with its stable code and a message naming the input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from eventkit import finished_as, play_out, record_round, registered, started

from dudo_hub.championship import (
    CODES,
    Event,
    EventError,
    correct_result,
    new_event,
    next_round,
    pause,
    player_names,
    qualifiers,
    record_result,
    register,
    resume,
    start,
    table_result,
    withdraw,
)
from dudo_hub.engine.errors import DudoError

KNOCKOUT = {"format": "knockout", "table_min": 4, "table_max": 4, "advance": 2, "final_size": 4, "seed": 1}
EIGHT = player_names(8)


def _running() -> Event:
    return started(EIGHT, **KNOCKOUT)


def _second_round() -> Event:
    return next_round(record_round(_running()))


def _one_qualifier_left() -> Event:
    event = record_round(_running())
    for player in qualifiers(event.rounds[0])[1:]:
        event = withdraw(event, player)
    return event


def _first_table() -> tuple[str, ...]:
    return _running().rounds[0].tables[0].players


CASES: list[tuple[str, Callable[[], Any], str]] = [
    ("unknown_format", lambda: new_event(format="swiss"), "'swiss'"),
    ("unknown_preset", lambda: new_event(preset="poker"), "'poker'"),
    ("unknown_dice_mode", lambda: new_event(dice_mode="loaded"), "'loaded'"),
    ("bad_table_size", lambda: new_event(table_min=6, table_max=4), "6-4"),
    ("bad_table_size", lambda: new_event(table_min=1, table_max=4), "1-4"),
    ("table_size_out_of_range", lambda: new_event(table_min=4, table_max=11), "4-11"),
    ("bad_advance", lambda: new_event(format="knockout", table_min=4, advance=4), "4 going on"),
    ("bad_advance", lambda: new_event(format="knockout", advance=0), "0 going on"),
    ("bad_rounds", lambda: new_event(format="rounds", rounds=0), "0 rounds"),
    ("bad_final_size", lambda: new_event(final_size=1), "final table of 1"),
    ("bad_name", lambda: register(new_event(), "   "), "'   '"),
    ("bad_name", lambda: register(new_event(), "x" * 41), "xxxx"),
    ("duplicate_player", lambda: register(register(new_event(), "Ana"), "ana"), "'ana'"),
    ("unknown_player", lambda: withdraw(_running(), "Zed"), "'Zed'"),
    ("too_few_players", lambda: start(registered(["Ana", "Bo", "Cy"])), "3 player(s)"),
    ("too_few_players", lambda: next_round(_one_qualifier_left()), "only 1 player(s) left"),
    ("registration_closed", lambda: register(_running(), "Late"), "'Late'"),
    ("registration_closed", lambda: start(_running()), "already started"),
    ("event_not_running", lambda: record_result(pause(_running()), 1, 1, table_result(_first_table())), "paused"),
    ("event_not_running", lambda: next_round(registered(EIGHT)), "registering"),
    ("event_not_running", lambda: pause(pause(_running())), "paused"),
    ("event_not_running", lambda: correct_result(registered(EIGHT), 1, 1, table_result([]), "x"), "not started"),
    ("event_not_running", lambda: next_round(play_out(_running())), "finished"),
    ("event_not_paused", lambda: resume(_running()), "running"),
    ("event_finished", lambda: withdraw(play_out(_running()), "P01"), "'P01'"),
    ("unknown_round", lambda: record_result(_running(), 5, 1, table_result(_first_table())), "round 5"),
    ("round_closed", lambda: record_result(_second_round(), 1, 1, table_result(_first_table())), "round 1"),
    ("round_not_complete", lambda: next_round(_running()), "[1, 2]"),
    ("table_not_in_round", lambda: record_result(_running(), 1, 9, table_result(_first_table())), "not 9"),
    ("result_players_mismatch", lambda: record_result(_running(), 1, 1, table_result(["P01", "Zed"])), "Zed"),
    ("result_players_mismatch",
     lambda: record_result(_running(), 1, 1, table_result([*_first_table(), _first_table()[0]])), "twice"),
    ("bad_result", lambda: record_result(_running(), 1, 1, table_result(_first_table(), {_first_table()[0]: -1})),
     _first_table()[0]),
    ("bad_result", lambda: record_result(_running(), 1, 1, table_result(
        _first_table(), {_first_table()[1]: 2}, {_first_table()[1]: 3})), "out with 2 dice"),
    ("result_already_recorded", lambda: record_result(record_round(_running()), 1, 1, table_result(_first_table())),
     "table 1 of round 1"),
    ("no_result_to_correct", lambda: correct_result(_running(), 1, 2, table_result(_first_table()), "x"), "table 2"),
    ("reason_required", lambda: correct_result(record_round(_running()), 1, 1, finished_as(_first_table()), "  "),
     "table 1 of round 1"),
    ("qualifiers_changed", lambda: correct_result(_second_round(), 1, 1, finished_as(
        sorted(_first_table(), reverse=True)), "upside down"), "already drawn"),
    ("bad_state", lambda: Event.from_dict({"settings": {}, "status": "dancing", "players": []}), "dancing"),
    ("bad_state", lambda: new_event(colour="red"), "colour"),
]


@pytest.mark.parametrize("code,step,named", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_illegal_step_raises_its_code(code: str, step: Callable[[], Any], named: str) -> None:
    with pytest.raises(EventError) as err:
        step()
    assert err.value.code == code and named in err.value.message, err.value.message
    assert isinstance(err.value, DudoError), "the hub reports it like an engine error: code and message"


def test_every_code_is_raised_by_some_case() -> None:
    assert {code for code, _, _ in CASES} == set(CODES)
