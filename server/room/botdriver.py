"""The hub's bots at one table: which bot-played seat moves next, and what it plays.

Bots decide from `engine.view_for(state, seat)` and the legal actions only, and are shown each
revealed round (what a learning bot learns from); what they learn lasts as long as the room. A bot may
jump in out of turn (calza, French raises) where the rules allow it, before the bot whose
turn it is. No lock here: the Room calls it under the room's lock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dudo_hub import engine
from dudo_hub.engine import GameState, Phase, PlayerAction
from dudo_hub.engine.bots import Bot, make_bot
from dudo_hub.server.room.lobby import default_level
from dudo_hub.server.room.seats import Seat


class BotDriver:
    """The bots of one table (one per bot-played seat, remade when its level changes)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._bots: dict[str, Bot] = {}
        self._memory: dict[str, dict[str, Any]] = {}  # per bot seat, for the room's lifetime (its games)

    def observe(self, revealed: GameState | None, seats: Sequence[Seat]) -> None:
        """Show every bot at the table the round just revealed (its bids and every cup), as a
        tournament does, so a bot that learns whom to trust (hard) learns at the hub too."""
        if revealed is None or revealed.reveal is None:
            return
        for seat in seats:
            if seat.bot_plays and seat.player in revealed.players:
                look = getattr(self._bot(seat.player, seats), "observe", None)
                if callable(look):
                    look(engine.view_for(revealed, seat.player))

    def due(self, state: GameState | None, seats: Sequence[Seat]) -> str | None:
        """The bot-played seat the game waits for, if any."""
        player = engine.to_act(state) if state is not None else None
        if player is None:
            return None
        seat = next((s for s in seats if s.player == player), None)
        return player if seat is not None and seat.bot_plays else None

    def may_move(self, state: GameState | None, seats: Sequence[Seat]) -> bool:
        """Whether some bot could move now (its turn, or out of turn where allowed)."""
        return self.due(state, seats) is not None or self._may_jump_in(state, seats)

    def next_move(self, state: GameState, seats: Sequence[Seat]) -> PlayerAction | None:
        """A bot's move now: one jumping in out of turn first, else the bot whose turn it is."""
        action = self._off_turn_move(state, seats)
        player = self.due(state, seats)
        if action is None and player is not None:
            bot = self._bot(player, seats)
            action = bot.choose(engine.view_for(state, player), engine.legal_actions(state, player))
        return action

    def delay(self, base: float, revealed: bool, reveal_pause: float) -> float:
        """Seconds a bot "thinks" (base x 0.6..1.4), longer right after a reveal."""
        return base * self.rng.uniform(0.6, 1.4) + (reveal_pause if revealed else 0.0)

    def _bot(self, player: str, seats: Sequence[Seat]) -> Bot:
        seat = next(s for s in seats if s.player == player)
        level = seat.level or default_level()
        bot = self._bots.get(player)
        if bot is None or bot.level != level:
            bot = self._bots[player] = make_bot(level, self.rng)
            keep = getattr(bot, "remember", None)
            if callable(keep):  # what it learned of the others outlives a change of level and each game
                keep(self._memory.setdefault(player, {}))
        return bot

    def _off_turn_move(self, state: GameState, seats: Sequence[Seat]) -> PlayerAction | None:
        """The first out-of-turn move a bot wants, asked in the engine's order (`engine.actors`,
        the order a tournament asks in), humans' seats skipped."""
        if state.phase is not Phase.BIDDING or not engine.acts_out_of_turn(state.rules):
            return None
        bots = {s.player for s in seats if s.bot_plays}
        for player in engine.actors(state)[1:]:
            if player in bots:
                legal = engine.legal_actions(state, player)
                wanted = self._bot(player, seats).wants_out_of_turn(engine.view_for(state, player), legal)
                if wanted is not None:
                    return wanted
        return None

    @staticmethod
    def _may_jump_in(state: GameState | None, seats: Sequence[Seat]) -> bool:
        return (state is not None and state.phase is Phase.BIDDING and engine.acts_out_of_turn(state.rules)
                and any(s.bot_plays and s.player != engine.to_act(state) for s in seats))
