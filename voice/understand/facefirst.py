"""A face named before its quantity: "vado sugli assi tre", "pacos tre", "sixes five" (3 x aces,
3 x aces, 5 x sixes); or after a preposition before the whole bid on it: "punto sui sei quattro
sei" (4 x sixes).

The parser reads NUMBER LINK* FACE only. Said the other way round, a bid is a face name (or one of
the pack's lead-ins that names one: "vado sugli assi", "passo ai pacos") then one number, and
nothing else but fillers and links: any other word keeps it no move.
"""

from __future__ import annotations

from dudo_hub.voice.understand.intent import NOTHING, Intent
from dudo_hub.voice.understand.lexicon import Lexeme, lexicon_for
from dudo_hub.voice.understand.parser import CORE


def face_first(lang: str, lexemes: list[Lexeme]) -> Intent:
    """The bid said face first, or no move."""
    kinds = [lx.meaning.kind if lx.meaning is not None else "" for lx in lexemes]
    core = [i for i, kind in enumerate(kinds) if kind in CORE]
    if len(core) == 3:
        return _face_then_bid(lexemes, kinds, core)
    if len(core) > 2 or not core or any(kind not in (*CORE, "filler", "link") for kind in kinds):
        return NOTHING
    number = lexemes[core[-1]].meaning
    if number is None or number.kind != "number" or not number.number:
        return NOTHING
    carriers = [i for i in range(core[-1]) if _face_of(lang, lexemes[i]) is not None]
    if len(carriers) != 1 or (len(core) == 2 and core[0] != carriers[0]):
        return NOTHING
    if any(kinds[i] != "link" for i in range(carriers[0] + 1, core[-1])):
        return NOTHING
    face = _face_of(lang, lexemes[carriers[0]])
    assert face is not None
    return Intent.bid(number.number, face)


def _face_then_bid(lexemes: list[Lexeme], kinds: list[str], core: list[int]) -> Intent:
    """A face named after a preposition, then the whole bid on that face: "punto sui sei, quattro
    sei", "on sixes, four sixes" (4 x sixes). Only fillers, links and prepositions around."""
    first, quantity, face = (lexemes[i].meaning for i in core)
    assert first is not None and quantity is not None and face is not None
    if core[0] == 0 or kinds[core[0] - 1] not in ("link", "tail") or core[2] != core[1] + 1:
        return NOTHING
    if any(kind not in (*CORE, "filler", "link", "tail") for kind in kinds) or kinds[core[0] + 1 : core[1]] != []:
        return NOTHING
    if quantity.kind != "number" or not quantity.number or face.face is None or first.face != face.face:
        return NOTHING
    return Intent.bid(quantity.number, face.face)


def _face_of(lang: str, lexeme: Lexeme) -> int | None:
    """The face a face name or a lead-in filler names ("assi", "vado sugli assi" -> 1)."""
    meaning = lexeme.meaning
    if meaning is None:
        return None
    if meaning.kind == "face":
        return meaning.face
    if meaning.kind != "filler" or " " not in lexeme.text:
        return None
    meanings = lexicon_for(lang).pack.meanings
    named = (meanings.get((word,)) for word in lexeme.text.split())
    faces = {m.face for m in named if m is not None and m.kind == "face"}
    return faces.pop() if len(faces) == 1 else None
