"""The event state: JSON round trip mid-event, the same event going on from its copy, the steps' bookkeeping."""

from __future__ import annotations

import json
import random

import pytest
from eventkit import finished_as, play_out, record_round, started

from dudo_hub.championship import (
    DICE_MODES,
    Event,
    EventError,
    correct_result,
    next_round,
    pause,
    play_table,
    player_names,
    record_result,
    resume,
    standings,
    withdraw,
)
from dudo_hub.server.room.realdice import MODES


def _mid_event() -> Event:
    """A knockout half-way: round 1 recorded and one result corrected, round 2 drawn and part played, paused."""
    event = record_round(started(player_names(26), format="knockout", table_min=5, table_max=6, seed=9,
                                 preset="perudo", dice_mode="referee"))
    order = sorted(event.rounds[0].tables[0].players)
    event = correct_result(event, 1, 1, finished_as([order[1], order[0], *order[2:]]), "table 1 reported late")
    event = next_round(event)
    first = event.rounds[-1].tables[0]
    event = record_result(event, 2, 1, finished_as(sorted(first.players)))
    loser = [p for p in event.players if p not in event.rounds[-1].players][0]
    return pause(withdraw(event, loser))


def test_the_state_round_trips_through_json_mid_event() -> None:
    event = _mid_event()
    text = json.dumps(event.to_dict())
    again = Event.from_dict(json.loads(text))
    assert again == event and again.to_dict() == event.to_dict()
    assert again.status == "paused" and again.corrections[0].reason == "table 1 reported late"
    assert again.settings.dice_mode == "referee" and again.withdrawn == event.withdrawn


def test_the_copy_goes_on_exactly_like_the_original() -> None:
    event = resume(_mid_event())
    copy = Event.from_dict(json.loads(json.dumps(event.to_dict())))
    assert play_out(copy) == play_out(event)
    assert standings(play_out(copy)) == standings(play_out(event))


def test_every_change_counts_a_version_and_leaves_the_old_event_alone() -> None:
    event = started(player_names(8), format="rounds", table_min=4, table_max=4, rounds=1, final_size=4, seed=1)
    paused = pause(event)
    assert paused.version == event.version + 1 and event.status == "running" and paused.status == "paused"
    assert resume(paused).version == event.version + 2


def test_data_that_is_not_an_event_is_refused_with_a_code() -> None:
    for bad in ({}, {"settings": {}, "status": "dancing", "players": []}, {"settings": {"format": "x"},
                                                                             "status": "running", "players": []}):
        with pytest.raises(EventError) as err:
            Event.from_dict(bad)
        assert err.value.code in ("bad_state", "unknown_format")


def test_the_dice_modes_are_the_rooms() -> None:
    assert DICE_MODES == MODES


def test_a_bot_table_result_is_what_the_event_records() -> None:
    event = started(player_names(10), format="rounds", table_min=5, table_max=5, rounds=1, final_size=5, seed=2)
    table = event.rounds[0].tables[0]
    result = play_table(table.players, event.settings.rules, random.Random(1))
    recorded = record_result(event, 1, 1, result)
    assert recorded.rounds[0].tables[0].result == result
