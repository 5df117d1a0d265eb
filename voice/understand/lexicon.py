"""The lexer: a transcript -> the pack's phrases, the cut that explains the most words.

Matching is a dict look-up per token, over phrases indexed by their first token, so a
compound number ("treinta y cinco", "vingt et un", "twenty five") or a call ("non ci
credo") is one lexeme. A word that is not in the pack stays as an unknown lexeme
(meaning None): the parser rejects it; the decision policy may read it as a seated
player's name or a recogniser's near-miss of one pack word. A recogniser's words may
carry confidences: a lexeme's is the lowest of its words'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from dudo_hub.voice.language.packs import Meaning, Pack, load_pack
from dudo_hub.voice.language.text import UNK, tokens

Phrases = tuple[tuple[tuple[str, ...], Meaning], ...]


class Lexeme(NamedTuple):
    """One phrase of a transcript; `meaning` None for a word the pack does not know."""

    text: str
    meaning: Meaning | None
    conf: float = 1.0

    @property
    def unk(self) -> bool:
        """True for the recogniser's "[unk]"."""
        return self.text == UNK


@dataclass(frozen=True)
class Lexicon:
    """A pack's phrases, indexed for the lexer."""

    pack: Pack
    starts: Mapping[str, Phrases]  # first token -> (phrase, meaning), longest first

    def lex(self, text: str) -> list[Lexeme]:
        """The lexemes of `text`."""
        return self.lex_words(tokens(text))

    def lex_words(self, words: Sequence[str], confs: Sequence[float] | None = None) -> list[Lexeme]:
        """The lexemes of folded `words`, each with the lowest confidence of its words.

        Of the ways to cut the words into the pack's phrases, the one that leaves the
        fewest words unexplained (unknown or table words) is taken, then the one with
        the fewest lexemes (the longest phrases): "ma figurati se ci sono" is "ma" and
        "figurati se ci sono", not "ma figurati" and three table words."""
        words, confs = self._split_unknown_hyphens(list(words), list(confs or [1.0] * len(words)))
        n = len(words)
        best: list[tuple[int, int]] = [(0, 0)] * (n + 1)
        pick: list[tuple[str, Meaning | None, int]] = [("", None, 0)] * n
        for i in range(n - 1, -1, -1):
            best[i] = (n + 1, n + 1)
            for text, meaning, end in self._phrases_at(words, i, n):
                unexplained = end - i if meaning is None or meaning.kind == "table" else 0
                cost = (best[end][0] + unexplained, best[end][1] + 1)
                if cost < best[i]:
                    best[i], pick[i] = cost, (text, meaning, end)
        out: list[Lexeme] = []
        i = 0
        while i < n:
            text, meaning, end = pick[i]
            out.append(Lexeme(text, meaning, min(confs[i:end])))
            i = end
        return out

    def _phrases_at(self, words: list[str], i: int, n: int) -> list[tuple[str, Meaning | None, int]]:
        """The pack's phrases said at `i` (longest first), each with its meaning and the
        index after it; else the word alone (a typed number, or unknown)."""
        found: list[tuple[str, Meaning | None, int]] = [
            (" ".join(phrase), meaning, i + len(phrase))
            for phrase, meaning in self.starts.get(words[i], ())
            if i + len(phrase) <= n and (len(phrase) == 1 or tuple(words[i : i + len(phrase)]) == phrase)
        ]
        if not any(end == i + 1 for _, _, end in found):
            if words[i].isascii() and words[i].isdigit():
                found.append((words[i], _digits(words[i]), i + 1))
            else:
                found.append((words[i], None, i + 1))
        return found

    def _split_unknown_hyphens(self, words: list[str], confs: list[float]) -> tuple[list[str], list[float]]:
        """ "venti-cinque" -> "venti", "cinque" unless the pack knows the hyphenated word."""
        if not any("-" in w for w in words):
            return words, confs
        out: list[str] = []
        out_confs: list[float] = []
        for word, conf in zip(words, confs, strict=True):
            parts = word.split("-") if "-" in word and word not in self.starts else [word]
            out.extend(parts)
            out_confs.extend([conf] * len(parts))
        return out, out_confs


def _digits(word: str) -> Meaning:
    """A typed number: "7" is seven, and names face 7 never."""
    value = int(word)
    return Meaning("number", number=value, face=value if 1 <= value <= 6 else None)


@cache
def lexicon_for(lang: str) -> Lexicon:
    """The lexicon of `lang` (built once)."""
    return build_lexicon(load_pack(lang))


def build_lexicon(pack: Pack) -> Lexicon:
    """Index `pack.meanings` by first token, longest phrase first."""
    starts: dict[str, list[tuple[tuple[str, ...], Meaning]]] = {}
    for phrase, meaning in pack.meanings.items():
        starts.setdefault(phrase[0], []).append((phrase, meaning))
    return Lexicon(pack, {w: tuple(sorted(ps, key=lambda p: -len(p[0]))) for w, ps in starts.items()})
