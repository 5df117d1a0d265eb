"""One championship as the desk holds it: the event, its director key's hash, the room of each
table, its language, whether bots sit at every seat, and the results that came in while paused."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from dudo_hub import championship as ch


def key_of(key: str) -> str:
    """The SHA-256 of a director key, as kept (the key itself never is)."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Directed:
    """A championship in the hub; `rooms` maps "round:table" to the room code that plays it."""

    id: str
    key_hash: str
    event: ch.Event
    rooms: dict[str, str] = field(default_factory=dict)
    lang: str = "en"
    bots: bool = False
    pending: dict[str, ch.TableResult] = field(default_factory=dict)  # results held while paused

    def key_matches(self, key: Any) -> bool:
        """Whether `key` is the director's."""
        return isinstance(key, str) and len(key) <= 200 and secrets.compare_digest(key_of(key), self.key_hash)

    def has_result(self, at: str) -> bool:
        """Whether table "round:table" has its result (recorded, or held while paused)."""
        round_no, table_no = (int(x) for x in at.split(":"))
        if at in self.pending or round_no > len(self.event.rounds):
            return at in self.pending
        return any(t.number == table_no and t.result is not None for t in self.event.round(round_no).tables)

    def to_record(self) -> dict[str, Any]:
        """The store's form (server/store/championships.py)."""
        return {"id": self.id, "key_hash": self.key_hash, "event": self.event.to_dict(), "rooms": dict(self.rooms),
                "lang": self.lang, "bots": self.bots, "pending": {k: r.to_dict() for k, r in self.pending.items()}}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Directed:
        """Back from `to_record`."""
        pending = {k: ch.TableResult.from_dict(r) for k, r in (record.get("pending") or {}).items()}
        return cls(str(record["id"]), str(record["key_hash"]), ch.Event.from_dict(record["event"]),
                   dict(record.get("rooms") or {}), str(record.get("lang") or "en"), bool(record.get("bots")),
                   pending)

    def public(self, tables: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """The event for its screens; `tables`: each room's progress by room code."""
        event = self.event
        rounds = []
        for rnd in event.rounds:
            shown = []
            for t in rnd.tables:
                code = self.rooms.get(f"{rnd.number}:{t.number}")
                shown.append({"table": t.number, "players": list(t.players), "advance": t.advance, "room": code,
                              "result": None if t.result is None else list(t.result.order),
                              "progress": tables.get(code or "")})
            rounds.append({"round": rnd.number, "stage": rnd.stage, "tables": shown, "complete": rnd.complete})
        return {
            "id": self.id, "status": event.status, "version": event.version, "lang": self.lang, "bots": self.bots,
            "settings": event.settings.to_dict(), "players": list(event.players),
            "withdrawn": list(event.withdrawn), "rounds": rounds,
            "standings": [s.to_dict() for s in ch.standings(event)], "champion": ch.champion(event),
            "corrections": [{"round": c.round, "table": c.table, "reason": c.reason, "before": list(c.before.order),
                             "after": list(c.after.order)} for c in event.corrections],
            "pending": sorted(self.pending),
        }
