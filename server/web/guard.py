"""The socket transport's edge: hostile frames are answered or dropped, never a traceback.

python-socketio dispatches any client EVENT by name, decodes frames with no size or
depth limit of its own, and lets a malformed frame raise inside its reader thread. The
guard sits in front of it:

- a frame the Engine.IO layer cannot read (empty, unknown packet type) is dropped;
- a frame over `MAX_FRAME` characters, one nested deeper than `MAX_DEPTH`, or one that
  is not an event `[name, payload?]` is answered `bad_payload` when it asked for an ack;
- reserved names (`connect`, `disconnect`...) sent as events are answered `bad_event`,
  and names the hub does not know `unknown_event`; neither reaches a handler;
- every such refusal is one warning line in the log, at most `LogBudget.limit` a minute.

Only documented events reach the handlers in `server.events`.
"""

from __future__ import annotations

import io
import logging
import re
import sys
import threading
import time
from collections.abc import Callable, Collection
from typing import Any

import simple_websocket
from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI
from socketio import packet

log = logging.getLogger(__name__)

MAX_FRAME = 64_000
"""Characters a client frame may have (advertised as Engine.IO's maxPayload)."""

HARD_FRAME_LIMIT = 16 * MAX_FRAME
"""Above this the websocket itself is closed (1009): nothing legitimate comes near it."""

MAX_DEPTH = 16
"""Nesting of lists and objects a payload may have."""

RESERVED = frozenset({"connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"})
"""Event names Socket.IO keeps for itself: a client may not send them."""

_HEADER = re.compile(r"^(?P<type>[0-6])(?:\d+-)?(?P<nsp>/[^,]*,)?(?P<id>\d{1,15})?")

Reply = dict[str, Any]
Replier = Callable[[str, str, str], Reply]  # (sid or "", code, detail) -> {ok, code, message, detail}


class LogBudget:
    """At most `limit` warning lines a `window` of seconds; the rest are counted and summarised."""

    def __init__(self, limit: int = 20, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._start, self._used, self._dropped = clock(), 0, 0
        self._lock = threading.Lock()

    def warn(self, text: str, *args: Any) -> None:
        """Log one warning line unless this window's budget is spent."""
        with self._lock:
            now = self.clock()
            if now - self._start >= self.window:
                if self._dropped:
                    log.warning("%d more refused client frames were not logged", self._dropped)
                self._start, self._used, self._dropped = now, 0, 0
            if self._used >= self.limit:
                self._dropped += 1
                return
            self._used += 1
        log.warning(text, *args)


class ClientFaultLogger:
    """The transport's logger, with its tracebacks and errors turned into budgeted warning lines.

    The Engine.IO and Socket.IO layers log a traceback when a client's frame or request
    cannot be read; the hub's own failures are logged by its own loggers, untouched.
    """

    def __init__(self, logger: Any, budget: LogBudget) -> None:
        self._logger, self._budget = logger, budget

    def exception(self, msg: str, *args: Any, **_: Any) -> None:
        kind, err, _tb = sys.exc_info()
        self._budget.warn("socket transport: " + str(msg) + " (%s: %s)", *args,
                          kind.__name__ if kind else "error", err)

    def error(self, msg: str, *args: Any, **_: Any) -> None:
        self._budget.warn("socket transport: " + str(msg), *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._logger, name)


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply `value` nests lists and dicts, counting at most to `limit` + 1."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            if deepest > limit:
                return deepest
            stack.extend((child, level + 1) for child in item)
    return deepest


def ack_target(frame: Any) -> tuple[str, int] | None:
    """(namespace, ack id) of a Socket.IO EVENT frame, read from its header alone."""
    if not isinstance(frame, str):
        return None
    found = _HEADER.match(frame[:64])
    if found is None or found["type"] not in (str(packet.EVENT), str(packet.BINARY_EVENT)) or found["id"] is None:
        return None
    return (found["nsp"] or "/,")[:-1], int(found["id"])


class Guard:
    """Wraps one python-socketio server: `Guard(server, events, reply).install()`."""

    def __init__(self, server: Any, events: Collection[str], reply: Replier) -> None:
        self.server = server
        self.events = frozenset(events)
        self.reply = reply
        self.budget = LogBudget()

    def install(self) -> None:
        """Put the guard in front of the server's frame reader and event dispatcher."""
        self._handle_message = self.server._handle_eio_message
        self._handle_event = self.server._handle_event
        self.server._handle_eio_message = self.on_message
        self.server._handle_event = self.on_event
        eio = self.server.eio
        eio.on("message", self.on_message)
        eio.max_http_buffer_size = MAX_FRAME
        eio._async = {**eio._async, "websocket": self._websocket_class()}
        eio.logger = ClientFaultLogger(eio.logger, self.budget)
        self.server.logger = ClientFaultLogger(self.server.logger, self.budget)
        self._handle_request = eio.handle_request
        eio.handle_request = self.on_request

    # ----- HTTP requests (long-polling) ------------------------------------------------------

    def on_request(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        """Engine.IO's request handler; what it raises on a client's junk becomes a 400."""
        try:
            if environ.get("REQUEST_METHOD") == "POST":
                problem = self.post_problem(environ)
                if problem is not None:
                    self.budget.warn("refused a socket request: %s", problem)
                    start_response("400 BAD REQUEST", [("Content-Type", "text/plain")])
                    return [b"bad request"]
            return self._handle_request(environ, start_response)
        except (ConnectionError, StopIteration):
            raise  # how a finished websocket tells the WSGI server to drop the socket
        except Exception as err:
            self.budget.warn("refused a socket request: %s: %s", type(err).__name__, err)
            start_response("400 BAD REQUEST", [("Content-Type", "text/plain")], sys.exc_info())
            return [b"bad request"]

    def post_problem(self, environ: dict[str, Any]) -> str | None:
        """Why a long-polling POST body is unreadable (it is read here and put back), or None."""
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return "a bad Content-Length"
        if length > MAX_FRAME:
            return None  # Engine.IO refuses it as too long by itself
        body = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = io.BytesIO(body)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return "a body that is not UTF-8"
        for part in text.split("\x1e"):
            if not part or part[0] not in "0123456":
                return f"not an Engine.IO packet ({part[:12]!r})"
        return None

    # ----- Socket.IO frames ------------------------------------------------------------------

    def on_message(self, eio_sid: str, data: Any) -> None:
        """A Socket.IO frame: too big, unreadable or too deep ones are refused."""
        if isinstance(data, str | bytes) and len(data) > MAX_FRAME:
            self._refuse(eio_sid, data, "bad_payload", f"a frame of {len(data)} characters (limit {MAX_FRAME})")
            return
        if not isinstance(data, str) or data[:1] in (str(packet.BINARY_EVENT), str(packet.BINARY_ACK)):
            self._refuse(eio_sid, data, "bad_payload", "the hub takes no binary data")
            return
        try:
            self._handle_message(eio_sid, data)
        except RecursionError:
            self._refuse(eio_sid, data, "bad_payload", f"a payload nested deeper than {MAX_DEPTH}")
        except Exception as err:  # any unreadable frame: the library raises ValueError, KeyError...
            self._refuse(eio_sid, data, "bad_payload", f"an unreadable frame ({type(err).__name__})")

    def on_event(self, eio_sid: str, namespace: str | None, ack: int | None, data: Any) -> None:
        """A decoded EVENT: only documented names with a readable payload reach the handlers."""
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            self._answer(eio_sid, namespace, ack, "bad_payload", "an event must be [name, payload]")
        elif data[0] in RESERVED:
            self._answer(eio_sid, namespace, ack, "bad_event", f"{data[0]!r} is reserved by Socket.IO")
        elif data[0] not in self.events:
            self._answer(eio_sid, namespace, ack, "unknown_event", f"no event {data[0][:40]!r}")
        elif depth(data) > MAX_DEPTH:
            self._answer(eio_sid, namespace, ack, "bad_payload", f"a payload nested deeper than {MAX_DEPTH}")
        else:
            self._handle_event(eio_sid, namespace, ack, data)

    def _refuse(self, eio_sid: str, frame: Any, code: str, detail: str) -> None:
        target = ack_target(frame)
        namespace, ack = target if target is not None else ("/", None)
        self._answer(eio_sid, namespace, ack, code, detail)

    def _answer(self, eio_sid: str, namespace: str | None, ack: int | None, code: str, detail: str) -> None:
        """Log one line and, when the client asked for an ack, send it the refusal."""
        namespace = namespace or "/"
        sid = self.server.manager.sid_from_eio_sid(eio_sid, namespace)
        self.budget.warn("refused a client frame from %s: %s (%s)", sid or eio_sid, code, detail)
        if ack is None or sid is None:
            return
        try:
            reply = self.reply(sid, code, detail)
            self.server._send_packet(eio_sid, self.server.packet_class(packet.ACK, namespace=namespace, id=ack,
                                                                       data=[reply]))
        except Exception as err:  # the connection may be gone already
            self.budget.warn("could not answer %s: %s", sid, err)

    # ----- Engine.IO frames ------------------------------------------------------------------

    def _websocket_class(self) -> type[SimpleWebSocketWSGI]:
        guard = self

        loop = _gevent_classes() if getattr(self.server.eio, "async_mode", None) == "gevent" else {}

        class GuardedWebSocket(SimpleWebSocketWSGI):  # type: ignore[misc]
            """Engine.IO's websocket (simple-websocket, on gevent's loop in gevent mode), minus frames it
            cannot read; absurd frames close it; a peer gone before the close is no error."""

            def __init__(self, handler: Any, server: Any, **kwargs: Any) -> None:
                super().__init__(handler, server, max_message_size=HARD_FRAME_LIMIT, **loop, **kwargs)

            def close(self) -> None:
                """Engine.IO's writer closes the websocket when the connection ends: a client that reset
                it meanwhile made that a ConnectionResetError in the writer (a traceback); it is gone."""
                try:
                    super().close()
                except OSError as err:
                    log.debug("a websocket was gone before its close: %s", err)

            def wait(self) -> Any:
                while True:
                    try:
                        data = self.ws.receive()
                    except simple_websocket.ConnectionClosed:
                        return None
                    if guard.engineio_readable(getattr(self.app, "__self__", None), data):
                        return data

        return GuardedWebSocket

    def engineio_readable(self, socket: Any, data: Any) -> bool:
        """Whether Engine.IO may take this websocket frame; a refused one is answered or logged."""
        if data is None or isinstance(data, bytes | bytearray):
            return True  # closed, or a binary message (the Socket.IO guard reads it)
        if not data or data[0] not in "0123456":  # "b..." is base64 binary: the hub takes none
            self.budget.warn("dropped a websocket frame: not an Engine.IO text packet (%r)", data[:12])
            return False
        if len(data) <= MAX_FRAME:
            return True
        eio_sid = getattr(socket, "sid", None)
        if data[0] == "4" and eio_sid is not None:
            self._refuse(eio_sid, data[1:], "bad_payload", f"a frame of {len(data)} characters (limit {MAX_FRAME})")
        else:
            self.budget.warn("dropped a websocket frame of %d characters", len(data))
        return False


def _gevent_classes() -> dict[str, Any]:
    """simple-websocket's reader task, event and selector on gevent's loop (what Engine.IO's gevent
    driver passes when gevent-websocket is not installed)."""
    import gevent.event
    import gevent.selectors
    from engineio.async_drivers.gevent import Thread

    return {"thread_class": Thread, "event_class": gevent.event.Event,
            "selector_class": gevent.selectors.DefaultSelector}
