"""The confirmation window of a spoken Dudo or Calza: it commits when the window ends, or on a tap."""

from __future__ import annotations

from dudo_hub.protocol.acks import ack
from dudo_hub.protocol.moves import payload
from dudo_hub.voice.language.wording import announce
from dudo_hub.voice.table.pending import Reveal
from dudo_hub.voice.table.ports import Reply
from dudo_hub.voice.table.state import TableState
from dudo_hub.voice.understand.intent import Intent


class ConfirmJob(TableState):
    """Opens, expires and commits the pending call."""

    def _open_confirm(self, player: str, call: str) -> None:
        if self._reveal and self._reveal.timer:
            self._reveal.timer.cancel()
        reveal = Reveal(player, call, self.room.version())
        self._reveal = reveal
        self.status.update(pending="confirm")
        self._say(announce(self.lang, "challenge" if call == "dudo" else "calza", player=player))
        reveal.timer = self._schedule(self.confirm_seconds, lambda: self._expire(reveal))

    def _expire(self, reveal: Reveal) -> None:
        with self._lock, self.status.batch():
            if self._reveal is reveal:
                self._commit()

    def confirm(self, player: str | None = None) -> Reply:
        """A tap on the phone (or TV): commit the pending Dudo / Calza now."""
        with self._lock, self.status.batch():
            reveal = self._reveal
            if reveal is None or (player is not None and player != reveal.player):
                return ack("nothing_to_confirm", self.lang, "no call waiting")
            if reveal.timer:
                reveal.timer.cancel()
            return self._commit()

    def _commit(self) -> Reply:
        reveal, self._reveal = self._reveal, None
        assert reveal is not None
        self._bid = None
        self._echo.append(("challenge" if reveal.action == "dudo" else "calza", reveal.player))
        move = Intent(reveal.action).as_move()
        assert move is not None, reveal.action
        action = payload(move, reveal.version)
        reply = self.room.submit(reveal.player, action, source="voice")
        self.status.update(pending=None)
        if not reply.get("ok"):
            self._echo.pop()
            code = str(reply.get("code") or "invalid_bid")
            self._refuse(Intent(reveal.action), reveal.player, code, reply)
        return reply
