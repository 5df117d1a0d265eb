"""`dudo parse`: what a transcript means, as JSON, alone or in a table position.

    dudo parse --lang it "sette cinque"                 # the words alone
    dudo parse --lang it --standing 4x5 --dice 20 --players Marco,Giulia,Luca,Sara "sette cinque"
    dudo parse --lang it --standing 4x5 --dice 20 --players Marco,Giulia,Luca,Sara --batch < lines.txt

In a position (any of --standing, --dice, --players, --preset, --batch) each transcript
gives one JSON object: {"text", "intent", "quantity", "face", "player", "played", "asked"},
decided by the same policy and the same engine legality the hub uses (`voice.policy`,
`voice.position`). The lead wires it into `server/cli/main.py` with `add_parse_command`; it
also runs alone: `python -m dudo_hub.voice.setup.parse_cmd parse --lang it sette cinque`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from dudo_hub.catalogue import DEFAULT_LANG
from dudo_hub.engine import PRESETS, DudoError
from dudo_hub.voice.decision.context import DEFAULT_MIN_CONFIDENCE, parse_in_context
from dudo_hub.voice.decision.policy import decide
from dudo_hub.voice.decision.position import EnginePosition, table_position
from dudo_hub.voice.language.packs import languages, load_pack
from dudo_hub.voice.understand.parser import parse

POSITION_HELP = """\
position: the players are in seat order; the player to act is the first listed; the
standing bid (--standing QxF) was made by the last listed; --dice N spreads N dice as
evenly as it can (the remainder goes to the first seats; default 5 each); --preset
names the rules (default dudo). Without --standing it is the round's opening. "played"
is true when the hub would act: a legal bid by the player to act, a Dudo by the player
to act that the rules allow (it opens the confirm window), a Calza credited to the
player to act or to the player named, when the rules allow it, and a cancel (the hub
takes back the last move it heard, or says there is nothing to take back). A move the
rules refuse is reported with played false; words that are not a move give intent null.
"asked" is the move the hub would ask about instead ("did you mean?": one clear legal
move with words left unexplained, or a word corrected from a sound-alike), as {"intent",
"quantity", "face", "player"}, else null; an asked move is never played.
"""


def add_parse_command(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the `parse` subcommand; its handler is in `args.handler`."""
    cmd: argparse.ArgumentParser = subparsers.add_parser(
        "parse", help="print the move a spoken or typed call means, as JSON",
        description="Print the move a spoken or typed call means, as JSON.", epilog=POSITION_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.add_argument("--lang", default=DEFAULT_LANG, choices=languages(),
                     help=f"language pack (default: {DEFAULT_LANG})")
    cmd.add_argument("--standing", type=one_bid, help="the standing bid QxF, made by the last player")
    cmd.add_argument("--dice", type=int, help="dice in play, spread over the players (default 5 each)")
    cmd.add_argument("--players", type=name_list, default=(), help="seated players in seat order, e.g. Marco,Anna")
    cmd.add_argument("--preset", choices=sorted(PRESETS), help="the rules (default: dudo)")
    cmd.add_argument("--batch", action="store_true", help="one transcript per stdin line, one JSON object per line")
    cmd.add_argument("--legal", type=bid_list, help="only legal bids, e.g. 7x5,4x1 (a position without the engine)")
    cmd.add_argument("--no-dudo", action="store_true", help="with --legal: dudo is not allowed now")
    cmd.add_argument("--no-calza", action="store_true", help="with --legal: calza is not allowed now")
    cmd.add_argument("--min-confidence", type=float, default=DEFAULT_MIN_CONFIDENCE)
    cmd.add_argument("text", nargs="*", help="the transcript")
    cmd.set_defaults(handler=run_parse, parse_command=cmd)
    return cmd


def run_parse(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """Print one JSON object per transcript; exit 2 on a position that cannot be built."""
    stdin, out = stdin or sys.stdin, out or sys.stdout
    text = " ".join(args.text)
    positional = args.batch or args.standing or args.dice is not None or args.preset
    if args.legal is not None or (args.players and not positional):
        print(json.dumps(_legal_parse(args, text), ensure_ascii=False), file=out)
        return 0
    if not positional:
        if not text:
            args.parse_command.error("give a transcript (or --batch)")
        print(json.dumps(parse(text, args.lang).to_dict(), ensure_ascii=False), file=out)
        return 0
    position = _position(args)
    if not args.batch:
        print(json.dumps(_decide(text, args, position), ensure_ascii=False), file=out)
        return 0
    for line in stdin:
        print(json.dumps(_decide(line.rstrip("\r\n"), args, position), ensure_ascii=False), file=out, flush=True)
    return 0


def _position(args: argparse.Namespace) -> EnginePosition:
    if len(args.players) < 2:
        args.parse_command.error("a position needs --players, two or more, in seat order")
    try:
        return table_position(args.players, args.standing, args.dice, args.preset or "dudo")
    except (DudoError, ValueError) as err:
        args.parse_command.error(f"cannot set up the position: {err}")
        raise  # not reached: error() exits


def _decide(text: str, args: argparse.Namespace, position: EnginePosition) -> dict[str, Any]:
    return decide(text, args.lang, position, min_confidence=args.min_confidence).to_json()


def _legal_parse(args: argparse.Namespace, text: str) -> dict[str, object]:
    """The older state-aware form: legal bids given by hand."""
    legal = args.legal if args.legal is not None else _every_bid(args.lang)
    heard = parse_in_context(text, args.lang, legal, players=args.players, can_dudo=not args.no_dudo,
                             can_calza=not args.no_calza, min_confidence=args.min_confidence)
    return heard.to_dict()


def one_bid(text: str) -> tuple[int, int]:
    """ "4x5" -> (4, 5)."""
    bids = bid_list(text)
    if len(bids) != 1:
        raise argparse.ArgumentTypeError(f"not one bid {text!r}: write QUANTITYxFACE, like 4x5")
    return bids[0]


def bid_list(text: str) -> list[tuple[int, int]]:
    """ "7x5,4x1" -> [(7, 5), (4, 1)]."""
    bids = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        quantity, sep, face = item.lower().partition("x")
        numbers = sep and quantity.isascii() and face.isascii() and quantity.isdigit() and face.isdigit()
        if not (numbers and 1 <= int(face) <= 6 and int(quantity) >= 1):
            raise argparse.ArgumentTypeError(f"not a bid {item!r}: write QUANTITYxFACE, like 7x5")
        bids.append((int(quantity), int(face)))
    return bids


def name_list(text: str) -> tuple[str, ...]:
    """ "Marco, Anna" -> ("Marco", "Anna")."""
    return tuple(name.strip() for name in text.split(",") if name.strip())


def _every_bid(lang: str) -> list[tuple[int, int]]:
    """Every bid the pack can say, when only --players is given."""
    return [(q, f) for q in load_pack(lang).numbers if q > 0 for f in range(1, 7)]


def main(argv: Sequence[str] | None = None) -> int:
    """Run `parse` alone, without the rest of the `dudo` command."""
    parser = argparse.ArgumentParser(prog="python -m dudo_hub.voice.setup.parse_cmd")
    add_parse_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    handler = args.handler
    return int(handler(args))


if __name__ == "__main__":
    sys.exit(main())
