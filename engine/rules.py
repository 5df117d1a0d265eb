"""Rule options, their allowed values, and one preset per source text (RULES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from typing import Any

from dudo_hub.engine.errors import RuleError

# option -> allowed values; bools and the dice cap are checked by type below.
CHOICES: dict[str, tuple[Any, ...]] = {
    "raise_rule": ("any_face", "one_change"),
    "wild_ones": (True, False),
    "paco_conversion": ("half_up", "none"),
    "palifico": ("off", "each_time", "once_per_player"),
    "palifico_wilds": (True, False),
    "palifico_face_change": ("nobody", "one_die_players"),
    "calza": ("off", "on_turn", "anyone_but_bidder_and_current", "anyone"),
    "calza_requires_missing_die": (True, False),
    "calza_min_players": (2, 3),
    "calza_reward": ("regain_die", "others_lose_die"),
    "first_player": ("roll_off", "random", "host"),
    "loss": ("die", "revolver"),
    "out_of_turn_raises": (True, False),
    "loser_chooses_direction": (True, False),
    "max_dice": (1, 2, 3, 4, 5),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """One complete rule set; the defaults are the `dudo` preset."""

    preset: str = "dudo"
    raise_rule: str = "any_face"
    wild_ones: bool = True
    paco_conversion: str = "half_up"
    palifico: str = "each_time"
    palifico_wilds: bool = False
    palifico_face_change: str = "nobody"
    calza: str = "on_turn"
    calza_requires_missing_die: bool = False
    calza_min_players: int = 2
    calza_reward: str = "regain_die"
    first_player: str = "random"
    loss: str = "die"
    out_of_turn_raises: bool = False
    loser_chooses_direction: bool = False
    max_dice: int = 5
    min_players: int = 2
    max_players: int = 10

    def to_dict(self) -> dict[str, Any]:
        """JSON form of every option (a fresh dict; the work is done once per rule set)."""
        return dict(_as_dict(self))

    def options(self) -> dict[str, Any]:
        """The options that differ from the preset's own values."""
        base = PRESETS[self.preset]
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(base, f.name)}


@lru_cache(maxsize=256)
def _as_dict(rules: Rules) -> dict[str, Any]:
    return asdict(rules)


PRESETS: dict[str, Rules] = {
    "dudo": Rules(preset="dudo"),
    "perudo": Rules(preset="perudo", first_player="roll_off", calza="anyone"),
    "parker": Rules(
        preset="parker",
        palifico="once_per_player",
        palifico_face_change="one_die_players",
        calza="anyone_but_bidder_and_current",
        calza_requires_missing_die=True,
    ),
    "francais": Rules(preset="francais", first_player="roll_off", calza_min_players=3),
    "revolver": Rules(preset="revolver", loss="revolver"),
    "liars_dice": Rules(
        preset="liars_dice", wild_ones=False, paco_conversion="none", calza="off", palifico="off"
    ),
}

SOURCES: dict[str, str] = {
    "dudo": "dudo-site-rules-it.txt",
    "perudo": "perudo-box-rules-it.txt",
    "parker": "perudo-wikipedia-it.txt",
    "francais": "perudo-wikipedia-fr.txt",
    "revolver": "perudo-house-rules-pt.txt",
    "liars_dice": "dudo-site-rules-it.txt (Varianti)",
}


def make_rules(preset: str = "dudo", options: Mapping[str, Any] | None = None) -> Rules:
    """The named preset with `options` overriding single options; unknown names are errors."""
    if preset not in PRESETS:
        raise RuleError("unknown_preset", f"unknown preset {preset!r}; presets are: {', '.join(PRESETS)}")
    overrides = dict(options or {})
    for name, value in overrides.items():
        check_option(name, value)
    rules = replace(PRESETS[preset], **overrides)
    if rules.paco_conversion == "half_up" and not rules.wild_ones:
        raise RuleError(
            "bad_option_value",
            "paco_conversion 'half_up' needs wild_ones true; with wild_ones false use paco_conversion 'none'",
        )
    return rules


def check_option(name: str, value: Any) -> None:
    """Raise RuleError unless `value` is allowed for option `name`."""
    if name not in CHOICES:
        raise RuleError("unknown_option", f"unknown option {name!r}; options are: {', '.join(CHOICES)}")
    allowed = CHOICES[name]
    same_type = all(type(value) is type(a) for a in allowed[:1])
    if not same_type or value not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise RuleError("bad_option_value", f"option {name} cannot be {value!r}; allowed: {shown}")
