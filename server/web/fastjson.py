"""JSON for what the hub writes: orjson, several times faster than the standard library's encoder.

Socket.IO packets (every `state` message) and the store's records are written with `dumps`;
any JSON reader reads them back. Frames from clients are read with the standard `json.loads`,
whose behaviour the transport guard (server/web/guard.py) is built around.

    socketio.init_app(app, json=fastjson)
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # like json.dumps: non-string keys become strings

loads = json.loads


def dumps(obj: Any, **_: Any) -> str:
    """Compact JSON text (the options of `json.dumps` are not needed: the output is always compact)."""
    return orjson.dumps(obj, option=_OPTIONS).decode()
