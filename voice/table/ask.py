"""The "did you mean?" question: a move heard not well enough to play, asked of its player."""

from __future__ import annotations

from dudo_hub.protocol.acks import ack
from dudo_hub.voice.decision.policy import Decision
from dudo_hub.voice.language.wording import announce
from dudo_hub.voice.table.pending import Ask, Reveal
from dudo_hub.voice.table.ports import Reply
from dudo_hub.voice.table.state import TableState
from dudo_hub.voice.table.words import shown, spoken_move

ASK_SECONDS = 6.0
"""How long a "did you mean?" waits for its answer."""


class AskJob(TableState):
    """Asks, takes the answer (a tap or a spoken yes / no), expires and drops the one question."""

    def _open_ask(self, decision: Decision) -> None:
        """Ask the credited player about a move heard not well enough to play."""
        move = decision.move
        player = move.player if move.intent != "cancel" else self._cancel_owner(move.player)
        if player is None:
            self._reject(decision)
            return
        self._drop_ask()
        self._asks += 1
        ask = Ask(self._asks, move, player)
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
                return ack("nothing_to_answer", self.lang, "no question waiting")
            return self._answered(ask, yes)

    def _answered(self, ask: Ask, yes: bool) -> Reply:
        self._drop_ask()
        if not yes:
            return ack("ok", self.lang, "dropped")
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
            self._reveal = Reveal(ask.player, str(move.intent), self.room.version())
            return self._commit()
        return ack("ok", self.lang, "played")

    def _ask_expired(self, ask: Ask) -> None:
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
