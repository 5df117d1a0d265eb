"""`dudo serve` (run the hub) and `dudo verify` (check a round's dice against its commitment).

The lead wires these into `server/cli/main.py` with `add_serve_command(sub)` and `add_verify_command(sub)`;
`python -m dudo_hub.server.cli.serve serve ...` works on its own too.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from dudo_hub.catalogue import DEFAULT_LANG, LANGS, text
from dudo_hub.engine import PRESETS
from dudo_hub.server.config import Config, ConfigError
from dudo_hub.server.room import commitment
from dudo_hub.server.web import asyncmode

Sub = Any  # argparse._SubParsersAction


def add_serve_command(sub: Sub) -> None:
    """Add `serve` to an argparse subparsers object."""
    cmd = sub.add_parser("serve", help="run the hub: TV table, phone seats, host lobby",
                         epilog="Every flag overrides its DUDO_* environment variable (docs/configuration.md).")
    cmd.add_argument("--host", help="address to listen on (DUDO_HOST, default 0.0.0.0)")
    cmd.add_argument("--port", type=int, help="port (DUDO_PORT, default 8000)")
    cmd.add_argument("--preset", choices=list(PRESETS), help="rules of new rooms (DUDO_PRESET, default dudo)")
    cmd.add_argument("--lang", choices=LANGS, help=f"language of new rooms (DUDO_LANG, default {DEFAULT_LANG})")
    cmd.add_argument("--data", metavar="FOLDER", help="where rooms and games are kept (DUDO_DATA_DIR, default ./data)")
    cmd.add_argument("--advertise", metavar="IP", help="address to put in the join URL (default: DUDO_PUBLIC_URL, "
                                                       "else the LAN IP)")
    cmd.add_argument("--model", metavar="PATH", help="a Vosk model folder (default: $DUDO_VOSK_MODEL, else installed)")
    cmd.add_argument("--no-voice", action="store_true", help="no listening and no speaking")
    cmd.add_argument("--no-listen", action="store_true", help="speak the table's events, but do not listen")
    cmd.add_argument("--confirm-seconds", type=float, metavar="S",
                     help="a spoken Dudo / Calza commits after S seconds unless cancelled (DUDO_CONFIRM_SECONDS, "
                          "default 3)")
    cmd.add_argument("--rooms", type=int, metavar="N",
                     help="keep at least N rooms (a hall: one table each); prints each room's addresses "
                          "(DUDO_ROOMS, default 1)")
    cmd.add_argument("--async", dest="async_mode", choices=asyncmode.MODES, default=None,
                     help="gevent (default: one thread, many connections) or threading (a thread per connection)")
    cmd.set_defaults(handler=serve)


def add_verify_command(sub: Sub) -> None:
    """Add `verify` to an argparse subparsers object."""
    cmd = sub.add_parser("verify", help="check a round's revealed dice against the hash shown before it")
    cmd.add_argument("--hash", help="the commitment shown during the round")
    cmd.add_argument("--salt", help="the salt published at the reveal")
    cmd.add_argument("--dice", help='the revealed dice as JSON: {"Ann": [1, 3, 5], ...}')
    cmd.add_argument("--event", help="a whole dice_opened event (or room.last_round) as JSON")
    cmd.set_defaults(handler=verify)


def serve(args: argparse.Namespace) -> int:
    """Run the hub until Ctrl-C or SIGTERM: then it stops at once, saved, with one line."""
    from dudo_hub.server.cli.stopping import Stopper, close_hub
    from dudo_hub.server.web.app import create_app, get_hub
    from dudo_hub.server.web.wsgi import make_server

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    mode = args.async_mode or ("gevent" if asyncmode.patched() else "threading")
    try:
        config = serve_config(args, mode)
    except ConfigError as err:
        print(f"dudo serve: {err}", file=sys.stderr)
        return 2
    stopper = Stopper(mode)
    stopper.install()  # from here on, a Ctrl-C is a clean stop, even before serving
    base = config.PUBLIC_URL
    lang = config.LANG  # the terminal speaks the first room's language (`--lang`, DUDO_LANG)
    app = create_app(config)
    hub = get_hub(app)
    try:
        while len(hub.rooms) < config.ROOMS:
            hub.create_room()
        room = hub.room(hub.default_code)
        lang = room.lang
        server = make_server(app, config.HOST, config.PORT)  # listening before the addresses are printed
        print(banner(base, room.code, room.host_key, hub.join_url(room.code), lang), flush=True)
        if len(hub.rooms) > 1:
            print(hall(base, hub, lang), flush=True)
        if not args.no_voice:
            from dudo_hub.server.hub.voice_link import attach_voice

            hub.voices[room.code] = attach_voice(
                room, room.lang, args.model, confirm_seconds=config.CONFIRM_SECONDS, listen=not args.no_listen
            )
        logging.getLogger(__name__).info("serving %d room(s) on %s:%d (%s mode)", len(hub.rooms), config.HOST,
                                         server.server_port, app.config["ASYNC_MODE"])
        asyncmode.settle_heap()  # rarer, shorter collections: each full one stops every room
        stopper.attach(server, app.extensions["socketio"].server.eio)
        try:
            if not stopper.requested:
                server.serve_forever()
        finally:
            server.server_close()
    finally:
        close_hub(hub)
        stopper.ignore_from_now()
    print(stopped_line(len(hub.rooms), config.DATA_DIR, lang), flush=True)
    return 0


FLAGS = {"host": "HOST", "port": "PORT", "preset": "PRESET", "lang": "LANG", "rooms": "ROOMS",
         "confirm_seconds": "CONFIRM_SECONDS"}
"""`dudo serve` flags that set a Config field of the same meaning (`--data` and `--advertise` below)."""


def serve_config(args: argparse.Namespace, mode: str, lan: Callable[[], str] | None = None) -> Config:
    """The one Config of `dudo serve`: defaults, then DUDO_* variables, then the flags typed. The
    join address is `--advertise`'s, else DUDO_PUBLIC_URL, else the LAN IP (`lan()`) on the port."""
    overrides: dict[str, Any] = {field: getattr(args, flag) for flag, field in FLAGS.items()
                                 if getattr(args, flag) is not None}
    if args.data is not None:
        overrides["DATA_DIR"] = Path(args.data)
    config = Config.from_env(ASYNC_MODE=mode, **overrides)
    if args.advertise or not config.PUBLIC_URL:
        if lan is None:
            from dudo_hub.server.web.netaddr import lan_ip

            lan = lan_ip
        config = dataclasses.replace(config, PUBLIC_URL=f"http://{args.advertise or lan()}:{config.PORT}")
    return config


def hall(base: str, hub: Any, lang: str = DEFAULT_LANG) -> str:
    """Every room's addresses, one table per line (the host link is the room's key: keep it private),
    in `lang` (the catalogue's `cli.*` sentences)."""
    lines = [text("cli.hall", lang, n=len(hub.rooms))]
    for code, room in hub.rooms.items():
        lines.append("  " + text("cli.hall_line", lang, room=code, tv=f"{base}/tv/{code}", phones=hub.join_url(code),
                                 host=f"{base}/host/{code}?key={room.host_key}"))
    return "\n".join(lines)


def banner(base: str, code: str, host_key: str, join_url: str, lang: str = DEFAULT_LANG) -> str:
    """The URLs, their labels lined up, and a terminal QR code of the join address, in `lang`."""
    import qrcode

    qr = qrcode.QRCode(border=1)
    qr.add_data(join_url)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    rows = [("cli.tv", f"{base}/tv/{code}"), ("cli.phones", join_url),
            ("cli.host", f"{base}/host/{code}?key={host_key}")]
    labels = [text(key, lang).partition("{url}") for key, _ in rows]  # (label, "{url}", what follows)
    width = max(len(label) for label, _, _ in labels)
    return "\n".join([
        text("cli.room", lang, room=code),
        *(f"  {label.ljust(width)}{url}{tail}" for (label, _, tail), (_, url) in zip(labels, rows, strict=True)),
        text("cli.qr", lang),
        out.getvalue(),
    ])


def stopped_line(rooms: int, folder: Path | None, lang: str = DEFAULT_LANG) -> str:
    """The one line `dudo serve` prints when it has stopped: how many rooms, saved where (or nowhere)."""
    if folder is None:
        return text("cli.stopped_unsaved", lang, n=rooms)
    return text("cli.stopped", lang, n=rooms, folder=folder)


def verify(args: argparse.Namespace) -> int:
    """Exit 0 when the dice and salt open the hash, 1 otherwise (2 for unreadable input)."""
    try:
        if args.event:
            event = json.loads(args.event)
            claimed, salt, dice = event["hash"], event["salt"], event["dice"]
        else:
            claimed, salt, dice = args.hash, args.salt, json.loads(args.dice or "null")
        parsed = {str(k): [int(x) for x in v] for k, v in dict(dice).items()}
        if not isinstance(claimed, str) or not isinstance(salt, str):
            raise ValueError("give --hash and --salt (or --event)")
    except (ValueError, KeyError, TypeError) as err:
        print(f"cannot read the round: {err}", file=sys.stderr)
        return 2
    computed = commitment.digest(parsed, salt)
    ok = commitment.verify(parsed, salt, claimed)
    print(f"{'valid' if ok else 'NOT valid'}: sha256({commitment.canonical(parsed)} + salt) = {computed}")
    return 0 if ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Standalone entry point: `python -m dudo_hub.server.cli.serve serve|verify ...`."""
    parser = argparse.ArgumentParser(prog="dudo")
    sub = parser.add_subparsers(dest="command", required=True)
    add_serve_command(sub)
    add_verify_command(sub)
    args = parser.parse_args(argv)
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
