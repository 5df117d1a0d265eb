"""The event state: frozen, serialisable (`to_dict` / `from_dict`, JSON-ready), changed only by event.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from dudo_hub.championship.errors import fail
from dudo_hub.championship.results import TableResult
from dudo_hub.championship.settings import Settings

Status = Literal["registering", "running", "paused", "finished"]
Stage = Literal["heat", "final"]
STATUSES: tuple[Status, ...] = ("registering", "running", "paused", "finished")


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its players in seat order, how many go on (0: not a cut), its result once in."""

    number: int
    players: tuple[str, ...]
    advance: int = 0
    result: TableResult | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        result = None if self.result is None else self.result.to_dict()
        return {"number": self.number, "players": list(self.players), "advance": self.advance, "result": result}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Table:
        """The inverse of `to_dict`."""
        result = data.get("result")
        return cls(int(data["number"]), tuple(data["players"]), int(data.get("advance", 0)),
                   None if result is None else TableResult.from_dict(result))


@dataclass(frozen=True, slots=True)
class Round:
    """One round of the event: a heat, or the final (one table)."""

    number: int
    stage: Stage
    tables: tuple[Table, ...]

    @property
    def complete(self) -> bool:
        """Whether every table has its result."""
        return all(t.result is not None for t in self.tables)

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone drawn in this round, table by table."""
        return tuple(p for t in self.tables for p in t.players)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"number": self.number, "stage": self.stage, "tables": [t.to_dict() for t in self.tables]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Round:
        """The inverse of `to_dict`."""
        stage = data["stage"]
        if stage not in ("heat", "final"):
            raise ValueError(f"unknown stage {stage!r}")
        return cls(int(data["number"]), stage, tuple(Table.from_dict(t) for t in data["tables"]))


@dataclass(frozen=True, slots=True)
class Correction:
    """A result the director changed, kept with its reason: the round, the table, before and after."""

    round: int
    table: int
    before: TableResult
    after: TableResult
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"round": self.round, "table": self.table, "before": self.before.to_dict(),
                "after": self.after.to_dict(), "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Correction:
        """The inverse of `to_dict`."""
        return cls(int(data["round"]), int(data["table"]), TableResult.from_dict(data["before"]),
                   TableResult.from_dict(data["after"]), str(data["reason"]))


@dataclass(frozen=True, slots=True)
class Event:
    """A whole championship at one moment; `version` goes up by one at every change."""

    settings: Settings
    status: Status = "registering"
    players: tuple[str, ...] = ()  # in registration order (the last tie-break)
    withdrawn: tuple[str, ...] = ()  # players who fell: drawn no more, still in the standings
    rounds: tuple[Round, ...] = ()
    corrections: tuple[Correction, ...] = ()
    version: int = 0

    @property
    def current(self) -> Round | None:
        """The latest round drawn, if any."""
        return self.rounds[-1] if self.rounds else None

    @property
    def active(self) -> tuple[str, ...]:
        """The registered players who have not fallen, in registration order."""
        gone = set(self.withdrawn)
        return tuple(p for p in self.players if p not in gone)

    def round(self, number: int) -> Round:
        """Round `number` (1 = first), or unknown_round."""
        if not 1 <= number <= len(self.rounds):
            raise fail("unknown_round", f"no round {number!r}: {len(self.rounds)} drawn so far")
        return self.rounds[number - 1]

    def to_dict(self) -> dict[str, Any]:
        """JSON form, for the store."""
        return {
            "settings": self.settings.to_dict(), "status": self.status, "players": list(self.players),
            "withdrawn": list(self.withdrawn), "rounds": [r.to_dict() for r in self.rounds],
            "corrections": [c.to_dict() for c in self.corrections], "version": self.version,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The inverse of `to_dict`; bad_state for data that is not an event."""
        try:
            status = data["status"]
            if status not in STATUSES:
                raise ValueError(f"unknown status {status!r}")
            return cls(
                Settings.from_dict(data["settings"]), status, tuple(data["players"]),
                tuple(data.get("withdrawn", ())), tuple(Round.from_dict(r) for r in data.get("rounds", ())),
                tuple(Correction.from_dict(c) for c in data.get("corrections", ())),
                int(data.get("version", 0)),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise fail("bad_state", f"not an event's data: {err!r}") from None
