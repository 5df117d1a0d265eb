"""The house stays walkable: no folder of more than 20 modules, no module of more than 400 lines,
and every sub-folder's `__init__.py` opens with a one-line purpose."""

from __future__ import annotations

import ast
from collections import Counter

from codemap import ROOT, modules

MAX_MODULES = 20
MAX_LINES = 400


def _source_files() -> list[str]:
    """The package's modules and the benches' (bench/ is no package of dudo_hub, but a newcomer walks it too)."""
    benches = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "bench").rglob("*.py"))]
    return [m.path.relative_to(ROOT).as_posix() for m in modules().values()] + benches


def test_no_folder_holds_more_than_twenty_modules() -> None:
    per_folder = Counter(path.rpartition("/")[0] for path in _source_files() if not path.endswith("__init__.py"))
    assert {folder: n for folder, n in per_folder.items() if n > MAX_MODULES} == {}


def test_no_module_is_over_four_hundred_lines() -> None:
    long = {path for path in _source_files() if len((ROOT / path).read_text(encoding="utf-8").splitlines()) > MAX_LINES}
    assert long == set()


def test_every_sub_folder_says_what_it_holds() -> None:
    silent = []
    for module in modules().values():
        if module.path.name == "__init__.py" and module.path.parent.parent != ROOT:
            doc = ast.get_docstring(module.tree()) or ""
            if not doc.strip():
                silent.append(module.path.relative_to(ROOT).as_posix())
    assert silent == []
