"""Hub settings: `Config.from_env()` for serving, `TestConfig` for tests."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Config:
    """Everything the hub reads at start; environment variables are `DUDO_<FIELD>`."""

    PRESET: str = "dudo"
    LANG: str = "it"
    DATA_DIR: Path | None = Path("data")  # None: nothing is stored
    PUBLIC_URL: str = ""  # "http://192.168.1.20:8000"; empty: taken from each page request
    BOT_DELAY: float = 1.5
    REVEAL_PAUSE: float = 5.0  # seconds the TVs show a reveal; bots wait as long before their next move
    BOT_THREAD: bool = True  # False: bots move at once, in the caller's thread (tests)
    DROP_GRACE: float = 30.0
    RATE_CAPACITY: float = 20.0
    RATE_PER_SECOND: float = 8.0
    SEED: int | None = None
    DEFAULT_ROOM: bool = True
    ASYNC_MODE: str = "auto"  # gevent, threading, or auto: gevent once `dudo serve` has patched the process
    SECRET_KEY: str = field(default_factory=lambda: os.urandom(16).hex())

    @classmethod
    def from_env(cls, **overrides: object) -> Config:
        """Defaults, then `DUDO_*` environment variables, then `overrides`."""
        config = cls()
        env = os.environ
        config.PRESET = env.get("DUDO_PRESET", config.PRESET)
        config.LANG = env.get("DUDO_LANG", config.LANG)
        if "DUDO_DATA_DIR" in env:
            config.DATA_DIR = Path(env["DUDO_DATA_DIR"]) if env["DUDO_DATA_DIR"] else None
        config.PUBLIC_URL = env.get("DUDO_PUBLIC_URL", config.PUBLIC_URL)
        config.BOT_DELAY = float(env.get("DUDO_BOT_DELAY", config.BOT_DELAY))
        config.REVEAL_PAUSE = float(env.get("DUDO_REVEAL_PAUSE", config.REVEAL_PAUSE))
        config.DROP_GRACE = float(env.get("DUDO_DROP_GRACE", config.DROP_GRACE))
        config.ASYNC_MODE = env.get("DUDO_ASYNC_MODE", config.ASYNC_MODE)
        for key, value in overrides.items():
            setattr(config, key, value)
        return config


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
