"""A kept game as JSON lines (schema: docs/history.md), read back and checked.

`check` replays the exported game with the engine (every recorded move and roll, the recorded
events compared with the engine's) and opens every round's fair-dice commitment, as `dudo verify` does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from dudo_hub import engine
from dudo_hub.engine import (
    Bid,
    CallCalza,
    CallDudo,
    ChooseDirection,
    CountDice,
    GameState,
    MakeBid,
    Phase,
    PickFirst,
    PullTrigger,
    RollDice,
    RollUnseen,
)
from dudo_hub.engine.events import KINDS
from dudo_hub.server.room import commitment

FORMAT = "dudo-hub-game"
VERSION = 1
HEADER_KEYS = ("game", "room", "players", "preset", "options", "dice_mode", "started", "ended", "winner")
ENGINE_KINDS = frozenset(KINDS)


class ExportError(ValueError):
    """A line of an export that cannot be read (`line` counts from 1; 0: the file as a whole)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@dataclass
class ExportedGame:
    """An export read back: its header and its events (with the line each came from)."""

    header: dict[str, Any]
    events: list[dict[str, Any]]
    lines: list[int] = field(default_factory=list)


def export_lines(game: Mapping[str, Any]) -> Iterator[str]:
    """The JSON lines of a kept game (`History.game`): a header, then one line per event."""
    header = {"format": FORMAT, "version": VERSION, **{k: game.get(k) for k in HEADER_KEYS},
              "game": game["id"], "evening": game.get("evening"), "rounds": game.get("rounds"),
              "players": [{k: p.get(k) for k in ("name", "bot", "level")} for p in game["players"]]}
    yield json.dumps(header, separators=(",", ":"))
    for n, event in enumerate(game["log"], start=1):
        at, source = game["at"][n - 1], game["source"][n - 1]
        yield json.dumps({"n": n, "at": at, "source": source, "event": event}, separators=(",", ":"))


def looks_like_export(first_line: str) -> bool:
    """Whether a file's first line is an export header (else `dudo replay` reads a scenario)."""
    try:
        data = json.loads(first_line)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def read_export(lines: Iterable[str]) -> ExportedGame:
    """Parse an export; ExportError names the first line that is wrong."""
    game: ExportedGame | None = None
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            data = json.loads(text)
        except ValueError as err:
            raise ExportError(number, f"not JSON ({err})") from None
        if not isinstance(data, dict):
            raise ExportError(number, "not a JSON object")
        if game is None:
            game = ExportedGame(_header(number, data), [])
            continue
        event = data.get("event")
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            raise ExportError(number, "an event line needs an object `event` with a `kind`")
        if data.get("n") != len(game.events) + 1:
            raise ExportError(number, f"event number {data.get('n')!r}, expected {len(game.events) + 1}")
        game.events.append(event)
        game.lines.append(number)
    if game is None:
        raise ExportError(0, "empty file: no export header")
    if not game.events:
        raise ExportError(0, "the export has no events")
    return game


def _header(number: int, data: dict[str, Any]) -> dict[str, Any]:
    if data.get("format") != FORMAT:
        raise ExportError(number, f"not a Dudo Hub game export (format {data.get('format')!r}, expected {FORMAT!r})")
    if data.get("version") != VERSION:
        raise ExportError(number, f"export version {data.get('version')!r} is not supported (only {VERSION})")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                                                for p in players):
        raise ExportError(number, "the header needs `players`: a list of {name, ...}")
    if not isinstance(data.get("preset"), str):
        raise ExportError(number, "the header needs `preset`")
    return data


# ----- checking ----------------------------------------------------------------------------------


@dataclass
class _Replay:
    """The engine's game as the export's moves drive it."""

    game: ExportedGame
    state: GameState
    opened: dict[int, dict[str, Any]]
    pending: list[dict[str, Any]] = field(default_factory=list)
    before_bids: list[GameState] = field(default_factory=list)
    rounds: int = 0


def check(game: ExportedGame) -> dict[str, Any]:
    """Replay `game` with the engine and open every commitment; ExportError at the first disagreement.
    Returns {game, winner, rounds, commitments, events}."""
    header = game.header
    try:
        rules = engine.make_rules(header["preset"], header.get("options") or {})
        state = engine.new_game([p["name"] for p in header["players"]], rules)
    except (engine.DudoError, TypeError, ValueError) as err:
        raise ExportError(1, f"the header's players or rules: {err}") from None
    replay = _Replay(game, state, _opened(game))
    for event, line in zip(game.events, game.lines, strict=True):
        _step(replay, event, line)
    last = game.lines[-1]
    if replay.pending:
        raise ExportError(last, f"the log stops before the engine's {replay.pending[0]['kind']}")
    if replay.state.phase is not Phase.OVER:
        raise ExportError(last, "the game in the log does not end")
    won = next(e["winner"] for e in reversed(game.events) if e["kind"] == "game_over")
    if header.get("winner") not in (None, won):
        raise ExportError(1, f"the header's winner {header.get('winner')!r} is not the log's {won!r}")
    return {"game": header.get("game"), "ok": True, "winner": won, "rounds": replay.rounds,
            "commitments": len(replay.opened), "events": len(game.events)}


def _opened(game: ExportedGame) -> dict[int, dict[str, Any]]:
    """Each round's opened commitment, checked against the hash published before the round."""
    published: dict[int, set[str]] = {}
    opened: dict[int, dict[str, Any]] = {}
    for event, line in zip(game.events, game.lines, strict=True):
        try:
            if event["kind"] == "dice_committed":
                published.setdefault(int(event["round"]), set()).add(str(event["hash"]))
            elif event["kind"] == "dice_opened":
                rnd, dice = int(event["round"]), {str(p): [int(x) for x in d] for p, d in event["dice"].items()}
                if str(event["hash"]) not in published.get(rnd, set()):
                    raise ExportError(line, f"round {rnd}: the opened hash was never published before the round")
                if not commitment.verify(dice, str(event["salt"]), str(event["hash"])):
                    raise ExportError(line, f"round {rnd}: the dice and salt do not open the commitment "
                                            f"(dudo verify fails)")
                opened[rnd] = {**event, "dice": dice}
        except ExportError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ExportError(line, f"a {event['kind']} event is malformed: {err}") from None
    return opened


def _step(replay: _Replay, event: dict[str, Any], line: int) -> None:
    """Follow one logged event: hub events change what they change, engine events must be the engine's."""
    kind = event["kind"]
    if kind == "bid_cancelled":
        if not replay.before_bids:
            raise ExportError(line, "a bid is cancelled but none was made")
        replay.state = replay.before_bids.pop()
        return
    if kind == "count_confirmed":
        _apply(replay, CountDice(int(event["count"])), line)
        return
    if kind not in ENGINE_KINDS:
        return
    if not replay.pending:
        _apply(replay, _action(replay, event, line), line)
    expected = replay.pending.pop(0)
    if _plain(expected) != _plain(event):
        raise ExportError(line, f"the log says {json.dumps(event)}, the engine says {json.dumps(expected)}")


def _apply(replay: _Replay, action: Any, line: int) -> None:
    if replay.pending:
        raise ExportError(line, f"the log skips the engine's {replay.pending[0]['kind']}")
    try:
        if isinstance(action, MakeBid):
            replay.before_bids.append(replay.state)
        replay.state, events = engine.apply(replay.state, action)
    except engine.DudoError as err:
        raise ExportError(line, f"the engine refuses {action}: {err}") from None
    if isinstance(action, RollDice | RollUnseen):
        replay.rounds += 1
        replay.before_bids.clear()
    replay.pending = [e.to_dict() for e in events]


def _action(replay: _Replay, event: dict[str, Any], line: int) -> Any:
    """The move or roll that made `event` (the first event of what it did)."""
    kind, state = event["kind"], replay.state
    try:
        if kind == "first_player":
            rolls = tuple(tuple((r["player"], int(r["die"])) for r in rnd) for rnd in event.get("rolls") or [])
            return PickFirst(event["player"], rolls)
        if kind == "direction_chosen":
            return ChooseDirection(event["player"], bool(event["clockwise"]))
        if kind == "round_started":
            if event.get("unseen"):
                return RollUnseen()
            dice = replay.opened.get(state.round_no + 1)
            if dice is None:
                raise ExportError(line, f"round {state.round_no + 1} has no opened commitment to roll its dice from")
            return RollDice.of(dice["dice"])
        if kind == "bid":
            return MakeBid(event["player"], Bid(*event["bid"]))
        if kind == "challenge":
            return CallDudo(event["player"])
        if kind == "calza":
            return CallCalza(event["player"])
        if kind == "shot":
            return PullTrigger(bool(event["fires"]))
    except (KeyError, TypeError, engine.DudoError) as err:
        raise ExportError(line, f"a {kind} event is malformed: {err}") from None
    raise ExportError(line, f"{kind} is not what the engine waits for ({state.phase.value})")


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))
