"""An event's tables as hub rooms: seating a table's draw, following its game, its result at the end.

A table's room seats its players under their own names: bots (`bots at every seat`, dry runs and
tests) or phone seats kept for those names, which a phone claims by taking a seat under the name
(server/room/lobby.py `seat_drawn`). The result is read from the room's game: the winner with
the dice left, then the players out, the last out first, each with the game round they went out in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from dudo_hub.championship import Finish, TableResult
from dudo_hub.engine import GameState

BOT_LEVEL = "normal"
SHOWN_KINDS = frozenset({"round_started", "player_out", "game_over", "first_player"})
"""The room events after which the hall screen's table progress changes."""


@dataclass
class TableLog:
    """What a table's game said so far: who went out in which game round."""

    round: int = 0
    out: list[tuple[str, int]] = field(default_factory=list)

    def note(self, events: Iterable[dict[str, Any]]) -> None:
        """Read one change's events (from the room's saves, or its stored events after a restart)."""
        for event in events:
            kind = event.get("kind")
            if kind == "round_started":
                self.round = int(event.get("round") or self.round)
            elif kind == "player_out" and isinstance(event.get("player"), str):
                self.out.append((event["player"], self.round))
            elif kind == "restarted":
                self.round, self.out = 0, []

    def result(self, state: GameState) -> TableResult:
        """The finishing order of the ended game: who is still in (by dice left), then the last out first."""
        gone = {player for player, _ in self.out}
        live = sorted((s for s in range(len(state.players)) if state.players[s] not in gone and state.counts[s]),
                      key=lambda s: (-state.counts[s], s))
        still_in = [Finish(state.players[s], state.counts[s]) for s in live]
        out = [Finish(player, 0, when) for player, when in reversed(self.out)]
        missing = [Finish(p, 0, state.round_no) for p in state.players
                   if p not in gone and p not in {f.player for f in still_in}]  # out without an event: last
        return TableResult((*still_in, *missing, *out), state.round_no)


def progress(state: GameState | None, over: bool) -> dict[str, Any]:
    """A table's progress for the screens: started, over, the game round, who is still in with their dice."""
    if state is None:
        return {"started": False, "over": False, "round": 0, "left": []}
    left = [{"player": state.players[s], "dice": state.counts[s]} for s in range(len(state.players))
            if state.counts[s]]
    return {"started": True, "over": over, "round": state.round_no, "left": left}
