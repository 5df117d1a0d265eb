"""The parser's answer: one move heard, or none."""

from __future__ import annotations

from dataclasses import dataclass

from dudo_hub.engine import Bid, CallCalza, CallDudo, MakeBid, PlayerAction
from dudo_hub.protocol.moves import BidMove, CalzaMove, DudoMove, Move

INTENTS = ("bid", "dudo", "calza", "cancel")


@dataclass(frozen=True, slots=True)
class Intent:
    """A move heard in a transcript; `intent` None means nothing that is a move.

    `face` 1 is pacos. `player` is set when a seated player was named, `confidence`
    when the state-aware parser judged the words (1.0 for an exact reading).
    """

    intent: str | None = None
    quantity: int | None = None
    face: int | None = None
    player: str | None = None
    confidence: float | None = None

    def __post_init__(self) -> None:
        if self.intent is not None and self.intent not in INTENTS:
            raise ValueError(f"unknown intent {self.intent!r}; intents: {', '.join(INTENTS)}")
        is_bid = self.intent == "bid"
        if is_bid != (self.quantity is not None and self.face is not None):
            raise ValueError(f"a bid, and only a bid, has a quantity and a face: {self!r}")

    @classmethod
    def bid(cls, quantity: int, face: int) -> Intent:
        """The bid `quantity` x `face`."""
        return cls("bid", quantity, face)

    def as_bid(self) -> tuple[int, int] | None:
        """(quantity, face) for a bid, else None."""
        if self.quantity is None or self.face is None:
            return None
        return (self.quantity, self.face)

    def as_move(self) -> Move | None:
        """The protocol move a phone would send for this (None for no move or a cancel)."""
        if self.intent == "dudo":
            return DudoMove()
        if self.intent == "calza":
            return CalzaMove()
        bid = self.as_bid()
        return BidMove(quantity=bid[0], face=bid[1]) if bid is not None else None

    def action(self, player: str) -> PlayerAction:
        """The engine action this move is for `player` (a ValueError for no move or a cancel)."""
        if self.intent == "dudo":
            return CallDudo(player)
        if self.intent == "calza":
            return CallCalza(player)
        bid = self.as_bid()
        if bid is None:
            raise ValueError(f"not a move the engine plays: {self!r}")
        return MakeBid(player, Bid(*bid))

    def to_dict(self) -> dict[str, object]:
        """The JSON shape of `dudo parse`: {"intent": "bid", "quantity": 7, "face": 5}."""
        out: dict[str, object] = {"intent": self.intent}
        if self.quantity is not None and self.face is not None:
            out["quantity"], out["face"] = self.quantity, self.face
        if self.player is not None:
            out["player"] = self.player
        if self.confidence is not None:
            out["confidence"] = round(self.confidence, 3)
        return out


NOTHING = Intent()
"""No move."""
