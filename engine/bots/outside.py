"""Bots written outside this project, brought to the table as `package.module:ClassName`.

The interface is the levels' own (`engine.bots.Bot`): the class is built with one
argument, a seeded `random.Random`, and answers `choose(view, legal)` with one of the
legal actions, deciding from `view_for(state, seat)` and the legal list only.
`wants_out_of_turn(view, legal)` is optional (no out-of-turn moves without it).
The import itself is the caller's business (the `dudo tournament` command does it);
`OutsideBot` only holds such a bot to the interface.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dudo_hub.engine.actions import PlayerAction


class OutsideBot:
    """An outside bot held to the interface: its answers must be legal, and it is named by its spec."""

    def __init__(self, spec: str, inner: Any) -> None:
        if not callable(getattr(inner, "choose", None)):
            raise TypeError(f"{spec} has no choose(view, legal) method")
        self.level = spec
        self.inner = inner

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        """The outside bot's choice, checked against `legal`."""
        action = self.inner.choose(view, legal)
        return self._checked(action, legal)

    def wants_out_of_turn(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction | None:
        """The outside bot's out-of-turn move, if it has the method and wants one."""
        ask = getattr(self.inner, "wants_out_of_turn", None)
        if ask is None:
            return None
        action = ask(view, legal)
        return None if action is None else self._checked(action, legal)

    def _checked(self, action: Any, legal: Sequence[PlayerAction]) -> PlayerAction:
        if action not in legal:
            raise ValueError(f"{self.level} chose {action!r}, which is not one of the {len(legal)} legal actions")
        chosen: PlayerAction = action
        return chosen


def is_spec(name: str) -> bool:
    """Whether a seat name names an outside bot (`module:Class`) rather than a level."""
    module, _, cls = name.partition(":")
    return bool(module) and bool(cls) and cls.isidentifier() and all(p.isidentifier() for p in module.split("."))
