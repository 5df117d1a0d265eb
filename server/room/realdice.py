"""Real cups on the real table: the hub as referee (dice entered on phones) or scoreboard
(nobody enters dice; the table counts at the reveal).

- `referee`: each player rolls their own cup and taps the faces into their phone; bots'
  dice are rolled by the hub. When every cup is in, the hub seals the fair-dice commitment
  over them and the round starts (`RollDice` with the given faces). A cup may be entered
  again until the round's first bid.
- `scoreboard`: the round starts at once on dice counts alone (`RollUnseen`). At a Dudo or
  Calza the engine waits in its COUNT phase; one player (or the voice) proposes the count,
  another player confirms it, and `CountDice` settles the round. A proposal can be
  replaced until it is confirmed.

No lock here: the GameSession calls it under the room's lock.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dudo_hub.engine import GameState, Phase
from dudo_hub.engine.bids import FACES
from dudo_hub.protocol.errors import HubError

MODES = ("hub", "referee", "scoreboard")
VOICE = "voice"  # the proposer of a count heard by the hub's microphone


@dataclass
class Proposal:
    """A count waiting for a second player's word."""

    count: int
    by: str  # a player, or VOICE

    def to_dict(self) -> dict[str, Any]:
        """JSON form (public: everyone sees the proposal)."""
        return {"count": self.count, "by": self.by}


@dataclass
class RealDice:
    """What the table has told the hub this round."""

    mode: str = "hub"
    entered: dict[str, list[int]] = field(default_factory=dict)
    proposal: Proposal | None = None
    counted: dict[str, Any] | None = None  # the last count the table settled: {round, by, count, host}

    @property
    def active(self) -> bool:
        """Whether the table plays with its own cups."""
        return self.mode != "hub"

    def new_round(self) -> None:
        """Forget the last round's cups and count."""
        self.entered.clear()
        self.proposal = None

    # ----- referee: entered dice ------------------------------------------------------------

    def enter(self, state: GameState, player: str, dice: Sequence[int]) -> None:
        """`player`'s cup as entered on the phone; checked against the dice they hold."""
        if self.mode != "referee":
            raise HubError("wrong_dice_mode", "dice are entered only when the hub referees real dice")
        if state.phase is not Phase.ROLL and not (state.phase is Phase.BIDDING and not state.bids):
            raise HubError("dice_locked", "the cups can be entered until the round's first bid")
        seat = state.seat_of(player)
        held = state.counts[seat]
        if held == 0:
            raise HubError("player_out", f"{player} has no dice left")
        if len(dice) != held:
            raise HubError("dice_count", f"{player} holds {held} dice, {len(dice)} were entered")
        if any(d not in FACES for d in dice):
            raise HubError("bad_payload", "each die is a face from 1 to 6")
        self.entered[player] = sorted(dice)

    def missing(self, state: GameState, humans: Sequence[str]) -> list[str]:
        """The players still to enter their cup this round (in seat order)."""
        if self.mode != "referee" or state.phase is not Phase.ROLL:
            return []
        live = {state.players[s] for s in state.live_seats}
        return [p for p in state.players if p in live and p in humans and p not in self.entered]

    def cups(self, state: GameState, rng: random.Random) -> dict[str, list[int]]:
        """Every live cup: the entered ones, and the bots' rolled by the hub."""
        out: dict[str, list[int]] = {}
        for seat in state.live_seats:
            name = state.players[seat]
            out[name] = self.entered.get(name) or sorted(rng.choices(FACES, k=state.counts[seat]))
        return out

    # ----- scoreboard: the counted reveal ---------------------------------------------------

    def propose(self, state: GameState, by: str, count: int) -> None:
        """A count for the call waiting (replaces an earlier proposal)."""
        self._check_counting(state, count)
        self.proposal = Proposal(count, by)

    def confirm(self, state: GameState, by: str, count: int, host: bool = False) -> int:
        """A second player agrees (`host`: the host, in their name): the count to settle the round with."""
        self._check_counting(state, count)
        proposal = self.proposal
        if proposal is None:
            raise HubError("no_count_proposed", "nobody has proposed a count yet")
        if proposal.by == by:
            raise HubError("same_player", "another player must confirm the count")
        if proposal.count != count:
            raise HubError("count_differs", f"{proposal.by} said {proposal.count}, not {count}: propose again")
        self.proposal = None
        self.counted = {"round": state.round_no, "by": by, "count": count, "host": host}
        return count

    def _check_counting(self, state: GameState, count: int) -> None:
        if self.mode != "scoreboard" or state.phase is not Phase.COUNT:
            raise HubError("not_counting", "no reveal is waiting for the table's count")
        if not 0 <= count <= state.dice_in_play:
            raise HubError("bad_count", f"the count must be 0..{state.dice_in_play}")

    # ----- what every screen and the store see ----------------------------------------------

    def public(self, state: GameState | None, humans: Sequence[str]) -> dict[str, Any]:
        """{mode, waiting: [players still to enter], proposal: {count, by} | null, counted: the last
        count settled, {round, by: who confirmed it, count, host: whether the host did in their name} | null}
        (no faces)."""
        return {
            "mode": self.mode,
            "waiting": self.missing(state, humans) if state is not None else [],
            "proposal": self.proposal.to_dict() if self.proposal else None,
            "counted": self.counted,
        }

    def to_record(self) -> dict[str, Any]:
        """Storage form (secret: the entered faces)."""
        return {"mode": self.mode, "entered": self.entered,
                "proposal": self.proposal.to_dict() if self.proposal else None, "counted": self.counted}

    @classmethod
    def from_record(cls, data: Mapping[str, Any] | None) -> RealDice:
        """Back from `to_record` (an old record: hub dice)."""
        if not data:
            return cls()
        proposal = data.get("proposal")
        return cls(str(data.get("mode", "hub")), {str(k): list(v) for k, v in dict(data.get("entered", {})).items()},
                   Proposal(int(proposal["count"]), str(proposal["by"])) if proposal else None,
                   dict(data["counted"]) if data.get("counted") else None)
