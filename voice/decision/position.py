"""Positions for the decision policy, answered by the engine itself.

`EnginePosition(state)` refuses a move with the engine's own code (`engine.refusal`:
its `IllegalAction`), so voice never guesses why a move is not allowed.

`table_position(...)` builds the position `dudo parse` is asked about: the players in
seat order, the player to act first, the standing bid made by the last player, the
dice spread evenly (the remainder going to the first seats), a fixed seed for the roll.

>>> position = table_position(["Ann", "Bob", "Cid"], standing=(4, 5), dice=14)
>>> position.to_act(), position.bidder(), position.counts()
('Ann', 'Cid', (5, 5, 4))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from dudo_hub.engine import (
    Bid,
    DudoError,
    GameState,
    MakeBid,
    Phase,
    PickFirst,
    PlayerAction,
    apply,
    legal_actions,
    legal_summary,
    make_rules,
    new_game,
    refusal,
    settle_chance,
    to_act,
)
from dudo_hub.engine.actions import ChooseDirection
from dudo_hub.engine.views import table_facts
from dudo_hub.voice.understand.intent import Intent

SEED = 1
"""The roll of `table_position` (the dice never matter to what a transcript means)."""


class Position(Protocol):
    """Who sits where and what each may do now; answered by the engine."""

    def players(self) -> Sequence[str]:
        """The seated players, in seat order."""
        ...

    def to_act(self) -> str | None:
        """The player whose turn it is, or None."""
        ...

    def bidder(self) -> str | None:
        """Who made the standing bid, or None."""
        ...

    def refusal(self, player: str, move: Intent) -> str | None:
        """The engine's error code refusing `move` by `player` now, or None when allowed."""
        ...


class EnginePosition:
    """A game state seen by the decision policy."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._legal: dict[str, frozenset[PlayerAction]] = {}

    def players(self) -> Sequence[str]:
        """The seated players, in seat order."""
        return self.state.players

    def to_act(self) -> str | None:
        """The player whose turn it is."""
        return to_act(self.state)

    def bidder(self) -> str | None:
        """Who made the standing bid."""
        standing = self.state.standing
        return self.state.players[standing.seat] if standing is not None else None

    def standing(self) -> tuple[int, int] | None:
        """The standing bid (quantity, face)."""
        standing = self.state.standing
        return (standing.bid.quantity, int(standing.bid.face)) if standing is not None else None

    def counts(self) -> tuple[int, ...]:
        """Dice per seat."""
        return self.state.counts

    def refusal(self, player: str, move: Intent) -> str | None:
        """The engine's code refusing `move` by `player` now, or None when it is legal."""
        try:
            action = move.action(player)
            if action in self._legal_actions(player):
                return None
            problem = refusal(self.state, action)
        except DudoError as err:
            return err.code
        return problem.code if problem is not None else None

    def _legal_actions(self, player: str) -> frozenset[PlayerAction]:
        """`legal_actions` of `player`, once (the position never changes)."""
        if player not in self._legal:
            self._legal[player] = frozenset(legal_actions(self.state, player))
        return self._legal[player]

    def legal_bids(self) -> set[tuple[int, int]]:
        """The bids the player to act may make (for the grammar)."""
        player = self.to_act()
        if player is None:
            return set()
        spans = legal_summary(self.state, player)["bids"]
        return {(q, int(face)) for face, (low, high) in spans.items() for q in range(low, high + 1)}

    def calls(self) -> list[str]:
        """The calls someone may make now: "dudo" (the player to act), "calza" (anyone allowed)."""
        out = []
        player = self.to_act()
        if player is not None and legal_summary(self.state, player)["dudo"]:
            out.append("dudo")
        if any(legal_summary(self.state, p)["calza"] for p in self.state.players):
            out.append("calza")
        return out


def spread(dice: int, seats: int, most: int) -> list[int]:
    """`dice` over `seats` as evenly as can be, the remainder from the first seat."""
    base, extra = divmod(dice, seats)
    counts = [base + (1 if i < extra else 0) for i in range(seats)]
    if min(counts) < 1 or max(counts) > most:
        raise ValueError(f"{dice} dice cannot be spread over {seats} players with 1..{most} each")
    return counts


def table_position(
    players: Sequence[str],
    standing: tuple[int, int] | None = None,
    dice: int | None = None,
    preset: str = "dudo",
) -> EnginePosition:
    """The first player to act; `standing` (quantity, face) bid by the last; `dice` in play."""
    rules = make_rules(preset)
    names = list(players)
    each = int(table_facts(rules)["dice_each"])
    counts = spread(dice, len(names), each) if dice is not None else [each] * len(names)
    state = new_game(names, rules, counts=dict(zip(names, counts, strict=True)))
    opener = names[-1] if standing is not None else names[0]
    state, _ = apply(state, PickFirst(opener))
    if state.phase is Phase.DIRECTION:
        state, _ = apply(state, ChooseDirection(opener, True))
    state, _ = settle_chance(state, random.Random(SEED))
    if standing is not None:
        state, _ = apply(state, MakeBid(opener, Bid(*standing)))
    return EnginePosition(state)
