"""The source tree read with `ast`, never imported: modules, their imports, their functions.

Every import counts, wherever it is written (module level, under TYPE_CHECKING, inside a
function): a cycle that only type checking or a late import hides is still a cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "championship", "protocol", "catalogue", "voice", "server", "web_display")
SKIP = {"node_modules", "vendor", "static", "templates", "__pycache__"}


@dataclass(frozen=True)
class Module:
    """One source file as `dudo_hub.<folder>.<name>`."""

    name: str
    path: Path

    @property
    def package(self) -> str:
        """engine, championship, protocol, catalogue, voice, server or web_display."""
        return self.name.split(".")[1]

    def tree(self) -> ast.Module:
        """The parsed file."""
        return _parse(self.path)


@cache
def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@cache
def modules() -> dict[str, Module]:
    """Every Python module of the packages, by dotted name."""
    found: dict[str, Module] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if SKIP & set(path.relative_to(ROOT).parts):
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            name = ".".join(["dudo_hub", *parts])
            found[name] = Module(name, path)
    return found


def imported(module: Module) -> Iterator[str]:
    """The dotted names `module` imports (absolute; relative imports resolved), anywhere in it."""
    package = module.name if module.path.name == "__init__.py" else module.name.rpartition(".")[0]
    for node in ast.walk(module.tree()):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)  # `from pkg import module`


def internal_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports (itself left out)."""
    known = modules()
    return {name: {dep for dep in imported(mod) if dep in known and dep != name} for name, mod in known.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def classes(module: Module) -> dict[str, ast.ClassDef]:
    """The module's top-level classes by name."""
    return {n.name: n for n in module.tree().body if isinstance(n, ast.ClassDef)}


def functions(cls: ast.ClassDef) -> dict[str, ast.FunctionDef]:
    """A class's methods by name."""
    return {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef)}
