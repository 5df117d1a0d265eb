"""One game at a table: the engine state, chance with its fair-dice commitment, and voice undo.

Every refusal comes from the engine (`engine.refusal`), checked in the protocol's order:
game over, the turn, the version, then the rules. No lock here: the Room holds its lock.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dudo_hub import engine
from dudo_hub.engine import ChanceAction, CountDice, Event, GameState, Phase, PlayerAction, RollDice, RollUnseen, Rules
from dudo_hub.protocol.errors import HubError
from dudo_hub.server.room.commitment import Commitment
from dudo_hub.server.room.realdice import RealDice

RECENT = 40

Played = tuple[list[dict[str, Any]], list[Event]]  # (event dicts for screens, the engine's events)


@dataclass(frozen=True)
class Undo:
    """A bid heard by voice that its seat may still take back."""

    before: GameState
    version: int
    player: str
    bid: list[int]


class GameSession:
    """The game's state and everything that must move with it."""

    def __init__(self, rng: random.Random, humans: Callable[[], Sequence[str]] = list) -> None:
        self.rng = rng
        self.humans = humans  # the seats a phone plays now (they enter real dice; bots' are rolled)
        self.real = RealDice()
        self.state: GameState | None = None
        self.commitment: Commitment | None = None
        self.last_round: dict[str, Any] | None = None
        self.recent: deque[dict[str, Any]] = deque(maxlen=RECENT)
        self.undo: Undo | None = None
        self.revealed = False  # the last move lifted the cups: bots let the table look first
        self.at_reveal: GameState | None = None  # the round as it was revealed (bots learn from it)

    @property
    def version(self) -> int:
        """The game state's version (0 without a game)."""
        return self.state.version if self.state else 0

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state is not None and self.state.phase is Phase.OVER

    def start(self, players: Sequence[str], rules: Rules, dice: str = "hub") -> Played:
        """Deal a new game: first player, roll (or wait for the real cups), and wait for the opener."""
        self.recent.clear()
        self.last_round, self.undo, self.revealed = None, None, False
        self.real = RealDice(dice)
        self.state, events = self._settle(engine.new_game(list(players), rules))
        return events, []

    def end(self) -> None:
        """Drop the game (back to the lobby)."""
        self.state, self.commitment, self.undo, self.last_round = None, None, None, None
        self.revealed = False
        self.recent.clear()

    def playing(self) -> GameState:
        """The state of a game that is on (not_started / game_over otherwise)."""
        if self.state is None:
            raise HubError("not_started", "the game has not started")
        if self.state.phase is Phase.OVER:
            raise HubError("game_over", "the game is over")
        return self.state

    def refusal(self, action: PlayerAction) -> engine.DudoError | None:
        """The engine's refusal of `action` now (the turn first, as `move` checks it), or None."""
        state = self.playing()
        return engine.turn_refusal(state, action.player) or engine.refusal(state, action)

    def move(self, action: PlayerAction, version: int | None, source: str) -> Played:
        """Check (turn, version, rules) and play `action`; raise HubError / DudoError on refusal.

        The turn: a player who may not act at all now is refused by `engine.turn_refusal`
        (`not_your_turn`, `player_out`) before the version is looked at; the move by `engine.refusal`.
        """
        state = self.playing()
        _refuse(engine.turn_refusal(state, action.player))
        if version is not None and version != state.version:
            raise HubError("stale_version", f"move for version {version}, the table is at {state.version}")
        _refuse(engine.refusal(state, action))
        return self.play(action, source)

    def play(self, action: PlayerAction, source: str) -> Played:
        """Apply a legal `action`, open the round's commitment at a reveal, settle chance."""
        before = self.playing()
        state, events = engine.apply(before, action)
        out = self._with_openings(events)
        if source == "host":  # the host stood in for a sleeping phone: every screen says so
            out = [{"kind": "stood_in", "player": action.player}, *out]
        self.state, more = self._settle(state)
        self.undo = None
        if source == "voice" and isinstance(action, engine.MakeBid):
            self.undo = Undo(before, self.state.version, action.player, action.bid.to_list())
        self.revealed = any(e.kind == "reveal" for e in events)
        self.at_reveal = state if self.revealed else None  # the round as it was revealed, before the next roll
        return out + more, events

    def end_reveal(self) -> int | None:
        """The look at the dice is over (the host skipped it): bots need not wait. Returns its round."""
        if self.state is None:
            raise HubError("not_started", "there is no game, so no reveal")
        self.revealed = False
        return self.last_round["round"] if self.last_round else None

    def cancel_voice(self, player: str, version: int) -> Played:
        """Take back the last bid the voice credited to `player`, if nothing happened since."""
        state = self.playing()
        undo = self.undo
        if undo is None or undo.player != player or undo.version != state.version:
            raise HubError("nothing_to_cancel", f"no heard bid of {player} to take back")
        if version != state.version:
            raise HubError("stale_version", f"cancel for version {version}, the table is at {state.version}")
        self.state = replace(undo.before, version=state.version + 1)
        self.undo = None
        return [{"kind": "bid_cancelled", "player": player, "bid": undo.bid}], []

    def _with_openings(self, events: list[Event]) -> list[dict[str, Any]]:
        """Event dicts, each reveal followed by the round's opened commitment."""
        out: list[dict[str, Any]] = []
        for event in events:
            out.append(event.to_dict())
            if event.kind == "reveal" and self.commitment is not None:
                self.last_round = self.commitment.opened()
                out.append({"kind": "dice_opened", **self.last_round})
                self.commitment = None
        return out

    # ----- real dice ---------------------------------------------------------------------------

    def enter_dice(self, player: str, dice: Sequence[int]) -> Played:
        """A referee table: `player`'s cup from the phone; the round starts once every cup is in,
        and a cup entered again before the first bid replaces it (and the commitment)."""
        state = self.playing()
        self.real.enter(state, player, dice)
        if state.phase is Phase.ROLL:
            self.state, events = self._settle(state)
            return events, []
        seat, cup = state.seat_of(player), tuple(self.real.entered.pop(player))  # in play now, not awaited
        cups = tuple(cup if s == seat else c for s, c in enumerate(state.dice))
        self.state = replace(state, dice=cups, version=state.version + 1)
        return [self._seal(state.round_no, {state.players[s]: list(c) for s, c in enumerate(cups) if c})], []

    def propose_count(self, by: str, count: int) -> Played:
        """A scoreboard table: a count proposed for the reveal waiting (a player, or the voice)."""
        self.real.propose(self.playing(), by, count)
        return [{"kind": "count_proposed", "by": by, "count": count}], []

    def confirm_count(self, by: str, count: int, host: bool = False) -> Played:
        """A second player agrees with the proposed count (or the host, in `by`'s name): the round is
        settled with it."""
        state = self.playing()
        told = self.real.confirm(state, by, count, host)
        state, events = engine.apply(state, CountDice(told))
        out = [{"kind": "count_confirmed", "by": by, "count": told, "host": host}, *self._with_openings(events)]
        self.state, more = self._settle(state)
        self.revealed = True
        return out + more, events

    def _chance(self, state: GameState) -> ChanceAction | None:
        """The chance action now: drawn by the hub, or the real cups (None while they are awaited)."""
        if state.phase is not Phase.ROLL or not self.real.active:
            return engine.chance_action(state, self.rng)
        if self.real.mode == "scoreboard":
            return RollUnseen()
        if self.real.missing(state, self.humans()):
            return None
        return RollDice.of(self.real.cups(state, self.rng))

    def _seal(self, round_no: int, dice: dict[str, list[int]]) -> dict[str, Any]:
        self.commitment = Commitment.seal(round_no, dice)
        return {"kind": "dice_committed", **self.commitment.public()}

    def _settle(self, state: GameState) -> tuple[GameState, list[dict[str, Any]]]:
        """Apply chance until a player (or the table) must act, sealing each roll before it is applied."""
        out: list[dict[str, Any]] = []
        while (action := self._chance(state)) is not None:
            if isinstance(action, RollDice):
                out.append(self._seal(state.round_no + 1, {p: list(d) for p, d in action.dice}))
            state, events = engine.apply(state, action)
            out += self._with_openings(events)
            if isinstance(action, RollDice | RollUnseen):
                self.real.new_round()
        return state, out


def _refuse(problem: Exception | None) -> None:
    """Raise `problem`, if any, without a reference cycle: a raised error's traceback holds the frame
    that raised it, so that frame must not keep the error in a local (else only a collection frees them)."""
    if problem is not None:
        try:
            raise problem
        finally:
            del problem
