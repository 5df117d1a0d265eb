"""The hub's own typed error: a stable code plus a detail for the log."""

from __future__ import annotations


class HubError(Exception):
    """A refused request; `code` is stable (docs/protocol.md), `detail` is English for the log."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(detail or code)
        self.code = code
        self.detail = detail


# Codes the hub itself answers with (engine codes come from engine.errors.CODES).
HUB_CODES = (
    "ok",
    "bad_payload",
    "bad_event",
    "unknown_event",
    "bad_token",
    "unknown_room",
    "bad_role",
    "not_seated",
    "stale_version",
    "rate_limited",
    "room_full",
    "name_taken",
    "mark_taken",
    "not_host",
    "not_started",
    "already_started",
    "not_dropped",
    "nothing_to_cancel",
    "nothing_to_confirm",
    "nothing_to_answer",
    "unknown_seat",
    "unknown_level",
    "voice_off",
    "wrong_dice_mode",
    "dice_locked",
    "dice_count",
    "not_counting",
    "no_count_proposed",
    "same_player",
    "count_differs",
    "no_bots_here",
    "host_cannot_stand_in",
    "unknown_game",
    "no_replay",
    "no_history",
    "unknown_championship",
    "not_director",
    "unknown_table",
    "internal_error",
)
