"""Helpers shared by the engine tests: fixed positions, short move syntax, playouts.

Kept out of conftest.py so the tests can import it by a name no other folder uses.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from sharedkit import shared_files

from dudo_hub.engine import (
    Bid,
    CallCalza,
    CallDudo,
    DudoError,
    GameState,
    MakeBid,
    Phase,
    PickFirst,
    RollDice,
    apply,
    legal_actions,
    make_rules,
    new_game,
    settle_chance,
)

PRESET_NAMES = ("dudo", "perudo", "parker", "francais", "revolver", "liars_dice")


def shared_scenarios() -> list[Path]:
    """The shared conformance scenarios (tests/data/shared, plus $DUDO_SHARED's)."""
    return shared_files("scenarios", "*.json")


def scenario_files() -> list[Path]:
    """Every scenario: the shared conformance files, then this folder's own."""
    own = sorted((Path(__file__).parent / "scenarios").glob("*.json"))
    return shared_scenarios() + own


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def table(
    dice: Mapping[str, Sequence[int]],
    opener: str | None = None,
    preset: str = "dudo",
    palifico_used: Sequence[str] = (),
    palifico: bool = False,
    **options: Any,
) -> GameState:
    """A game in the bidding phase with fixed dice; seat order is the order of `dice`.

    Each player holds as many dice as listed; `palifico=True` makes it a palifico round
    (as if the opener had just dropped to one die).
    """
    from dataclasses import replace

    rules = make_rules(preset, options)
    players = list(dice)
    counts = {p: len(d) for p, d in dice.items() if len(d) != rules.max_dice}
    state = new_game(players, rules, counts, palifico_used)
    state, _ = apply(state, PickFirst(opener or players[0]))
    if state.phase is Phase.DIRECTION:
        from dudo_hub.engine import ChooseDirection

        state, _ = apply(state, ChooseDirection(opener or players[0], True))
    if palifico:
        state = replace(state, palifico=True)
    state, _ = apply(state, RollDice.of({p: list(d) for p, d in dice.items()}))
    return state


def bid(player: str, text: str) -> MakeBid:
    return MakeBid(player, Bid.parse(text))


def dudo(player: str) -> CallDudo:
    return CallDudo(player)


def calza(player: str) -> CallCalza:
    return CallCalza(player)


def play(state: GameState, *actions: Any) -> tuple[GameState, list[Any]]:
    """Apply `actions` in order; return the last state and every event."""
    events: list[Any] = []
    for action in actions:
        state, more = apply(state, action)
        events += more
    return state, events


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind for e in events]


def event(events: Iterable[Any], kind: str) -> dict[str, Any]:
    """The data of the one event of `kind`."""
    found = [e.data for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind!r} event, got {len(found)}"
    return found[0]


def counts(state: GameState) -> dict[str, int]:
    return dict(zip(state.players, state.counts, strict=True))


def legal_bid_texts(state: GameState, player: str) -> set[str]:
    return {str(a.bid) for a in legal_actions(state, player) if isinstance(a, MakeBid)}


def rejects(state: GameState, action: Any) -> DudoError:
    """Apply `action`, expect a typed error, and return it."""
    try:
        apply(state, action)
    except DudoError as err:
        return err
    raise AssertionError(f"{action} was accepted")


def all_legal(state: GameState) -> list[Any]:
    """Every player's legal actions now."""
    return [a for p in state.players for a in legal_actions(state, p)]


def random_game(
    preset: str, players: int, rng: random.Random, options: Mapping[str, Any] | None = None
) -> GameState:
    """A fresh game, settled to the first player decision."""
    names = [f"P{i}" for i in range(players)]
    state = new_game(names, make_rules(preset, options))
    state, _ = settle_chance(state, rng)
    return state


def legal_summary_calza(state: GameState) -> dict[str, bool]:
    """Who may call calza now, by player, as legal_actions says."""
    return {p: any(isinstance(a, CallCalza) for a in legal_actions(state, p)) for p in state.players}
