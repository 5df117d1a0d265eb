"""Actions: what players (and chance) can do. Players are named by their id string."""

from __future__ import annotations

from dataclasses import dataclass

from dudo_hub.engine.bids import Bid


@dataclass(frozen=True, slots=True)
class MakeBid:
    """`player` raises to `bid` (or opens the round with it)."""

    player: str
    bid: Bid

    def __str__(self) -> str:
        return f"{self.player} bids {self.bid}"


@dataclass(frozen=True, slots=True)
class CallDudo:
    """`player` challenges the standing bid."""

    player: str

    def __str__(self) -> str:
        return f"{self.player} calls dudo"


@dataclass(frozen=True, slots=True)
class CallCalza:
    """`player` says the standing bid is exactly right."""

    player: str

    def __str__(self) -> str:
        return f"{self.player} calls calza"


@dataclass(frozen=True, slots=True)
class ChooseDirection:
    """The opener picks the way play goes this round (option `loser_chooses_direction`)."""

    player: str
    clockwise: bool

    def __str__(self) -> str:
        return f"{self.player} plays {'clockwise' if self.clockwise else 'anticlockwise'}"


@dataclass(frozen=True, slots=True)
class PickFirst:
    """Chance (or the host) names who opens the game; `rolls` records a roll-off."""

    player: str
    rolls: tuple[tuple[tuple[str, int], ...], ...] = ()


@dataclass(frozen=True, slots=True)
class RollDice:
    """Chance: every live player's dice for the round, by player id."""

    dice: tuple[tuple[str, tuple[int, ...]], ...]

    @classmethod
    def of(cls, dice: dict[str, list[int]] | dict[str, tuple[int, ...]]) -> RollDice:
        """Build from a {player: dice} mapping."""
        return cls(tuple((p, tuple(d)) for p, d in dice.items()))


@dataclass(frozen=True, slots=True)
class RollUnseen:
    """Chance in real cups the engine never sees: every live player rolled their own dice.

    The round is played on dice counts alone; a Dudo or Calza then waits for `CountDice`.
    """


@dataclass(frozen=True, slots=True)
class CountDice:
    """The table's count at a reveal of unseen dice: how many dice match the standing bid
    (ones included when they are wild this round)."""

    count: int


@dataclass(frozen=True, slots=True)
class PullTrigger:
    """Chance: the revolver fires or clicks."""

    fires: bool


PlayerAction = MakeBid | CallDudo | CallCalza | ChooseDirection
ChanceAction = PickFirst | RollDice | RollUnseen | CountDice | PullTrigger
Action = PlayerAction | ChanceAction
