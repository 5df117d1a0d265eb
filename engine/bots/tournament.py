"""Bots against bots: play whole games, rotate the seats, count the wins. No I/O.

Only the player on turn (`to_act`) must act; before each such move, every other player
who may act out of turn is asked, in the engine's order (`actors`: the order of play after
the player on turn, as the hub asks its bots), whether it `wants_out_of_turn`; the first taker acts.
Seats are named by level, or by any name that `makers` builds a bot for (outside bots).
A tournament is one evening: players keep their names (`seat<k>`, k their place in the
seat list) while their places rotate, and a bot with a `remember(memory)` method gets
the same dict for its seat every game, so it may learn its opponents across games.
A bot that raises or answers off the legal list (`outside.BotFault`) is replaced by
`normal` for the rest of that game, and the fault is recorded; the tournament goes on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from math import sqrt
from typing import Any

from dudo_hub.engine.actions import PlayerAction
from dudo_hub.engine.bots import Bot, make_bot
from dudo_hub.engine.bots.outside import BotFault
from dudo_hub.engine.chance import settle_chance
from dudo_hub.engine.game import apply, new_game
from dudo_hub.engine.legal import actors, legal_actions, to_act
from dudo_hub.engine.rules import Rules, make_rules
from dudo_hub.engine.state import GameState, Phase
from dudo_hub.engine.views import view_for

Check = Callable[[GameState, str, PlayerAction], None]
Maker = Callable[[random.Random], Bot]
Memories = dict[str, dict[str, Any]]
MAX_STEPS = 20_000
STAND_IN = "normal"  # plays the rest of a game for a bot that faulted


@dataclass(frozen=True, slots=True)
class Fault:
    """A bot replaced mid-game: the game, the player (seat) and its class, and what it did."""

    game: int | str
    seat: str
    bot: str
    reason: str

    def __str__(self) -> str:
        return f"game {self.game}: {self.seat} ({self.bot}) {self.reason}; replaced by {STAND_IN}"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game: the winner's seat, and how long it took."""

    winner: int
    rounds: int
    moves: int
    faults: tuple[Fault, ...] = ()


@dataclass(slots=True)
class TournamentResult:
    """Wins per level over `games` games with the seats rotating."""

    preset: str
    games: int
    seats: list[str]
    wins: dict[str, int] = field(default_factory=dict)
    moves: int = 0
    faults: list[Fault] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON summary printed by `dudo tournament --json` (`faults` only when a bot was replaced)."""
        out: dict[str, Any] = {"preset": self.preset, "games": self.games, "seats": self.seats, "wins": self.wins}
        if self.faults:
            out["faults"] = [{"game": f.game, "seat": f.seat, "bot": f.bot, "reason": f.reason} for f in self.faults]
        return out

    def share(self, level: str) -> tuple[float, float, float]:
        """(win share, low, high) of `level`, the interval a 95% Wilson score interval."""
        wins = self.wins.get(level, 0)
        return (wins / self.games if self.games else 0.0, *wilson(wins, self.games))

    def fair(self, level: str) -> float:
        """The share `level` would win if every seat were equal."""
        return self.seats.count(level) / len(self.seats)


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval for `wins` out of `n`."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Players:
    """The bots of one game by player name; a faulting bot is swapped for the stand-in."""

    def __init__(self, bots: dict[str, Bot], levels: dict[str, str], seed: int | str) -> None:
        self.bots = bots
        self.levels = levels
        self.seed = seed
        self.faults: list[Fault] = []

    def ask(self, name: str, out_of_turn: bool, state: GameState, legal: Sequence[PlayerAction]) -> PlayerAction | None:
        """`name`'s move (or out-of-turn wish); a fault replaces the bot, which is then asked again."""
        bot = self.bots[name]
        try:
            view = view_for(state, name)
            return bot.wants_out_of_turn(view, legal) if out_of_turn else bot.choose(view, legal)
        except BotFault as fault:
            self._replace(name, fault)
            return self.ask(name, out_of_turn, state, legal)

    def show_reveal(self, state: GameState) -> None:
        """Every bot that `observe`s sees the table right after a reveal (a fault replaces it)."""
        for name, bot in list(self.bots.items()):
            look = getattr(bot, "observe", None)
            if callable(look):
                try:
                    look(view_for(state, name))
                except BotFault as fault:
                    self._replace(name, fault)

    def _replace(self, name: str, fault: BotFault) -> None:
        self.faults.append(Fault(self.seed, name, self.levels[name], fault.reason))
        self.bots[name] = make_bot(STAND_IN, random.Random(f"{self.seed}:{name}:stand-in"))
        self.levels[name] = STAND_IN


def _off_turn_move(state: GameState, players: Players) -> tuple[str, PlayerAction] | None:
    """The first out-of-turn move some bot wants, asking in the engine's order (`actors`)."""
    for name in actors(state)[1:]:
        action = players.ask(name, True, state, legal_actions(state, name))
        if action is not None:
            return name, action
    return None


def _next_move(state: GameState, players: Players, actor: str) -> tuple[str, PlayerAction]:
    off = _off_turn_move(state, players)
    if off is not None:
        return off
    action = players.ask(actor, False, state, legal_actions(state, actor))
    assert action is not None
    return actor, action


def _bot(level: str, rng: random.Random, makers: Mapping[str, Maker] | None) -> Bot:
    """A bot for the seat named `level`: from `makers` when it names one, else a built-in level."""
    maker = (makers or {}).get(level)
    return maker(rng) if maker is not None else make_bot(level, rng)


def play_game(
    rules: Rules,
    levels: Sequence[str],
    seed: int | str,
    check: Check | None = None,
    makers: Mapping[str, Maker] | None = None,
    names: Sequence[str] | None = None,
    memories: Memories | None = None,
) -> GameRecord:
    """Play one game, seat i held by a bot of `levels[i]` named `names[i]` (default `seat<i>`);
    `check` sees every move first; `memories` (by name) are handed to bots that `remember`."""
    names = list(names or [f"seat{i}" for i in range(len(levels))])
    bots = {
        name: _bot(level, random.Random(f"{seed}:{name}"), makers) for name, level in zip(names, levels, strict=True)
    }
    if memories is not None:
        for name, bot in bots.items():
            keep = getattr(bot, "remember", None)
            if callable(keep):
                keep(memories.setdefault(name, {}))
    players = Players(bots, dict(zip(names, levels, strict=True)), seed)
    chance = random.Random(f"{seed}:chance")
    state, _ = settle_chance(new_game(names, rules), chance)
    moves = 0
    while state.phase is not Phase.OVER:
        actor = to_act(state)
        assert actor is not None, f"nobody to act in the {state.phase.value} phase"
        name, action = _next_move(state, players, actor)
        if check is not None:
            check(state, name, action)
        state, events = apply(state, action)
        if any(e.kind == "reveal" for e in events):
            players.show_reveal(state)
        state, _ = settle_chance(state, chance)
        moves += 1
        if moves > MAX_STEPS:
            raise RuntimeError(f"game {seed} did not end in {MAX_STEPS} moves")
    assert state.winner is not None
    return GameRecord(state.winner, state.round_no, moves, tuple(players.faults))


def run_tournament(
    preset: str,
    seats: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    makers: Mapping[str, Maker] | None = None,
) -> TournamentResult:
    """`games` games; game g seats `seats` rotated by g, so every level plays every seat.

    `makers` builds the bots of seats that are not built-in levels (outside bots), by seat name.
    """
    rules = make_rules(preset, options)
    result = TournamentResult(preset, games, list(seats), {level: 0 for level in seats})
    n = len(seats)
    memories: Memories = {}
    for g in range(games):
        places = [(i + g) % n for i in range(n)]
        levels = [seats[k] for k in places]
        names = [f"seat{k}" for k in places]
        record = play_game(rules, levels, f"{seed}:{g}", makers=makers, names=names, memories=memories)
        result.wins[levels[record.winner]] += 1
        result.moves += record.moves
        result.faults.extend(record.faults)
    return result
