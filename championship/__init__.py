"""A championship: the event's rules (formats, draw, results, standings) as pure functions over a
serialisable state, and its dry run with bots. No I/O; it imports only the engine.

    >>> from dudo_hub.championship import new_event, register, start
    >>> event = new_event(format="knockout", table_min=2, table_max=2, advance=1, final_size=2, seed=1)
    >>> for name in ("Ana", "Bo", "Cy", "Di"):
    ...     event = register(event, name)
    >>> [len(t.players) for t in start(event).rounds[0].tables]
    [2, 2]
"""

from dudo_hub.championship.draw import drawable, met_pairs, random_draw, repeats, swiss_draw, table_sizes
from dudo_hub.championship.errors import CODES, EventError
from dudo_hub.championship.event import (
    champion,
    correct_result,
    new_event,
    next_round,
    pause,
    record_result,
    register,
    resume,
    start,
    withdraw,
)
from dudo_hub.championship.formats import qualifiers
from dudo_hub.championship.play import play_table
from dudo_hub.championship.results import Finish, TableResult, table_result
from dudo_hub.championship.settings import DICE_MODES, FORMATS, Settings, make_settings
from dudo_hub.championship.simulate import player_names, simulate, summary
from dudo_hub.championship.standings import Standing, points_for, standings
from dudo_hub.championship.state import Correction, Event, Round, Table

__all__ = [
    "CODES", "DICE_MODES", "FORMATS", "Correction", "Event", "EventError", "Finish", "Round", "Settings",
    "Standing", "Table", "TableResult", "champion", "correct_result", "drawable", "make_settings", "met_pairs",
    "new_event", "next_round", "pause", "play_table", "player_names", "points_for", "qualifiers", "random_draw",
    "record_result", "register", "repeats", "resume", "simulate", "standings", "start", "summary", "swiss_draw",
    "table_result", "table_sizes", "withdraw",
]
