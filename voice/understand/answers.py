"""The answer to the hub's "did you mean?": "sì" / "no" in each pack's words.

A transcript answers when every word is one of the pack's `answers` (yes or no) or a
filler around them ("sì, dai", "no no no"), and all the answers agree; anything else
is no answer, and is heard as usual.
"""

from __future__ import annotations

from functools import cache

from dudo_hub.voice.language.text import phrase_key, tokens
from dudo_hub.voice.understand.lexicon import lexicon_for

_FILLER = "filler"


def answer_of(text: str, lang: str) -> bool | None:
    """True for yes, False for no, None when `text` is not an answer."""
    words = tokens(text)
    phrases, longest = _answer_phrases(lang)
    said: set[str] = set()
    i = 0
    while i < len(words):
        for size in range(min(longest, len(words) - i), 0, -1):
            kind = phrases.get(tuple(words[i : i + size]))
            if kind is not None:
                break
        else:
            return None
        if kind != _FILLER:
            said.add(kind)
        i += size
    return said == {"yes"} if len(said) == 1 else None


@cache
def _answer_phrases(lang: str) -> tuple[dict[tuple[str, ...], str], int]:
    """The pack's answers ("yes" / "no") and its fillers, by their words; the longest's length."""
    pack = lexicon_for(lang).pack
    phrases = {phrase_key(f): _FILLER for f in pack.fillers}
    for kind in ("yes", "no"):
        phrases.update((phrase_key(p), kind) for p in pack.answers[kind])
    phrases.pop((), None)
    return phrases, max(len(p) for p in phrases)
