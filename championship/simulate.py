"""The dry run: a whole event with bots at every seat, through the director's own steps (event.py).

Every table of a round is played by `play.play_table` (a knockout heat until its qualifiers are
left, any other table to its winner) with `random.Random(f"{seed}:table:{round}:{table}")`, its
result recorded, then the next round drawn, until the final's result is in: one seed, one event.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dudo_hub.championship.event import champion, new_event, next_round, record_result, register, start
from dudo_hub.championship.play import play_table
from dudo_hub.championship.standings import standings
from dudo_hub.championship.state import Event, Round

MAX_ROUNDS = 100


def player_names(count: int) -> tuple[str, ...]:
    """`P01`, `P02`, ... (as wide as `count` needs)."""
    width = max(2, len(str(count)))
    return tuple(f"P{i:0{width}d}" for i in range(1, count + 1))


def simulate(players: Sequence[str], level: str = "normal", **chosen: Any) -> Event:
    """Register `players`, start, and play every round with bots until the champion is known."""
    event = new_event(**chosen)
    for name in players:
        event = register(event, name)
    event = start(event)
    while event.status != "finished":
        event = play_round(event, level)
        if event.status != "finished":
            event = next_round(event)
        if len(event.rounds) > MAX_ROUNDS:
            raise RuntimeError(f"the event did not end in {MAX_ROUNDS} rounds")
    return event


def play_round(event: Event, level: str = "normal") -> Event:
    """Play and record every table of the current round that has no result yet."""
    rnd = event.current
    assert rnd is not None
    rules = event.settings.rules
    for table in rnd.tables:
        if table.result is None:
            rng = random.Random(f"{event.settings.seed}:table:{rnd.number}:{table.number}")
            stop_at = table.advance if rnd.stage == "heat" and table.advance else 1
            result = play_table(table.players, rules, rng, level, stop_at)
            event = record_result(event, rnd.number, table.number, result)
    return event


def _round_summary(rnd: Round) -> dict[str, Any]:
    return {
        "round": rnd.number,
        "stage": rnd.stage,
        "tables": [list(t.players) for t in rnd.tables],
        "advance": [t.advance for t in rnd.tables],
        "results": [None if t.result is None else list(t.result.order) for t in rnd.tables],
    }


def summary(event: Event) -> dict[str, Any]:
    """What `dudo event simulate --json` prints: the settings, every round's draw and results,
    the standings (every player once) and the champion."""
    s = event.settings
    return {
        "format": s.format,
        "preset": s.preset,
        "seed": s.seed,
        "table_size": [s.table_min, s.table_max],
        "players": len(event.players),
        "rounds": [_round_summary(r) for r in event.rounds],
        "standings": [st.to_dict() for st in standings(event)],
        "champion": champion(event),
        "corrections": [c.to_dict() for c in event.corrections],
    }
