"""The room as the decision policy sees it (`voice.policy.Position`), and the legal bids."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dudo_hub.protocol.moves import payload
from dudo_hub.voice.table.ports import Room
from dudo_hub.voice.understand.intent import Intent


class RoomPosition:
    """The room seen by the decision policy; refusal codes from the room (the engine)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._to_act = room.to_act()
        self._legal: dict[str, Mapping[str, Any]] = {}

    def players(self) -> list[str]:
        """The seated players."""
        return self.room.players()

    def to_act(self) -> str | None:
        """Whose turn it is."""
        return self._to_act

    def bidder(self) -> str | None:
        """Who made the standing bid, if the room says (`Room.bidder`, optional)."""
        bidder = getattr(self.room, "bidder", None)
        return bidder() if callable(bidder) else None

    def standing(self) -> tuple[int, int] | None:
        """The standing bid, if the room says (`Room.standing_bid`, optional)."""
        standing = getattr(self.room, "standing_bid", None)
        return standing() if callable(standing) else None

    def legal(self, player: str) -> Mapping[str, Any]:
        """The room's legal summary for `player` (asked once per transcript)."""
        if player not in self._legal:
            self._legal[player] = self.room.legal_for(player)
        return self._legal[player]

    def refusal(self, player: str, move: Intent) -> str | None:
        """The code refusing `move` now; None lets it through. A room that answers `refusal_for`
        (the hub: the engine's own code, as a phone would get it) is asked; otherwise the code is
        read from the legal summary (an illegal bid that the room cannot explain in advance is
        submitted, and the engine's refusal is spoken)."""
        ask = getattr(self.room, "refusal_for", None)
        payload = _payload(move)
        if callable(ask) and payload is not None:
            code = ask(player, payload)
            return str(code) if code else None
        legal = self.legal(player)
        if move.intent == "dudo":
            return None if legal.get("dudo") else "not_your_turn" if player != self._to_act else "no_bid_to_challenge"
        if move.intent == "calza":
            return None if legal.get("calza") else str(legal.get("calza_reason") or "calza_not_allowed")
        bid = move.as_bid()
        mine = legal_bids(legal)
        if bid is None or bid in mine:
            return None
        if not mine and player != self._to_act:
            return "not_your_turn"
        explain = getattr(self.room, "explain_bid", None)
        return str(explain(player, *bid) or "") or None if callable(explain) else None


def _payload(move: Intent) -> dict[str, Any] | None:
    """The move payload of a call or a bid (None for anything else)."""
    protocol_move = move.as_move()
    return payload(protocol_move) if protocol_move is not None else None


def legal_bids(legal: Mapping[str, Any]) -> set[tuple[int, int]]:
    """{"bids": {"5": [3, 12]}} -> {(3, 5), ..., (12, 5)}."""
    out: set[tuple[int, int]] = set()
    for face, span in (legal.get("bids") or {}).items():
        low, high = int(span[0]), int(span[1])
        out.update((q, int(face)) for q in range(low, high + 1))
    return out
