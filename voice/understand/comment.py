"""A comment beside one clear move: does it change the move, or is it plain table talk?

The policy (`voice.policy`) finds the one clear move said first or last beside words the pack
does not know (`clear_part`). Most such words are harmless ("luca guarda e impara, sei sei",
"cinque tre che ho la mano buona"); what changes a move's meaning is short and listed per
language as closed word classes. `plain_comment` says when the comment is only talk: the move
is then played, not asked about. What keeps it an ask:

- a story or a doubt anywhere in the line (the packs' `stories`: reported speech,
  hypotheticals; `doubts`: "forse", "maybe", others saying or calling, "after", past forms), a
  word ending like a past tense (`past_endings`: "tre assi e ho giocato bene"), a question word
  before the move (`questions`: "cosa faccio, sette cinque");
- a number other than the standing bid's and the move's own, or a count's lead ("ci sono");
- before a bid said last: no lead-in right before it (a pack word, an opener, a verb after
  `first_person`: "io sparo"; not "in teoria sette cinque"), or a word that
  makes it talked about (`talked_about`: "con", "ho", "è": "il mio record è sette cinque");
  a player named inside the comment, or first without words that speak to them (`spoken_to`),
  a lead-in or the call's tail ("marco dirà sicuramente dudo");
- after the move: no new clause (`openers`, a handoff, a name; for a call, one of its tails:
  "sei cinque volte più fortunato", "calza giovanni" are one sentence with the move);
- a cancel not opening the line with its reason, an "[unk]".

Sound-alikes and low confidence are the policy's to check.
"""

from __future__ import annotations

from functools import cache

from dudo_hub.voice.language.text import tokens
from dudo_hub.voice.understand.intent import Intent
from dudo_hub.voice.understand.lexicon import Lexeme, lexicon_for
from dudo_hub.voice.understand.names import NAME
from dudo_hub.voice.understand.nearmiss import explained
from dudo_hub.voice.understand.parser import CORE

Phrases = dict[str, tuple[tuple[str, ...], ...]]


def plain_comment(lang: str, lexemes: list[Lexeme], part: list[Lexeme], move: Intent,
                  standing: tuple[int, int] | None, judged: bool = False) -> bool:
    """The words beside `part` (the clear move's words, first or last in the line) change
    nothing about `move`: it may be played. `judged`: the line opened with the standing bid,
    which the comment judges ("quattro cinque è poco, sette cinque"): no lead-in is needed."""
    if any(lx.unk for lx in lexemes):
        return False
    start = len(lexemes) - len(part)
    at_end = start > 0 and lexemes[start:] == part
    comment = lexemes[:start] if at_end else lexemes[_last_core(part) + 1 :]
    if _told(lang, lexemes if at_end else story_scope(lang, lexemes, part, False), part, comment, move, standing):
        return False
    if move.intent == "cancel":  # "annulla, che mi sono sbagliato": a cancel opening its reason
        return not at_end and _backed(move, comment)
    if at_end:
        return _plain_before(lang, lexemes, part, comment, move, judged)
    return _opens(lang, comment) or move.intent != "bid" and _backed(move, comment)


def _told(lang: str, lexemes: list[Lexeme], part: list[Lexeme], comment: list[Lexeme], move: Intent,
          standing: tuple[int, int] | None) -> bool:
    """The line holds a story or a doubt, the comment another number or a verb in a past tense,
    or a question comes before the move."""
    words = said(lexemes)
    asked = said(lexemes[: len(lexemes) - len(part) + _first_core(part)])
    return (_numbers(comment, standing, move) or past_said(lang, comment) or has_phrase(words, phrases(lang, "stories"))
            or has_phrase(words, phrases(lang, "doubts")) or has_phrase(asked, phrases(lang, "questions")))


def story_scope(lang: str, lexemes: list[Lexeme], part: list[Lexeme], at_end: bool) -> list[Lexeme]:
    """The words whose stories count for the move of `part`: a move said first and followed by a
    new clause of the speaker's after one of the pack's openers (then `first_person`, or a one-word
    story: a condition) is told apart from that clause ("huit quatre et je bluffe même pas", "calza e
    se perdo pago io"); not a reason told ("siete cincos porque
    era la última ronda"), nor a cancel's; a bid said last right after an opener, apart from the clause before it
    ("não sei se é assim que fala mas cinco dados de dois": asked at most)."""
    openers = phrases(lang, "openers")
    if at_end:
        start = len(lexemes) - len(part)
        before = said(lexemes[:start])
        fixes = phrases(lang, "corrections")
        opened = any(tuple(before[len(before) - len(o):]) == o and not any(w in fixes for w in o)
                     for group in openers.values() for o in group if len(before) >= len(o))
        return lexemes[start - 1 :] if opened and start > 0 else lexemes
    if not any(lx.meaning is not None and lx.meaning.kind in CORE for lx in part) or any(
            lx.meaning is not None and lx.meaning.call == "cancel" for lx in part):  # a cancel's reason is told
        return lexemes
    end = _last_core(part) + 1
    if end < len(lexemes) and lexemes[end].meaning is NAME:
        return lexemes[:end]  # a player spoken to right after the move: "cinque assi luca fatti sotto se hai coraggio"
    rest = said(lexemes[end:])
    speaker = phrases(lang, "first_person")
    conditions = _conditions(lang)
    if rest and any(tuple(rest[: len(o)]) == o and (
            has_phrase(rest[len(o) : len(o) + 1], speaker) or o[-1] in conditions
            or has_phrase(rest[len(o) : len(o) + 1], conditions)) for o in openers.get(rest[0], ())):
        return lexemes[:end]
    return lexemes


@cache
def _conditions(lang: str) -> Phrases:
    """The pack's one-word stories ("se", "if"): after an opener, a clause of its own."""
    return {w: ((w,),) for w, group in phrases(lang, "stories").items() if (w,) in group}


def past_said(lang: str, comment: list[Lexeme]) -> bool:
    """A word of the comment the pack does not know ends like a past tense ("vinto", "credeva",
    "believed"): the comment tells what happened ("tre assi e ho vinto la mano"). A present word
    that ends the same way only makes the move asked about."""
    endings = _endings(lang)
    return any(w.endswith(end) and len(w) >= len(end) + 2
               for lx in comment if not explained(lx) for w in lx.text.split() for end in endings)


@cache
def _endings(lang: str) -> tuple[str, ...]:
    """The pack's past-tense endings, folded as the lexer writes words."""
    return tuple(" ".join(tokens(e)) for e in lexicon_for(lang).pack.past_endings)


def _plain_before(lang: str, lexemes: list[Lexeme], part: list[Lexeme], comment: list[Lexeme],
                  move: Intent, judged: bool = False) -> bool:
    """A comment before the move: a player named only first, and spoken to or followed by a
    lead-in or the call's tail; no count's lead; no word right before a bid that makes it
    talked about."""
    if any(lx.meaning is NAME for lx in comment) and not (
            _spoken_to(lang, comment) or _led_or_backed(move, part, lexemes)):
        return False
    before = said(lexemes[: len(lexemes) - len(part) + _first_core(part)])
    lead = lexemes[len(lexemes) - len(part) + _first_core(part) - 1 :][:1]
    phrased = bool(lead) and explained(lead[0]) and " " in lead[0].text  # "vou de", "vado con": a lead-in
    talked_about = move.intent == "bid" and not phrased and has_phrase(before[-1:], phrases(lang, "talked_about"))
    led = judged or _spoken_to(lang, comment) or _led_in(lang, lexemes[: len(lexemes) - len(part) + _first_core(part)])
    return (all(lx.meaning is not NAME for lx in comment[1:]) and not _count_lead(lang, said(comment))
            and not talked_about and (led or move.intent != "bid"))


def _led_in(lang: str, before: list[Lexeme]) -> bool:
    """The word right before a bid leads it in: a word of the pack ("allora", "dico", "vabbè"),
    one of its openers ("ma", "but"), or a verb after the speaker as subject ("io sparo sei
    cinque"); not another unknown word, which may make the bid the end of another sentence ("ho
    sognato sette cinque", "in teoria sette cinque")."""
    if not before or explained(before[-1]):
        return True
    words = said(before)
    return has_phrase(words[-1:], phrases(lang, "openers")) or has_phrase(words[-2:-1], phrases(lang, "first_person"))


def _backed(move: Intent, comment: list[Lexeme]) -> bool:
    """The comment holds one of the move's tails or its word again ("dudo, non ci sono quattro
    cinque"; "annulla, che mi sono sbagliato")."""
    return any(lx.meaning is not None and lx.meaning.kind in ("tail", "call") and lx.meaning.call == move.intent
               for lx in comment)


def said(lexemes: list[Lexeme]) -> list[str]:
    """The words of `lexemes`, one by one."""
    return [w for lx in lexemes for w in lx.text.split()]


def counts(comment: list[Lexeme], standing: tuple[int, int] | None) -> bool:
    """The comment holds a number or a face other than the standing bid's ("io ne ho due")."""
    quantity, face = standing if standing is not None else (None, None)
    for lx in comment:
        meaning = lx.meaning
        if meaning is None or meaning.kind not in ("number", "face"):
            continue
        if meaning.kind == "number" and meaning.number in (quantity, face):
            continue
        if meaning.kind == "face" and meaning.face == face:
            continue
        return True
    return False


def _numbers(comment: list[Lexeme], standing: tuple[int, int] | None, move: Intent) -> bool:
    """The comment holds a number other than the standing bid's and the move's own ("io ne ho
    due"; not "sette cinque, solo sette cinque"); a face name alone is no count ("con i pacos
    che contano dico cinque quattro")."""
    mine = {*(standing or ()), move.quantity, move.face}
    return any(lx.meaning is not None and lx.meaning.kind == "number" and lx.meaning.number not in mine
               for lx in comment)


def told_story(lang: str, lexemes: list[Lexeme]) -> bool:
    """One of the pack's stories is said: a word left unexplained ("sarebbe", "ayer"), or a
    phrase anywhere ("scommetto che", "o no", "si chiama"), that makes the move told, reported,
    asked or hypothetical rather than made."""
    said_words = [(w, explained(lx)) for lx in lexemes for w in lx.text.split()]
    words = [w for w, _ in said_words]
    if call_defined(lang, lexemes) or weighed(lang, lexemes) or counts_measures(lang, lexemes):
        return True
    starting = phrases(lang, "stories")
    for i, (word, known) in enumerate(said_words):
        for story in starting.get(word, ()):
            if len(story) == 1:
                if not known:
                    return True
            elif tuple(words[i : i + len(story)]) == story:
                return True
    return False


def call_defined(lang: str, lexemes: list[Lexeme]) -> bool:
    """A call word is talked about: right after it, one of the pack's `defined_as` ("dudo em
    espanhol é duvido", "dudo means i doubt", "dudo vuol dire dubito")."""
    defined = phrases(lang, "defined_as")
    return any(lx.meaning is not None and lx.meaning.kind == "call" and lexemes[i + 1].text.split()[0] in defined
               and _starts(said(lexemes[i + 1 :]), defined) for i, lx in enumerate(lexemes[:-1]))


def weighed(lang: str, lexemes: list[Lexeme]) -> bool:
    """Two moves weighed aloud: one of the pack's `alternatives` between core words ("sei cinque o
    sette tre non so", "dudo o calza questo è il dilemma")."""
    alternatives = phrases(lang, "alternatives")
    found = [i for i, lx in enumerate(lexemes) if i > 0 and lx.text.split()[0] in alternatives]
    if not found:
        return False
    core = [lx.meaning is not None and lx.meaning.kind in CORE for lx in lexemes]
    return any(core[i - 1] and not core[i] and any(core[i + 1 :]) and _starts(said(lexemes[i:]), alternatives)
               for i in found)


def counts_measures(lang: str, lexemes: list[Lexeme]) -> bool:
    """A number right before one of the pack's `measures` counts something else ("mi hermano tiene
    seis años", "five times"): never a bid."""
    measures = phrases(lang, "measures")
    return any(lx.meaning is not None and lx.meaning.kind == "number" and lexemes[i + 1].text.split()[0] in measures
               and _starts(said(lexemes[i + 1 :]), measures) for i, lx in enumerate(lexemes[:-1]))


def _starts(words: list[str], phrases: Phrases) -> bool:
    """`words` open with one of `phrases`."""
    return bool(words) and any(tuple(words[: len(p)]) == p for p in phrases.get(words[0], ()))


def has_phrase(words: list[str], phrases: Phrases) -> bool:
    """One of `phrases` (indexed by their first word) is said anywhere in `words`."""
    return any(tuple(words[i : i + len(p)]) == p for i, w in enumerate(words) for p in phrases.get(w, ()))


def _opens(lang: str, comment: list[Lexeme]) -> bool:
    """The comment after a move opens a new clause: one of the pack's openers ("e", "che",
    "perché", "and"), a handoff, or a player spoken to ("due pacos, giulia muoviti"). Italian
    and Portuguese "e" (and) and "che" / "que" (that) open one only before a pronoun, a negation
    or an auxiliary ("e non", "che ho"): folded, "e" is also "è" / "é" (is: "sette pacos è
    troppo"), and "che coraggio", "qué valiente" are exclamations about the bid."""
    if not comment:
        return True
    if comment[0].meaning is NAME:
        return True
    words = said(comment)
    return any(tuple(words[: len(p)]) == p for p in (*phrases(lang, "openers").get(words[0], ()),
                                                       *phrases(lang, "handoffs").get(words[0], ())))


def _led_or_backed(move: Intent, part: list[Lexeme], lexemes: list[Lexeme]) -> bool:
    """A bid led in by a pack word ("luca, io dico sei sei"), a call backed by one of its tails
    ("sara secondo me menti, dudo"): a player named in the comment is spoken to, not the one
    telling ("marco dirà sicuramente dudo")."""
    if move.intent == "bid":
        return part[0].meaning is not None and part[0].meaning.kind not in CORE and part[0].meaning is not NAME
    return any(lx.meaning is not None and lx.meaning.kind == "tail" and lx.meaning.call == move.intent
               for lx in lexemes)


def _spoken_to(lang: str, comment: list[Lexeme]) -> bool:
    """The comment opens with a player's name and words that speak to them ("luca guarda e
    impara", "carmen tú no tienes ni uno"): the name is addressed, not the one telling."""
    if not comment or comment[0].meaning is not NAME:
        return False
    words = said(comment[1:])
    return bool(words) and any(tuple(words[: len(p)]) == p for p in phrases(lang, "spoken_to").get(words[0], ()))


def _count_lead(lang: str, words: list[str]) -> bool:
    """The words that lead a told count ("ci sono", "there are") are said: what follows is
    counted, not bid ("ci sono tre assi")."""
    leads = {before for before, _ in lexicon_for(lang).pack.counts.templates if before}
    return any(tuple(words[i : i + len(lead)]) == lead for lead in leads for i in range(len(words)))


def _first_core(part: list[Lexeme]) -> int:
    """The index of the first number, face or call word in `part`."""
    return min(i for i, lx in enumerate(part) if lx.meaning is not None and lx.meaning.kind in CORE)


def _last_core(part: list[Lexeme]) -> int:
    """The index of the last number, face or call word in `part`."""
    return max(i for i, lx in enumerate(part) if lx.meaning is not None and lx.meaning.kind in CORE)


@cache
def phrases(lang: str, field: str) -> Phrases:
    """One of the pack's word lists (stories, doubts, questions, spoken_to, openers, talked_about,
    handoffs), as the words the
    lexer writes, by their first word."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for phrase in getattr(lexicon_for(lang).pack, field):
        words = tuple(tokens(phrase))
        out.setdefault(words[0], []).append(words)
    return {first: tuple(group) for first, group in out.items()}
