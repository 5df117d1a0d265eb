"""Hub settings: `Config.from_env()` for serving, `TestConfig` for tests.

Every field is read from the environment variable `DUDO_<FIELD>` (docs/configuration.md), in one
place: `from_env` walks the fields and parses each by its type; a value that does not parse, or
is not one of the field's choices, raises `ConfigError` naming the variable. `dudo serve` builds
its Config here too: its flags are overrides, given only when typed on the command line.
"""

from __future__ import annotations

import dataclasses
import math
import os
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dudo_hub.catalogue import DEFAULT_LANG

PREFIX = "DUDO_"
ASYNC_MODES = ("auto", "gevent", "threading")


class ConfigError(ValueError):
    """A `DUDO_*` variable (or an override) that is not a valid value of its field."""

    def __init__(self, name: str, value: object, expected: str) -> None:
        super().__init__(f"{name}={value!r}: expected {expected}")
        self.name, self.value, self.expected = name, value, expected


@dataclass
class Config:
    """Everything the hub reads at start; environment variables are `DUDO_<FIELD>`."""

    PRESET: str = "dudo"  # rules of new rooms (engine.PRESETS)
    LANG: str = DEFAULT_LANG  # language of new rooms (catalogue/strings/<lang>.json)
    DATA_DIR: Path | None = Path("data")  # None (an empty variable): nothing is stored
    PUBLIC_URL: str = ""  # "http://192.168.1.20:8000"; empty: taken from each page request
    BOT_DELAY: float = 1.5  # seconds a bot "thinks" (scaled by 0.6..1.4)
    REVEAL_PAUSE: float = 5.0  # seconds the TVs show a reveal; bots wait as long before their next move
    BOT_THREAD: bool = True  # False: bots move at once, in the caller's thread (tests)
    DROP_GRACE: float = 30.0  # seconds before the host may give a dropped phone's seat to a bot
    RATE_CAPACITY: float = 20.0  # a connection's burst of events (token bucket)
    RATE_PER_SECOND: float = 8.0  # ... and its refill per second
    SEED: int | None = None  # dice and room-code seed (tests); None: the system's cryptographic source
    DEFAULT_ROOM: bool = True  # open a room at start when none is stored
    ASYNC_MODE: str = "auto"  # gevent, threading, or auto: gevent once `dudo serve` has patched the process
    HOST: str = "0.0.0.0"  # `dudo serve`: the address to listen on
    PORT: int = 8000  # `dudo serve`: the port
    ROOMS: int = 1  # `dudo serve`: keep at least this many rooms (a hall)
    CONFIRM_SECONDS: float = 3.0  # `dudo serve`: a spoken Dudo / Calza commits after this long unless cancelled
    SECRET_KEY: str = field(default_factory=lambda: os.urandom(16).hex())  # Flask's; random each start

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> Config:
        """Defaults, then `DUDO_*` variables of `environ` (os.environ), then `overrides`; checked."""
        env = os.environ if environ is None else environ
        values = {f.name: parse_field(cls, f.name, env[PREFIX + f.name])
                  for f in dataclasses.fields(cls) if PREFIX + f.name in env}
        config = cls(**values)  # the environment checked on its own, even where an override replaces it
        return dataclasses.replace(config, **overrides) if overrides else config

    def __post_init__(self) -> None:
        """ConfigError for a value outside its field's choices or range."""
        for name, allowed in choices().items():
            if getattr(self, name) not in allowed:
                raise ConfigError(PREFIX + name, getattr(self, name), "one of " + ", ".join(allowed))
        for name in NON_NEGATIVE:
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value >= 0):
                raise ConfigError(PREFIX + name, value, "a number, 0 or more")
        if not 0 <= self.PORT <= 65535:
            raise ConfigError(PREFIX + "PORT", self.PORT, "a port, 0 to 65535")


NON_NEGATIVE = ("BOT_DELAY", "REVEAL_PAUSE", "DROP_GRACE", "RATE_CAPACITY", "RATE_PER_SECOND", "ROOMS",
                "CONFIRM_SECONDS")


def choices() -> dict[str, tuple[str, ...]]:
    """The fields with a fixed set of values."""
    from dudo_hub.catalogue import LANGS
    from dudo_hub.engine import PRESETS

    return {"PRESET": tuple(PRESETS), "LANG": tuple(LANGS), "ASYNC_MODE": ASYNC_MODES}


def parse_field(cls: type[Config], name: str, raw: str) -> Any:
    """The value of field `name` written as `raw` in the environment; ConfigError if it does not parse."""
    hint = typing.get_type_hints(cls)[name]
    optional = type(None) in typing.get_args(hint)
    if optional and raw.strip() == "":
        return None
    kind = next(t for t in (typing.get_args(hint) or (hint,)) if t is not type(None))
    try:
        return PARSERS[kind](raw)
    except (KeyError, ValueError) as err:
        raise ConfigError(PREFIX + name, raw, EXPECTED[kind] + (", or empty" if optional else "")) from err


def _boolean(raw: str) -> bool:
    word = raw.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise ValueError(raw)


def _path(raw: str) -> Path:
    if not raw.strip():
        raise ValueError(raw)
    return Path(raw)


PARSERS: dict[type, Callable[[str], Any]] = {str: str, float: float, int: int, bool: _boolean, Path: _path}
EXPECTED = {str: "text", float: "a number", int: "a whole number", bool: "true or false (1/0, yes/no, on/off)",
            Path: "a folder"}


@dataclass
class TestConfig(Config):
    """In-memory, instant bots, deterministic dice, no grace period."""

    __test__ = False  # not a pytest class
    DATA_DIR: Path | None = None
    PUBLIC_URL: str = "http://127.0.0.1:8000"
    BOT_DELAY: float = 0.0
    REVEAL_PAUSE: float = 0.0
    BOT_THREAD: bool = False
    DROP_GRACE: float = 0.0
    RATE_CAPACITY: float = 1000.0
    RATE_PER_SECOND: float = 1000.0
    SEED: int | None = 7
