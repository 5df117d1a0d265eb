"""What one move costs the hub in process: a room of a TV, a host and 6 phones, no network.

    .venv/bin/python -m bench.hub.move_cost [--moves 1500] [--repeat 5]

The phones' moves go through Flask-SocketIO's test client (the event's validation, the engine,
the room, the store on a temporary folder, the broadcast); the hub's outgoing messages are
encoded as the transport would encode them, and not sent. Legal moves are picked as
bench/hub/_clients.py picks them; a finished game is restarted. Prints microseconds per move for each
repeat (threading mode: each save is its own transaction). For comparing two trees, alternate
them (docs/BENCHMARKS.md): the figures move by a few percent from run to run.
"""

from __future__ import annotations

import argparse
import gc
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.hub._clients import PHONES, pick
from dudo_hub import engine
from dudo_hub.server.web import fastjson
from dudo_hub.server.web.app import Config, create_app, get_hub, socketio
from dudo_hub.server.web.asyncmode import GC_THRESHOLDS


def per_move(moves: int, seed: int = 1) -> float:
    """Microseconds the hub spends on each of `moves` moves, on average."""
    with tempfile.TemporaryDirectory() as data:
        config = Config(DATA_DIR=Path(data), DEFAULT_ROOM=True, BOT_DELAY=0.0, RATE_CAPACITY=1e6,
                        RATE_PER_SECOND=1e6, ASYNC_MODE="threading")
        app = create_app(config)
        hub = get_hub(app)
        try:
            room = hub.room(hub.default_code)

            def client(role: str, **auth: Any) -> Any:
                return socketio.test_client(app, auth={"room": room.code, "role": role, **auth})

            host, _tv = client("host", key=room.host_key), client("tv")
            phones = {}
            for n in range(PHONES):
                phone = client("phone")
                phones[phone.emit("seat:take", {"name": f"P{n}"}, callback=True)["player"]] = phone
            hub.emit = lambda event, data, to: fastjson.dumps([event, data])  # encoded, not sent
            assert host.emit("host:start", {}, callback=True)["ok"]
            rng, spent = random.Random(seed), 0.0
            for _ in range(moves):
                if room.over:
                    host.emit("host:restart", {}, callback=True)
                    host.emit("host:start", {}, callback=True)
                player = room.to_act()
                move = {"version": room.version(), **pick(engine.legal_summary(room.state, player), rng)}
                began = time.perf_counter()
                reply = phones[player].emit("move", move, callback=True)
                spent += time.perf_counter() - began
                assert reply["ok"], reply
            return spent / moves * 1e6
        finally:
            hub.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    gc.set_threshold(*GC_THRESHOLDS)  # as `dudo serve` runs
    per_move(300)  # warm up
    figures = sorted(per_move(args.moves) for _ in range(args.repeat))
    print("us per move:", " / ".join(f"{f:.0f}" for f in figures))


if __name__ == "__main__":
    main()
