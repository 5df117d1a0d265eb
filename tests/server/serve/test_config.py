"""Configuration read whole, in one place: every Config field from its DUDO_* variable, typed,
a bad value refused naming its variable, and `dudo serve` flags over the environment."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hubkit import ROOT

from dudo_hub.server.cli.serve import add_serve_command, serve_config
from dudo_hub.server.config import Config, ConfigError
from dudo_hub.server.web.app import create_app, get_hub

# field -> (what the environment says, what the field holds, a value that must be refused)
CASES: dict[str, tuple[str, Any, str]] = {
    "PRESET": ("perudo", "perudo", "poker"),
    "LANG": ("en", "en", "xx"),
    "DATA_DIR": ("/tmp/dudo-hall", Path("/tmp/dudo-hall"), None),
    "PUBLIC_URL": ("http://10.0.0.2:9000", "http://10.0.0.2:9000", None),
    "BOT_DELAY": ("0.25", 0.25, "soon"),
    "REVEAL_PAUSE": ("7", 7.0, "-1"),
    "BOT_THREAD": ("false", False, "maybe"),
    "DROP_GRACE": ("12.5", 12.5, "nan"),
    "RATE_CAPACITY": ("50", 50.0, "many"),
    "RATE_PER_SECOND": ("2.5", 2.5, "-3"),
    "SEED": ("42", 42, "4.2"),
    "DEFAULT_ROOM": ("no", False, "2"),
    "ASYNC_MODE": ("threading", "threading", "asyncio"),
    "HOST": ("127.0.0.1", "127.0.0.1", None),
    "PORT": ("9001", 9001, "70000"),
    "ROOMS": ("12", 12, "twelve"),
    "CONFIRM_SECONDS": ("4.5", 4.5, "inf"),
    "SECRET_KEY": ("s3cret", "s3cret", None),
}


def test_every_field_has_a_case() -> None:
    assert set(CASES) == {f.name for f in dataclasses.fields(Config)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_field_is_read_from_its_variable(name: str) -> None:
    raw, value, _ = CASES[name]
    config = Config.from_env({f"DUDO_{name}": raw})
    assert getattr(config, name) == value
    assert type(getattr(config, name)) is type(value)
    others = Config.from_env({})
    assert getattr(others, name) != value or name == "SECRET_KEY"  # the case differs from the default


@pytest.mark.parametrize("name", sorted(n for n, case in CASES.items() if case[2] is not None))
def test_a_bad_value_is_refused_naming_its_variable(name: str) -> None:
    bad = CASES[name][2]
    with pytest.raises(ConfigError) as caught:
        Config.from_env({f"DUDO_{name}": str(bad)})
    assert caught.value.name == f"DUDO_{name}"
    assert str(caught.value).startswith(f"DUDO_{name}=")


@pytest.mark.parametrize(("name", "raw"), [("DATA_DIR", ""), ("SEED", "")])
def test_an_empty_optional_variable_means_none(name: str, raw: str) -> None:
    assert getattr(Config.from_env({f"DUDO_{name}": raw}), name) is None


@pytest.mark.parametrize(("raw", "value"), [("1", True), ("TRUE", True), ("on", True), ("0", False), ("Off", False)])
def test_booleans_are_written_the_usual_ways(raw: str, value: bool) -> None:
    assert Config.from_env({"DUDO_BOT_THREAD": raw}).BOT_THREAD is value


def test_overrides_beat_the_environment_and_are_checked_too() -> None:
    assert Config.from_env({"DUDO_LANG": "en"}, LANG="es").LANG == "es"
    with pytest.raises(ConfigError, match="DUDO_LANG"):
        Config.from_env({}, LANG="xx")


def test_the_app_reads_the_environment_when_given_no_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUDO_DATA_DIR", "")
    monkeypatch.setenv("DUDO_LANG", "es")
    monkeypatch.setenv("DUDO_SEED", "3")
    monkeypatch.setenv("DUDO_BOT_THREAD", "0")
    hub = get_hub(create_app())
    assert hub.config.LANG == "es" and hub.config.SEED == 3 and hub.store is None
    assert hub.room(hub.default_code).lang == "es"


def _serve_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_serve_command(parser.add_subparsers())
    return parser.parse_args(["serve", *argv])


def test_serve_flags_override_the_environment_and_the_rest_comes_from_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, raw in {"LANG": "en", "PRESET": "perudo", "PORT": "9100", "ROOMS": "3", "DATA_DIR": "/tmp/x"}.items():
        monkeypatch.setenv(f"DUDO_{name}", raw)
    monkeypatch.delenv("DUDO_PUBLIC_URL", raising=False)
    config = serve_config(_serve_args("--lang", "es", "--rooms", "5"), "threading", lan=lambda: "10.1.2.3")
    assert (config.LANG, config.ROOMS) == ("es", 5)  # typed: the flags
    assert (config.PRESET, config.PORT) == ("perudo", 9100)  # not typed: the environment's
    assert config.DATA_DIR is not None and config.DATA_DIR.as_posix() == "/tmp/x"
    assert config.PUBLIC_URL == "http://10.1.2.3:9100"
    assert config.ASYNC_MODE == "threading"


def test_serve_joins_at_advertise_else_the_public_url_else_the_lan(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUDO_PUBLIC_URL", "http://dudo.lan:8000")
    monkeypatch.delenv("DUDO_PORT", raising=False)
    assert serve_config(_serve_args(), "threading", lan=lambda: "x").PUBLIC_URL == "http://dudo.lan:8000"
    advertised = serve_config(_serve_args("--advertise", "10.0.0.9", "--port", "8100"), "threading", lan=lambda: "x")
    assert advertised.PUBLIC_URL == "http://10.0.0.9:8100"


def test_every_variable_is_documented() -> None:
    text = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    missing = [f.name for f in dataclasses.fields(Config) if f"`DUDO_{f.name}`" not in text]
    assert not missing


def test_a_bad_variable_is_refused_even_where_a_flag_replaces_it() -> None:
    with pytest.raises(ConfigError, match="DUDO_ASYNC_MODE"):
        Config.from_env({"DUDO_ASYNC_MODE": "asyncio"}, ASYNC_MODE="threading")


def test_the_patch_before_imports_reads_the_same_variable_as_the_config() -> None:
    from dudo_hub.server.web import asyncmode

    env = {"DUDO_ASYNC_MODE": "threading"}
    assert asyncmode.requested(["serve"], env) == Config.from_env(env).ASYNC_MODE == "threading"
    assert asyncmode.requested(["serve"], {}) == "gevent"  # `dudo serve` without the variable: gevent
