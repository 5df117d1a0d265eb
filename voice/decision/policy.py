"""The decision policy: when a transcript becomes a move, whose, and whether it is played.

One place for the hub (`voice.table`) and `dudo parse`. Precision first: a friend's
chatter must never cost a die, so a transcript is a move only when every word is
explained as part of a call.

1. The words are lexed with the pack (`voice.lexicon`). A seated player's name is set
   aside (`voice.names`): the whole name, exactly or one letter off when it has four letters or more;
   never a pack word, never part of another word ("to" is not "Tom"). A name right
   after one of the pack's handoffs ("tocca a te Luca") is only addressed.
2. A word the pack does not know may be a drawn-out filler ("eeeh", "mmmh", "allooora":
   the same letters as a filler, some said longer), or a recogniser's near-miss of one pack word (`voice.nearmiss`):
   one edit away, four letters or more, and only when both neighbours are explained
   ("otto cinqe" -> 8 x 5, "dudu" -> dudo). Never across words, never beside another
   unexplained word ("sei pazzo" stays chatter). Fragments of a word split by the recogniser
   are joined when the join is one pack word (`voice.splits`: "sei cin que"): played only as a
   number or a face inside a bid, asked at most as a call word ("cal za").
3. Any word left unexplained (unknown, a table word such as "tocca" or "a testa", or
   the recogniser's "[unk]") means no move. When the other words do make a call, the
   decision is *rejected* ("unclear"; "unknown_word" for an "[unk]" inside the call) so the TV
   can say what was heard and that nothing was played; or, when the line holds one move anywhere and
   nothing cancels it (`voice.scan`: ask, don't ignore), it is asked, or played when said first or
   last beside a plain remark (`voice.edges`: "dudo mate nobody believes that"); or, when one clear move is
   said before or after the unexplained words (`voice.clearpart`), and none of the pack's `stories`
   is said (an unexplained word: "would", "sarebbe", "ayer"; a phrase anywhere: "scommetto
   che", "o no", "al posto tuo"), the hub asks about it; or plays it when the words beside it
   are a plain comment (`voice.comment`: no story, no doubt, no other count, a new clause after
   the move; "sette quattro perché me lo sento") and the move was heard sure.
4. The words make a move by the pack's grammar (`voice.parser`): fillers around it,
   links inside a bid, the last call after a correction marker ("sette no otto
   cinque"), a repeated call counted once. Around a call, the standing bid (or its
   face) and the pack's tails for that call may be said ("dudo su quattro cinque",
   "dudo, non esistono", "calza, sono giuste"); never around a bid.
   A face named before its quantity, with nothing else said, is a bid too (`voice.facefirst`:
   "vado sugli assi tre").
   A typed transcript ending in "?" is a question ("sette cinque?"), never a move
   (recognisers do not write question marks). A cue said before the move in its clause cancels it
   (`voice.cancelling`, neither played nor asked): a negation ("non dico dudo", "i'm not saying
   dudo", "je dis pas calza"), a dare to a player spoken to ("go on lucy say dudo"), another
   player's hand counted ("lucy has at least five fives"); a bare "no" / "não" before a call, which
   may be an exclamation ("não duvido"), keeps it asked at most.
5. With recogniser confidences (Vosk `SetWords`), a call word below `min_confidence`
   rejects the move ("low_confidence"); a corrected near-miss counts with its
   similarity ("dudu" is 0.75).
6. Whose: the player who names themselves ("qui è sara calza"), or named; else the player whose
   mic window is open (`speaker`); else the player to act. Naming the standing bidder in a Dudo
   ("dudo su Sara") names the target, not the caller. A name beside a handoff ("Giulia, tocca a te"), or
   after a bid with words left unexplained ("sei pacos, e Giulia beve": asked at most),
   is only addressed; so is a bare name right after a bid when the named player may not make
   it and the player to act may ("sei tre giulia"), but not one after a preposition, a proxy
   ("gioco io per giulia sei due"). The standing bidder named beside a Calza is judged, like
   beside a Dudo ("sara calza"). A player named and told something in words that are a call's
   tail, after or before a bid, is spoken to: the tail's words are a comment beside the bid
   (`voice.remarks`: "sept cinq léa tu bluffes", "carmen estás loca yo digo cinco seises").
   The standing bid quoted before
   the player's own ("sara ha detto quattro cinque, io dico sei cinque") leaves only
   what follows it to decide; said first and judged ("quattro cinque è poco, sette cinque"), or
   reported with its bidder named ("cuatro quinas dijo la carmen, yo digo cinco quinas": asked),
   the speaker's own bid after it. A bid said last right after one of the pack's `determiners`
   ("questa storia dei due assi", "the thing with the two aces") names dice talked about: no move.
7. Played: the position says whether that player may make that move now (the engine's
   own refusal codes): a legal bid is played, a Dudo or a Calza opens its confirm
   window; a cancel is acted on (the controller takes back the last heard move, or says
   there is nothing to take back).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from dudo_hub.voice.decision.credit import credit, spoken_to_after
from dudo_hub.voice.decision.position import Position
from dudo_hub.voice.decision.quoting import after_quote, articles_set_aside, opens_with
from dudo_hub.voice.language.text import UNK, tokens
from dudo_hub.voice.understand.cancelling import (
    GOVERNS,
    UNSURE,
    belief_in_reason,
    cancelling_cue,
    counts_in_reason,
    move_start,
)
from dudo_hub.voice.understand.clearpart import clear_part, standing_as_tail
from dudo_hub.voice.understand.comment import has_phrase, phrases, plain_comment
from dudo_hub.voice.understand.edges import at_edge
from dudo_hub.voice.understand.facefirst import face_first
from dudo_hub.voice.understand.intent import NOTHING, Intent
from dudo_hub.voice.understand.lexicon import Lexeme, lexicon_for
from dudo_hub.voice.understand.names import NAME, handoffs_of, name_tokens, self_named, take_names
from dudo_hub.voice.understand.nearmiss import correct_near_misses, explained
from dudo_hub.voice.understand.parser import CORE, read
from dudo_hub.voice.understand.remarks import remark_after_bid
from dudo_hub.voice.understand.scan import unhindered
from dudo_hub.voice.understand.splits import join_splits

DEFAULT_MIN_CONFIDENCE = 0.75
"""A call word's lowest acceptable confidence: Vosk's word posterior, or a near-miss's
similarity ("dudu" -> "dudo" is 0.75, "sete" -> "sette" 0.89)."""

REJECTIONS = ("unclear", "unknown_word", "low_confidence", "question", "sound_alike")
"""Reasons a call that was heard is not played because it was not heard well enough."""

_QUESTION = re.compile(r"\?[\s!?.…]*$")


@dataclass(frozen=True, slots=True)
class Word:
    """One recognised word and the recogniser's confidence in it (0..1)."""

    text: str
    conf: float = 1.0


def _standing(position: Position) -> tuple[int, int] | None:
    """The standing bid (quantity, face), when the position says (`standing()`, optional)."""
    standing = getattr(position, "standing", None)
    return standing() if callable(standing) else None


@dataclass(frozen=True, slots=True)
class Decision:
    """What a transcript is to the hub now.

    `move` is what the words say (for a rejection: what the explained words alone
    said), with the player it is credited to; `played` is True when the hub acts on
    it; `asked` when the hub asks that player "did you mean?" (a legal move heard not
    well enough to play); `reason` is the engine's refusal code or one of REJECTIONS.
    """

    text: str
    move: Intent = NOTHING
    played: bool = False
    reason: str | None = None
    asked: bool = False

    @property
    def rejected(self) -> bool:
        """True when a call was heard but not well enough to act on, nor to ask about."""
        return self.reason in REJECTIONS and not self.asked

    @property
    def player(self) -> str | None:
        """Who the move is credited to."""
        return self.move.player

    def to_json(self) -> dict[str, Any]:
        """The `dudo parse --batch` line: text, intent, quantity, face, player, played, and
        asked (the move asked about: {intent, quantity, face, player}, or null)."""
        move = NOTHING if self.rejected or self.asked else self.move
        asked = None
        if self.asked:
            asked = {"intent": self.move.intent, "quantity": self.move.quantity, "face": self.move.face,
                     "player": self.move.player}
        return {"text": self.text, "intent": move.intent, "quantity": move.quantity, "face": move.face,
                "player": move.player, "played": self.played, "asked": asked}


def decide(
    text: str,
    lang: str,
    position: Position,
    *,
    words: Sequence[Word] | None = None,
    speaker: str | None = None,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
) -> Decision:
    """Decide what `text` (or the recogniser's `words`) is in `position`."""
    standing = _standing(position)
    heard_all = _lex(lang, text, words)
    lexemes, quoted = after_quote(heard_all, standing)
    judged = quoted and opens_with(heard_all, standing)
    named, lexemes = take_names(lexemes, position.players(), handoffs_of(lang))
    speaker = self_named(lang, lexemes, named) or speaker
    lexemes, rebuilt = join_splits(lang, lexemes)
    heard, lexemes = lexemes, correct_near_misses(lang, lexemes)
    guessed = _guessed(lang, heard, lexemes)
    lexemes = articles_set_aside(lexemes)
    lexemes = remark_after_bid(lexemes, {" ".join(name_tokens(n)) for n in named})
    lexemes = belief_in_reason(lang, counts_in_reason(lang, lexemes))
    known = [lx for lx in lexemes if explained(lx)]
    meanings = [lx.meaning for lx in known if lx.meaning is not None]
    move = read(meanings)
    if move.intent is None:
        move = read(standing_as_tail(meanings, standing))
    if move.intent is None and len(known) == len(lexemes):
        move = face_first(lang, lexemes)
    guessed = guessed or _rebuilt_unsure(rebuilt, move)
    if len(known) < len(lexemes) and not _QUESTION.search(text):
        sure = not guessed and all(lx.conf >= min_confidence for lx in lexemes
                                   if lx.meaning is not None and lx.meaning.kind in CORE)
        return _told_around(text, lang, lexemes, move, named, speaker, position, quoted, sure, judged, guessed)
    if move.intent is None:
        return _lone(text, lang, lexemes, named, speaker, position, quoted, guessed) or Decision(text)
    cue = cancelling_cue(lang, lexemes, move_start(lexemes, move), move)
    if cue == GOVERNS:
        return Decision(text)
    credited = spoken_to_after(credit(move, named, speaker, position, quoted), lexemes, named, speaker, position)
    if len(named) > 1 or _QUESTION.search(text):
        return Decision(text, credited, reason="question" if _QUESTION.search(text) else "unclear")
    confidence = min((lx.conf for lx in lexemes if lx.meaning is not None and lx.meaning.kind in CORE), default=1.0)
    move = replace(credited, confidence=confidence)
    if confidence < min_confidence:
        return _ask(text, move, position, "low_confidence")
    if guessed:
        return _ask(text, move, position, "sound_alike")
    if cue == UNSURE:
        return _ask(text, move, position, "unclear")
    return _play(text, move, position)


def _play(text: str, move: Intent, position: Position) -> Decision:
    """Act on `move`: a cancel always; else when the engine allows its player to make it now."""
    if move.intent == "cancel":
        return Decision(text, move, played=True)
    if move.player is None:
        return Decision(text, move, reason="not_your_turn")
    refused = position.refusal(move.player, move)
    return Decision(text, move, played=refused is None, reason=refused)


def _ask(text: str, move: Intent, position: Position, reason: str) -> Decision:
    """Ask about `move` when its player may make it now; else reject it for `reason`."""
    if move.intent == "cancel":
        return Decision(text, move, reason=reason, asked=True)
    if move.player is None or position.refusal(move.player, move) is not None:
        return Decision(text, move, reason=reason)
    return Decision(text, move, reason=reason, asked=True)


def _told_around(text: str, lang: str, lexemes: list[Lexeme], move: Intent, named: list[str],
                 speaker: str | None, position: Position, quoted: bool, sure: bool,
                 judged: bool = False, guessed: bool = False) -> Decision:
    """Words left unexplained: the one clear move said before or after them (`clear_part`),
    played when the words around it are a plain comment (`voice.comment`) and every call word
    was heard `sure`ly (no sound-alike, no low confidence), else asked about. A name beside the
    unexplained words is addressed ("sara sei coraggiosa, io dico cinque sei"), and so is one
    after a bid ("sei cinque, e Giulia beve")."""
    reason = "unknown_word" if _unk_inside(lexemes) else "unclear"
    found = clear_part(lang, lexemes, _standing(position), quoted, judged)
    if found is None:
        if move.intent is not None and cancelling_cue(lang, lexemes, move_start(lexemes, move), move) == GOVERNS:
            return Decision(text)
        lone = _lone(text, lang, lexemes, named, speaker, position, quoted, guessed) if reason == "unclear" else None
        if lone is not None or move.intent is None:
            return lone or Decision(text)
        return Decision(text, credit(move, named, speaker, position, quoted), reason=reason)
    part_move, part = found
    cue = cancelling_cue(lang, lexemes, move_start(lexemes, part_move, part), part_move)
    if cue == GOVERNS:
        return Decision(text)
    spoken = {lx.text for lx in part if lx.meaning == NAME}
    named = [n for n in named if " ".join(name_tokens(n)) in spoken or part_move.intent != "bid"]
    if part_move.intent == "bid":  # "hugo dit calza", "per luca dudo": the name still says whose call
        named = [n for n in named if not _named_after_core(part, n) and not _addressed(lang, lexemes, n)]
    credited = spoken_to_after(credit(part_move, named, speaker, position, quoted), part, named, speaker, position)
    if len(named) > 1:
        return Decision(text, credited, reason=reason)
    plain = sure and cue is None and reason == "unclear"
    standing = _standing(position)
    if plain and (plain_comment(lang, lexemes, part, part_move, standing, judged) or at_edge(
            lang, lexemes, part_move, standing) and unhindered(lang, lexemes, standing, bool(named)) is not None):
        return _play(text, credited, position)
    return _ask(text, credited, position, reason)


def _lone(text: str, lang: str, lexemes: list[Lexeme], named: list[str], speaker: str | None,
          position: Position, quoted: bool, guessed: bool) -> Decision | None:
    """Ask, don't ignore: the one move a line holds when nothing cancels it (`voice.scan`), asked of
    its player, or played when said at an edge of the line beside a remark (`voice.edges`)."""
    found = None if guessed or _QUESTION.search(text) else unhindered(lang, lexemes, _standing(position), bool(named))
    if found is None or len(named := [n for n in named if " ".join(name_tokens(n)) in found[1]]) > 1:
        return None
    move = credit(found[0], named, speaker, position, quoted)
    decided = _play(text, move, position) if at_edge(lang, lexemes, found[0], _standing(position)) else Decision(text)
    decided = decided if decided.played else _ask(text, move, position, "unclear")
    return decided if decided.played or decided.asked else None


def _addressed(lang: str, lexemes: list[Lexeme], name: str) -> bool:
    """`name` is said right after an unexplained word, or first and right before one
    ("carmen, estás loca ..."): spoken to, not the one moving ("por diego que ...", "gioco io
    per giulia ...": a preposition of the pack's `talked_about` before it names a proxy)."""
    spoken = " ".join(name_tokens(name))
    for i, lx in enumerate(lexemes):
        if lx.text != spoken or lx.meaning != NAME:
            continue
        if i > 0 and has_phrase(lexemes[i - 1].text.split()[-1:], phrases(lang, "talked_about")):
            continue
        if (i > 0 and not explained(lexemes[i - 1])) or (
                i == 0 and i + 1 < len(lexemes) and not explained(lexemes[i + 1])):
            return True
    return False


def _rebuilt_unsure(rebuilt: list[Lexeme], move: Intent) -> bool:
    """A split word joined (`voice.splits`) is heard sure only as a number or a face inside a
    bid ("sei cin que"); a call word rebuilt ("du do", "cal za") is asked at most."""
    kinds = {lx.meaning.kind for lx in rebuilt if lx.meaning is not None}
    return "call" in kinds or bool(kinds & {"number", "face"}) and move.intent != "bid"


def _guessed(lang: str, heard: list[Lexeme], corrected: list[Lexeme]) -> bool:
    """A core word heard as one of the pack's sound-alike spellings ("du do"), or
    corrected from an unknown word ("dudu")."""
    alikes = _alike_spellings(lang)
    return any(
        after.meaning is not None and after.meaning.kind in CORE and (before.meaning is None or before.text in alikes)
        for before, after in zip(heard, corrected, strict=True)
    )


@cache
def _alike_spellings(lang: str) -> frozenset[str]:
    """The pack's sound-alike spellings, as the lexer writes them ("du do")."""
    return frozenset(" ".join(tokens(s)) for spellings in lexicon_for(lang).pack.sound_alikes.values()
                     for s in spellings)


def _named_after_core(lexemes: list[Lexeme], name: str) -> bool:
    """`name` is said only after the last core word: addressed ("sei pacos, Giulia"), not the bidder."""
    core = [i for i, lx in enumerate(lexemes) if lx.meaning is not None and lx.meaning.kind in CORE]
    spoken = " ".join(name_tokens(name))
    at = [i for i, lx in enumerate(lexemes) if lx.text == spoken and lx.meaning == NAME]
    return bool(core) and bool(at) and min(at) > core[-1]


def _lex(lang: str, text: str, words: Sequence[Word] | None) -> list[Lexeme]:
    """The lexemes of the text, or of the recogniser's words with their confidences."""
    lexicon = lexicon_for(lang)
    if words is None:
        return lexicon.lex(text)
    folded: list[str] = []
    confs: list[float] = []
    for word in words:
        parts = [UNK] if word.text == UNK else tokens(word.text)
        folded.extend(parts)
        confs.extend([word.conf] * len(parts))
    return lexicon.lex_words(folded, confs)


def _unk_inside(lexemes: list[Lexeme]) -> bool:
    """An "[unk]" between the first and the last core word."""
    core = [i for i, lx in enumerate(lexemes) if lx.meaning is not None and lx.meaning.kind in CORE]
    return bool(core) and any(lx.unk for lx in lexemes[core[0] : core[-1]])
