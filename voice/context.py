"""State-aware parsing: what the words mean given the moves that are legal now.

Bids are plain (quantity, face) tuples, so this module needs nothing from the engine.
A clean parse is checked against the legal moves. When the transcript has words the
pack does not know, they may be a seated player's name ("Calza, Marco") or a
recogniser's near-miss ("sete cinqe", "dudu"): the near-miss is read as the closest
phrase the pack can say (rapidfuzz ratio), ties going to a legal move, and only when
the similarity reaches `min_confidence`. The closest reading is then checked like any
other, so a misheard illegal bid is refused with its reason, never swapped silently
for a different legal one. A transcript whose words are all known but make no move
("venticinque", "sette") stays no move: fuzzy matching never overrides the grammar.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from rapidfuzz import fuzz, process

from dudo_hub.voice.intent import NOTHING, Intent
from dudo_hub.voice.lexicon import Lexeme, lexicon_for
from dudo_hub.voice.packs import MIN_NUMBER, load_pack
from dudo_hub.voice.parser import interpret
from dudo_hub.voice.text import fold
from dudo_hub.voice.wording import bid_phrases

DEFAULT_MIN_CONFIDENCE = 0.75
"""Similarity (0..1) a near-miss needs: "dudu" -> "dudo" is 0.75, "sete cinqe" 0.91."""

NAME_MIN_SCORE = 75.0
"""Similarity (0..100) a word needs to be read as a seated player's name."""

Explain = Callable[[int, int], str]


@dataclass(frozen=True, slots=True)
class Heard:
    """The move to make now (`intent`), what the words said (`heard`), and why not."""

    intent: Intent
    heard: Intent
    reason: str | None = None

    @property
    def accepted(self) -> bool:
        """True when `intent` is a move to play."""
        return self.intent.intent is not None

    def to_dict(self) -> dict[str, object]:
        """The intent's JSON, plus "reason" and "heard" when a move was refused."""
        out = self.intent.to_dict()
        if self.reason is not None:
            out["reason"] = self.reason
            out["heard"] = self.heard.to_dict()
        return out


def parse_in_context(
    text: str,
    lang: str,
    legal_bids: Iterable[tuple[int, int]],
    players: Sequence[str] = (),
    can_dudo: bool = True,
    can_calza: bool = True,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    explain: Explain | None = None,
) -> Heard:
    """Parse `text` knowing the legal bids, the seated players and the calls allowed.

    `explain(quantity, face)` may return the engine's error code for an illegal bid;
    without it the code is inferred from `legal_bids` (see `bid_refusal`).
    """
    legal = frozenset(legal_bids)
    lexemes = lexicon_for(lang).lex(text)
    player, lexemes = take_player(lexemes, players)
    heard, confidence = interpret(lexemes), 1.0
    if heard.intent is None:
        if all(lexeme.meaning is not None for lexeme in lexemes):
            return Heard(NOTHING, NOTHING)
        closest = closest_reading(lang, lexemes, legal, min_confidence)
        if closest is None:
            return Heard(NOTHING, NOTHING)
        heard, confidence = closest
    heard = replace(heard, player=player, confidence=confidence)
    reason = refusal(heard, legal, can_dudo, can_calza, explain)
    return Heard(NOTHING if reason else heard, heard, reason)


def take_player(lexemes: list[Lexeme], players: Sequence[str]) -> tuple[str | None, list[Lexeme]]:
    """The seated player named by unknown words (fuzzy), and the lexemes without the name."""
    best: tuple[float, str, int, int] | None = None
    for name in players:
        size = len(fold(name).split())
        target = " ".join(fold(name).split())
        for start in range(len(lexemes) - size + 1):
            span = lexemes[start : start + size]
            if any(lexeme.meaning is not None for lexeme in span):
                continue
            score = fuzz.ratio(" ".join(lexeme.text for lexeme in span), target)
            if score >= NAME_MIN_SCORE and (best is None or score > best[0]):
                best = (score, name, start, start + size)
    if best is None:
        return None, lexemes
    _, name, start, end = best
    return name, lexemes[:start] + lexemes[end:]


def closest_reading(
    lang: str, lexemes: list[Lexeme], legal: frozenset[tuple[int, int]], min_confidence: float
) -> tuple[Intent, float] | None:
    """The reading closest to the words, with its similarity, if it reaches `min_confidence`."""
    words = " ".join(lx.text for lx in lexemes if lx.meaning is None or lx.meaning.kind != "filler")
    top = max((q for q, _ in legal), default=0)
    phrases, intents = _readings(lang, max(top, MIN_NUMBER))
    found = process.extract(words, phrases, scorer=fuzz.ratio, limit=8, score_cutoff=min_confidence * 100)
    if not found:
        return None
    best = found[0][1]
    ties = [intents[index] for _, score, index in found if score == best]
    chosen = next((i for i in ties if i.as_bid() is None or i.as_bid() in legal), ties[0])
    return chosen, best / 100


@cache
def _readings(lang: str, top: int) -> tuple[list[str], list[Intent]]:
    """Every phrase the pack can say as a move (bids up to `top`), with its intent."""
    pack = load_pack(lang)
    phrases: list[str] = []
    intents: list[Intent] = []
    for phrase, meaning in pack.meanings.items():
        if meaning.kind == "call" and meaning.call is not None:
            phrases.append(" ".join(phrase))
            intents.append(Intent(meaning.call))
    for quantity in range(1, top + 1):
        if quantity not in pack.numbers:
            continue
        for face in range(1, 7):
            for said in bid_phrases(pack, quantity, face):
                phrases.append(fold(said))
                intents.append(Intent.bid(quantity, face))
    return phrases, intents


def refusal(
    heard: Intent,
    legal: frozenset[tuple[int, int]],
    can_dudo: bool,
    can_calza: bool,
    explain: Explain | None = None,
) -> str | None:
    """The error code that refuses `heard` now, or None when it may be played."""
    if heard.intent == "dudo":
        return None if can_dudo else "no_bid_to_challenge"
    if heard.intent == "calza":
        return None if can_calza else "calza_not_allowed"
    bid = heard.as_bid()
    if bid is None or bid in legal:
        return None
    return explain(*bid) if explain is not None else bid_refusal(bid, legal)


def bid_refusal(bid: tuple[int, int], legal: frozenset[tuple[int, int]]) -> str:
    """The likeliest engine code for an illegal bid, inferred from the legal ones alone.

    No legal bid: not_your_turn. Above every legal quantity: bid_too_high. Every legal
    bid on one other face: face_locked. Pacos with no legal pacos bid:
    pacos_opening_not_allowed. Otherwise: bid_not_higher. Pass `explain` to
    `parse_in_context` for the engine's own code when this guess is not enough.
    """
    quantity, face = bid
    if not legal:
        return "not_your_turn"
    if quantity > max(q for q, _ in legal):
        return "bid_too_high"
    faces = {f for _, f in legal}
    if len(faces) == 1 and face not in faces:
        return "face_locked"
    if face not in faces:
        return "pacos_opening_not_allowed" if face == 1 else "invalid_bid"
    return "bid_not_higher"
