"""The standings: a pure function of the event, every registered player once, places 1..N.

Points: at every table with a result, each player scores the players they outlasted there
(table size minus place: the winner of six scores 5, the last 0). Places (docs/EVENTS.md):

- rounds: the final's players first, in the final's order (while it is played: by the heats);
  then the others by points, then table wins, then dice left, then game rounds lasted (the later
  elimination first), all summed over their tables; then registration order.
- knockout: the later the round a player last sat in, the better; within that round, the
  players still in (going on, or not yet finished) before those who went out; then the place at
  their table, then dice left there, then the game round they went out in (later is better);
  at a table not played yet, by their points, table wins, dice left and game rounds lasted over
  the earlier rounds;
  then registration order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dudo_hub.championship.state import Event, Round, Table

Key = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's place and points."""

    player: str
    place: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"player": self.player, "place": self.place, "points": self.points}


@dataclass(slots=True)
class Tally:
    """A player's sums over the tables with a result: points, wins, dice left, game rounds lasted."""

    points: int = 0
    wins: int = 0
    dice: int = 0
    lasted: int = 0


def points_for(place: int, size: int) -> int:
    """The points of `place` (1 = winner) at a table of `size`: the players outlasted."""
    return size - place


def tallies(event: Event) -> dict[str, Tally]:
    """Every registered player's sums, over every table result of the event."""
    out = {player: Tally() for player in event.players}
    for rnd in event.rounds:
        for table in rnd.tables:
            if table.result is None:
                continue
            for place, finish in enumerate(table.result.finishes, start=1):
                tally = out.setdefault(finish.player, Tally())
                tally.points += points_for(place, len(table.players))
                tally.wins += place == 1
                tally.dice += finish.dice
                tally.lasted += table.result.lasted(finish.player)
    return out


def standings(event: Event) -> tuple[Standing, ...]:
    """Every registered player once, best first, with their points."""
    sums = tallies(event)
    order = {player: i for i, player in enumerate(event.players)}
    if event.settings.format == "knockout":
        last = _last_tables(event)
        keys = {p: (*_knockout_key(p, last.get(p), sums[p]), order[p]) for p in event.players}
    else:
        final = _final(event)
        keys = {p: (*_final_key(p, final), *_points_key(sums[p]), order[p]) for p in event.players}
    ranked = sorted(event.players, key=keys.__getitem__)
    return tuple(Standing(p, place, sums[p].points) for place, p in enumerate(ranked, start=1))


def ranking(event: Event, players: tuple[str, ...]) -> tuple[str, ...]:
    """`players` in the order of the standings."""
    wanted = set(players)
    return tuple(s.player for s in standings(event) if s.player in wanted)


def _points_key(tally: Tally) -> Key:
    return -tally.points, -tally.wins, -tally.dice, -tally.lasted


def _final(event: Event) -> Table | None:
    current = event.current
    return current.tables[0] if current is not None and current.stage == "final" else None


def _final_key(player: str, final: Table | None) -> Key:
    if final is None or player not in final.players:
        return 1, 0
    return 0, 0 if final.result is None else final.result.place(player)


def _last_tables(event: Event) -> dict[str, tuple[Round, Table]]:
    """Each player's last round and table."""
    last: dict[str, tuple[Round, Table]] = {}
    for rnd in event.rounds:
        for table in rnd.tables:
            for player in table.players:
                last[player] = (rnd, table)
    return last


def _knockout_key(player: str, last: tuple[Round, Table] | None, tally: Tally) -> Key:
    if last is None:
        return 0, 0, 0, 0, 0, 0, 0
    rnd, table = last
    if table.result is None:  # not played yet: by what the earlier rounds gave them
        return -rnd.number, 0, 0, *_points_key(tally)
    place = table.result.place(player)
    gone = rnd.stage == "heat" and place > table.advance
    finish = table.result.finish(player)
    return -rnd.number, int(gone), place, -finish.dice, -table.result.lasted(player), 0, 0
