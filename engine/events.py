"""Events: what an action caused. The TV, phones, voice and log all work from these."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; `kind` is stable, `data` is JSON-ready and public."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: {"kind": ..., **data}."""
        return {"kind": self.kind, **self.data}


# The kinds, listed once for the catalogues and docs.
KINDS = (
    "first_player",  # player, rolls
    "direction_chosen",  # player, clockwise
    "round_started",  # round, opener, palifico, counts
    "bid",  # player, bid
    "challenge",  # player, bidder, bid
    "calza",  # player, bidder, bid
    "count_asked",  # bid, wild (unseen real dice: the call waits for the table's count)
    "reveal",  # dice (every player's), bid, count, wild
    "die_lost",  # player, dice
    "die_regained",  # player, dice
    "bullet_added",  # player, bullets
    "bullet_removed",  # player, bullets
    "shot",  # player, fires, bullets
    "player_out",  # player
    "palifico",  # player (who will open the palifico round)
    "round_over",  # loser, gainer, next
    "game_over",  # winner
)
