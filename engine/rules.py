"""Rule options, their allowed values, and one preset per source text (RULES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from typing import Any, Literal, get_args, get_type_hints

from dudo_hub.engine.errors import RuleError

RaiseRule = Literal["any_face", "one_change"]
PacoConversion = Literal["half_up", "none"]
Palifico = Literal["off", "each_time", "once_per_player"]
PalificoFaceChange = Literal["nobody", "one_die_players"]
Calza = Literal["off", "on_turn", "anyone_but_bidder_and_current", "anyone"]
CalzaMinPlayers = Literal[2, 3]
CalzaReward = Literal["regain_die", "others_lose_die"]
FirstPlayer = Literal["roll_off", "random", "host"]
Loss = Literal["die", "revolver"]
MaxDice = Literal[1, 2, 3, 4, 5]


@dataclass(frozen=True, slots=True)
class Rules:
    """One complete rule set; the defaults are the `dudo` preset. Each option's type is its allowed values."""

    preset: str = "dudo"
    raise_rule: RaiseRule = "any_face"
    wild_ones: bool = True
    paco_conversion: PacoConversion = "half_up"
    palifico: Palifico = "each_time"
    palifico_wilds: bool = False
    palifico_face_change: PalificoFaceChange = "nobody"
    calza: Calza = "on_turn"
    calza_requires_missing_die: bool = False
    calza_min_players: CalzaMinPlayers = 2
    calza_reward: CalzaReward = "regain_die"
    first_player: FirstPlayer = "random"
    loss: Loss = "die"
    out_of_turn_raises: bool = False
    loser_chooses_direction: bool = False
    max_dice: MaxDice = 5
    min_players: int = 2
    max_players: int = 10

    def to_dict(self) -> dict[str, Any]:
        """JSON form of every option (a fresh dict; the work is done once per rule set)."""
        return dict(_as_dict(self))

    def options(self) -> dict[str, Any]:
        """The options that differ from the preset's own values."""
        base = PRESETS[self.preset]
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(base, f.name)}


def _allowed(hint: Any) -> tuple[Any, ...]:
    """The values a Literal (or bool) option type allows."""
    return (True, False) if hint is bool else get_args(hint)


NOT_OPTIONS = ("preset", "min_players", "max_players")

CHOICES: dict[str, tuple[Any, ...]] = {
    name: _allowed(hint) for name, hint in get_type_hints(Rules).items() if name not in NOT_OPTIONS
}
"""option -> its allowed values, read from the Rules field types (the one place they are written)."""


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
