"""The engine's event kinds are listed once (engine.events.KINDS): every kind the engine makes is
there, and nothing else, read from the `Event(...)` calls of the engine's source."""

from __future__ import annotations

import ast

from codemap import modules

from dudo_hub.engine.events import KINDS


def _kinds_of(expr: ast.expr) -> list[str]:
    """The kinds an expression may give: a string, or either branch of `a if test else b`."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if isinstance(expr, ast.IfExp):
        return _kinds_of(expr.body) + _kinds_of(expr.orelse)
    return []


def _made_kinds() -> set[str]:
    kinds: set[str] = set()
    for name, module in modules().items():
        if not name.startswith("dudo_hub.engine"):
            continue
        for node in ast.walk(module.tree()):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Event" and node.args:
                first = node.args[0]
                strings = _kinds_of(first)
                assert strings, f"{name}: an Event whose kind is not written out ({ast.unparse(first)})"
                kinds.update(strings)
    return kinds


def test_every_kind_the_engine_makes_is_listed_and_only_those() -> None:
    assert _made_kinds() == set(KINDS)
    assert len(KINDS) == len(set(KINDS))
