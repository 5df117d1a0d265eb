"""A remark to a player beside a bid, in words that are also a call's tail.

"sept cinq léa tu bluffes", "sete cincos rita tá blefando", "seven fives lucy you're bluffing";
"carmen estás loca yo digo cinco seises", "lucy you're mad i'll say five sixes": a player is
named and told something, and a bid is made after or before it. Read whole, a bid beside a
Dudo's tail is no move; here the tail's words, said between the name and the bid, are a
comment left unexplained, so the policy weighs the bid like any bid beside a comment (played
when plain, else asked). Only with a name: "sei cinque non esistono" (about six fives) stays
no move.
"""

from __future__ import annotations

from collections.abc import Collection

from dudo_hub.voice.understand.lexicon import Lexeme
from dudo_hub.voice.understand.parser import read

_BID = ("number", "face")


def remark_after_bid(lexemes: list[Lexeme], names: Collection[str]) -> list[Lexeme]:
    """The lexemes with the tails of a remark to a player named beside a bid left unexplained."""
    kinds = [lx.meaning.kind if lx.meaning is not None else None for lx in lexemes]
    if "tail" not in kinds or "call" in kinds or None in kinds or not names:
        return lexemes
    tails = [i for i, kind in enumerate(kinds) if kind == "tail"]
    bid_words = [i for i, kind in enumerate(kinds) if kind in _BID]
    if not bid_words:
        return lexemes
    if bid_words[-1] < tails[0]:  # the bid, the name, the remark
        bid, between = lexemes[: tails[0]], lexemes[bid_words[-1] + 1 : tails[0]]
    elif bid_words[0] > tails[-1]:  # the name, the remark, the bid
        bid, between = lexemes[tails[-1] + 1 :], lexemes[: tails[0]]
    else:
        return lexemes
    said = [lx.meaning for lx in bid if lx.meaning is not None]
    if not any(lx.text in names for lx in between) or read(said).intent != "bid":
        return lexemes
    return [Lexeme(lx.text, None, lx.conf) if kinds[i] == "tail" else lx for i, lx in enumerate(lexemes)]
