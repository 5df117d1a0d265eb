"""A finished game's event log, read: who did what each round, the odds of each call, per-player counts.

Pure functions over the log the store keeps (the `state` events a screen receives, in order).
Only finished games are read here: every cup in the log has been revealed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dudo_hub.engine import Bid, bid_odds
from dudo_hub.engine.story import reveal_picture, told_from_events

Log = Sequence[Mapping[str, Any]]
COUNTS = ("won", "dice_lost", "dice_won", "dudo_right", "dudo_wrong", "calza_right", "calza_wrong")


@dataclass
class Round:
    """One round of a finished game, as a replay shows it."""

    round: int
    opener: str | None = None
    wild: bool = True
    palifico: bool = False
    counts: dict[str, int] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)  # bids and the call, each with its odds
    dice: dict[str, list[int]] = field(default_factory=dict)  # every cup (from the reveal)
    reveal: dict[str, Any] | None = None
    after: list[dict[str, Any]] = field(default_factory=list)  # dice lost/won, players out, the winner
    commitment: dict[str, Any] | None = None  # the opened commitment (hash, salt, dice)

    def to_dict(self) -> dict[str, Any]:
        """JSON form; `shown`: the reveal as the table showed it (engine.story.reveal_picture)."""
        return {"round": self.round, "opener": self.opener, "wild": self.wild, "palifico": self.palifico,
                "counts": self.counts, "steps": self.steps, "dice": self.dice, "reveal": self.reveal,
                "after": self.after, "commitment": self.commitment, "shown": self.shown()}

    def shown(self) -> dict[str, Any] | None:
        """The reveal as every screen draws it, from the logged call, count and story events."""
        call = next((s for s in self.steps if s.get("kind") != "bid"), None)
        if self.reveal is None or call is None:
            return None
        over = next((e for e in self.after if e.get("kind") == "round_over"), {})
        head = {"round": self.round, "call": "calza" if call["kind"] == "calza" else "dudo",
                "caller": call.get("player"), "bidder": call.get("bidder"), "bid": list(self.reveal["bid"]),
                "wild": self.wild, "count": int(self.reveal["count"]),
                "loser": over.get("loser"), "gainer": over.get("gainer")}
        return reveal_picture(head, self.dice, told_from_events(self.after))


AFTER = ("die_lost", "die_regained", "bullet_added", "bullet_removed", "shot", "player_out", "palifico",
         "round_over", "game_over")


def rounds(log: Log) -> list[Round]:
    """The game round by round, each bid and call with the odds it had from its player's seat."""
    out: list[Round] = []
    for event in log:
        kind = event.get("kind")
        if kind == "round_started":
            out.append(Round(int(event["round"]), event.get("opener"), bool(event.get("wild", True)),
                             bool(event.get("palifico", False)), dict(event.get("counts") or {})))
        elif not out:
            continue
        elif kind in ("bid", "challenge", "calza"):
            out[-1].steps.append(dict(event))
        elif kind == "bid_cancelled" and out[-1].steps:
            out[-1].steps.pop()
        elif kind == "reveal":
            out[-1].reveal = dict(event)
            out[-1].dice = {p: list(d) for p, d in (event.get("dice") or {}).items()}
            out[-1].wild = bool(event.get("wild", out[-1].wild))
        elif kind == "dice_opened":
            out[-1].commitment = {k: event[k] for k in ("round", "hash", "salt", "dice") if k in event}
            if not out[-1].dice:
                out[-1].dice = {p: list(d) for p, d in (event.get("dice") or {}).items()}
        elif kind in AFTER:
            out[-1].after.append(dict(event))
    for rnd in out:
        _add_odds(rnd)
    return out


def _add_odds(rnd: Round) -> None:
    """Each step's chance from its player's seat (None when the cups were never known to the hub)."""
    total = sum(len(d) for d in rnd.dice.values())
    for step in rnd.steps:
        own = rnd.dice.get(step["player"])
        step["odds"] = None
        if not own or not total:
            continue
        odds = bid_odds(Bid(*step["bid"]), own, total - len(own), rnd.wild)
        chance = {"bid": odds.at_least, "challenge": 1.0 - odds.at_least, "calza": odds.exactly}[step["kind"]]
        step["odds"] = round(chance, 4)


def player_stats(log: Log, players: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Per player of one game: the counts of `COUNTS`, the boldest bid that held and the best right call."""
    stats: dict[str, dict[str, Any]] = {p: {**dict.fromkeys(COUNTS, 0), "boldest": None, "best_call": None}
                                       for p in players}
    for event in log:
        kind, who = event.get("kind"), event.get("player")
        if kind == "die_lost" and who in stats:
            stats[who]["dice_lost"] += 1
        elif kind == "die_regained" and who in stats:
            stats[who]["dice_won"] += 1
        elif kind == "game_over" and event.get("winner") in stats:
            stats[event["winner"]]["won"] += 1
    for rnd in rounds(log):
        _score_call(rnd, stats)
    return stats


def _score_call(rnd: Round, stats: dict[str, dict[str, Any]]) -> None:
    """Count the round's call (right or wrong) and keep the boldest held bid and the best right call."""
    if rnd.reveal is None or not rnd.steps or rnd.steps[-1]["kind"] == "bid":
        return
    call, count = rnd.steps[-1], int(rnd.reveal["count"])
    quantity = int(call["bid"][0])
    right = count < quantity if call["kind"] == "challenge" else count == quantity
    name = "dudo" if call["kind"] == "challenge" else "calza"
    if call["player"] in stats:
        stats[call["player"]][f"{name}_{'right' if right else 'wrong'}"] += 1
    bid = next((s for s in reversed(rnd.steps[:-1]) if s["kind"] == "bid"), None)
    moment = {"round": rnd.round}
    if count >= quantity and bid is not None and bid["player"] in stats and bid["odds"] is not None:
        _keep_lowest(stats[bid["player"]], "boldest", {**moment, "bid": bid["bid"], "odds": bid["odds"]})
    if right and call["player"] in stats and call["odds"] is not None:
        _keep_lowest(stats[call["player"]], "best_call",
                     {**moment, "call": name, "bid": call["bid"], "odds": call["odds"]})


def _keep_lowest(row: dict[str, Any], key: str, candidate: dict[str, Any]) -> None:
    if row[key] is None or candidate["odds"] < row[key]["odds"]:
        row[key] = candidate


def winner(log: Log) -> str | None:
    """The game's winner (None if the log has no end)."""
    return next((e.get("winner") for e in reversed(log) if e.get("kind") == "game_over"), None)


def round_count(log: Log) -> int:
    """How many rounds were dealt."""
    return sum(1 for e in log if e.get("kind") == "round_started")
