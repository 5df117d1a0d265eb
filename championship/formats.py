"""The two formats: which round comes next, who sits in it, and (knockout) how many go on from each table.

- knockout: heats drawn at random; each table's top `advance` go on, until the field fits one
  final table (`final_size`). When the tables' top `advance` would fit the final, the final is
  filled instead (up to `final_size`, every table losing one at least); otherwise the field going
  on is the smallest from tables x `advance` up that the next draw can seat at `table_min` to
  `table_max` (else straight to the final). The places going on are shared out as evenly as
  possible, the extra ones to the larger tables.
- rounds: `rounds` heats, the first drawn at random, the next ones Swiss-like (`draw.swiss_draw`:
  the standings' order, avoiding repeat table-mates), then a final of the `final_size` best.
"""

from __future__ import annotations

import random

from dudo_hub.championship.draw import drawable, met_pairs, random_draw, swiss_draw
from dudo_hub.championship.errors import fail
from dudo_hub.championship.settings import Settings
from dudo_hub.championship.standings import ranking
from dudo_hub.championship.state import Event, Round, Table


def next_field(n: int, tables: int, s: Settings) -> int:
    """How many of `n` players at `tables` heat tables go on."""
    at_least = tables * s.advance
    if at_least <= s.final_size:
        return min(s.final_size, n - tables)
    for m in range(at_least, n - tables + 1):
        if drawable(m, s.table_min, s.table_max):
            return m
    return min(s.final_size, n - tables)


def shares(sizes: tuple[int, ...], going_on: int) -> tuple[int, ...]:
    """`going_on` places shared out over tables of `sizes` (larger first), within one of each other."""
    base, extra = divmod(going_on, len(sizes))
    by_size = sorted(range(len(sizes)), key=lambda i: -sizes[i])
    bonus = set(by_size[:extra])
    return tuple(base + (i in bonus) for i in range(len(sizes)))


def qualifiers(rnd: Round) -> tuple[str, ...]:
    """The players going on from a complete knockout heat, table by table, best first."""
    return tuple(p for t in rnd.tables if t.result is not None for p in t.result.order[:t.advance])


def draw_next(event: Event) -> Round:
    """The round after the current one (the first when none is drawn)."""
    current = event.current
    if current is not None and current.stage == "final":
        raise fail("event_finished", "the final has been played: there is no next round")
    number = len(event.rounds) + 1
    rng = random.Random(f"{event.settings.seed}:draw:{number}")
    if event.settings.format == "knockout":
        return _knockout_round(event, number, rng)
    return _rounds_round(event, number, rng)


def _field(event: Event, players: tuple[str, ...]) -> tuple[str, ...]:
    gone = set(event.withdrawn)
    field = tuple(p for p in players if p not in gone)
    if len(field) < 2:
        raise fail("too_few_players", f"only {len(field)} player(s) left to draw: {', '.join(field) or 'nobody'}")
    return field


def _final_round(number: int, field: tuple[str, ...], rng: random.Random) -> Round:
    seats = list(field)
    rng.shuffle(seats)
    return Round(number, "final", (Table(1, tuple(seats)),))


def _knockout_round(event: Event, number: int, rng: random.Random) -> Round:
    current, s = event.current, event.settings
    field = _field(event, event.players if current is None else qualifiers(current))
    if len(field) <= s.final_size:
        return _final_round(number, field, rng)
    drawn = random_draw(field, s.table_max, rng)
    sizes = tuple(len(t) for t in drawn)
    going_on = shares(sizes, next_field(len(field), len(drawn), s))
    tables = (Table(i, t, k) for i, (t, k) in enumerate(zip(drawn, going_on, strict=True), start=1))
    return Round(number, "heat", tuple(tables))


def _rounds_round(event: Event, number: int, rng: random.Random) -> Round:
    s = event.settings
    field = _field(event, event.players)
    if number > s.rounds:
        return _final_round(number, ranking(event, field)[:s.final_size], rng)
    if number == 1:
        drawn = random_draw(field, s.table_max, rng)
    else:
        met = met_pairs(t.players for r in event.rounds for t in r.tables)
        drawn = swiss_draw(ranking(event, field), s.table_max, met, rng)
    return Round(number, "heat", tuple(Table(i, t) for i, t in enumerate(drawn, start=1)))
