"""What the words around a move are, before the policy reads it: a standing bid quoted before the
player's own move ("sara ha detto quattro cinque, io dico sei cinque"), and a "one" that counts
nothing ("bevo un sorso")."""

from __future__ import annotations

from dudo_hub.voice.language.packs import Meaning
from dudo_hub.voice.understand.clearpart import bid_end
from dudo_hub.voice.understand.lexicon import Lexeme
from dudo_hub.voice.understand.parser import CORE


def after_quote(lexemes: list[Lexeme], standing: tuple[int, int] | None) -> tuple[list[Lexeme], bool]:
    """The words after the standing bid quoted before the player's own move, and whether
    it was: "sara ha detto quattro cinque, io dico sei cinque" is decided on "io dico sei
    cinque" (the story before it names nobody). Not when a correction marker follows it
    ("four fives, not four sixes" stays as it is), nor inside a count ("tre quattro cinque")."""
    if standing is None:
        return lexemes, False
    meanings = [lx.meaning if lx.meaning is not None else Meaning("unknown") for lx in lexemes]
    quantity, face = standing
    for i in range(len(meanings) - 1, -1, -1):
        end = bid_end(meanings, i, quantity, face)
        if end is None:
            continue
        rest = meanings[end:]
        if any(m.kind == "marker" for m in rest) or not any(m.kind in CORE for m in rest) or (
                i > 0 and meanings[i - 1].kind in CORE):  # "uno due tre quattro cinque sei": counting
            return lexemes, False
        return lexemes[end:], True
    return lexemes, False


def opens_with(lexemes: list[Lexeme], standing: tuple[int, int] | None) -> bool:
    """The line opens with the standing bid, said first to judge it ("quattro cinque è poco ...")."""
    meanings = [lx.meaning if lx.meaning is not None else Meaning("unknown") for lx in lexemes]
    return standing is not None and bool(meanings) and bid_end(meanings, 0, *standing) is not None


_ARTICLE = Meaning("table")
"""A "one" that counts nothing ("bevo un sorso"): a word that is not part of a call."""


def articles_set_aside(lexemes: list[Lexeme]) -> list[Lexeme]:
    """ "un", "una", "one" that neither follow a number nor come before a face are articles
    ("bevo un sorso e dico cinque sei", "et je bois un coup"), not the quantity one."""
    out = list(lexemes)
    for i, lx in enumerate(lexemes):
        if lx.meaning is None or lx.meaning.kind != "number" or lx.meaning.number != 1:
            continue
        before, after = _beside(lexemes, i, -1), _beside(lexemes, i, 1)
        counted = before is not None and before.kind == "number"
        if not counted and (after is None or not _is_face(after)):
            out[i] = Lexeme(lx.text, _ARTICLE, lx.conf)
    return out


def _beside(lexemes: list[Lexeme], i: int, step: int) -> Meaning | None:
    """The meaning of the nearest word beside `i` that is not a link (None: unknown or none)."""
    j = i + step
    while 0 <= j < len(lexemes):
        meaning = lexemes[j].meaning
        if meaning is None or meaning.kind != "link":
            return meaning
        j += step
    return None


def _is_face(meaning: Meaning) -> bool:
    """A face name, or a number word that names a face."""
    return meaning.face is not None and meaning.kind in ("face", "number")
