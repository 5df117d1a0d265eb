"""Acks: every client event is answered `{ok, code, message, detail?, ...extra}`, built here alone.

`message` is the catalogue's sentence for `code` in the room's language (`err.<code>`); `extra` is
the event's reply (a typed `Message` of `server.protocol.events`, or its fields).
"""

from __future__ import annotations

from typing import Any

import msgspec

from dudo_hub.catalogue import message
from dudo_hub.protocol.types import Message

Reply = dict[str, Any]


class Ack(Message):
    """The answer to every client event (and the in-process Room API's reply)."""

    ok: bool
    code: str
    message: str
    detail: str = ""


def ack(code: str, lang: str, detail: str = "", extra: Message | Reply | None = None) -> Reply:
    """`{ok, code, message, detail?, ...extra}`; `ok` is `code == "ok"`."""
    out: Reply = msgspec.to_builtins(Ack(ok=code == "ok", code=code, message=message(code, lang), detail=detail))
    if extra:
        out.update(extra if isinstance(extra, dict) else msgspec.to_builtins(extra))
    return out
