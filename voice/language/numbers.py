"""Number words generated from a pack's rules rather than listed one by one.

A pack gives the irregular words (0..19, and more where the language needs it, as
Spanish 21..29), the tens, and how a compound is written: the joiners between tens
and unit ("" in Italian, " y " in Spanish, " e " in Portuguese, "-" in French, " " or
"-" in English), whether the tens lose their last vowel before a vowel ("ventuno",
"ventotto") and any unit spelt differently inside a compound ("ventitré").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

_VOWELS = frozenset("aeiouàèéìòóùáíú")


@dataclass(frozen=True, slots=True)
class CompoundRule:
    """How tens and a unit make one number."""

    joiners: tuple[str, ...]
    one_joiners: tuple[str, ...] = ()
    elide_before_vowel: bool = False
    units: Mapping[int, tuple[str, ...]] | None = None


def number_words(
    words: Mapping[int, Sequence[str]], tens: Mapping[int, str], rule: CompoundRule
) -> dict[int, tuple[str, ...]]:
    """Every number the pack can say -> its spellings, the canonical one first."""
    table: dict[int, list[str]] = {value: list(spellings) for value, spellings in words.items()}
    for ten, stem in sorted(tens.items()):
        spellings = table.setdefault(ten, [])
        if stem not in spellings:
            spellings.append(stem)
        for unit in range(1, 10):
            if ten + unit in words:
                continue
            table.setdefault(ten + unit, []).extend(_compounds(stem, unit, words, rule))
    return {value: tuple(dict.fromkeys(spellings)) for value, spellings in sorted(table.items())}


def _compounds(stem: str, unit: int, words: Mapping[int, Sequence[str]], rule: CompoundRule) -> list[str]:
    """The spellings of tens `stem` + `unit`."""
    units = (rule.units or {}).get(unit) or tuple(words.get(unit, ()))
    joiners = rule.one_joiners if unit == 1 and rule.one_joiners else rule.joiners
    out = []
    for joiner in joiners:
        for word in units:
            head = stem
            if not joiner and rule.elide_before_vowel and word[0] in _VOWELS and stem[-1] in _VOWELS:
                head = stem[:-1]
            out.append(f"{head}{joiner}{word}")
    return out
