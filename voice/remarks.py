"""A remark to a player after a bid, in words that are also a call's tail.

"sept cinq léa tu bluffes", "sete cincos rita tá blefando", "seven fives lucy you're bluffing":
the bid is made, then the player named is told something. Read whole, a bid beside a Dudo's
tail is no move; here the words after the name are a comment left unexplained, so the policy
weighs the bid before them like any bid with a comment after it (played when plain, else
asked). Only after a name: "sei cinque non esistono" (about six fives) stays no move.
"""

from __future__ import annotations

from collections.abc import Collection

from dudo_hub.voice.lexicon import Lexeme
from dudo_hub.voice.parser import read


def remark_after_bid(lexemes: list[Lexeme], names: Collection[str]) -> list[Lexeme]:
    """The lexemes with the tails of a remark after a bid and a name left unexplained."""
    kinds = [lx.meaning.kind if lx.meaning is not None else None for lx in lexemes]
    if "tail" not in kinds or "call" in kinds:
        return lexemes
    first = kinds.index("tail")
    bid_words = [i for i, kind in enumerate(kinds) if kind in ("number", "face")]
    if not bid_words or bid_words[-1] > first:
        return lexemes
    if not any(lx.text in names for lx in lexemes[bid_words[-1] + 1 : first]):
        return lexemes
    said = [lx.meaning for lx in lexemes[:first] if lx.meaning is not None]
    if None in kinds[:first] or read(said).intent != "bid":
        return lexemes
    return [Lexeme(lx.text, None, lx.conf) if i >= first and kinds[i] == "tail" else lx
            for i, lx in enumerate(lexemes)]
