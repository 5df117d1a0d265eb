"""`dudo serve` speaks the room's language in the terminal: the addresses, the QR caption, the hall's
lines and the stop line come from the catalogue (`cli.*`); the English lines are the ones
tests/server/serve/test_stop.py and tests/server/gevent/test_gevent_mode.py parse (they pass `--lang en`)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from dudo_hub.catalogue import DEFAULT_LANG, LANGS, catalogue, text
from dudo_hub.server.cli.main import _lang_typed
from dudo_hub.server.cli.serve import banner, hall, stopped_line

BASE, CODE, KEY = "http://10.0.0.2:8000", "KQTD", "s3cret"
JOIN = f"{BASE}/join/{CODE}"
ENGLISH_LABELS = ("Phones join", "keep private", "open on the big screen", "Scan with a phone", "stopped", "Hall:",
                  " room ", " rooms ", "memory only")


def _hub() -> SimpleNamespace:
    rooms = {CODE: SimpleNamespace(host_key=KEY), "ZXCV": SimpleNamespace(host_key="k2")}
    return SimpleNamespace(rooms=rooms, join_url=lambda code: f"{BASE}/join/{code}")


def _all_lines(lang: str) -> str:
    return "\n".join([banner(BASE, CODE, KEY, JOIN, lang), hall(BASE, _hub(), lang),
                      stopped_line(1, Path("data"), lang), stopped_line(2, None, lang), text("cli.interrupted", lang)])


@pytest.mark.parametrize("lang", LANGS)
def test_every_line_is_the_catalogues(lang: str) -> None:
    out = _all_lines(lang)
    assert text("cli.room", lang, room=CODE) in out
    rows = (("cli.tv", f"{BASE}/tv/{CODE}"), ("cli.phones", JOIN), ("cli.host", f"{BASE}/host/{CODE}?key={KEY}"))
    for key, url in rows:
        label, _, _ = str(catalogue(lang)[key]).partition("{url}")
        assert re.search(re.escape(label.rstrip()) + r"\s+" + re.escape(url), out), (lang, key)
    assert text("cli.qr", lang) in out
    assert text("cli.hall", lang, n=2) in out
    assert text("cli.stopped", lang, n=1, folder="data") in out
    assert text("cli.stopped_unsaved", lang, n=2) in out


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_no_english_in_another_languages_terminal(lang: str) -> None:
    out = _all_lines(lang)
    assert [label for label in ENGLISH_LABELS if label in out] == []


def test_the_addresses_line_up() -> None:
    lines = banner(BASE, CODE, KEY, JOIN, "fr").splitlines()[1:4]
    assert len({line.index("http") for line in lines}) == 1, lines


def test_the_english_lines_are_the_ones_the_stop_tests_parse() -> None:
    out = _all_lines("en")
    assert re.findall(r"Dudo Hub, room ([A-Z]{4})", out) == [CODE]  # test_stop.py
    assert dict(re.findall(r"host \S+/host/([A-Z]{4})\?key=(\S+)", out)) == {CODE: KEY, "ZXCV": "k2"}  # gevent
    assert out.count("Dudo Hub stopped") == 2


def test_an_early_ctrl_c_speaks_the_language_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DUDO_LANG", raising=False)
    assert _lang_typed(["serve", "--lang", "pt"]) == "pt"
    assert _lang_typed(["serve", "--lang=fr"]) == "fr"
    assert _lang_typed(["serve"]) == DEFAULT_LANG
    monkeypatch.setenv("DUDO_LANG", "es")
    assert _lang_typed(["serve"]) == "es"
