"""Players' names in a transcript: set aside (a name surrounds a call like a filler), named or
only addressed (a name right after one of the pack's handoffs: "tocca a te Luca")."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rapidfuzz.distance import Levenshtein

from dudo_hub.voice.language.packs import Meaning
from dudo_hub.voice.language.text import tokens
from dudo_hub.voice.understand.lexicon import Lexeme, lexicon_for
from dudo_hub.voice.understand.nearmiss import NEAR_MIN_LETTERS

NAME = Meaning("filler")
"""A player's name, set aside: it surrounds the call like a filler."""


@cache
def handoffs_of(lang: str) -> frozenset[tuple[str, ...]]:
    """The pack's turn-passing fillers, as folded words."""
    return frozenset(tuple(tokens(h)) for h in lexicon_for(lang).pack.handoffs)


def take_names(
    lexemes: list[Lexeme], players: Sequence[str], handoffs: frozenset[tuple[str, ...]] = frozenset()
) -> tuple[list[str], list[Lexeme]]:
    """The seated players named by unknown words, and the lexemes with each name set aside.
    A name right after a handoff ("otto cinque, tocca a te Luca") is addressed: set aside,
    not named."""
    if not players or all(lx.meaning is not None or lx.unk for lx in lexemes):
        return [], lexemes
    out = list(lexemes)
    named: list[str] = []
    for exact in (True, False):
        for name in players:
            target = name_tokens(name)
            for start in range(len(out) - len(target) + 1):
                first = out[start]
                if first.meaning is not None or (exact and first.text != target[0]):
                    continue
                span = out[start : start + len(target)]
                if all(lx.meaning is None and _name_word(lx.text, t, exact)
                       for lx, t in zip(span, target, strict=True)):
                    out[start : start + len(target)] = [Lexeme(" ".join(target), NAME, min(lx.conf for lx in span))]
                    addressed = (start > 0 and tuple(out[start - 1].text.split()) in handoffs) or (
                        start + 1 < len(out) and _opens_handoff(out, start + 1, handoffs))
                    if name not in named and not addressed:
                        named.append(name)
                    break
    return named, out


def _opens_handoff(lexemes: list[Lexeme], start: int, handoffs: frozenset[tuple[str, ...]]) -> bool:
    """A handoff is said from `start` ("Giulia, tocca a te")."""
    words = " ".join(lx.text for lx in lexemes[start:]).split()
    return any(tuple(words[: len(h)]) == h for h in handoffs)


@cache
def name_tokens(name: str) -> tuple[str, ...]:
    """A name as the folded words it is said with."""
    return tuple(tokens(name))


def _name_word(word: str, target: str, exact: bool) -> bool:
    """`word` is `target`, or (not `exact`) one letter off and both long enough."""
    if word == target:
        return True
    long = min(len(word), len(target)) >= NEAR_MIN_LETTERS
    return not exact and long and Levenshtein.distance(word, target, score_cutoff=1) <= 1


def self_named(lang: str, lexemes: list[Lexeme], named: list[str]) -> str | None:
    """The player who names themselves: the one name said right after one of the pack's
    `self_named` phrases ("qui è sara calza", "soy carmen y digo calza", "it's anna calling calza")."""
    said = [w for lx in lexemes for w in lx.text.split()]
    for name in named:
        target = list(name_tokens(name))
        for i in range(len(said) - len(target) + 1):
            if said[i : i + len(target)] == target and any(
                    said[max(0, i - len(p)) : i] == list(p) for p in _self_phrases(lang)):
                return name
    return None


@cache
def _self_phrases(lang: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(tokens(p)) for p in lexicon_for(lang).pack.self_named)
