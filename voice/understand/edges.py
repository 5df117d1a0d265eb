"""Whether the lone move of a line (`voice.scan`) is played or only asked about.

A line that holds one move and nothing that cancels it is asked about; the move is played when it
is said at an edge of the line, first (after fillers) or last, and the rest is a remark beside it,
not a story around it. Read by the words' kinds and the pack's closed word lists only:

- the move's own words are the line's only ones of their kind: a bid's number and face, or a call
  word said once or repeated, beside at most the standing bid's number or face ("calza sono
  proprio quattro", "quattro cinque spaccati calza");
- the rest has at most REMARK_WORDS words, none a doubt or a measure ("sei cinque forse"), and no
  complement before the move ("ogni volta che dico dubito");
- said first, after no preposition ("con calza si recupera un dado"), the remark after it does
  not make a bid its subject ("cinque pacos è troppo"), tells no past (right after a call, or
  anywhere after a bid: "calza sbagliata, perdi un dado"), does not go on to the player spoken
  to right after a call ("duvido você acertar") and does not end in an exclamation ("sete cincos
  que coragem");
- said last, the three words before it hold no preposition or having verb (nor, before a bid, an
  article or a determiner: "con cuatro seises"), nobody but the speaker is the subject before it
  (a player named in the two words before it, or the pack's `others` anywhere: "lucy shouts
  dudo", "in the states they just shout liar") and no count is told ("ci sono almeno sei tre").
"""

from __future__ import annotations

from functools import cache

from dudo_hub.voice.understand.comment import Phrases, has_phrase, past_said, phrases
from dudo_hub.voice.understand.intent import Intent
from dudo_hub.voice.understand.lexicon import Lexeme
from dudo_hub.voice.understand.names import NAME
from dudo_hub.voice.understand.scan import count_leads, first_words, kind_of

REMARK_WORDS = 8
"""The most words a remark beside a lone move may have for the move to be played ("dieci sei alla
cieca", "dudo mate nobody believes that"); a longer line is asked."""

CORE_KINDS = ("number", "face", "call")
UNPLAIN = ("doubts", "measures")
"""The pack's lists whose phrases, beside a lone move, keep it asked (and a complement before it:
after it, "che" / "que" gives the move's reason, "sette cinque che stasera ho la mano calda")."""


def at_edge(lang: str, lexemes: list[Lexeme], move: Intent, standing: tuple[int, int] | None) -> bool:
    """The lone `move` is said first or last in the line beside a plain remark: it is played."""
    own = _own_words(lexemes, move, standing)
    if own is None:
        return False
    rest = [w for k, lx in enumerate(lexemes) if k not in own for w in lx.text.split()]
    lead = [w for lx in lexemes[: own[0]] for w in lx.text.split()]
    if len(rest) > REMARK_WORDS or any(has_phrase(rest, phrases(lang, f)) for f in UNPLAIN) or has_phrase(
            lead, phrases(lang, "complements")):
        return False
    if all(kind_of(lx) in ("filler", "link") for lx in lexemes[: own[0]]):
        if move.intent != "bid" and set(lead[-1:]) & first_words(lang, "talked_about"):
            return False  # "con calza si recupera un dado": the call word is a noun
        return _plain_after(lang, lexemes[own[-1] + 1 :], move)
    return own[-1] == len(lexemes) - 1 and _plain_before(lang, lexemes[: own[0]], move)


def _own_words(lexemes: list[Lexeme], move: Intent, standing: tuple[int, int] | None) -> list[int] | None:
    """Where the move's own words are, when they are the line's only core words besides the
    standing bid's number or face beside a call; else None."""
    core = [i for i, lx in enumerate(lexemes) if kind_of(lx) in CORE_KINDS]
    if move.intent == "bid":
        bid = len(core) == 2 and kind_of(lexemes[core[1]]) != "call" and _starts_bid(lexemes[core[0]], move)
        return core if bid else None
    if move.intent not in ("dudo", "calza"):
        return None
    calls = [i for i in core if kind_of(lexemes[i]) == "call"]
    others = [lexemes[i].meaning for i in core if i not in calls]
    if not calls or standing is None and others:
        return None
    if any(m is None or (m.number, m.face) == (None, None) or not (
            m.number == standing[0] or m.face == standing[1]) for m in others if standing is not None):
        return None
    return calls


def _starts_bid(lexeme: Lexeme, move: Intent) -> bool:
    meaning = lexeme.meaning
    return meaning is not None and (meaning.kind == "number" and meaning.number == move.quantity
                                    or meaning.face == move.face)


def _plain_after(lang: str, after: list[Lexeme], move: Intent) -> bool:
    words = [w for lx in after for w in lx.text.split()]
    if len(words) >= 2 and words[-2] in phrases(lang, "complements"):
        return False  # an exclamation about it: "sete cincos que coragem", "sette cinque che fegato"
    if move.intent == "bid":  # "cinque pacos è troppo", "seven fives and nobody believed it"
        return not (words[:1] and words[0] in phrases(lang, "talked_about")) and not past_said(lang, after)
    return not past_said(lang, after[:2]) and not (words[:1] and words[0] in first_words(lang, "spoken_to"))


def _plain_before(lang: str, before: list[Lexeme], move: Intent) -> bool:
    if any(lx.meaning is NAME for lx in before[-2:]):
        return False  # "lucy shouts dudo", "marco urla sette cinque": the player named is its subject
    words = [w for lx in before for w in lx.text.split()]
    near = ("talked_about", "determiners", "articles") if move.intent == "bid" else ("talked_about",)
    if set(words[-3:]) & first_words(lang, *near) or has_phrase(words, phrases(lang, "others")):
        return False
    return not has_phrase(words, _count_lead_phrases(lang))  # "ci sono almeno sei tre"


@cache
def _count_lead_phrases(lang: str) -> Phrases:
    """The pack's count leads (`scan.count_leads`: "ci sono", "hay") by their first word."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for lead in count_leads(lang):
        if lead:
            out.setdefault(lead[0], []).append(lead)
    return {first: tuple(group) for first, group in out.items()}
