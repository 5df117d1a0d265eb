"""Shared by the championship tests: events built by hand, results entered by hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dudo_hub.championship import (
    Event,
    TableResult,
    new_event,
    next_round,
    record_result,
    register,
    start,
    table_result,
)

Order = Callable[[Sequence[str]], Sequence[str]]


def registered(names: Sequence[str], **settings: Any) -> Event:
    """An event with `names` registered, not started."""
    event = new_event(**settings)
    for name in names:
        event = register(event, name)
    return event


def started(names: Sequence[str], **settings: Any) -> Event:
    """An event with `names` registered and round 1 drawn."""
    return start(registered(names, **settings))


def by_name(players: Sequence[str]) -> Sequence[str]:
    """A finishing order by hand: the players in name order."""
    return sorted(players)


def finished_as(order: Sequence[str], rounds: int = 20, dice: int = 2) -> TableResult:
    """A full game's result: the winner with `dice` left, the others out one a round from the last up."""
    out = {player: rounds - place for place, player in enumerate(order) if place}
    return table_result(order, {order[0]: dice}, out, rounds)


def record_round(event: Event, order: Order = by_name) -> Event:
    """Every table of the current round recorded with `order` of its players."""
    rnd = event.current
    assert rnd is not None
    for table in rnd.tables:
        if table.result is None:
            event = record_result(event, rnd.number, table.number, finished_as(order(table.players)))
    return event


def play_out(event: Event, order: Order = by_name) -> Event:
    """Record every round with `order` and draw the next until the event is finished."""
    while True:
        event = record_round(event, order)
        if event.status == "finished":
            return event
        event = next_round(event)
