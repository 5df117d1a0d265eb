"""The words the table shows and says for a transcript, a move, or a refusal."""

from __future__ import annotations

from dudo_hub.voice.language.packs import load_pack
from dudo_hub.voice.language.text import UNK
from dudo_hub.voice.language.wording import announce, render_bid
from dudo_hub.voice.understand.intent import Intent


def shown(text: str) -> str:
    """A transcript for the TV: the recogniser's "[unk]" as "…"."""
    return " ".join("…" if word == UNK else word for word in text.split())


def spoken_move(lang: str, move: Intent) -> str:
    """The move in the table's words: "sette cinque", "dudo", "calza", "annulla"."""
    bid = move.as_bid()
    if bid:
        return render_bid(lang, *bid)
    calls, intent = load_pack(lang).calls, str(move.intent)
    return calls[intent][0] if intent in calls else intent


def error_sentence(lang: str, code: str) -> str | None:
    """The pack's sentence for an engine error code, if it has one."""
    try:
        return announce(lang, code)
    except ValueError:
        return None
