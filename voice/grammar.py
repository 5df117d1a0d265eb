"""Vosk grammars: the phrases that are legal now, in words the model knows.

A Vosk grammar is a JSON list of phrases; the recogniser then hears only those (or
"[unk]"). Listing only the legal moves makes a small model far more accurate. When
the model lacks a game word ("dudo", "pacos"), `vocabulary` (the model's `find_word`
wrapped as "does the model know this word") lets the phrase be written with the pack's
sound-alike spelling ("du do"), which the parser maps back; a phrase with a word that
has no known spelling is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from dudo_hub.voice.packs import CALLS, Pack, load_pack
from dudo_hub.voice.text import fold
from dudo_hub.voice.wording import announce, bid_phrases, render_bid

Vocabulary = Callable[[str], bool]

UNKNOWN = "[unk]"
SPOKEN_CALLS = (*CALLS, "cancel")

__all__ = ["UNKNOWN", "Vocabulary", "announce", "grammar_for", "hearable_calls", "render_bid"]


def grammar_for(
    lang: str,
    legal_bids: Iterable[tuple[int, int]],
    calls_allowed: Iterable[str],
    vocabulary: Vocabulary | None = None,
) -> list[str]:
    """Every legal bid in words (all face names), the allowed calls, cancel, and "[unk]"."""
    pack = load_pack(lang)
    calls = list(dict.fromkeys([*calls_allowed, "cancel"]))
    unknown = [c for c in calls if c not in SPOKEN_CALLS]
    if unknown:
        raise ValueError(f"unknown calls {unknown}; calls: {', '.join(SPOKEN_CALLS)}")
    phrases = [p for q, f in sorted(set(legal_bids)) for p in bid_phrases(pack, q, f)]
    phrases += [p for call in calls for p in pack.calls[call]]
    heard = (hearable(pack, p, vocabulary) for p in phrases)
    return [*dict.fromkeys(p for p in heard if p is not None), UNKNOWN]


def hearable_calls(lang: str, vocabulary: Vocabulary | None = None) -> dict[str, list[str]]:
    """Each call ("dudo", "calza", "cancel") -> its phrases the model can hear (may be empty)."""
    pack = load_pack(lang)
    out = {}
    for call in SPOKEN_CALLS:
        heard = (hearable(pack, p, vocabulary) for p in pack.calls[call])
        out[call] = list(dict.fromkeys(p for p in heard if p is not None))
    return out


def hearable(pack: Pack, phrase: str, vocabulary: Vocabulary | None) -> str | None:
    """`phrase` in words the model knows, or None when some word has no known spelling."""
    if vocabulary is None:
        return phrase
    out = []
    for word in phrase.split():
        spelling = _known_spelling(pack, word, vocabulary)
        if spelling is None:
            return None
        out.append(spelling)
    return " ".join(out)


def _known_spelling(pack: Pack, word: str, vocabulary: Vocabulary) -> str | None:
    """`word`, its unaccented form, or its first sound-alike the model knows."""
    plain = fold(word)
    for spelling in dict.fromkeys((word, plain)):
        if vocabulary(spelling):
            return spelling
    for alike in pack.sound_alikes.get(plain, ()):
        if all(vocabulary(part) for part in alike.split()):
            return alike
    return None
