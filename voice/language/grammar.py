"""Vosk grammars: the phrases a small model may hear now, in words it knows.

A Vosk grammar is a JSON list of phrases; the recogniser hears any sequence of them
(or "[unk]"). The hub's grammar has the legal bids (all face names), every number and
face name on its own (so a correction, a stammer or an illegal bid is heard as said,
never forced into a legal bid), the calls allowed, cancel, and the pack's fillers,
links, correction markers and common table words, so that table talk is heard as
words that make no move rather than forced into numbers. Players' names are added by
the controller.

When the model lacks a word, `vocabulary` (the model's `find_word` wrapped as "does
the model know this word") picks the spelling it knows: the word, its other accent
form ("ventitré" / "ventitrè"), its unaccented form, then the pack's sound-alike
spelling ("du do"), which the parser maps back; a phrase with a word that has no known
spelling is dropped. `call_hints` says which synonym works when a call's own word is
missing ("Per dudo, di' «dubito»").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from dudo_hub.voice.language.packs import CALLS, Pack, load_pack
from dudo_hub.voice.language.text import UNK, fold, tokens
from dudo_hub.voice.language.wording import announce, bid_phrases, render_bid

Vocabulary = Callable[[str], bool]

UNKNOWN = UNK
SPOKEN_CALLS = (*CALLS, "cancel")
_ACCENTS = str.maketrans("éèóòíìúùáà", "èéòóìíùúàá")

__all__ = [
    "UNKNOWN", "Vocabulary", "announce", "call_hints", "grammar_for", "grammar_view", "hearable_calls",
    "missing_words", "move_phrases", "render_bid", "spellings",
]


def grammar_for(
    lang: str,
    legal_bids: Iterable[tuple[int, int]],
    calls_allowed: Iterable[str],
    vocabulary: Vocabulary | None = None,
    *,
    top: int | None = None,
) -> list[str]:
    """The moves legal now, numbers to `top` (default: the highest legal quantity) and
    face names alone, the pack's other words, then "[unk]"."""
    pack = load_pack(lang)
    legal = sorted(set(legal_bids))
    phrases = move_phrases(lang, legal, calls_allowed)
    highest = top if top is not None else max((q for q, _ in legal), default=0)
    phrases += [word for value in range(1, highest + 1) for word in pack.numbers.get(value, ())]
    phrases += [name for face in range(1, 7) for name in (*pack.faces[face].singular, *pack.faces[face].plural)]
    phrases += [*pack.fillers, *pack.links, *pack.corrections, *pack.table_words]
    phrases += [tail for tails in pack.call_tails.values() for tail in tails]
    heard = (hearable(pack, p, vocabulary) for p in phrases)
    return [*dict.fromkeys(p for p in heard if p is not None), UNKNOWN]


def move_phrases(lang: str, legal_bids: Iterable[tuple[int, int]], calls_allowed: Iterable[str]) -> list[str]:
    """Every legal bid in words (all face names), the allowed calls, and cancel."""
    pack = load_pack(lang)
    calls = list(dict.fromkeys([*calls_allowed, "cancel"]))
    unknown = [c for c in calls if c not in SPOKEN_CALLS]
    if unknown:
        raise ValueError(f"unknown calls {unknown}; calls: {', '.join(SPOKEN_CALLS)}")
    phrases = [p for q, f in sorted(set(legal_bids)) for p in bid_phrases(pack, q, f)]
    return phrases + [p for call in calls for p in pack.calls[call]]


def grammar_view(text: str, phrases: Iterable[str]) -> str:
    """`text` as a recogniser with this grammar could give it: unknown words become "[unk]"."""
    known = {word for phrase in phrases for word in tokens(phrase)}
    return " ".join(word if word in known else UNKNOWN for word in tokens(text))


def hearable_calls(lang: str, vocabulary: Vocabulary | None = None) -> dict[str, list[str]]:
    """Each call ("dudo", "calza", "cancel") -> its phrases the model can hear (may be empty)."""
    pack = load_pack(lang)
    out = {}
    for call in SPOKEN_CALLS:
        heard = (hearable(pack, p, vocabulary) for p in pack.calls[call])
        out[call] = list(dict.fromkeys(p for p in heard if p is not None))
    return out


def call_hints(lang: str, vocabulary: Vocabulary | None) -> dict[str, str]:
    """For each call whose own word the model lacks but a synonym it has: what to say instead."""
    pack = load_pack(lang)
    hints = {}
    for call, phrases in hearable_calls(lang, vocabulary).items():
        own = pack.calls[call][0]
        if phrases and hearable(pack, own, vocabulary) is None:
            hints[call] = announce(lang, "say_instead", call=own, phrase=phrases[0])
    return hints


def missing_words(lang: str, vocabulary: Vocabulary) -> list[str]:
    """The pack's words the model cannot hear in any spelling, in pack order."""
    pack = load_pack(lang)
    words = dict.fromkeys(word for phrase in pack.meanings for word in phrase)
    return [word for word in words if _known_spelling(pack, word, vocabulary) is None]


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


def spellings(word: str) -> list[str]:
    """How a model's lexicon may spell `word`: as written, other accent, no accent."""
    return list(dict.fromkeys((word, word.translate(_ACCENTS), fold(word))))


def _known_spelling(pack: Pack, word: str, vocabulary: Vocabulary) -> str | None:
    """The first spelling of `word` the model knows, else its first known sound-alike."""
    for spelling in spellings(word):
        if vocabulary(spelling):
            return spelling
    for alike in pack.sound_alikes.get(fold(word), ()):
        if all(vocabulary(part) for part in alike.split()):
            return alike
    return None


def table_grammar(lang: str, legal_bids: Iterable[tuple[int, int]], calls_allowed: Sequence[str],
                  players: Sequence[str], vocabulary: Vocabulary | None = None) -> list[str]:
    """`grammar_for` plus the seated players' names (as the model can spell them)."""
    phrases = grammar_for(lang, legal_bids, calls_allowed, vocabulary)
    known = vocabulary or (lambda _: True)
    names = [" ".join(tokens(p)) for p in players]
    names = [n for n in names if n and all(known(w) for w in n.split())]
    return [*phrases[:-1], *dict.fromkeys(names), UNKNOWN]
