"""`parse(text, lang)`: a transcript -> the move it means, or no move.

Why a hand-written lexer and matcher rather than hassil templates: the language here
is tiny (a number and a face, or one call), but its rules are specific. A count and a
face must never merge into one number ("venti cinque" is 20 x 5, "venticinque" is
only 25), compound numbers must be read greedily in the languages that write them in
several words ("treinta y cinco"), a repeated word is a stammer except when it is the
bid ("sei sei"), and the same phrase table must also feed the Vosk grammar and the
sound-alike mapping. One dict look-up per token does all that at well over 20,000
transcripts/s; hassil would add a second source of truth for the words, expand number
ranges into sentence lists, and still need this code around it.

The grammar, over the pack's phrases:

    transcript := segment (MARKER segment)*    only the last segment counts:
               |  bid CANCEL+                  the bid said, taken back: a cancel
                                               "sette no otto cinque" is 8 x 5; a last
                                               segment of one number after a bid keeps
                                               its face: "otto cinque anzi nove" is 9 x 5
    segment    := FILLER* move FILLER*
    move       := call (FILLER* call)*         one call, said once or more, with what
                                               may go with it around it: its TAILs
                                               ("dudo, non esistono")
               |  bid (FILLER* bid)*           one bid, said once or more
    bid        := NUMBER LINK* FACE            "sette dadi da cinque"; a filler inside
                                               is no bid ("tre a due" is a score)
    FACE       := a face name ("pacos", "fives") or a number word that names a face

Stammers ("sette sette cinque") are read by cutting repeated words to two, then to
one. Anything else is no move, and the parser never guesses: a lone number, a face
above six, quantity zero, two different bids with no marker between them, a call
mixed with a bid, a segment ending on a marker ("sette cinque, no aspetta"), a table
word ("a testa") or a word the pack does not know. Names and near-misses are the
decision policy's job (`voice.policy`), where the seated players are known.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from dudo_hub.voice.language.packs import Meaning
from dudo_hub.voice.understand.intent import NOTHING, Intent
from dudo_hub.voice.understand.lexicon import Lexeme, lexicon_for

CORE = frozenset({"number", "face", "call"})
"""The kinds of words a move is made of; the others only surround or join them."""

Item = tuple[Meaning, bool]
"""A core word, and whether only links stand between it and the core word before it."""


def parse(text: str, lang: str) -> Intent:
    """The move `text` means in `lang`; Intent(None) when it is no move.

    >>> parse("Rilancio a ventuno tre!", "it").to_dict()
    {'intent': 'bid', 'quantity': 21, 'face': 3}
    >>> parse("sette no, otto cinque", "it").to_dict()
    {'intent': 'bid', 'quantity': 8, 'face': 5}
    """
    return interpret(lexicon_for(lang).lex(text))


def interpret(lexemes: Sequence[Lexeme]) -> Intent:
    """The move the lexemes make; an unknown word or a table word means no move."""
    meanings: list[Meaning] = []
    for lexeme in lexemes:
        if lexeme.meaning is None or lexeme.meaning.kind == "table":
            return NOTHING
        meanings.append(lexeme.meaning)
    return read(meanings)


def read(meanings: Sequence[Meaning]) -> Intent:
    """The move made by pack words (none unknown): the last segment's, if it is one."""
    segment = last_segment(meanings)
    items = core_items(segment)
    for reading in _readings(items):
        intent = _move(reading)
        if intent.intent is not None:
            return intent if tails_fit(segment, intent) else NOTHING
    taken_back = _bid_taken_back(meanings)
    return taken_back if taken_back.intent is not None else _short_correction(meanings, segment, items)


def _bid_taken_back(meanings: Sequence[Meaning]) -> Intent:
    """ "ocho treses cancela", "sei cinque annulla annulla": a bid, then a cancel ending
    the line, takes that bid back: the cancel."""
    end = len(meanings)
    while end and meanings[end - 1].kind == "filler":
        end -= 1
    start = end
    while start and meanings[start - 1].kind == "call" and meanings[start - 1].call == "cancel":
        start -= 1
    if start == end or start == 0 or read(meanings[:start]).intent != "bid":
        return NOTHING
    return Intent("cancel")


def _short_correction(meanings: Sequence[Meaning], segment: Sequence[Meaning], items: list[Item]) -> Intent:
    """ "otto cinque anzi nove": a correction that says only the new quantity keeps the
    face of the bid it corrects."""
    if len(items) != 1 or items[0][0].kind != "number" or not items[0][0].number or len(segment) == len(meanings):
        return NOTHING
    if any(m.kind == "tail" for m in segment):
        return NOTHING
    prefix = list(meanings[: len(meanings) - len(segment) - 1])
    while prefix and prefix[-1].kind == "marker":  # "siete cincos, no, mejor ocho"
        prefix.pop()
    before = read(prefix)
    if before.intent != "bid" or before.face is None or before.quantity == items[0][0].number:
        return NOTHING
    return Intent.bid(items[0][0].number, before.face)


def tails_fit(segment: Sequence[Meaning], move: Intent) -> bool:
    """Every tail of the segment goes with the call made ("dudo, non esistono", "non
    esistono, dudo"); a tail with a bid or with the other call is no move."""
    return all(m.call == move.intent for m in segment if m.kind == "tail")


def last_segment(meanings: Sequence[Meaning]) -> Sequence[Meaning]:
    """The words after the last correction marker (all of them when there is none). A
    cancel between two bids is a marker too: "sette tre, ho sbagliato, sette quattro"."""
    start = 0
    bid_words = [m.kind in ("number", "face") for m in meanings]
    for i, meaning in enumerate(meanings):
        between = meaning.call == "cancel" and meaning.kind == "call" and any(bid_words[:i]) and any(bid_words[i:])
        if meaning.kind == "marker" or between:
            start = i + 1
    return meanings[start:]


def core_items(segment: Sequence[Meaning]) -> list[Item]:
    """The core words of a segment, each marked when only links precede it."""
    items: list[Item] = []
    joined = True
    for meaning in segment:
        if meaning.kind in CORE:
            items.append((meaning, joined))
            joined = True
        elif meaning.kind != "link":
            joined = False
    return items


def _readings(items: list[Item]) -> Iterator[list[Item]]:
    """The words as heard, then with stammered repeats cut to two, then to one."""
    yield items
    for keep in (2, 1):
        shorter = _cap_repeats(items, keep)
        if len(shorter) < len(items):
            yield shorter


def _cap_repeats(items: list[Item], keep: int) -> list[Item]:
    """Runs of the same word cut to `keep` words (a cut word's gap joins the next one's)."""
    out: list[Item] = []
    run, gap_joined = 0, True
    for i, (meaning, joined) in enumerate(items):
        run = run + 1 if i and meaning == items[i - 1][0] else 1
        if run <= keep:
            out.append((meaning, joined and gap_joined))
            gap_joined = True
        else:
            gap_joined = gap_joined and joined
    return out


def _move(items: list[Item]) -> Intent:
    """One call said once or more, or one bid said once or more."""
    if not items:
        return NOTHING
    first = items[0][0]
    if first.kind == "call":
        return Intent(first.call) if all(m == first for m, _ in items) else NOTHING
    if len(items) % 2:
        return NOTHING
    bids = {_bid(items[i], items[i + 1]) for i in range(0, len(items), 2)}
    if len(bids) != 1 or None in bids:
        return NOTHING
    bid = bids.pop()
    assert bid is not None
    return Intent.bid(*bid)


def _bid(count: Item, face: Item) -> tuple[int, int] | None:
    """NUMBER LINK* FACE as (quantity, face), or None."""
    quantity, name = count[0], face[0]
    if quantity.kind != "number" or not quantity.number or not face[1]:
        return None
    if name.face is None or not (name.kind == "face" or name.number == name.face):
        return None
    return quantity.number, name.face
