"""A reveal's story: what the call did, as the lines every screen shows (catalogue keys, not sentences).

The engine keeps what happened after each call in `Reveal.story` as (kind, seat, value)
entries; `story_lines` turns them, with the call, into lines such as
`{"key": "story.loses", "tone": "lose", "player": "Ann", "n": None}`: the pages say
`t(key, {name: player, n})`. The hub's replay of a logged game reads its events through
`told_from_events`, so both tell one story.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dudo_hub.engine.counting import counts_for
from dudo_hub.engine.events import Event

STORY_KINDS = ("die_lost", "die_regained", "bullet_added", "bullet_removed", "shot", "player_out", "palifico")
"""The engine's event kinds that belong to a reveal's story, in the order they happen."""
_STORY = frozenset(STORY_KINDS)

STORY_KEYS = ("story.calza_right", "story.calza_wrong", "story.others_lose", "story.loses", "story.gains",
              "story.bullet", "story.bullet_removed", "story.shot_fires", "story.shot_click", "story.out",
              "story.palifico", "story.no_change")
"""Every catalogue key a story line may name (each sentence takes at most {name} and {n})."""

Told = tuple[str, str, int]  # (kind, player, value: dice left, bullets, or 1 when a shot fired)


def told_value(kind: str, data: Mapping[str, Any]) -> int:
    """The number an event of the story carries (dice, bullets, a shot fired)."""
    if kind in ("die_lost", "die_regained"):
        return int(data["dice"])
    if kind in ("bullet_added", "bullet_removed"):
        return int(data["bullets"])
    return int(bool(data.get("fires", False)))


def told_from_events(events: Iterable[Mapping[str, Any]]) -> list[Told]:
    """The story entries among event dicts ({"kind", "player", ...}), e.g. a logged round's."""
    return [(str(e["kind"]), str(e["player"]), told_value(str(e["kind"]), e))
            for e in events if e.get("kind") in STORY_KINDS]


def told_from(events: Iterable[Event]) -> list[Told]:
    """The story entries among the engine's events."""
    return [(e.kind, str(e.data["player"]), told_value(e.kind, e.data)) for e in events if e.kind in _STORY]


def _line(key: str, tone: str, player: str | None = None, n: int | None = None) -> dict[str, Any]:
    return {"key": key, "tone": tone, "player": player, "n": n}


def story_lines(call: str, caller: str | None, exact: bool, told: Sequence[Told]) -> list[dict[str, Any]]:
    """The reveal's lines, in order: the calza's verdict, who lost, then gains, bullets, shots,
    who is out and who opens a palifico round ("story.no_change" when nothing changed)."""
    lines: list[dict[str, Any]] = []
    if call == "calza":
        lines.append(_line("story.calza_right", "gain") if exact else _line("story.calza_wrong", "lose"))
    lost = [who for kind, who, _ in told if kind == "die_lost"]
    if len(lost) > 1 and call == "calza" and exact:
        lines.append(_line("story.others_lose", "lose", caller))
    else:
        lines += [_line("story.loses", "lose", who) for who in lost]
    fired = {who for kind, who, value in told if kind == "shot" and value}
    for kind, who, value in told:
        if kind == "die_regained":
            lines.append(_line("story.gains", "gain", who))
        elif kind == "bullet_added":
            lines.append(_line("story.bullet", "lose", who, value))
        elif kind == "bullet_removed":
            lines.append(_line("story.bullet_removed", "gain", who, value))
        elif kind == "shot":
            lines.append(_line("story.shot_fires", "lose", who) if value else _line("story.shot_click", "gain", who))
        elif kind == "player_out" and who not in fired:
            lines.append(_line("story.out", "lose", who))
        elif kind == "palifico":
            lines.append(_line("story.palifico", "note", who))
    return lines or [_line("story.no_change", "note")]


def reveal_picture(head: Mapping[str, Any], dice: Mapping[str, Sequence[int]], told: Sequence[Told]) -> dict[str, Any]:
    """A reveal as every screen draws it: `head` ({round, call, caller, bidder, bid: [q, face], wild,
    count, loser, gainer}) with every cup (`dice`), which of its dice count for the bid (`counted`,
    per die; `matched`, per cup) and the story's lines (`story`)."""
    quantity, face = head["bid"]
    wild = bool(head["wild"])
    cups = {name: list(cup) for name, cup in dice.items() if cup}
    counted = {name: [counts_for(d, face, wild) for d in cup] for name, cup in cups.items()}
    exact = head["count"] == quantity
    return {**head, "dice": cups, "counted": counted, "matched": {name: sum(flags) for name, flags in counted.items()},
            "story": story_lines(str(head["call"]), head.get("caller"), exact, told)}
