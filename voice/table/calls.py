"""Bids and calls heard: a bid played at once, a Dudo or Calza sent to its confirmation; taking back."""

from __future__ import annotations

from dudo_hub.protocol.acks import ack
from dudo_hub.protocol.moves import BidMove, payload
from dudo_hub.voice.language.wording import announce
from dudo_hub.voice.table.pending import VoiceBid
from dudo_hub.voice.table.ports import Reply
from dudo_hub.voice.table.state import TableState
from dudo_hub.voice.understand.intent import Intent


class CallJob(TableState):
    """Plays a bid heard, opens the confirmation of a call heard, takes back a voice move."""

    def _bid_heard(self, move: Intent, to_act: str | None) -> None:
        bid = move.as_bid()
        assert bid is not None
        if to_act is None:
            self._refuse(move, move.player, "not_your_turn")
            return
        self._show(move, to_act)
        previous, self._bid = self._bid, VoiceBid(to_act, bid)
        action = payload(BidMove(quantity=bid[0], face=bid[1]), self.room.version())
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
            return ack("nothing_to_cancel", self.lang, "no voice move to take back")
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
        return ack("ok", self.lang, "cancelled")
