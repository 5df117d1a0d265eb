"""The import graph's direction, as docs/ARCHITECTURE.md states it, computed with ast over the
source files (every import counts: module level, TYPE_CHECKING, inside functions)."""

from __future__ import annotations

import re
import sys

import pytest
from codemap import ROOT, cycles, imported, internal_graph, modules

# Modules that reach outside the process (files, sockets, clocks, threads, processes, logs).
IO_MODULES = {
    "asyncio", "concurrent", "ctypes", "http", "io", "logging", "multiprocessing", "os", "pathlib", "queue",
    "select", "shutil", "signal", "socket", "sqlite3", "subprocess", "sys", "tempfile", "threading", "time",
    "urllib", "wave",
}
PURE = ("dudo_hub.engine", "dudo_hub.championship")  # the packages with no I/O


def _top_level(name: str) -> str:
    return name.split(".")[0]


def _package_deps() -> dict[str, set[str]]:
    """Package -> the other packages its modules import."""
    known = modules()
    deps: dict[str, set[str]] = {}
    for module, targets in internal_graph().items():
        mine = known[module].package
        deps.setdefault(mine, set()).update(known[t].package for t in targets if known[t].package != mine)
    return deps


def test_the_tree_is_read() -> None:
    known = modules()
    assert "dudo_hub.server.room.room" in known and "dudo_hub.voice.table.controller" in known
    assert "dudo_hub.engine.bots" in known  # a package's __init__ is the package
    assert {m.package for m in known.values()} == {
        "engine", "championship", "protocol", "catalogue", "voice", "server", "web_display"}


def test_engine_imports_nothing_from_the_other_packages() -> None:
    offenders = {name: sorted(t for t in targets if not t.startswith("dudo_hub.engine"))
                 for name, targets in internal_graph().items() if name.startswith("dudo_hub.engine")}
    assert {name: found for name, found in offenders.items() if found} == {}


@pytest.mark.parametrize("name", sorted(n for n in modules() if n.startswith(PURE)))
def test_engine_and_championship_modules_import_only_the_standard_library_and_no_io(name: str) -> None:
    outside = {_top_level(t) for t in imported(modules()[name]) if not t.startswith("dudo_hub")}
    assert outside <= set(sys.stdlib_module_names) | {"__future__"}, "no third-party imports"
    assert not outside & IO_MODULES, "pure: no I/O"


def test_championship_imports_only_itself_and_the_engine() -> None:
    offenders = {name: sorted(t for t in targets if not t.startswith(("dudo_hub.engine", "dudo_hub.championship")))
                 for name, targets in internal_graph().items() if name.startswith("dudo_hub.championship")}
    assert offenders and {name: found for name, found in offenders.items() if found} == {}


def test_voice_never_imports_the_server() -> None:
    found = {name: sorted(t for t in targets if t.startswith("dudo_hub.server"))
             for name, targets in internal_graph().items() if name.startswith("dudo_hub.voice")}
    assert {name: targets for name, targets in found.items() if targets} == {}


def test_no_cycle_among_the_server_modules() -> None:
    server = {name: {t for t in targets if t.startswith("dudo_hub.server")}
              for name, targets in internal_graph().items() if name.startswith("dudo_hub.server")}
    assert cycles(server) == []


def test_no_cycle_among_the_voice_modules() -> None:
    voice = {name: {t for t in targets if t.startswith("dudo_hub.voice")}
             for name, targets in internal_graph().items() if name.startswith("dudo_hub.voice")}
    assert cycles(voice) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_package_table_of_the_architecture_says_what_the_code_does() -> None:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `dudo_hub\.(\w+)` \| `\w+/` \| ([^|]*) \|", text, re.MULTILINE)
    assert len(rows) == 7
    plain = {package: re.sub(r"`[^`]*`", "", deps) for package, deps in rows}  # file names are not dependencies
    words = r"\b(engine|championship|protocol|catalogue|voice|server|web_display)\b"
    said = {package: set(re.findall(words, deps)) for package, deps in plain.items()}
    actual = _package_deps()
    assert said == {package: actual.get(package, set()) for package in said}


def test_the_voice_controller_sees_the_room_not_the_engine() -> None:
    found = {name: sorted(t for t in targets if t.startswith("dudo_hub.engine"))
             for name, targets in internal_graph().items() if name.startswith("dudo_hub.voice.table")}
    assert found and {name: targets for name, targets in found.items() if targets} == {}
