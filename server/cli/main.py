"""The `dudo` command: serve the hub, replay scenarios, parse calls, and more.

Each subcommand lives with the code it drives; this module only wires them, importing
lazily so that `dudo replay` never loads Flask or Vosk.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

Handler = Callable[[argparse.Namespace], int]


def _replay(args: argparse.Namespace) -> int:
    """Play scenario files, or replay exported games (`dudo history export`) checking their dice;
    print one JSON object per file; exit 1 at the first unmet expectation."""
    from dudo_hub.engine.scenario import ScenarioMismatch, run_scenario
    from dudo_hub.server.cli.history import is_export, replay_export

    for name in args.files:
        path = Path(name)
        if is_export(path):
            if replay_export(path):
                return 1
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            print(f"{path}: cannot read the scenario: {err}", file=sys.stderr)
            return 1
        try:
            result = run_scenario(data)
        except (ScenarioMismatch, KeyError, TypeError, ValueError) as err:
            print(json.dumps({"name": data.get("name", path.stem), "ok": False, "error": str(err)}))
            print(f"{path}: {err}", file=sys.stderr)
            return 1
        print(json.dumps(result))
    return 0


def _add_replay(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser("replay", help="play scenario files with the engine and check their expectations, or "
                                        "replay exported games and check every round's fair-dice commitment")
    cmd.add_argument("files", nargs="+", metavar="FILE.json|GAME.jsonl")
    cmd.set_defaults(handler=_replay)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line."""
    parser = argparse.ArgumentParser(prog="dudo", description="Dudo Hub: Dudo / Perudo around a real table.")
    sub = parser.add_subparsers(dest="command", required=True)
    _add_replay(sub)
    for module, function in _COMMANDS:
        _add_from(sub, module, function)
    return parser


# Subcommands that live with their code: (module, function that adds them).
_COMMANDS: tuple[tuple[str, str], ...] = (
    ("dudo_hub.server.cli.serve", "add_serve_command"),
    ("dudo_hub.server.cli.serve", "add_verify_command"),
    ("dudo_hub.server.cli.tournament", "add_tournament_command"),
    ("dudo_hub.server.cli.event", "add_event_command"),
    ("dudo_hub.server.cli.history", "add_history_command"),
    ("dudo_hub.voice.setup.parse_cmd", "add_parse_command"),
    ("dudo_hub.voice.setup.commands", "add_voice_command"),
)


def _add_from(sub: argparse._SubParsersAction, module: str, function: str) -> None:  # type: ignore[type-arg]
    import importlib

    getattr(importlib.import_module(module), function)(sub)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `dudo` console script."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        from dudo_hub.server.web.asyncmode import patch_for_serve

        patch_for_serve(words)  # `dudo serve` on gevent: before any other import
        parser = build_parser()
        args = parser.parse_args(argv)
        handler: Handler = args.handler
        return handler(args)
    except KeyboardInterrupt:  # Ctrl-C before a command installs its own stop (the hub's start-up)
        from dudo_hub.catalogue import text

        print(text("cli.interrupted", _lang_typed(words)), file=sys.stderr)
        return 0 if words[:1] == ["serve"] else 130


def _lang_typed(words: Sequence[str]) -> str:
    """The language the command line asks for (`--lang xx`, `--lang=xx`), else DUDO_LANG, else the default."""
    import os

    from dudo_hub.catalogue import DEFAULT_LANG

    for i, word in enumerate(words):
        if word == "--lang" and i + 1 < len(words):
            return words[i + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return os.environ.get("DUDO_LANG") or DEFAULT_LANG


if __name__ == "__main__":
    sys.exit(main())
