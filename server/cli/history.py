"""`dudo history list|show|export|delete` (the kept games of a data folder) and the export form of `dudo replay`.

    dudo history list --data DIR [--room CODE] [--json]
    dudo history show GAME --data DIR [--json]
    dudo history export GAME --data DIR [-o FILE]       (JSON lines, docs/history.md)
    dudo history delete GAME --data DIR --key HOST_KEY
    dudo replay GAME.jsonl                              (engine replay + every commitment opened)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from dudo_hub.protocol.errors import HubError
from dudo_hub.server.store import export as gameexport
from dudo_hub.server.store import gamelog
from dudo_hub.server.store.database import FILE
from dudo_hub.server.store.history import History

Sub = Any  # argparse._SubParsersAction


def add_history_command(sub: Sub) -> None:
    """Add `history` (list, show, export, delete) to an argparse subparsers object."""
    cmd = sub.add_parser("history", help="the finished games kept in a data folder")
    cmd.add_argument("--data", dest="data_folder", default=None, metavar="FOLDER", help=argparse.SUPPRESS)
    actions = cmd.add_subparsers(dest="history_command", required=True)
    listing = actions.add_parser("list", help="every kept game, oldest first")
    listing.add_argument("--room", help="only this room's games")
    listing.set_defaults(handler=history_list)
    show = actions.add_parser("show", help="one game, round by round, with every cup and each call's odds")
    show.add_argument("game", type=int, metavar="GAME")
    show.set_defaults(handler=history_show)
    export = actions.add_parser("export", help="one game as JSON lines (schema in docs/history.md)")
    export.add_argument("game", type=int, metavar="GAME")
    export.add_argument("-o", "--output", metavar="FILE", help="write here instead of the standard output")
    export.set_defaults(handler=history_export)
    delete = actions.add_parser("delete", help="forget a kept game (needs its room's host key)")
    delete.add_argument("game", type=int, metavar="GAME")
    delete.add_argument("--key", required=True, help="the host key of the game's room")
    delete.set_defaults(handler=history_delete)
    for action in (listing, show, export, delete):
        action.add_argument("--data", default=None, metavar="FOLDER", help="the hub's data folder (./data)")
        action.add_argument("--json", action="store_true", help="JSON instead of text")


def _open(args: argparse.Namespace) -> History | None:
    args.data = args.data or args.data_folder or "data"  # `dudo history --data D list` works too
    if not (Path(args.data) / FILE).is_file():
        print(f"{args.data}: no hub data here (no {FILE})", file=sys.stderr)
        return None
    return History(args.data)


def _game(history: History, game: int) -> dict[str, Any] | None:
    try:
        return history.game(game)
    except HubError as err:
        print(err.detail, file=sys.stderr)
        return None


def history_list(args: argparse.Namespace) -> int:
    """Print the kept games."""
    history = _open(args)
    if history is None:
        return 1
    games = history.games(room=args.room.upper() if args.room else None)
    if args.json:
        print(json.dumps(games))
        return 0
    if not games:
        print("no kept games")
    for g in games:
        names = ", ".join(p["name"] + (" (bot)" if p["bot"] else "") for p in g["players"])
        print(f"{g['id']:>5}  {g['room']}  evening {g['evening']}  {_when(g['ended'])}  {g['preset']}/"
              f"{g['dice_mode']}  {g['rounds']} rounds  winner {g['winner']}  [{names}]")
    return 0


def history_show(args: argparse.Namespace) -> int:
    """Print one game round by round."""
    history = _open(args)
    game = _game(history, args.game) if history else None
    if game is None:
        return 1
    rounds = gamelog.rounds(game["log"])
    if args.json:
        keep = ("id", "room", "evening", "started", "ended", "winner", "players", "preset", "options", "dice_mode")
        print(json.dumps({**{k: game.get(k) for k in keep}, "stats": game["stats"],
                          "rounds": [r.to_dict() for r in rounds]}))
        return 0
    names = ", ".join(p["name"] + (" (bot)" if p["bot"] else "") for p in game["players"])
    print(f"game {game['id']}  room {game['room']}  evening {game['evening']}  {game['preset']}/{game['dice_mode']}")
    print(f"{_when(game['started'])} - {_when(game['ended'])}  players: {names}  winner: {game['winner']}")
    for rnd in rounds:
        print(_round_text(rnd))
    return 0


def _round_text(rnd: gamelog.Round) -> str:
    lines = [f"round {rnd.round}  opener {rnd.opener}{'  palifico' if rnd.palifico else ''}"]
    lines += [f"  {p}: {' '.join(map(str, cup))}" for p, cup in rnd.dice.items()]
    for step in rnd.steps:
        odds = "" if step["odds"] is None else f"  ({step['odds']:.0%})"
        what = {"bid": "bids", "challenge": "calls dudo on", "calza": "calls calza on"}[step["kind"]]
        lines.append(f"  {step['player']} {what} {step['bid'][0]}x{step['bid'][1]}{odds}")
    if rnd.reveal is not None:
        lines.append(f"  reveal: {rnd.reveal['count']} counted")
    if rnd.commitment is not None:
        lines.append(f"  commitment {rnd.commitment['hash']}  salt {rnd.commitment['salt']}")
    return "\n".join(lines)


def history_export(args: argparse.Namespace) -> int:
    """Write one game as JSON lines."""
    history = _open(args)
    game = _game(history, args.game) if history else None
    if game is None:
        return 1
    text = "\n".join(gameexport.export_lines(game)) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def history_delete(args: argparse.Namespace) -> int:
    """Forget a kept game, given its room's host key."""
    history = _open(args)
    game = _game(history, args.game) if history else None
    if history is None or game is None:
        return 1
    from dudo_hub.server.store.database import Store

    store = Store(args.data, background_checkpoints=False)
    try:
        record = next((r for r in store.load() if r["code"] == game["room"]), None)
    finally:
        store.close()
    import secrets

    if record is None or not secrets.compare_digest(str(args.key).encode(), str(record["host_key"]).encode()):
        print(f"the host key of room {game['room']} is needed to delete game {args.game}", file=sys.stderr)
        return 1
    history.delete(args.game)
    print(f"game {args.game} deleted")
    return 0


def replay_export(path: Path) -> int:
    """`dudo replay` of an exported game: replay it with the engine and open every commitment."""
    try:
        with path.open(encoding="utf-8") as handle:
            game = gameexport.read_export(handle)
        result = gameexport.check(game)
    except OSError as err:
        print(f"{path}: cannot read the export: {err}", file=sys.stderr)
        return 1
    except gameexport.ExportError as err:
        print(json.dumps({"file": str(path), "ok": False, "line": err.line, "error": str(err)}))
        print(f"{path}: {err}", file=sys.stderr)
        return 1
    print(json.dumps({"file": str(path), **result}))
    return 0


def is_export(path: Path) -> bool:
    """Whether `path` is meant as a game export (a .jsonl file, or one starting with an export header)."""
    if path.suffix == ".jsonl":
        return True
    try:
        with path.open(encoding="utf-8") as handle:
            return gameexport.looks_like_export(handle.readline())
    except (OSError, UnicodeDecodeError):
        return False


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(at))
