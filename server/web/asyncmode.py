"""How the hub waits: gevent (one OS thread, a greenlet per connection) or threading.

`dudo serve` runs on gevent by default: `patch_for_serve(argv)` patches the standard library
first thing in the process, before anything imports `threading` or `socket`. The package never
patches on import, so the tests and the other commands keep real threads, and an app made in
an unpatched process is in threading mode (`resolve("auto")`).

Blocking C calls (Vosk, PortAudio, espeak) must not run on gevent's loop: `offload(fn, *args)`
runs them in gevent's pool of real OS threads and hands the result back to the calling
greenlet; in threading mode it simply calls `fn`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from functools import lru_cache
from typing import Any, TypeVar

MODES = ("gevent", "threading")
DEFAULT = "gevent"
ENV = "DUDO_ASYNC_MODE"

T = TypeVar("T")


def requested(argv: Sequence[str], env: dict[str, str] | None = None) -> str | None:
    """The mode a `dudo serve ...` command line asks for (None: not `serve`)."""
    if not argv or argv[0] != "serve":
        return None
    mode = (env if env is not None else _environ()).get(ENV) or DEFAULT
    for i, arg in enumerate(argv):
        if arg == "--async" and i + 1 < len(argv):
            mode = argv[i + 1]
        elif arg.startswith("--async="):
            mode = arg.split("=", 1)[1]
    return mode


def patch_for_serve(argv: Sequence[str]) -> bool:
    """Patch the standard library for gevent when `argv` is a `serve` in gevent mode. True if patched."""
    if requested(argv) != "gevent":
        return False
    from gevent import monkey

    monkey.patch_all()
    return True


def patched() -> bool:
    """Whether gevent has patched this process (sockets and threads cooperate on its loop)."""
    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey is not None and monkey.is_module_patched("socket") and monkey.is_module_patched("threading"))


def resolve(mode: str) -> str:
    """`auto` -> gevent in a patched process, else threading; gevent needs the patch."""
    if mode == "auto":
        return "gevent" if patched() else "threading"
    if mode not in MODES:
        raise ValueError(f"unknown async mode {mode!r} (one of {', '.join(MODES)}, auto)")
    if mode == "gevent" and not patched():
        raise RuntimeError("gevent mode needs gevent.monkey.patch_all() before anything else is imported "
                           "(`dudo serve` does it)")
    return mode


def offload(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` on a real OS thread when on gevent's loop (the caller's greenlet waits), else here."""
    if not patched():
        return fn(*args)
    import gevent

    result: T = gevent.get_hub().threadpool.apply(fn, args)
    return result


def cooperate() -> None:
    """On gevent's loop, let the other greenlets run now (the sockets' writers send what was just
    queued, before this greenlet goes on to slower work such as saving); a no-op with threads."""
    if patched():
        import gevent

        gevent.sleep(0)


def sending_turn() -> AbstractContextManager[Any]:
    """One room's messages at a time: on gevent's loop, a broadcast holds the turn (a FIFO lock)
    until its sockets' writers have sent, so that in a burst of moves the rooms' updates leave
    room by room, each as soon as it is built, rather than all after every room's work; a
    no-op with threads (and on the loop's own greenlet, which cannot wait)."""
    if not patched():
        return nullcontext()
    import gevent

    return nullcontext() if gevent.getcurrent() is gevent.get_hub() else _turn()


@lru_cache(maxsize=1)
def _turn() -> Any:
    """The hub's one sending turn (gevent's RLock: its waiters are woken in order)."""
    from gevent.lock import RLock

    return RLock()


def _environ() -> dict[str, str]:
    import os

    return dict(os.environ)


GC_THRESHOLDS = (100_000, 20, 100)
"""Python's collection thresholds when serving (the defaults are 700, 10, 10). A move over the
socket leaves no reference cycles (tests/server/sockets/test_no_cycles.py), so a young collection finds
nothing to free: it only walks the objects alive at that moment, and in a hall's burst, with a
thousand messages queued, that was 10 to 40 ms every second at 7000 (docs/BENCHMARKS.md)."""


def settle_heap(thresholds: tuple[int, int, int] = GC_THRESHOLDS) -> None:
    """Before serving: what start-up made is frozen out of Python's collections, and the
    collections are made rarer. A full collection scans every tracked object; on gevent's
    loop, with a hall's connections open, it is a pause for every room (measured: 120 to 350 ms
    at 50 rooms with the defaults)."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)
