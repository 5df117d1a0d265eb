"""Fakes for the voice table tests: a room, a speech queue, a manual scheduler, a recogniser."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from dudo_hub.voice.table import EventsCallback


class FakeRoom:
    """A room with three players; bids must follow `legal`; records every call."""

    def __init__(self, players: tuple[str, ...] = ("marco", "giulia", "luca")) -> None:
        self._players = list(players)
        self.turn: str | None = players[0]
        self.standing: tuple[int, int] | None = None
        self.submitted: list[tuple[str, dict[str, Any], str]] = []
        self.undone: list[str] = []
        self.statuses: list[dict[str, Any]] = []
        self.callbacks: list[EventsCallback] = []
        self.calza_ok: set[str] = set(players)
        self.v = 1

    def players(self) -> list[str]:
        return list(self._players)

    def to_act(self) -> str | None:
        return self.turn

    def version(self) -> int:
        return self.v

    def legal_for(self, player: str) -> Mapping[str, Any]:
        mine = player == self.turn
        low = self.standing[0] + 1 if self.standing else 1
        bids = {str(f): [low, 15] for f in range(2, 7)} if mine else {}
        if mine and self.standing:
            bids["1"] = [max(1, (self.standing[0] + 1) // 2), 15]
        return {"bids": bids, "dudo": mine and self.standing is not None,
                "calza": self.standing is not None and player in self.calza_ok,
                "calza_reason": None}

    def submit(self, player: str, action: dict[str, Any], source: str = "voice") -> Mapping[str, Any]:
        self.submitted.append((player, action, source))
        if action.get("version") != self.v:
            return {"ok": False, "code": "stale_version", "message": "stale"}
        if action["action"] == "bid":
            bid = (action["quantity"], action["face"])
            if player != self.turn:
                return {"ok": False, "code": "not_your_turn", "message": "no"}
            if bid not in _legal(self.legal_for(player)):
                return {"ok": False, "code": "bid_not_higher", "message": "no"}
            self.standing = bid
            self._advance([{"kind": "bid", "player": player, "bid": list(bid)}])
        else:
            kind = "challenge" if action["action"] == "dudo" else "calza"
            self._advance([{"kind": kind, "player": player}, {"kind": "die_lost", "player": "luca", "dice": 4}])
        return {"ok": True, "code": None, "message": ""}

    def explain_bid(self, player: str, quantity: int, face: int) -> str | None:
        """The room's (the engine's) code for a bid before it is submitted."""
        if player != self.turn:
            return "not_your_turn"
        return None if (quantity, face) in _legal(self.legal_for(player)) else "bid_not_higher"

    def bidder(self) -> str | None:
        """Who made the standing bid: the player before the one to act, here."""
        if self.standing is None or self.turn is None:
            return None
        return self._players[self._players.index(self.turn) - 1]

    def undo_voice(self, player: str) -> Mapping[str, Any]:
        self.undone.append(player)
        self.standing = None
        self.turn = player
        self.v += 1
        return {"ok": True, "code": None, "message": ""}

    def on_events(self, callback: EventsCallback) -> None:
        self.callbacks.append(callback)

    def set_voice_status(self, status: dict[str, Any]) -> None:
        self.statuses.append(status)

    def _advance(self, events: list[dict[str, Any]]) -> None:
        self.v += 1
        if self.turn is not None:
            i = self._players.index(self.turn)
            self.turn = self._players[(i + 1) % len(self._players)]
        for cb in self.callbacks:
            cb(events)

    def phone_bid(self, player: str, bid: tuple[int, int]) -> None:
        """Another move made on a phone."""
        self.submit(player, {"action": "bid", "quantity": bid[0], "face": bid[1], "version": self.v}, "phone")


def _legal(legal: Mapping[str, Any]) -> set[tuple[int, int]]:
    return {(q, int(f)) for f, (lo, hi) in legal["bids"].items() for q in range(lo, hi + 1)}


class Said:
    """Collects what the hub would say."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str) -> bool:
        self.lines.append(text)
        return True


class ManualTimers:
    """An injectable scheduler: nothing runs until `advance`."""

    def __init__(self) -> None:
        self.now = 0.0
        self.pending: list[_Timer] = []

    def __call__(self, seconds: float, action: Callable[[], None]) -> _Timer:
        timer = _Timer(self.now + seconds, action)
        self.pending.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        self.now += seconds
        for timer in [t for t in self.pending if t.due <= self.now and not t.cancelled]:
            self.pending.remove(timer)
            timer.action()


class _Timer:
    def __init__(self, due: float, action: Callable[[], None]) -> None:
        self.due, self.action, self.cancelled = due, action, False

    def cancel(self) -> None:
        self.cancelled = True


class WordsVosk:
    """A fake KaldiRecognizer with SetWords: each chunk is a final, "word@0.4" sets a confidence."""

    def __init__(self, model: object, rate: float, grammar: str) -> None:
        self.grammars = [grammar]
        self.words_on = False
        self._last = ""

    def SetWords(self, on: bool) -> None:  # noqa: N802 - Vosk's name
        self.words_on = on

    def AcceptWaveform(self, chunk: bytes) -> bool:  # noqa: N802
        self._last = chunk.decode()
        return True

    def Result(self) -> str:  # noqa: N802
        words = []
        for item in self._last.split():
            word, _, conf = item.partition("@")
            words.append({"word": word, "conf": float(conf or 1.0), "start": 0.0, "end": 0.1})
        return json.dumps({"result": words, "text": " ".join(w["word"] for w in words)})

    def PartialResult(self) -> str:  # noqa: N802
        return '{"partial": ""}'

    def FinalResult(self) -> str:  # noqa: N802
        return '{"text": ""}'

    def Reset(self) -> None:  # noqa: N802
        pass

    def SetGrammar(self, grammar: str) -> None:  # noqa: N802
        self.grammars.append(grammar)
