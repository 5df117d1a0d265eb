"""Chance made explicit: the rolls and shots the game waits for, drawn from an injected source;
and the one random legal mover (`random_action`, `random_playout`) that tests and benches play with.

Production passes `secrets.SystemRandom()` (a cryptographic source); tests pass
`random.Random(seed)`. The engine itself never draws: `chance_action` builds the action
and `apply` plays it, so a recorded game replays exactly.
"""

from __future__ import annotations

import random
import secrets

from dudo_hub.engine.actions import Action, ChanceAction, CountDice, PickFirst, PullTrigger, RollDice, RollUnseen
from dudo_hub.engine.bids import FACES
from dudo_hub.engine.errors import IllegalAction
from dudo_hub.engine.events import Event
from dudo_hub.engine.game import apply
from dudo_hub.engine.legal import actors, legal_actions
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


def random_action(state: GameState, rng: random.Random, unseen: bool = False) -> Action:
    """A random legal next action, whoever or whatever is to act: the chance action the state
    waits for (`chance_action`), or one drawn uniformly from every actor's `legal_actions`.

    With `unseen`, rounds are rolled in real cups (`RollUnseen`) and each call's count is a
    random `CountDice`. Raises IllegalAction (`game_over`) once the game is over.
    """
    phase = state.phase
    if phase is Phase.OVER:
        raise IllegalAction("game_over", "the game is over; nothing is left to play")
    if phase is Phase.COUNT:
        return CountDice(rng.randint(0, state.dice_in_play))
    if unseen and phase is Phase.ROLL:
        return RollUnseen()
    chance = chance_action(state, rng)
    if chance is not None:
        return chance
    return rng.choice([a for p in actors(state) for a in legal_actions(state, p)])


def random_playout(
    state: GameState, rng: random.Random, max_steps: int = 10_000, unseen: bool = False
) -> tuple[GameState, list[Event]]:
    """Play `random_action` until the game is over or `max_steps` actions were applied; the
    state reached (check `phase` when `max_steps` may cut the game short) and every event."""
    events: list[Event] = []
    for _ in range(max_steps):
        if state.phase is Phase.OVER:
            break
        state, more = apply(state, random_action(state, rng, unseen))
        events += more
    return state, events
