"""The voice controller: final transcripts -> moves on the room, safely.

Who spoke: a bid or a Dudo belongs to the player whose turn it is; a Calza out of turn
needs the player's name in the phrase ("Calza, Marco"), or the phone's button.

Mishearing never costs a die silently: every move heard is shown (the TV's voice
status) and spoken back. A bid is applied at once and can be taken back ("annulla",
or the phone's `voice:cancel`) until the next move. A Dudo or a Calza reveals the dice,
so it commits only after a confirmation window (`confirm_seconds`), or at once on a
tap (`confirm`); "annulla" within the window drops it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from dudo_hub.voice.context import parse_in_context
from dudo_hub.voice.grammar import grammar_for, hearable_calls
from dudo_hub.voice.intent import Intent
from dudo_hub.voice.status import VoiceStatus
from dudo_hub.voice.text import fold
from dudo_hub.voice.wording import announce, render_bid

Reply = Mapping[str, Any]
EventsCallback = Callable[[list[dict[str, Any]]], None]
Vocabulary = Callable[[str], bool]

CANCELLED = {"it": "Annullato.", "en": "Cancelled.", "es": "Anulado.", "fr": "Annulé.",
             "pt": "Anulado.", "ko": "취소."}


class Room(Protocol):
    """What the controller needs from the hub's room (server engineer implements it)."""

    def submit(self, player: str, action: dict[str, Any], source: str = "voice") -> Reply:
        """Apply `action` for `player`: {"ok": bool, "code": str | None, "message": str}."""
        ...

    def undo_voice(self, player: str) -> Reply:
        """Take back the last move, a bid heard by voice for `player`; same reply shape."""
        ...

    def legal_for(self, player: str) -> Mapping[str, Any]:
        """engine.views.legal_summary: {"bids": {"5": [lo, hi]}, "dudo", "calza", ...}."""
        ...

    def players(self) -> list[str]:
        """The seated players' ids (their spoken names)."""
        ...

    def to_act(self) -> str | None:
        """Whose turn it is, or None outside bidding."""
        ...

    def version(self) -> int:
        """The state version a move must name (stale versions are refused)."""
        ...

    def on_events(self, callback: EventsCallback) -> None:
        """Call `callback(events)` (Event.to_dict() dicts) after every applied action."""
        ...

    def set_voice_status(self, status: dict[str, Any]) -> None:
        """Show the voice status on the TV."""
        ...


class Speech(Protocol):
    """Anything that queues a sentence without blocking (voice.speech.Speaker)."""

    def say(self, text: str) -> bool:
        """Queue `text`; False when speech is off."""
        ...


class Cancellable(Protocol):
    """A scheduled call that can be called off."""

    def cancel(self) -> None:
        """Do not run it."""
        ...


Scheduler = Callable[[float, Callable[[], None]], Cancellable]


def thread_timer(seconds: float, action: Callable[[], None]) -> Cancellable:
    """The real scheduler: a daemon threading.Timer."""
    timer = threading.Timer(seconds, action)
    timer.daemon = True
    timer.start()
    return timer


def legal_bids(legal: Mapping[str, Any]) -> set[tuple[int, int]]:
    """{"bids": {"5": [3, 12]}} -> {(3, 5), ..., (12, 5)}."""
    out: set[tuple[int, int]] = set()
    for face, span in (legal.get("bids") or {}).items():
        low, high = int(span[0]), int(span[1])
        out.update((q, int(face)) for q in range(low, high + 1))
    return out


@dataclass
class _Reveal:
    """A Dudo or Calza waiting for its confirmation window."""

    player: str
    action: str
    version: int
    timer: Cancellable | None = None


@dataclass
class _Bid:
    """The last bid made by voice, cancellable until the next move."""

    player: str
    bid: tuple[int, int]
    seen: bool = False


class VoiceTable:
    """Turns final transcripts into moves on a Room; thread-safe."""

    def __init__(
        self, room: Room, lang: str, speech: Speech, status: VoiceStatus | None = None, *,
        confirm_seconds: float = 3.0, scheduler: Scheduler = thread_timer,
        vocabulary: Vocabulary | None = None, announce_events: bool = True,
    ) -> None:
        self.room, self.lang, self.speech = room, lang, speech
        self.status = status or VoiceStatus()
        self.confirm_seconds, self._schedule = confirm_seconds, scheduler
        self.vocabulary, self.announce_events = vocabulary, announce_events
        self.on_grammar: Callable[[list[str]], None] | None = None
        self._lock = threading.RLock()
        self._bid: _Bid | None = None
        self._reveal: _Reveal | None = None
        self._echo: list[tuple[str, str]] = []

    # --- what the recogniser hears ----------------------------------------------------

    def caption(self, text: str) -> None:
        """A partial result: show it, do nothing."""
        self.status.update(caption=text)

    def hear(self, text: str) -> Intent | None:
        """A final transcript: act on it; returns the move heard (or None)."""
        with self._lock:
            return self._hear(text)

    def _hear(self, text: str) -> Intent | None:
        to_act = self.room.to_act()
        legal = self.room.legal_for(to_act) if to_act else {}
        heard = parse_in_context(
            text, self.lang, legal_bids(legal), self.room.players(),
            can_dudo=bool(legal.get("dudo")), can_calza=True,
        )
        move = heard.heard
        self.status.update(caption=text)
        if move.intent is None:
            return None
        if move.intent == "cancel":
            self._cancel_any()
        elif heard.reason:
            self._refuse(move, move.player or to_act, heard.reason)
        elif move.intent == "bid":
            self._bid_heard(move, to_act)
        else:
            self._call_heard(move, to_act)
        return move

    def _bid_heard(self, move: Intent, to_act: str | None) -> None:
        bid = move.as_bid()
        assert bid is not None
        if to_act is None or (move.player is not None and move.player != to_act):
            self._refuse(move, move.player, "not_your_turn")
            return
        self._show(move, to_act)
        previous, self._bid = self._bid, _Bid(to_act, bid)
        action = {"action": "bid", "quantity": bid[0], "face": bid[1], "version": self.room.version()}
        self._echo.append(("bid", to_act))
        reply = self.room.submit(to_act, action, source="voice")
        if not reply.get("ok"):
            self._bid = previous
            self._drop_echo("bid", to_act)
            self._refuse(move, to_act, str(reply.get("code") or "invalid_bid"), reply)
            return
        self._say(announce(self.lang, "bid", player=to_act, quantity=bid[0], face=bid[1]))
        self.status.update(pending="cancel")

    def _call_heard(self, move: Intent, to_act: str | None) -> None:
        call = str(move.intent)
        player = move.player or to_act
        if player is None or (call == "dudo" and player != to_act):
            self._refuse(move, player, "not_your_turn")
            return
        legal = self.room.legal_for(player)
        if not legal.get(call):
            default = "no_bid_to_challenge" if call == "dudo" else "calza_not_allowed"
            self._refuse(move, player, str(legal.get(f"{call}_reason") or default))
            return
        self._show(move, player)
        self._open_window(player, call)

    # --- the confirmation window for Dudo / Calza -------------------------------------

    def _open_window(self, player: str, call: str) -> None:
        if self._reveal and self._reveal.timer:
            self._reveal.timer.cancel()
        reveal = _Reveal(player, call, self.room.version())
        self._reveal = reveal
        self.status.update(pending="confirm")
        self._say(announce(self.lang, "challenge" if call == "dudo" else "calza", player=player))
        reveal.timer = self._schedule(self.confirm_seconds, lambda: self._expire(reveal))

    def _expire(self, reveal: _Reveal) -> None:
        with self._lock:
            if self._reveal is reveal:
                self._commit()

    def confirm(self, player: str | None = None) -> Reply:
        """A tap on the phone (or TV): commit the pending Dudo / Calza now."""
        with self._lock:
            reveal = self._reveal
            if reveal is None or (player is not None and player != reveal.player):
                return {"ok": False, "code": "nothing_to_confirm", "message": "no call waiting"}
            if reveal.timer:
                reveal.timer.cancel()
            return self._commit()

    def _commit(self) -> Reply:
        reveal, self._reveal = self._reveal, None
        assert reveal is not None
        self._bid = None
        self._echo.append(("challenge" if reveal.action == "dudo" else "calza", reveal.player))
        action = {"action": reveal.action, "version": reveal.version}
        reply = self.room.submit(reveal.player, action, source="voice")
        self.status.update(pending=None)
        if not reply.get("ok"):
            self._echo.pop()
            code = str(reply.get("code") or "invalid_bid")
            self._refuse(Intent(reveal.action), reveal.player, code, reply)
        return reply

    # --- cancelling -------------------------------------------------------------------

    def cancel(self, player: str | None = None) -> Reply:
        """`voice:cancel` from a phone (player set) or "annulla" (anyone): take back."""
        with self._lock:
            return self._cancel_any(player)

    def _cancel_any(self, player: str | None = None) -> Reply:
        reveal = self._reveal
        if reveal is not None and player in (None, reveal.player):
            if reveal.timer:
                reveal.timer.cancel()
            self._reveal = None
            return self._cancelled(reveal.player)
        bid = self._bid
        if bid is None or player not in (None, bid.player):
            return {"ok": False, "code": "nothing_to_cancel", "message": "no voice move to take back"}
        self._bid = None
        reply = self.room.undo_voice(bid.player)
        if reply.get("ok"):
            self._cancelled(bid.player)
        else:
            self.status.update(pending=None, message=str(reply.get("message", "")))
        return reply

    def _cancelled(self, player: str) -> Reply:
        self.status.update(heard="cancel", player=player, pending=None)
        self._say(CANCELLED.get(self.lang, "Cancelled."))
        self.refresh_grammar()
        return {"ok": True, "code": None, "message": "cancelled"}

    # --- the room's events ------------------------------------------------------------

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

    def _drop_echo(self, kind: str, player: str) -> None:
        if (kind, player) in self._echo:
            self._echo.remove((kind, player))

    # --- grammar ----------------------------------------------------------------------

    def grammar(self) -> list[str]:
        """The phrases legal now, in words the model knows (for the recogniser)."""
        with self._lock:
            to_act = self.room.to_act()
            legal = self.room.legal_for(to_act) if to_act else {}
            calls = ["dudo"] if legal.get("dudo") else []
            players = self.room.players()
            callers = [p for p in players if self.room.legal_for(p).get("calza")]
            if callers:
                calls.append("calza")
            phrases = grammar_for(self.lang, legal_bids(legal), calls, self.vocabulary)
            return phrases + self._named_calza(callers)

    def _named_calza(self, callers: Iterable[str]) -> list[str]:
        """ "calza marco" and "marco calza" for each player who may call it, if hearable."""
        calza = hearable_calls(self.lang, self.vocabulary)["calza"][:2]
        known = self.vocabulary or (lambda _: True)
        names = [fold(n) for n in callers if all(known(w) for w in fold(n).split())]
        return [p for c in calza for n in names for p in (f"{c} {n}", f"{n} {c}")]

    def refresh_grammar(self) -> None:
        """Tell the recogniser the phrases legal now."""
        if self.on_grammar is not None:
            self.on_grammar(self.grammar())

    # --- showing and saying -----------------------------------------------------------

    def _show(self, move: Intent, player: str) -> None:
        self.status.update(heard=spoken_move(self.lang, move), player=player, reason=None)

    def _refuse(self, move: Intent, player: str | None, code: str, reply: Reply | None = None) -> None:
        """Show and say why `move` was not played."""
        text = error_sentence(self.lang, code) or str((reply or {}).get("message") or code)
        self.status.update(heard=spoken_move(self.lang, move), player=player, refused=code,
                           message=text)
        self._say(text)

    def _say(self, text: str) -> None:
        self.speech.say(text)


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None


def spoken_move(lang: str, move: Intent) -> str:
    """The move in the table's words: "sette cinque", "dudo", "calza"."""
    bid = move.as_bid()
    return render_bid(lang, *bid) if bid else str(move.intent)


def error_sentence(lang: str, code: str) -> str | None:
    """The pack's sentence for an engine error code, if it has one."""
    try:
        return announce(lang, code)
    except ValueError:
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

