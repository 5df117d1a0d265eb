"""`dudo voice install LANG`, `dudo voice check`, `dudo voice test`: the model and the devices.

The lead wires `add_voice_command(subparsers)` into server/cli/main.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO

from dudo_hub.catalogue import DEFAULT_LANG
from dudo_hub.voice.language.packs import languages
from dudo_hub.voice.setup import model as models


def add_voice_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add `voice install` and `voice check` to the `dudo` command line."""
    voice = sub.add_parser("voice", help="the offline speech model, microphone and voice")
    actions = voice.add_subparsers(dest="voice_command", required=True)
    install = actions.add_parser("install", help="download the official small Vosk model of LANG")
    install.add_argument("lang", metavar="LANG", help=f"one of {', '.join(languages())}")
    install.add_argument("--dir", type=Path, default=None,
                         help=f"where models go (default {models.data_dir()})")
    install.add_argument("--base-url", default=models.BASE_URL, help="where the zips are")
    install.add_argument("--list-url", default=models.LIST_URL,
                         help="the official model list (size, md5); '' to skip")
    install.add_argument("--timeout", type=float, default=30.0, help="seconds per network read")
    install.set_defaults(handler=_install)
    check = actions.add_parser("check", help="say what voice can do on this machine, what to run to fix "
                               "what does not work, and whether voice will be on (exit 0) or off (exit 1)")
    check.add_argument("lang", metavar="LANG", nargs="?", default=DEFAULT_LANG,
                       help=f"a language with a voice pack: {', '.join(languages())} (default {DEFAULT_LANG})")
    check.add_argument("--model", default=None, help="a model folder you already have")
    check.add_argument("--dir", type=Path, default=None, help="where installed models are")
    check.set_defaults(handler=_check)
    test = actions.add_parser("test", help="a one-minute table check: each player says a few calls; "
                              "what was heard, per player and word, with the mic level")
    test.add_argument("lang", metavar="LANG", nargs="?", default=DEFAULT_LANG,
                      help=f"a language with a voice pack: {', '.join(languages())} (default {DEFAULT_LANG})")
    test.add_argument("--players", required=True, help="who takes part, in seat order, e.g. Marco,Giulia")
    test.add_argument("--model", default=None, help="a model folder you already have")
    test.add_argument("--dir", type=Path, default=None, help="where installed models are")
    test.add_argument("--seconds", type=float, default=6.0, help="how long each prompt listens (default 6)")
    test.add_argument("--out", type=Path, default=None, help="where the report goes (default: the data folder)")
    test.set_defaults(handler=_test)


class Bar:
    """A one-line progress bar on a terminal."""

    def __init__(self, out: TextIO, width: int = 30) -> None:
        self.out, self.width, self._last = out, width, 0.0

    def __call__(self, done: int, total: int | None) -> None:
        now = time.monotonic()
        if now - self._last < 0.1 and done != total:
            return
        self._last = now
        mib = done / 2**20
        if total:
            filled = int(self.width * done / total)
            line = f"[{'#' * filled}{'.' * (self.width - filled)}] {mib:6.1f} / {total / 2**20:.1f} MiB"
        else:
            line = f"{mib:6.1f} MiB"
        self.out.write("\r" + line)
        self.out.flush()


def _install(args: argparse.Namespace) -> int:
    """Download, check and unzip; exit 1 with a clear message on any failure."""
    try:
        info = models.info_for(args.lang)
        print(f"Installing {info.name} ({info.zip_url(args.base_url)})")
        folder = models.install(
            args.lang, args.dir, base_url=args.base_url, list_url=args.list_url or None,
            progress=Bar(sys.stdout), timeout=args.timeout,
        )
    except models.ModelError as err:
        print(f"\ndudo voice install: {err}", file=sys.stderr)
        return 1
    print(f"\nInstalled in {folder}")
    return 0


def _check(args: argparse.Namespace) -> int:
    """The model, microphone and speech output in words, then the verdict; exit 0 when voice will be
    on, 1 when off, 2 for a language with no voice pack."""
    from dudo_hub.voice.setup import checkup

    refused = checkup.unknown_language(args.lang)
    if refused is not None:
        print(f"dudo voice check: {refused}", file=sys.stderr)
        return 2
    result = checkup.run(args.lang, args.model, args.dir)
    print("\n".join(result.lines()))
    return 0 if result.listening else 1


def _test(args: argparse.Namespace) -> int:
    """Run the table check with the microphone and the model; save and print the report."""
    from dudo_hub.voice.audio.microphone import AudioUnavailable, Microphone
    from dudo_hub.voice.audio.recogniser import Recogniser, load_model, vocabulary
    from dudo_hub.voice.language.grammar import table_grammar
    from dudo_hub.voice.setup.checkup import unknown_language
    from dudo_hub.voice.setup.tablecheck import TableCheck

    refused = unknown_language(args.lang)
    if refused is not None:
        print(f"dudo voice test: {refused}", file=sys.stderr)
        return 2
    players = [name.strip() for name in args.players.split(",") if name.strip()]
    folder = models.locate(args.lang, args.model, root=args.dir)
    if folder is None:
        print(f"dudo voice test: no model for {args.lang}; run `dudo voice install {args.lang}` or pass --model",
              file=sys.stderr)
        return 1
    try:
        model = load_model(str(models.check_model_dir(folder)))
        mic = Microphone()
        mic.start()
    except AudioUnavailable as err:
        print(f"dudo voice test: {err.reason}: {err.detail}", file=sys.stderr)
        return 1
    except Exception as err:  # ModelError, or vosk failing to load it
        print(f"dudo voice test: {err}", file=sys.stderr)
        return 1
    every_bid = [(q, f) for q in range(1, 31) for f in range(1, 7)]
    grammar = table_grammar(args.lang, every_bid, ["dudo", "calza"], players, vocabulary(model))
    check = TableCheck(args.lang, players, Recogniser(model, mic.rate, grammar), mic, seconds=args.seconds,
                       on_prompt=lambda shown: print(shown["text"], flush=True))
    try:
        report = check.run()
    finally:
        mic.close()
    print("\n".join(report.lines()))
    print(f"Saved in {report.save(args.out)}")
    return 0
