"""The director's steps, each a pure function from an event to the next (or a typed EventError).

    event = new_event(format="knockout", table_min=5, table_max=6, seed=7)
    for name in names:
        event = register(event, name)
    event = start(event)                                    # draws round 1
    event = record_result(event, 1, 1, table_result([...]))  # every table, then
    event = next_round(event)                               # ... until the final's result is in
    champion(event)

Status: registering -> running <-> paused -> finished (the final's result recorded). Results are
recorded for the current round only; a correction may change any result, with a reason that
is kept, unless it would change who was drawn into a round already drawn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dudo_hub.championship.errors import fail
from dudo_hub.championship.formats import draw_next, qualifiers
from dudo_hub.championship.results import TableResult, check_result
from dudo_hub.championship.settings import make_settings
from dudo_hub.championship.standings import ranking
from dudo_hub.championship.state import Correction, Event, Round, Table

MAX_NAME = 40


def new_event(**chosen: Any) -> Event:
    """An event open for registration (settings as in `settings.make_settings`)."""
    return Event(make_settings(**chosen))


def _changed(event: Event, **changes: Any) -> Event:
    return replace(event, **changes, version=event.version + 1)


def register(event: Event, name: str) -> Event:
    """Add a player (names are unique regardless of case)."""
    if event.status != "registering":
        raise fail("registration_closed", f"cannot register {name!r}: the event is {event.status}")
    clean = " ".join(str(name).split())
    if not clean or len(clean) > MAX_NAME:
        raise fail("bad_name", f"a player's name has 1 to {MAX_NAME} characters, not {name!r}")
    if clean.casefold() in {p.casefold() for p in event.players}:
        raise fail("duplicate_player", f"{clean!r} is already registered")
    return _changed(event, players=(*event.players, clean))


def withdraw(event: Event, player: str) -> Event:
    """A player falls: unregistered before the start, else drawn no more (kept in the standings)."""
    if player not in event.players:
        raise fail("unknown_player", f"{player!r} is not registered")
    if event.status == "registering":
        return _changed(event, players=tuple(p for p in event.players if p != player))
    if event.status == "finished":
        raise fail("event_finished", f"cannot withdraw {player!r}: the event is over")
    if player in event.withdrawn:
        return event
    return _changed(event, withdrawn=(*event.withdrawn, player))


def start(event: Event) -> Event:
    """Close registration and draw the first round."""
    if event.status != "registering":
        raise fail("registration_closed", f"the event has already started (it is {event.status})")
    need = max(event.settings.table_min, event.settings.rules.min_players)
    if len(event.players) < need:
        raise fail("too_few_players", f"{len(event.players)} player(s) registered: one table needs {need}")
    return _changed(event, status="running", rounds=(draw_next(event),))


def pause(event: Event) -> Event:
    """Hold the event: no result or round until `resume`."""
    if event.status != "running":
        raise fail("event_not_running", f"cannot pause: the event is {event.status}")
    return _changed(event, status="paused")


def resume(event: Event) -> Event:
    """Go on after `pause`."""
    if event.status != "paused":
        raise fail("event_not_paused", f"cannot resume: the event is {event.status}")
    return _changed(event, status="running")


def next_round(event: Event) -> Event:
    """Draw the next round once every table of the current one has its result."""
    _running(event, "draw the next round")
    current = event.current
    assert current is not None
    waiting = [t.number for t in current.tables if t.result is None]
    if waiting:
        raise fail("round_not_complete", f"round {current.number} still waits for table(s) {waiting}")
    return _changed(event, rounds=(*event.rounds, draw_next(event)))


def champion(event: Event) -> str | None:
    """The final's winner, once its result is in."""
    current = event.current
    if current is None or current.stage != "final" or current.tables[0].result is None:
        return None
    return current.tables[0].result.order[0]


def record_result(event: Event, round_no: int, table_no: int, result: TableResult) -> Event:
    """Record a table's result in the current round; the final's result finishes the event."""
    _running(event, f"record the result of table {table_no}")
    rnd = event.round(round_no)
    if rnd is not event.current:
        raise fail("round_closed", f"round {round_no} is over: correct its results instead")
    table = _table(rnd, table_no)
    if table.result is not None:
        raise fail("result_already_recorded", f"table {table_no} of round {round_no} has its result: correct it")
    check_result(result, table.players, f"table {table_no} of round {round_no}")
    changed = _with_result(event, rnd, table, result)
    return _changed(changed, status="finished") if rnd.stage == "final" else changed


def correct_result(event: Event, round_no: int, table_no: int, result: TableResult, reason: str) -> Event:
    """Replace a recorded result, keeping the correction with its reason."""
    if event.status == "registering":
        raise fail("event_not_running", "nothing to correct: the event has not started")
    if not str(reason).strip():
        raise fail("reason_required", f"a correction of table {table_no} of round {round_no} needs a reason")
    rnd = event.round(round_no)
    table = _table(rnd, table_no)
    if table.result is None:
        raise fail("no_result_to_correct", f"table {table_no} of round {round_no} has no result yet")
    check_result(result, table.players, f"table {table_no} of round {round_no}")
    changed = _with_result(event, rnd, table, result)
    _same_draws(event, changed, round_no)
    kept = Correction(round_no, table_no, table.result, result, str(reason).strip())
    return replace(changed, corrections=(*event.corrections, kept))


def _running(event: Event, what: str) -> None:
    if event.status != "running":
        raise fail("event_not_running", f"cannot {what}: the event is {event.status}")


def _table(rnd: Round, number: int) -> Table:
    for table in rnd.tables:
        if table.number == number:
            return table
    raise fail("table_not_in_round", f"round {rnd.number} has tables 1 to {len(rnd.tables)}, not {number!r}")


def _with_result(event: Event, rnd: Round, table: Table, result: TableResult) -> Event:
    tables = tuple(replace(t, result=result) if t is table else t for t in rnd.tables)
    rounds = tuple(replace(r, tables=tables) if r is rnd else r for r in event.rounds)
    return _changed(event, rounds=rounds)


def _same_draws(before: Event, after: Event, round_no: int) -> None:
    """Raise when a correction of round `round_no` changes who should sit in a round drawn after it."""
    if round_no == len(before.rounds):
        return
    if before.settings.format == "knockout":
        old, new = set(qualifiers(before.round(round_no))), set(qualifiers(after.round(round_no)))
    else:
        final = before.current
        if final is None or final.stage != "final":
            return  # heats are drawn from the standings of the moment; only the final's field is kept
        old = set(final.players)
        heats = replace(after, rounds=after.rounds[:-1])
        new = set(ranking(heats, after.active)[:before.settings.final_size])
    if old != new:
        raise fail("qualifiers_changed", f"correcting round {round_no} would change who went on "
                   f"({', '.join(sorted(old ^ new))}): the later rounds are already drawn")
