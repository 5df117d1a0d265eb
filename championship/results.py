"""A table's result: its players in finishing order (first = winner), with dice left and who went out when."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dudo_hub.championship.errors import fail


@dataclass(frozen=True, slots=True)
class Finish:
    """One player's end at a table: dice left, and the game round they went out in (None: still in)."""

    player: str
    dice: int = 0
    out: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"player": self.player, "dice": self.dice, "out": self.out}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Finish:
        """The inverse of `to_dict`."""
        out = data.get("out")
        return cls(str(data["player"]), int(data.get("dice", 0)), None if out is None else int(out))


@dataclass(frozen=True, slots=True)
class TableResult:
    """The finishing order of a table's players (first = winner) and the game rounds it played.

    A table stopped early (its qualifiers known) lists the players still in first, by dice left.
    """

    finishes: tuple[Finish, ...]
    rounds: int = 0

    @property
    def order(self) -> tuple[str, ...]:
        """The players, winner first."""
        return tuple(f.player for f in self.finishes)

    @property
    def eliminated(self) -> tuple[str, ...]:
        """The players who went out, first out first (at the same moment: the lower place first)."""
        out = [(f.out, -place, f.player) for place, f in enumerate(self.finishes) if f.out is not None]
        return tuple(player for _, _, player in sorted(out))

    def place(self, player: str) -> int:
        """`player`'s place at the table, 1 = winner."""
        return self.order.index(player) + 1

    def finish(self, player: str) -> Finish:
        """`player`'s finish."""
        return self.finishes[self.order.index(player)]

    def lasted(self, player: str) -> int:
        """The game rounds `player` lasted: the round they went out in, else every round played."""
        out = self.finish(player).out
        return self.rounds if out is None else out

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"finishes": [f.to_dict() for f in self.finishes], "rounds": self.rounds}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableResult:
        """The inverse of `to_dict`."""
        return cls(tuple(Finish.from_dict(f) for f in data["finishes"]), int(data.get("rounds", 0)))


def table_result(
    order: Sequence[str],
    dice: Mapping[str, int] | None = None,
    out: Mapping[str, int] | None = None,
    rounds: int = 0,
) -> TableResult:
    """A result from a finishing order, as a director enters it: dice left and out rounds by player (default 0 / in)."""
    dice, out = dice or {}, out or {}
    return TableResult(tuple(Finish(p, dice.get(p, 0), out.get(p)) for p in order), rounds)


def check_result(result: TableResult, players: Sequence[str], where: str) -> None:
    """Raise unless `result` places exactly the table's `players`, once each, with sane figures."""
    order = result.order
    if len(set(order)) != len(order) or set(order) != set(players):
        missing = sorted(set(players) - set(order))
        strangers = sorted(set(order) - set(players))
        twice = sorted({p for p in order if order.count(p) > 1})
        raise fail("result_players_mismatch", f"the result of {where} must place {', '.join(players)} once each; "
                   f"missing {missing}, not at the table {strangers}, twice {twice}")
    if result.rounds < 0:
        raise fail("bad_result", f"the result of {where} has {result.rounds} game rounds")
    for f in result.finishes:
        if f.dice < 0 or (f.out is not None and f.out < 0):
            raise fail("bad_result", f"the result of {where} has negative figures for {f.player!r}")
        if f.out is not None and f.dice:
            raise fail("bad_result", f"the result of {where} has {f.player!r} out with {f.dice} dice left")
