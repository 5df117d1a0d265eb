"""The evening of a room: its kept games, the scoreboard, and the replay the host puts on the TV.

Everything sent from here comes from finished games only (`History`), so it goes to the whole room
(`evening` and `replay` notices): there is no hidden information left in a finished game.
The hub owns one `Evenings` when it has a data folder.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dudo_hub.protocol.errors import HubError
from dudo_hub.server.room import commitment
from dudo_hub.server.store import gamelog, scoreboard
from dudo_hub.server.store.history import History

LISTED = 50  # the newest kept games each screen is sent (the JSON endpoint and `dudo history list` have all)
Notice = Callable[[str, str, dict[str, Any]], None]  # (room code, event, data)


@dataclass
class Replay:
    """The replay on a room's screens: a kept game, the round shown, and whether it plays by itself."""

    game: int
    step: int = 0
    playing: bool = False


class Evenings:
    """Keeps finished games and tells each room's screens about its evening and replays."""

    def __init__(self, history: History, notice: Notice) -> None:
        self.history = history
        self.notice = notice
        self.replays: dict[str, Replay] = {}
        self.shown: dict[str, bool] = {}  # room -> the host asks the TV to show the scoreboard
        self._lock = threading.Lock()

    def keep(self, record: dict[str, Any]) -> int | None:
        """Keep the room's game if it just ended (and tell the room); the new game id or None."""
        kept = self.history.keep(record)
        if kept is not None:
            self.publish(str(record["code"]))
        return kept

    def payload(self, code: str, listed: int | None = LISTED) -> dict[str, Any]:
        """The room's evening: its number, the scoreboard, and the room's newest kept games (this evening's
        among them: all of them with `listed` None), with how many the room has in all."""
        evening = self.history.evening(code)
        games = self.history.games(room=code, last=listed)
        return {"room": code, "evening": evening, "show": self.shown.get(code, False),
                "scoreboard": scoreboard.public(self.history.totals(code, evening)),
                "games": [g for g in games if g["evening"] == evening], "history": games,
                "history_total": self.history.count(code)}

    def publish(self, code: str) -> None:
        """Send the room's evening to every screen of the room."""
        self.notice(code, "evening", self.payload(code))

    def new_evening(self, code: str) -> int:
        """The host begins a new evening (the old one stays in the history)."""
        evening = self.history.new_evening(code)
        self.publish(code)
        return evening

    def show(self, code: str, shown: bool) -> None:
        """The host puts the scoreboard on the TV (or takes it off)."""
        self.shown[code] = shown
        self.publish(code)

    def delete(self, code: str, game: int) -> None:
        """The host forgets one of the room's kept games."""
        if not self.history.delete(game, code):
            raise HubError("unknown_game", f"room {code} has no kept game {game}")
        with self._lock:
            if code in self.replays and self.replays[code].game == game:
                del self.replays[code]
        self.publish(code)

    # ----- replays -------------------------------------------------------------------------------

    def replay(self, code: str, game: int | None, step: int | None, playing: bool | None) -> dict[str, Any]:
        """Start, move or stop (game None with nothing else) the room's replay; returns what the screens get."""
        with self._lock:
            current = self.replays.get(code)
            if game is not None and (current is None or current.game != game):
                self._game_of(code, game)
                current = Replay(game)
            if current is None:
                raise HubError("no_replay", "no replay is on: pick a game")
            if step is not None:
                current.step = max(0, step)
            if playing is not None:
                current.playing = playing
            self.replays[code] = current
        data = self.replay_payload(code)
        self.notice(code, "replay", data)
        return data

    def stop_replay(self, code: str) -> None:
        """Take the replay off the screens."""
        with self._lock:
            self.replays.pop(code, None)
        self.notice(code, "replay", {"room": code, "game": None})

    def replay_payload(self, code: str) -> dict[str, Any]:
        """The replay on the room's screens (`game: None` when there is none)."""
        current = self.replays.get(code)
        if current is None:
            return {"room": code, "game": None}
        game = self._game_of(code, current.game)
        rounds = [r.to_dict() for r in gamelog.rounds(game["log"])]
        for rnd in rounds:
            sealed = rnd["commitment"]
            if sealed is not None:
                sealed["valid"] = commitment.verify(sealed["dice"], sealed["salt"], sealed["hash"])
        step = min(current.step, max(0, len(rounds) - 1))
        current.step = step
        return {"room": code, "game": current.game, "step": step, "playing": current.playing,
                "players": [{"name": p["name"], "bot": p["bot"], "mark": p.get("mark")} for p in game["players"]],
                "preset": game.get("preset"), "dice_mode": game.get("dice_mode"), "winner": game["winner"],
                "rounds": rounds}

    def _game_of(self, code: str, game: int) -> dict[str, Any]:
        found = self.history.game(game)
        if found["room"] != code:
            raise HubError("unknown_game", f"room {code} has no kept game {game}")
        return found
