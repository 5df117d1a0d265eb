"""`parse_in_context`: the decision policy over a set of legal bids, without an engine.

For callers that know only the legal bids and which calls are allowed (tests, the
benchmark, `dudo parse --legal`). The hub and `dudo parse` in a position use
`voice.policy.decide` with a position answered by the engine; here an illegal bid's
code comes from `explain` when given, and is otherwise only inferred (`bid_refusal`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from dudo_hub.voice.decision.policy import DEFAULT_MIN_CONFIDENCE, decide
from dudo_hub.voice.understand.intent import NOTHING, Intent

__all__ = ["DEFAULT_MIN_CONFIDENCE", "Explain", "Heard", "LegalPosition", "bid_refusal", "parse_in_context"]

@dataclass(frozen=True)
class LegalPosition:
    """A position given as the legal bids of the player to act and the calls allowed.

    `explain(quantity, face)` gives the engine's code for an illegal bid; `calza` names
    the players who may call it now (None: the player to act only, if `can_calza`);
    `anyone`: the moves are allowed to whoever speaks, not only to `acting`.
    """

    legal: frozenset[tuple[int, int]]
    seated: tuple[str, ...] = ()
    acting: str | None = None
    can_dudo: bool = True
    can_calza: bool = True
    calza: frozenset[str] | None = None
    standing_bidder: str | None = None
    standing_bid: tuple[int, int] | None = None
    explain: Callable[[int, int], str] | None = None
    anyone: bool = False

    def players(self) -> Sequence[str]:
        """The seated players."""
        return self.seated

    def to_act(self) -> str | None:
        """The player to act."""
        return self.acting

    def bidder(self) -> str | None:
        """Who made the standing bid."""
        return self.standing_bidder

    def standing(self) -> tuple[int, int] | None:
        """The standing bid (quantity, face)."""
        return self.standing_bid

    def refusal(self, player: str, move: Intent) -> str | None:
        """The code refusing `move` by `player`, or None."""
        mine = self.anyone or player == self.acting
        if move.intent == "calza":
            allowed = player in self.calza if self.calza is not None else mine and self.can_calza
            return None if allowed else "calza_not_allowed"
        if not mine:
            return "not_your_turn"
        if move.intent == "dudo":
            return None if self.can_dudo else "no_bid_to_challenge"
        bid = move.as_bid()
        if bid is None or bid in self.legal:
            return None
        return str(self.explain(*bid)) if self.explain is not None else "bid_not_higher"



Explain = Callable[[int, int], str]

_SPEAKER = "\0speaker"
"""The unnamed player to act, as the policy sees them here."""


@dataclass(frozen=True, slots=True)
class Heard:
    """The move to make now (`intent`), what the words said (`heard`), and why not;
    `asked`: the hub would ask "did you mean `heard`?" rather than play or drop it."""

    intent: Intent
    heard: Intent
    reason: str | None = None
    asked: bool = False

    @property
    def accepted(self) -> bool:
        """True when `intent` is a move to play."""
        return self.intent.intent is not None

    def to_dict(self) -> dict[str, object]:
        """The intent's JSON, plus "reason" and "heard" when a move was refused, and
        "asked": true when the hub would ask about it."""
        out = self.intent.to_dict()
        if self.reason is not None:
            out["reason"] = self.reason
            out["heard"] = self.heard.to_dict()
        if self.asked:
            out["asked"] = True
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
    """Parse `text` knowing the legal bids of the speaker, the seated players and the calls allowed.

    The legal bids and calls are the speaker's, whoever the words name.
    """
    legal = frozenset(legal_bids)
    position = LegalPosition(
        legal, tuple(players), _SPEAKER, can_dudo, can_calza, anyone=True,
        explain=explain or (lambda q, f: bid_refusal((q, f), legal)),
    )
    decision = decide(text, lang, position, min_confidence=min_confidence)
    move = decision.move
    if move.player == _SPEAKER:
        move = replace(move, player=None)
    if decision.reason is None:
        return Heard(move, move)
    return Heard(NOTHING, move, decision.reason, decision.asked)


def bid_refusal(bid: tuple[int, int], legal: frozenset[tuple[int, int]]) -> str:
    """The likeliest engine code for an illegal bid, inferred from the legal ones alone.

    Only a guess (the engine knows better: pass `explain`). No legal bid:
    not_your_turn. Above every legal quantity: bid_too_high. Every legal bid on one
    other face: face_locked. Pacos with no legal pacos bid: pacos_opening_not_allowed.
    Otherwise: bid_not_higher.
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
        return "pacos_opening_not_allowed" if face == 1 else "bid_not_higher"
    return "bid_not_higher"
