"""Typed errors with stable codes: what the hub, the voice and the log report."""

from __future__ import annotations


class DudoError(Exception):
    """Base of every engine error; `code` is stable, `message` names the input."""

    code = "error"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class IllegalAction(DudoError):
    """A well-formed action the rules do not allow now; the state is unchanged."""


class InvalidAction(DudoError):
    """An action that is malformed whatever the state (face 7, quantity 0...)."""


class RuleError(DudoError):
    """An unknown preset or option, or an option value out of range."""


# Stable codes, listed once so the hub's catalogues and docs can refer to them.
CODES = (
    "invalid_bid",
    "invalid_action",
    "unknown_player",
    "player_out",
    "not_your_turn",
    "wrong_phase",
    "game_over",
    "bid_not_higher",
    "bid_too_high",
    "pacos_opening_not_allowed",
    "face_locked",
    "no_bid_to_challenge",
    "calza_not_allowed",
    "dice_mismatch",
    "bad_count",
    "unknown_preset",
    "unknown_option",
    "bad_option_value",
    "bad_players",
)
