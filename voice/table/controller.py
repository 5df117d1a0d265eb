"""The voice controller: final transcripts -> moves on the room, safely.

What a transcript is, and whose, is decided by `voice.policy` (precision first: a
transcript is a move only when every word is explained as a call). Who spoke: a bid or
a Dudo belongs to the player whose turn it is; a Calza out of turn needs the player's
name in the phrase ("Calza, Marco"), or the phone's 🎤 button: `open_window(player)`
credits the next utterance that makes a move to that player. In the `after_button`
mode only such windows play moves; everything else is only captioned.

A call heard unclearly (a word the pack cannot place, "[unk]" inside it, a word below
the recogniser's confidence, or a word corrected from a sound-alike) is never played.
When it is one clear move its player may make now, the hub asks (status `ask`: the TV
shows "Marco: sei cinque?" with the words heard, the credited phone a Yes / No): a tap,
or "sì" / "no" in the pack's words, answers it; it expires after `ask_seconds`; only one
ask waits, and a new clear call, any move made, or a new ask replaces it ("annulla" only
drops it). Otherwise the
TV shows what was heard and that nothing was played (status `rejected`). Mishearing never costs a die silently:
every move heard is shown (the TV's voice status) and spoken back. A bid is applied
at once and can be taken back ("annulla", or the phone's `voice:cancel`) until the
next move. A Dudo or a Calza reveals the dice, so it commits only after a
confirmation window (`confirm_seconds`), or at once on a tap (`confirm`); "annulla"
within the window drops it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from dudo_hub.voice.answers import answer_of
from dudo_hub.voice.counting import count_grammar, read_count
from dudo_hub.voice.grammar import hearable, hearable_calls, table_grammar
from dudo_hub.voice.intent import Intent
from dudo_hub.voice.packs import load_pack
from dudo_hub.voice.policy import DEFAULT_MIN_CONFIDENCE, Decision, Word, decide
from dudo_hub.voice.status import VoiceStatus
from dudo_hub.voice.text import UNK, fold
from dudo_hub.voice.wording import announce, render_bid

Reply = Mapping[str, Any]
EventsCallback = Callable[[list[dict[str, Any]]], None]
Vocabulary = Callable[[str], bool]

MODES = ("always", "after_button")
"""`always`: every utterance may play; `after_button`: only one in a 🎤 window."""

WINDOW_SECONDS = 8.0
"""How long a 🎤 window waits for its player's call."""

ASK_SECONDS = 6.0
"""How long a "did you mean?" waits for its answer."""


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


class RoomPosition:
    """The room seen by the decision policy; refusal codes from the room (the engine)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._to_act = room.to_act()
        self._legal: dict[str, Mapping[str, Any]] = {}

    def players(self) -> list[str]:
        """The seated players."""
        return self.room.players()

    def to_act(self) -> str | None:
        """Whose turn it is."""
        return self._to_act

    def bidder(self) -> str | None:
        """Who made the standing bid, if the room says (`Room.bidder`, optional)."""
        bidder = getattr(self.room, "bidder", None)
        return bidder() if callable(bidder) else None

    def standing(self) -> tuple[int, int] | None:
        """The standing bid, if the room says (`Room.standing_bid`, optional)."""
        standing = getattr(self.room, "standing_bid", None)
        return standing() if callable(standing) else None

    def legal(self, player: str) -> Mapping[str, Any]:
        """The room's legal summary for `player` (asked once per transcript)."""
        if player not in self._legal:
            self._legal[player] = self.room.legal_for(player)
        return self._legal[player]

    def refusal(self, player: str, move: Intent) -> str | None:
        """The code refusing `move` now; None lets it through (an illegal bid that the room
        cannot explain in advance is submitted, and the engine's refusal is spoken)."""
        legal = self.legal(player)
        if move.intent == "dudo":
            return None if legal.get("dudo") else "not_your_turn" if player != self._to_act else "no_bid_to_challenge"
        if move.intent == "calza":
            return None if legal.get("calza") else str(legal.get("calza_reason") or "calza_not_allowed")
        bid = move.as_bid()
        mine = legal_bids(legal)
        if bid is None or bid in mine:
            return None
        if not mine and player != self._to_act:
            return "not_your_turn"
        explain = getattr(self.room, "explain_bid", None)
        return str(explain(player, *bid) or "") or None if callable(explain) else None


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
class _MicWindow:
    """A 🎤 window: the next move heard is credited to `player`."""

    player: str
    timer: Cancellable | None = None


@dataclass
class _Ask:
    """A move heard not well enough to play, waiting for its player's yes or no."""

    id: int
    move: Intent
    player: str
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
        min_confidence: float = DEFAULT_MIN_CONFIDENCE, mode: str = "always", ask_seconds: float = ASK_SECONDS,
    ) -> None:
        self.room, self.lang, self.speech = room, lang, speech
        self.status = status or VoiceStatus()
        self.confirm_seconds, self._schedule = confirm_seconds, scheduler
        self.vocabulary, self.announce_events = vocabulary, announce_events
        self.min_confidence = min_confidence
        self.on_grammar: Callable[[list[str]], None] | None = None
        self._lock = threading.RLock()
        self._bid: _Bid | None = None
        self._reveal: _Reveal | None = None
        self._mic: _MicWindow | None = None
        self.ask_seconds = ask_seconds
        self._ask: _Ask | None = None
        self._asks = 0
        self._echo: list[tuple[str, str]] = []
        self.mode = "always"
        self.set_mode(mode)

    # --- settings ---------------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """`always` (every utterance may play) or `after_button` (only in a 🎤 window)."""
        if mode not in MODES:
            raise ValueError(f"unknown voice mode {mode!r}; modes: {', '.join(MODES)}")
        with self._lock:
            self.mode = mode
        self.status.update(mode=mode)

    def set_language(self, lang: str) -> None:
        """Hear and speak `lang` from now on (the room's language changed)."""
        load_pack(lang)  # UnknownLanguageError for a language without a pack
        with self._lock:
            self.lang = lang
        self.status.update(lang=lang)
        self.refresh_grammar()

    # --- the 🎤 window ------------------------------------------------------------------

    def open_window(self, player: str, seconds: float = WINDOW_SECONDS) -> Reply:
        """A phone's 🎤: the next move heard within `seconds` is credited to `player`."""
        with self._lock:
            if player not in self.room.players():
                return {"ok": False, "code": "unknown_player", "message": f"{player!r} is not seated"}
            self._close_mic()
            window = _MicWindow(player)
            window.timer = self._schedule(seconds, lambda: self._mic_expired(window))
            self._mic = window
        self.status.update(window={"player": player, "seconds": seconds})
        return {"ok": True, "code": None, "message": "listening"}

    def close_window(self, player: str | None = None) -> None:
        """Close the 🎤 window (of `player`, or whoever's)."""
        with self._lock:
            if self._mic is not None and player in (None, self._mic.player):
                self._close_mic()

    def _mic_expired(self, window: _MicWindow) -> None:
        with self._lock:
            if self._mic is window:
                self._mic = None
                self.status.update(window=None)

    def _close_mic(self) -> None:
        window, self._mic = self._mic, None
        if window is not None:
            if window.timer:
                window.timer.cancel()
            self.status.update(window=None)

    # --- what the recogniser hears ----------------------------------------------------

    def caption(self, text: str) -> None:
        """A partial result: show it, do nothing."""
        self.status.update(caption=shown(text))

    def hear(self, text: str, words: Sequence[Word] | None = None) -> Intent | None:
        """A final transcript (with the recogniser's words and confidences, if any): act on
        it; returns the move acted on or refused (None: no move, or not heard well enough)."""
        with self._lock, self.status.batch():
            return self._hear(text, words)

    def _hear(self, text: str, words: Sequence[Word] | None) -> Intent | None:
        self.status.update(caption=shown(text))
        counting = self._counting()
        if counting is not None:
            self._count_heard(text, counting)
            return None
        if self._ask is not None:  # answered by voice in either mode
            yes = answer_of(text, self.lang)
            if yes is not None:
                self._answered(self._ask, yes)
                return None
        window = self._mic
        if window is None and self.mode == "after_button":
            return None
        speaker = window.player if window is not None else None
        decision = decide(text, self.lang, RoomPosition(self.room), words=words, speaker=speaker,
                          min_confidence=self.min_confidence)
        move = decision.move
        if move.intent is None:
            return None
        self._close_mic()
        if decision.asked:
            self._open_ask(decision)
            return None
        if decision.rejected:
            self._reject(decision)
            return None
        if move.intent == "cancel" and self._ask is not None:
            self._drop_ask()  # "annulla" while asked: drop the question, take nothing back
            return move
        self._drop_ask()
        if move.intent == "cancel":
            self._cancel_any(speaker)
        elif decision.reason:
            self._refuse(move, move.player, decision.reason)
        elif move.intent == "bid":
            self._bid_heard(move, move.player)
        else:
            self._call_heard(move, move.player)
        return move

    def _reject(self, decision: Decision) -> None:
        """Show what was heard and that nothing was played."""
        key = "unsure" if decision.reason == "low_confidence" else "not_played"
        self.status.update(heard=None, player=decision.player, refused=None, rejected=decision.reason,
                           message=announce(self.lang, key, heard=shown(decision.text)))

    # --- "did you mean?" ----------------------------------------------------------------

    def _open_ask(self, decision: Decision) -> None:
        """Ask the credited player about a move heard not well enough to play."""
        move = decision.move
        player = move.player if move.intent != "cancel" else self._cancel_owner(move.player)
        if player is None:
            self._reject(decision)
            return
        self._drop_ask()
        self._asks += 1
        ask = _Ask(self._asks, move, player)
        ask.timer = self._schedule(self.ask_seconds, lambda: self._ask_expired(ask))
        self._ask = ask
        heard = spoken_move(self.lang, move)
        self.status.update(ask={"id": ask.id, "player": player, "intent": move.intent, "quantity": move.quantity,
                                "face": move.face, "heard": heard, "text": shown(decision.text),
                                "seconds": self.ask_seconds}, rejected=None, refused=None)
        self._say(announce(self.lang, "ask", player=player, move=heard))
        self.refresh_grammar()

    def _cancel_owner(self, named: str | None) -> str | None:
        """Whose move a cancel would take back (the one asked), or None when there is none."""
        pending = self._reveal or self._bid
        if pending is None or named not in (None, pending.player):
            return None
        return pending.player

    def answer(self, player: str | None, ask_id: int | None, yes: bool) -> Reply:
        """The asked player's tap (`player`, `ask_id`), or a spoken answer (both None)."""
        with self._lock, self.status.batch():
            ask = self._ask
            if ask is None or (ask_id is not None and ask_id != ask.id) or player not in (None, ask.player):
                return {"ok": False, "code": "nothing_to_answer", "message": "no question waiting"}
            return self._answered(ask, yes)

    def _answered(self, ask: _Ask, yes: bool) -> Reply:
        self._drop_ask()
        if not yes:
            return {"ok": True, "code": None, "message": "dropped"}
        move = ask.move
        if move.intent == "cancel":
            return self._cancel_any(ask.player)
        if move.intent == "bid":
            self._bid_heard(move, ask.player)
        else:
            self._show(move, ask.player)
            self._say(announce(self.lang, "challenge" if move.intent == "dudo" else "calza", player=ask.player))
            if self._reveal is not None and self._reveal.timer:
                self._reveal.timer.cancel()  # the Yes is this call's confirmation; no other waits
            self._reveal = _Reveal(ask.player, str(move.intent), self.room.version())
            return self._commit()
        return {"ok": True, "code": None, "message": "played"}

    def _ask_expired(self, ask: _Ask) -> None:
        with self._lock, self.status.batch():
            if self._ask is ask:
                self._drop_ask()

    def _drop_ask(self) -> None:
        """No question waits any more (answered, expired, or replaced)."""
        ask, self._ask = self._ask, None
        if ask is not None:
            if ask.timer:
                ask.timer.cancel()
            self.status.update(ask=None)
            self.refresh_grammar()

    def _bid_heard(self, move: Intent, to_act: str | None) -> None:
        bid = move.as_bid()
        assert bid is not None
        if to_act is None:
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

    def _call_heard(self, move: Intent, player: str | None) -> None:
        if player is None:
            self._refuse(move, player, "not_your_turn")
            return
        self._show(move, player)
        self._open_confirm(player, str(move.intent))

    # --- the confirmation window for Dudo / Calza -------------------------------------

    def _open_confirm(self, player: str, call: str) -> None:
        if self._reveal and self._reveal.timer:
            self._reveal.timer.cancel()
        reveal = _Reveal(player, call, self.room.version())
        self._reveal = reveal
        self.status.update(pending="confirm")
        self._say(announce(self.lang, "challenge" if call == "dudo" else "calza", player=player))
        reveal.timer = self._schedule(self.confirm_seconds, lambda: self._expire(reveal))

    def _expire(self, reveal: _Reveal) -> None:
        with self._lock, self.status.batch():
            if self._reveal is reveal:
                self._commit()

    def confirm(self, player: str | None = None) -> Reply:
        """A tap on the phone (or TV): commit the pending Dudo / Calza now."""
        with self._lock, self.status.batch():
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
        with self._lock, self.status.batch():
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
        self._say(announce(self.lang, "cancelled"))
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

    def _drop_echo(self, kind: str, player: str) -> None:
        if (kind, player) in self._echo:
            self._echo.remove((kind, player))

    # --- grammar ----------------------------------------------------------------------

    def grammar(self) -> list[str]:
        """The phrases the table may say now, in words the model knows (for the recogniser)."""
        with self._lock:
            counting = self._counting()
            if counting is not None:
                return count_grammar(self.lang, int(counting.get("dice_in_play", 40)), self.vocabulary)
            to_act = self.room.to_act()
            legal = self.room.legal_for(to_act) if to_act else {}
            calls = ["dudo"] if legal.get("dudo") else []
            players = self.room.players()
            callers = [p for p in players if self.room.legal_for(p).get("calza")]
            if callers:
                calls.append("calza")
            phrases = table_grammar(self.lang, legal_bids(legal), calls, players, self.vocabulary)
            return phrases + self._named_calza(callers) + self._answer_phrases()

    def _answer_phrases(self) -> list[str]:
        """While a question waits: the pack's yes and no, in words the model knows."""
        if self._ask is None:
            return []
        pack = load_pack(self.lang)
        heard = (hearable(pack, p, self.vocabulary) for key in ("yes", "no") for p in pack.answers[key])
        return [p for p in heard if p is not None]

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

    # --- real dice: the table tells the count ---------------------------------------------

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

    # --- showing and saying -----------------------------------------------------------

    def _show(self, move: Intent, player: str) -> None:
        self.status.update(heard=spoken_move(self.lang, move), player=player, refused=None, rejected=None)

    def _refuse(self, move: Intent, player: str | None, code: str, reply: Reply | None = None) -> None:
        """Show and say why `move` was not played."""
        text = error_sentence(self.lang, code) or str((reply or {}).get("message") or code)
        self.status.update(heard=spoken_move(self.lang, move), player=player, refused=code, rejected=None,
                           message=text)
        self._say(text)

    def _say(self, text: str) -> None:
        self.speech.say(text)


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None


def shown(text: str) -> str:
    """A transcript for the TV: the recogniser's "[unk]" as "…"."""
    return " ".join("…" if word == UNK else word for word in text.split())


def spoken_move(lang: str, move: Intent) -> str:
    """The move in the table's words: "sette cinque", "dudo", "calza", "annulla"."""
    bid = move.as_bid()
    if bid:
        return render_bid(lang, *bid)
    return load_pack(lang).calls["cancel"][0] if move.intent == "cancel" else str(move.intent)


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

