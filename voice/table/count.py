"""Real dice: the count the table says aloud at the reveal, proposed for a phone to confirm."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dudo_hub.voice.language.wording import announce
from dudo_hub.voice.table.state import TableState
from dudo_hub.voice.table.words import shown
from dudo_hub.voice.understand.counting import read_count
from dudo_hub.voice.understand.intent import Intent


class CountJob(TableState):
    """Hears the count while the reveal waits for it."""

    def _counting(self) -> Mapping[str, Any] | None:
        """The reveal waiting for the table's count (`Room.counting`, optional), or None."""
        counting = getattr(self.room, "counting", None)
        return counting() if callable(counting) else None

    def _count_heard(self, text: str, counting: Mapping[str, Any]) -> None:
        """ "sono sette": proposed as the count; another player confirms it on a phone."""
        bid = counting.get("bid") or [0, 0]
        count = read_count(text, self.lang, int(bid[1]))
        if count is None:
            return
        reply = self.room.propose_count(count)  # type: ignore[attr-defined]
        if reply.get("ok"):
            self.status.update(heard=shown(text), player=None, pending="count", refused=None, rejected=None)
            self._say(announce(self.lang, "count_heard", count=count))
        else:
            self._refuse(Intent(None), None, str(reply.get("code") or "bad_count"), reply)
