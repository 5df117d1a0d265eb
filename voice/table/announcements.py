"""The room's events: spoken (unless already spoken back when heard), and ending the voice's pending moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dudo_hub.voice.language.wording import announce
from dudo_hub.voice.table.state import TableState


class AnnounceJob(TableState):
    """Follows the room's events: stale questions and bids dropped, each event said once."""

    def on_events(self, events: list[dict[str, Any]]) -> None:
        """After every action: the next move ends the cancel chance; speak what happened."""
        with self._lock:
            for event in events:
                self._track(event)
                if self.announce_events:
                    self._announce(event)
        self.refresh_grammar()

    def _track(self, event: Mapping[str, Any]) -> None:
        kind = event.get("kind")
        if kind in ("bid", "challenge", "calza") and self._ask is not None:
            self._drop_ask()  # a move was made (a phone's own, too): the question is stale
        if kind not in ("bid", "challenge", "calza") or self._bid is None:
            return
        bid = self._bid
        mine = kind == "bid" and event.get("player") == bid.player and _pair(event.get("bid")) == bid.bid
        if mine and not bid.seen:
            bid.seen = True
        else:
            self._bid = None
            self.status.update(pending=None)

    def _announce(self, event: Mapping[str, Any]) -> None:
        kind, player = str(event.get("kind")), str(event.get("player", ""))
        if (kind, player) in self._echo:
            self._drop_echo(kind, player)  # already spoken back when heard
            return
        text = event_sentence(self.lang, event)
        if text:
            self._say(text)


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None


def event_sentence(lang: str, event: Mapping[str, Any]) -> str | None:
    """What the hub says for an engine event, or None."""
    kind = str(event.get("kind"))
    fields: dict[str, Any] = {k: v for k, v in event.items() if k != "kind"}
    if kind == "bid":
        pair = _pair(event.get("bid"))
        if pair is None:
            return None
        fields.update(bid=pair)
    elif kind == "reveal":
        pair = _pair(event.get("bid"))
        if pair is None:
            return None
        fields = {"count": int(event.get("count", 0)), "face": pair[1]}
    elif kind == "game_over":
        kind, fields = "winner", {"player": event.get("winner")}
    elif kind == "shot":
        kind = "shot_fired" if event.get("fires") else "shot_survived"
    try:
        return announce(lang, kind, **fields)
    except (ValueError, KeyError):
        return None

