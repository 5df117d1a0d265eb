"""Cues that cancel the move they govern: a negation before it, a dare to another player, a hand
counted aloud.

Said before a call word or a bid, in the same clause, these words make the move not made: a
negation ("non dico dudo", "i'm not saying dudo", "je dis pas calza", "eu não duvido", the packs'
`negations`), an imperative telling a player named to make it ("go on lucy say dudo", `dares`), a
having verb before a bid ("lucy has at least five fives", `having`). The policy (`voice.policy`)
neither plays nor asks about a move such a cue governs; a cue it cannot be sure of keeps the move
asked about at most.

A negation governs the move when only the pack's `move_verbs` (the verbs that say or make a move:
"dico", "saying", "digo"), the speaker as subject and links stand between them. Any other word
between them is what the negation is about: "non è possibile, dudo", "non ce li hai manco per sogno,
dubito" are reasons before a real call, left to the policy as before. A negation said after the
move is about its reason ("dudo, non ce ne sono neanche due", "calza, non ci credo che sbagli"),
and one inside a pack phrase is that phrase's ("non ci credo" is a Dudo, "no way" a Dudo's tail);
a Dudo's reason that counts how few ("dudo there aren't even two", `not_even`) and a negated belief
after another call ("calza non ci credo che sbagli", `complements`) become that call's tail
(`counts_in_reason`, `belief_in_reason`), so the call is still played.
Spanish "no" and Portuguese "não" are also correction markers: after a core word they correct it
("sete não oito cincos"); said bare before a call ("não duvido", "no no dudo") they may be an
exclamation before it, so the call is asked about, not played; with the speaker before them or a
verb after them ("eu não duvido", "no digo dudo") they negate it.
"""

from __future__ import annotations

from collections.abc import Sequence

from dudo_hub.voice.language.packs import Meaning
from dudo_hub.voice.understand.comment import phrases, said
from dudo_hub.voice.understand.intent import Intent
from dudo_hub.voice.understand.lexicon import Lexeme
from dudo_hub.voice.understand.names import NAME
from dudo_hub.voice.understand.parser import CORE

GOVERNS = "governs"
"""The cue governs the move: neither played nor asked about."""

UNSURE = "unsure"
"""The cue may govern the move: asked about at most."""

_FREE = (None, "table", "marker")
"""The kinds of word a negation may be said as (not inside a call, a tail or a filler phrase)."""


def _kind(lexeme: Lexeme) -> str | None:
    """The kind of `lexeme`'s meaning, None when the pack does not know it."""
    meaning = lexeme.meaning
    return meaning.kind if meaning is not None else None


def _call(lexeme: Lexeme) -> str | None:
    """The call `lexeme` names, if any."""
    meaning = lexeme.meaning
    return meaning.call if meaning is not None else None


def cancelling_cue(lang: str, lexemes: Sequence[Lexeme], start: int, move: Intent) -> str | None:
    """GOVERNS, UNSURE or None for `move`, whose first core word is `lexemes[start]`. A cancel has
    none ("no, annulla" takes back the last move)."""
    if move.intent in (None, "cancel") or not 0 <= start < len(lexemes):
        return None
    cue = _negated(lang, lexemes, start)
    if cue is None and (_dared(lang, lexemes, start) or move.intent == "bid" and _held(lang, lexemes, start)):
        return GOVERNS
    return cue


def move_start(lexemes: Sequence[Lexeme], move: Intent, part: Sequence[Lexeme] | None = None) -> int:
    """The index in `lexemes` of the first core word of `move`, said in `part` (the words of the
    move, a slice ending or opening the line; default: the last segment of the line). A bid starts
    at its quantity, a call at its word; -1 when neither is said."""
    offset, words = 0, list(lexemes)
    if part is not None:
        offset = len(lexemes) - len(part) if list(lexemes[len(lexemes) - len(part):]) == list(part) else 0
        words = list(part)
    else:  # the last segment: after the last correction marker
        for i, lx in enumerate(words):
            if _kind(lx) == "marker":
                offset = i + 1
        words = words[offset:]
    for i, lx in enumerate(words):
        meaning = lx.meaning
        if meaning is None or meaning.kind not in CORE:
            continue
        if move.intent == "bid" and meaning.kind == "number" and meaning.number == move.quantity:
            return offset + i
        if meaning.kind == "call" and meaning.call == move.intent:
            return offset + i
    return -1


def _negated(lang: str, lexemes: Sequence[Lexeme], start: int) -> str | None:
    """The nearest negation before `lexemes[start]` in its clause: GOVERNS with only move verbs
    between ("non dico dudo"), or UNSURE for a bare "no" / "não" that may be an exclamation; UNSURE
    too when a move verb follows it and other words stand before the move ("non dico più dudo");
    None when there is none, or when another word follows it (the negation is about that word:
    "non è vero, dudo"), or when a new clause opens between ("non dico calza ma dudo")."""
    end, clean = start, True
    while end > 0:
        neg = _negation_before(lang, lexemes, end)
        if neg is not None:
            if clean:
                return _governed(lang, lexemes, neg, end, start)
            return UNSURE if _verb(lang, lexemes[end]) else None
        lx = lexemes[end - 1]
        if _clause_break(lang, lexemes, end - 1):
            return None
        clean = clean and _lead(lang, lx)
        end -= 1
    return None


def _clause_break(lang: str, lexemes: Sequence[Lexeme], i: int) -> bool:
    """Word `i` is no part of a negated clause before the move: a core word, a tail, a name, a
    correction marker that is no move verb, an "[unk]", or one of the pack's openers ("ma", "but")."""
    lx = lexemes[i]
    if lx.unk or lx.meaning is NAME:
        return True
    if _verb(lang, lx):  # "no digo dudo": Spanish "digo" is also a correction marker
        return False
    if _kind(lx) in (*CORE, "tail", "marker"):
        return True
    words = said(list(lexemes[i:]))
    return any(tuple(words[: len(o)]) == o for o in phrases(lang, "openers").get(words[0], ()))


def _negation_before(lang: str, lexemes: Sequence[Lexeme], end: int) -> int | None:
    """The index where one of the pack's negations said right before `end` starts ("not", "don t")."""
    return _phrase_ending(lexemes, end, phrases(lang, "negations"), longest=3)


def _governed(lang: str, lexemes: Sequence[Lexeme], neg: int, end: int, start: int) -> str | None:
    """The negation said from `neg` to `end` (then move verbs up to the move at `start`) governs the
    move; a correction marker ("no", "não") governs it only when it cannot be one."""
    meaning = lexemes[neg].meaning
    if meaning is None or meaning.kind != "marker":
        return GOVERNS
    if any(_kind(lx) in CORE for lx in lexemes[:neg]):
        # "sete não oito cincos": a correction; "dudo no calzo" may be one, or a Dudo and not a Calza
        return UNSURE if _kind(lexemes[start]) == "call" else None
    verb_after = any(_verb(lang, lx) for lx in lexemes[end:start])
    speaker_before = neg > 0 and _said_in(lexemes[neg - 1], phrases(lang, "first_person"))
    return GOVERNS if verb_after or speaker_before else UNSURE


def _lead(lang: str, lexeme: Lexeme) -> bool:
    """A word that may stand between a negation and the move it governs: a move verb, the speaker
    as subject, a clitic ("no lo dudo"), a link ("eh", "ehm")."""
    meaning = lexeme.meaning
    if meaning is NAME:
        return False
    return _verb(lang, lexeme) or _said_in(lexeme, phrases(lang, "first_person")) or _said_in(
        lexeme, phrases(lang, "clitics")) or (meaning is not None and meaning.kind == "link")


def _verb(lang: str, lexeme: Lexeme) -> bool:
    """One of the pack's move verbs ("dico", "saying")."""
    return lexeme.meaning is not NAME and _said_in(lexeme, phrases(lang, "move_verbs"))


def _said_in(lexeme: Lexeme, listed: dict[str, tuple[tuple[str, ...], ...]]) -> bool:
    """The lexeme's words are one of `listed`."""
    words = tuple(lexeme.text.split())
    return bool(words) and words in listed.get(words[0], ())


def _dared(lang: str, lexemes: Sequence[Lexeme], start: int) -> bool:
    """One of the pack's dares right before the move, after a player spoken to with a handoff ("go
    on lucy say dudo", "forza luca chiama calza", "lucy come on call calza"), with only fillers
    between: that player is told to make it. A name alone before it still names whose move it is
    ("giulia chiama calza": Giulia's, or Giulia told); the speaker as subject is no dare ("léa t'es
    folle, moi je dis cinq six")."""
    if start == 0 or not _said_in(lexemes[start - 1], phrases(lang, "dares")):
        return False
    speaker, handoffs = phrases(lang, "first_person"), phrases(lang, "handoffs")
    handed = False
    for i in range(start - 2, -1, -1):
        lx = lexemes[i]
        if lx.meaning is NAME:
            return handed or i > 0 and _said_in(lexemes[i - 1], handoffs)
        if lx.meaning is None or lx.meaning.kind not in ("filler", "link") or _said_in(lx, speaker):
            return False
        handed = handed or _said_in(lx, handoffs)
    return False


def _held(lang: str, lexemes: Sequence[Lexeme], start: int) -> bool:
    """One of the pack's having verbs (the third person: another player's hand) said before the bid,
    with only fillers and links between ("lucy has at least five fives", "sara ha almeno cinque
    cinque", "diego tiene por lo menos seis cincos"): dice in a hand, talked about. A verb listed
    alone needs the player named before it; one listed with more words ("elle a", "s got") does not.
    """
    having = phrases(lang, "having")
    i = start
    while True:
        words = said(list(lexemes[:i]))
        for group in having.values():
            for verb in group:
                if len(verb) <= len(words) and tuple(words[len(words) - len(verb):]) == verb and (
                        len(verb) > 1 or any(lx.meaning is NAME for lx in lexemes[: i - 1])):
                    return True
        if i == 0:
            return False
        lx = lexemes[i - 1]
        if lx.meaning is NAME or lx.meaning is None or lx.meaning.kind not in ("filler", "link"):
            return False
        i -= 1


def counts_in_reason(lang: str, lexemes: Sequence[Lexeme]) -> list[Lexeme]:
    """A count said right after one of the pack's `not_even` in a Dudo's reason, after the call, is
    the reason's, not a bid: it and the "even" become the call's tail ("dudo, non ce ne sono
    neanche due", "dudo there aren't even two fives"), the count a tail with its number; so do the
    negations and the tails between the call and that count: the negation governs the reason, not
    the call ("dudo no hay ni dos", "duvido não tem nem dois", "dudo il y en a même pas deux")."""
    out = list(lexemes)
    call = next((i for i, lx in enumerate(out) if _kind(lx) == "call"), None)
    if call is None or _call(out[call]) != "dudo":
        return out
    tail = Meaning("tail", call="dudo")
    even, negations = phrases(lang, "not_even"), phrases(lang, "negations")
    i = call + 1
    while i < len(out):
        said_at = _phrase_ending(out, i, even)
        meaning = out[i].meaning
        if said_at is None or meaning is None or meaning.kind != "number":
            i += 1
            continue
        end = i + 1
        while end < len(out) and _kind(out[end]) == "link":
            end += 1
        end = end + 1 if end < len(out) and _face(out[end]) else i + 1
        count = Meaning("tail", number=meaning.number, call="dudo")  # the reason's count
        out[said_at:end] = [Lexeme(lx.text, count if j == i else tail, lx.conf)
                            for j, lx in enumerate(out[said_at:end], start=said_at)]
        for j in range(call + 1, said_at):  # the reason's negations and tails
            if _kind(out[j]) == "tail" or _said_in(out[j], negations) and (
                    _kind(out[j]) is None or _kind(out[j]) in _FREE):
                out[j] = Lexeme(out[j].text, tail, out[j].conf)
        i = end
    return out


def _phrase_ending(lexemes: Sequence[Lexeme], end: int, listed: dict[str, tuple[tuple[str, ...], ...]],
                   longest: int = 2) -> int | None:
    """Where one of `listed`, said in at most `longest` whole free words right before `end`, starts."""
    for start in range(end - 1, max(-1, end - 1 - longest), -1):
        span = lexemes[start:end]
        if any(lx.meaning is NAME or _kind(lx) not in _FREE for lx in span):
            return None
        words = said(list(span))
        if words and tuple(words) in listed.get(words[0], ()):
            return start
    return None


def _face(lexeme: Lexeme) -> bool:
    """A face name, or a number word that names a face."""
    meaning = lexeme.meaning
    return meaning is not None and meaning.face is not None and meaning.kind in ("face", "number")


def belief_in_reason(lang: str, lexemes: Sequence[Lexeme]) -> list[Lexeme]:
    """A call word that is a negated belief ("non ci credo", "no me lo creo", "não acredito": it holds
    one of the pack's negations) said right after another call and followed by one of the pack's
    `complements` ("che", "que") is not a Dudo but that call's reason: it and the complement become
    the first call's tail ("calza non ci credo che sbagli"). Said alone first, it stays a call, and
    a belief with a complement and no call before it is told ("non ci credo che bluffi così")."""
    out = list(lexemes)
    calls = [i for i, lx in enumerate(out) if _kind(lx) == "call"]
    if len(calls) < 2 or _call(out[calls[0]]) in (None, "cancel"):
        return out
    first, belief = calls[0], calls[1]
    meaning = out[first].meaning
    assert meaning is not None
    between = out[first + 1 : belief]
    if any(lx.meaning is None or lx.meaning is NAME or lx.meaning.kind not in ("filler", "link", "tail")
           for lx in between) or belief + 1 >= len(out):
        return out
    negations = phrases(lang, "negations")
    words = out[belief].text.split()
    if not any((w,) in negations.get(w, ()) for w in words):
        return out
    if not _said_in(out[belief + 1], phrases(lang, "complements")):
        return out
    tail = Meaning("tail", call=meaning.call)
    out[belief : belief + 2] = [Lexeme(lx.text, tail, lx.conf) for lx in out[belief : belief + 2]]
    return out
