"""The building blocks of the protocol's payloads: bounded numbers and texts, die faces."""

from __future__ import annotations

from typing import Annotated

import msgspec

MAX_TEXT = 200
MAX_INT = 1_000_000

Int = Annotated[int, msgspec.Meta(ge=-MAX_INT, le=MAX_INT)]
"""A whole number (never a bool) within +-MAX_INT."""

Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]
Name = Annotated[str, msgspec.Meta(max_length=100)]
"""A player's name."""
Face = Annotated[int, msgspec.Meta(ge=1, le=6)]
MARKS = 10
"""A table's marks (a colour and a shape each, told apart without colour): 0..MARKS-1."""
Mark = Annotated[int, msgspec.Meta(ge=0, lt=MARKS)]
Faces = Annotated[list[Face], msgspec.Meta(max_length=10, description="[faces 1..6]")]


class Payload(msgspec.Struct, kw_only=True):
    """Every client payload: one JSON object; unknown keys are ignored."""


class Message(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Every server -> client message (and ack) the hub builds as a typed structure."""
