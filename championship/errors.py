"""The championship's typed errors: a stable code and a message naming the input."""

from __future__ import annotations

from dudo_hub.engine.errors import DudoError


class EventError(DudoError):
    """A step the event's rules do not allow now, or a malformed input; the event is unchanged."""


# Stable codes, listed once so the hub's catalogues and docs can refer to them (docs/EVENTS.md).
CODES = (
    "unknown_format",
    "unknown_preset",
    "unknown_dice_mode",
    "bad_table_size",
    "table_size_out_of_range",
    "bad_advance",
    "bad_rounds",
    "bad_final_size",
    "bad_name",
    "duplicate_player",
    "unknown_player",
    "too_few_players",
    "registration_closed",
    "event_not_running",
    "event_not_paused",
    "event_finished",
    "unknown_round",
    "round_closed",
    "round_not_complete",
    "table_not_in_round",
    "result_players_mismatch",
    "bad_result",
    "result_already_recorded",
    "no_result_to_correct",
    "reason_required",
    "qualifiers_changed",
    "bad_state",
)


def fail(code: str, message: str) -> EventError:
    """The error for `code` (one of CODES), to raise."""
    assert code in CODES, code
    return EventError(code, message)
