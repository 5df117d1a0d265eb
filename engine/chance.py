"""Chance made explicit: the rolls and shots the game waits for, drawn from an injected source.

Production passes `secrets.SystemRandom()` (a cryptographic source); tests pass
`random.Random(seed)`. The engine itself never draws: `chance_action` builds the action
and `apply` plays it, so a recorded game replays exactly.
"""

from __future__ import annotations

import random
import secrets

from dudo_hub.engine.actions import ChanceAction, PickFirst, PullTrigger, RollDice
from dudo_hub.engine.bids import FACES
from dudo_hub.engine.events import Event
from dudo_hub.engine.game import apply
from dudo_hub.engine.resolve import CHAMBERS
from dudo_hub.engine.state import GameState, Phase


def system_random() -> random.Random:
    """The cryptographic source used for real games."""
    return secrets.SystemRandom()


def roll_off(state: GameState, rng: random.Random) -> PickFirst:
    """Every live player rolls one die; the highest opens; ties roll again among themselves."""
    contenders = [state.players[s] for s in state.live_seats]
    rounds: list[tuple[tuple[str, int], ...]] = []
    while True:
        rolls = tuple((p, rng.randint(1, 6)) for p in contenders)
        rounds.append(rolls)
        best = max(d for _, d in rolls)
        contenders = [p for p, d in rolls if d == best]
        if len(contenders) == 1:
            return PickFirst(contenders[0], tuple(rounds))


def chance_action(state: GameState, rng: random.Random) -> ChanceAction | None:
    """The chance action the state waits for, or None when a player (or nobody) is to act."""
    phase = state.phase
    if phase is Phase.ROLL:  # the one every round waits for
        players, counts, draw = state.players, state.counts, rng.random
        # rng.choices(FACES, k=n) spelled out (the same draws, for any Random), without its per-cup setup
        return RollDice(tuple([(players[s], tuple([FACES[int(draw() * 6.0)] for _ in range(counts[s])]))
                               for s in state.live_seats]))
    if phase is Phase.FIRST:
        mode = state.rules.first_player
        if mode == "roll_off":
            return roll_off(state, rng)
        live = [state.players[s] for s in state.live_seats]
        # "host": the host seats the table, and the first seat opens.
        return PickFirst(rng.choice(live) if mode == "random" else live[0])
    if phase is Phase.SHOT:
        assert state.shot_seat is not None
        return PullTrigger(rng.randrange(CHAMBERS) < state.bullets[state.shot_seat])
    return None


def settle_chance(state: GameState, rng: random.Random) -> tuple[GameState, list[Event]]:
    """Apply chance actions until a player must act or the game is over."""
    events: list[Event] = []
    while (action := chance_action(state, rng)) is not None:
        state, more = apply(state, action)
        events += more
    return state, events
