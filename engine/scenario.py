"""The scenario runner: plays a conformance file (already parsed from JSON) with the real engine.

The format is described in shared/scenarios/README.md. `run_scenario` returns the result
object that `dudo replay` prints, and raises ScenarioMismatch at the first unmet expectation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from dudo_hub.engine.actions import (
    CallCalza,
    CallDudo,
    ChooseDirection,
    CountDice,
    MakeBid,
    PickFirst,
    PlayerAction,
    PullTrigger,
    RollDice,
    RollUnseen,
)
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.errors import DudoError
from dudo_hub.engine.events import Event
from dudo_hub.engine.game import apply, new_game
from dudo_hub.engine.rules import make_rules
from dudo_hub.engine.state import GameState, Phase


class ScenarioMismatch(Exception):
    """An expectation of the scenario that the engine did not meet."""


def setup(data: Mapping[str, Any]) -> GameState:
    """The game as the scenario's header describes it, before the first roll."""
    rules = make_rules(data.get("preset", "dudo"), data.get("options") or {})
    state = new_game(data["players"], rules, data.get("dice_count"), data.get("palifico_used", ()))
    first = data["rounds"][0]["start"] if data.get("rounds") else data["players"][0]
    state, _ = apply(state, PickFirst(first))
    if data.get("first_round_palifico"):
        seat = state.seat_of(first)
        state = replace(state, palifico=True, palifico_used=_mark(state.palifico_used, seat))
    return state


def _mark(flags: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    return tuple(flag or i == seat for i, flag in enumerate(flags))


def run_scenario(data: Mapping[str, Any]) -> dict[str, Any]:
    """Play every round; return {"name", "ok", "rounds"} or raise ScenarioMismatch."""
    try:
        state = setup(data)
    except DudoError as err:
        raise ScenarioMismatch(f"setup: {err.message}") from err
    results = []
    for number, rnd in enumerate(data.get("rounds", []), start=1):
        state, result = _play_round(state, rnd, number)
        results.append(result)
    return {"name": data.get("name", ""), "ok": True, "rounds": results}


def _play_round(state: GameState, rnd: Mapping[str, Any], number: int) -> tuple[GameState, dict[str, Any]]:
    where = f"round {number}"
    if state.phase is Phase.DIRECTION and state.opener is not None:
        state, _ = apply(state, ChooseDirection(state.players[state.opener], rnd.get("clockwise", True)))
    if state.phase is not Phase.ROLL:
        raise ScenarioMismatch(f"{where}: the game is in the {state.phase.value} phase, not ready to roll")
    opener = state.players[state.opener] if state.opener is not None else None
    if "start" in rnd and rnd["start"] != opener:
        raise ScenarioMismatch(f"{where}: start expected {rnd['start']!r}, the engine has {opener!r}")
    roll = RollUnseen() if rnd.get("unseen") else RollDice.of(rnd.get("dice", {}))
    state, _ = _step(state, roll, where)
    if "palifico" in rnd and bool(rnd["palifico"]) != state.palifico:
        raise ScenarioMismatch(f"{where}: palifico expected {rnd['palifico']}, the engine has {state.palifico}")
    events: list[Event] = []
    for index, move in enumerate(rnd.get("moves", []), start=1):
        state, more = _play_move(state, move, f"{where}, move {index}")
        events += more
    if state.phase is Phase.COUNT:
        if "told_count" not in rnd:
            raise ScenarioMismatch(f"{where}: unseen dice need the table's count ('told_count')")
        state, more = _step(state, CountDice(rnd["told_count"]), where)
        events += more
    while state.phase is Phase.SHOT:
        if "shot" not in rnd:
            raise ScenarioMismatch(f"{where}: the revolver needs a 'shot' ('fires' or 'clicks')")
        state, more = _step(state, PullTrigger(rnd["shot"] == "fires"), where)
        events += more
    result = _round_result(state, events)
    _check(result, state, rnd.get("expect", {}), where)
    return state, result


def _step(state: GameState, action: Any, where: str) -> tuple[GameState, list[Event]]:
    try:
        return apply(state, action)
    except DudoError as err:
        raise ScenarioMismatch(f"{where}: {err.code}: {err.message}") from err


def _play_move(state: GameState, move: Mapping[str, Any], where: str) -> tuple[GameState, list[Event]]:
    if not move.get("error"):
        return _step(state, _action(move, where), where)
    try:
        action = _action(move, where)
        after, _ = apply(state, action)
    except (DudoError, ScenarioMismatch):
        return state, []  # rejected, as expected: a malformed move (face 7, quantity 0) is rejected too
    raise ScenarioMismatch(f"{where}: {action} should be rejected, the engine accepted it (version {after.version})")


def _action(move: Mapping[str, Any], where: str) -> PlayerAction:
    player = move.get("player", "")
    try:
        if "bid" in move:
            quantity, face = move["bid"]
            return MakeBid(player, Bid(int(quantity), int(face)))
        call = move.get("call")
    except (DudoError, TypeError, ValueError) as err:
        raise ScenarioMismatch(f"{where}: cannot read move {dict(move)}: {err}") from err
    if call == "dudo":
        return CallDudo(player)
    if call == "calza":
        return CallCalza(player)
    raise ScenarioMismatch(f"{where}: cannot read move {dict(move)}")


def _round_result(state: GameState, events: list[Event]) -> dict[str, Any]:
    by_kind = {e.kind: e.data for e in events}
    over = by_kind.get("round_over", {})
    result: dict[str, Any] = {
        "count": by_kind.get("reveal", {}).get("count"),
        "loser": over.get("loser"),
        "gainer": over.get("gainer"),
        "dice": dict(zip(state.players, state.counts, strict=True)),
        "next": over.get("next") if "round_over" in by_kind else _name(state, state.opener),
        "eliminated": [e.data["player"] for e in events if e.kind == "player_out"],
        "winner": _name(state, state.winner),
    }
    if state.rules.loss == "revolver":
        result["bullets"] = dict(zip(state.players, state.bullets, strict=True))
    return result


def _name(state: GameState, seat: int | None) -> str | None:
    return state.players[seat] if seat is not None else None


def _check(result: dict[str, Any], state: GameState, expect: Mapping[str, Any], where: str) -> None:
    for key, wanted in expect.items():
        got = result.get(key)
        if key == "eliminated":
            out_now = sorted(p for p, c in zip(state.players, state.counts, strict=True) if c == 0)
            if sorted(wanted) in (sorted(got or []), out_now):
                continue
        elif key in ("dice", "bullets") and isinstance(wanted, Mapping) and isinstance(got, Mapping):
            if all(got.get(p) == n for p, n in wanted.items()):
                continue
        elif got == wanted:
            continue
        raise ScenarioMismatch(f"{where}: expected {key} = {wanted!r}, the engine gives {got!r}")
