"""One table played by bots, for the dry run and the bench: the engine's game, bots at every seat.

The bots are asked as a tournament asks them (engine/bots/tournament.py): before each move of
the player on turn, every other player who may act out of turn, in the engine's order; a bot
that faults is replaced by `normal`. The table may stop early, once `stop_at` players are left
(a knockout table's qualifiers): they finish by dice left, then fewer bullets, then seat order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dudo_hub.championship.results import Finish, TableResult
from dudo_hub.engine.actions import PlayerAction
from dudo_hub.engine.bots import make_bot
from dudo_hub.engine.bots.tournament import MAX_STEPS, Players
from dudo_hub.engine.chance import chance_action
from dudo_hub.engine.events import Event
from dudo_hub.engine.game import apply, new_game
from dudo_hub.engine.legal import actors, legal_actions, to_act
from dudo_hub.engine.rules import Rules
from dudo_hub.engine.state import GameState, Phase


def play_table(
    players: Sequence[str], rules: Rules, rng: random.Random, level: str = "normal", stop_at: int = 1
) -> TableResult:
    """Play one game at a table of `players` (in seat order) with bots of `level`, dice and bots
    drawn from `rng`, until `stop_at` players (at least 1) are left; the finishing order."""
    names = list(players)
    bots = {name: make_bot(level, random.Random(rng.getrandbits(64))) for name in names}
    table = Players(bots, dict.fromkeys(names, level), f"table:{','.join(names)}")
    out: list[tuple[str, int]] = []
    state = _settle(new_game(names, rules), rng, out)
    steps = 0
    while state.phase is not Phase.OVER and len(state.live_seats) > max(1, stop_at):
        state, events = apply(state, _next_action(state, table))
        _note(events, state, out)
        if any(e.kind == "reveal" for e in events):
            table.show_reveal(state)
        state = _settle(state, rng, out)
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"the table {names} did not end in {MAX_STEPS} moves")
    return _result(state, out)


def _next_action(state: GameState, table: Players) -> PlayerAction:
    """The first out-of-turn move a bot wants, else the move of the player on turn."""
    actor = to_act(state)
    assert actor is not None, f"nobody to act in the {state.phase.value} phase"
    for name in actors(state)[1:]:
        wish = table.ask(name, True, state, legal_actions(state, name))
        if wish is not None:
            return wish
    action = table.ask(actor, False, state, legal_actions(state, actor))
    assert action is not None
    return action


def _settle(state: GameState, rng: random.Random, out: list[tuple[str, int]]) -> GameState:
    """Play the chance actions the state waits for (rolls, first player, the revolver's shots)."""
    while (action := chance_action(state, rng)) is not None:
        state, events = apply(state, action)
        _note(events, state, out)
    return state


def _note(events: Sequence[Event], state: GameState, out: list[tuple[str, int]]) -> None:
    out.extend((e.data["player"], state.round_no) for e in events if e.kind == "player_out")


def _result(state: GameState, out: list[tuple[str, int]]) -> TableResult:
    live = sorted(state.live_seats, key=lambda s: (-state.counts[s], state.bullets[s], s))
    still_in = [Finish(state.players[s], state.counts[s]) for s in live]
    gone = [Finish(player, 0, when) for player, when in reversed(out)]
    return TableResult((*still_in, *gone), state.round_no)
