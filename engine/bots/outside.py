"""Bots written outside this project, brought to the table as `package.module:ClassName`.

The interface is the levels' own (`engine.bots.Bot`): the class is built with a seeded
`random.Random` (and the seat's `?key=value` parameters as keyword arguments), and
answers `choose(view, legal)` with one of the legal actions, deciding from
`view_for(state, seat)` and the legal list only. Optional:
`wants_out_of_turn(view, legal)` (no out-of-turn moves without it); `observe(view)`, the
table as the seat sees it right after each reveal (the view's `reveal` holds every cup,
`bids` the round's bids); `remember(memory)`, a dict a tournament (one evening) hands to
the bot of a seat at the start of each game, the same one every game.
The import itself is the caller's business (the `dudo tournament` command does it);
`OutsideBot` only holds such a bot to the interface: anything it raises, and any answer
off the legal list, becomes a `BotFault` that names it (the tournament then replaces it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dudo_hub.engine.actions import PlayerAction


class BotFault(Exception):
    """An outside bot raised, or answered with a move that is not legal."""

    def __init__(self, spec: str, reason: str) -> None:
        super().__init__(f"{spec} {reason}")
        self.spec = spec
        self.reason = reason


class OutsideBot:
    """An outside bot held to the interface: its answers must be legal, and it is named by its spec."""

    def __init__(self, spec: str, inner: Any) -> None:
        if not callable(getattr(inner, "choose", None)):
            raise TypeError(f"{spec} has no choose(view, legal) method")
        self.level = spec
        self.inner = inner

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        """The outside bot's choice, checked against `legal`."""
        try:
            action = self.inner.choose(view, legal)
        except Exception as error:  # an outside bot's bug must not stop the table
            raise BotFault(self.level, f"raised {type(error).__name__}: {error}") from error
        return self._checked(action, legal)

    def wants_out_of_turn(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction | None:
        """The outside bot's out-of-turn move, if it has the method and wants one."""
        ask = getattr(self.inner, "wants_out_of_turn", None)
        if ask is None:
            return None
        try:
            action = ask(view, legal)
        except Exception as error:  # as in choose
            raise BotFault(self.level, f"raised {type(error).__name__}: {error}") from error
        return None if action is None else self._checked(action, legal)

    def observe(self, view: dict[str, Any]) -> None:
        """Show the outside bot the table after a reveal, if it wants to look."""
        look = getattr(self.inner, "observe", None)
        if callable(look):
            try:
                look(view)
            except Exception as error:  # as in choose
                raise BotFault(self.level, f"raised {type(error).__name__}: {error}") from error

    def remember(self, memory: dict[str, Any]) -> None:
        """Hand the evening's memory to the outside bot, if it wants one."""
        keep = getattr(self.inner, "remember", None)
        if callable(keep):
            keep(memory)

    def _checked(self, action: Any, legal: Sequence[PlayerAction]) -> PlayerAction:
        if action not in legal:
            raise BotFault(self.level, f"chose {action!r}, which is not one of the {len(legal)} legal actions")
        chosen: PlayerAction = action
        return chosen


def split_spec(name: str) -> tuple[str, str, dict[str, int | float | str]]:
    """(module, class, keyword arguments) of `module:Class?x=1&y=0.5`; numbers are converted."""
    target, _, query = name.partition("?")
    module, _, cls = target.partition(":")
    params: dict[str, int | float | str] = {}
    for pair in filter(None, query.split("&")):
        key, _, text = pair.partition("=")
        params[key] = _number(text)
    return module, cls, params


def _number(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def is_spec(name: str) -> bool:
    """Whether a seat name names an outside bot (`module:Class`, parameters `?x=1&y=2` allowed)."""
    module, cls, params = split_spec(name)
    pairs = [p for p in name.partition("?")[2].split("&") if p]
    return (
        bool(module) and bool(cls) and cls.isidentifier() and all(p.isidentifier() for p in module.split("."))
        and all("=" in p and p.partition("=")[0].isidentifier() for p in pairs) and len(params) == len(pairs)
    )
