"""`dudo parse --lang LANG TEXT...`: print the move a transcript means, as one JSON object.

The lead wires it into `server/cli.py` with `add_parse_command(subparsers)`; it also
runs alone: `python -m voice.cli parse --lang it sette cinque`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from dudo_hub.voice.context import DEFAULT_MIN_CONFIDENCE, parse_in_context
from dudo_hub.voice.packs import languages, load_pack
from dudo_hub.voice.parser import parse


def add_parse_command(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the `parse` subcommand; its handler is in `args.handler`."""
    cmd: argparse.ArgumentParser = subparsers.add_parser(
        "parse", help="print the move a spoken or typed call means, as JSON"
    )
    cmd.add_argument("--lang", default="it", choices=languages(), help="language pack (default: it)")
    cmd.add_argument("--legal", type=bid_list, help="legal bids now, e.g. 7x5,4x1 (state-aware parse)")
    cmd.add_argument("--players", type=name_list, default=(), help="seated players, e.g. Marco,Anna")
    cmd.add_argument("--no-dudo", action="store_true", help="dudo is not allowed now")
    cmd.add_argument("--no-calza", action="store_true", help="calza is not allowed now")
    cmd.add_argument("--min-confidence", type=float, default=DEFAULT_MIN_CONFIDENCE)
    cmd.add_argument("text", nargs="+", help="the transcript")
    cmd.set_defaults(handler=run_parse)
    return cmd


def run_parse(args: argparse.Namespace) -> int:
    """Print one JSON object: the Intent (plus "reason" when a state-aware parse refuses it)."""
    text = " ".join(args.text)
    if args.legal is None and not args.players:
        result = parse(text, args.lang).to_dict()
    else:
        legal = args.legal if args.legal is not None else _every_bid(args.lang)
        heard = parse_in_context(
            text,
            args.lang,
            legal,
            players=args.players,
            can_dudo=not args.no_dudo,
            can_calza=not args.no_calza,
            min_confidence=args.min_confidence,
        )
        result = heard.to_dict()
    print(json.dumps(result, ensure_ascii=False))
    return 0


def bid_list(text: str) -> list[tuple[int, int]]:
    """ "7x5,4x1" -> [(7, 5), (4, 1)]."""
    bids = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        quantity, sep, face = item.lower().partition("x")
        if not (sep and quantity.isdigit() and face.isdigit() and 1 <= int(face) <= 6):
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
    parser = argparse.ArgumentParser(prog="python -m voice.cli")
    add_parse_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    handler = args.handler
    return int(handler(args))


if __name__ == "__main__":
    sys.exit(main())
