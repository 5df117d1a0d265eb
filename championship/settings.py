"""What the director chooses for an event, checked once: format, preset, dice, table sizes, seed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from dudo_hub.championship.errors import fail
from dudo_hub.engine.errors import RuleError
from dudo_hub.engine.rules import Rules, make_rules

Format = Literal["knockout", "rounds"]
FORMATS: tuple[Format, ...] = ("knockout", "rounds")
DICE_MODES = ("hub", "referee", "scoreboard")
"""Whose dice each table plays with: the hub's, or real cups (the rooms' modes, server/room/realdice.py)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The format, the rules preset, the dice, the table sizes, and the seed of every draw."""

    format: Format = "knockout"
    preset: str = "dudo"
    dice_mode: str = "hub"
    table_min: int = 4
    table_max: int = 6
    rounds: int = 3  # the rounds format: heats before the final
    advance: int = 2  # knockout: each heat table's top `advance` go on (at least; docs/EVENTS.md)
    final_size: int = 6
    seed: int = 0

    @property
    def rules(self) -> Rules:
        """The preset's rules."""
        return make_rules(self.preset)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        """The inverse of `to_dict`, checked like `make_settings`."""
        return make_settings(**{f.name: data[f.name] for f in fields(cls) if f.name in data})


def make_settings(**chosen: Any) -> Settings:
    """Settings from the director's choices (the others by default); EventError names a bad one."""
    names = {f.name for f in fields(Settings)}
    unknown = sorted(set(chosen) - names)
    if unknown:
        raise fail("bad_state", f"unknown settings {unknown}; settings are {sorted(names)}")
    settings = Settings(**chosen)
    if settings.format not in FORMATS:
        raise fail("unknown_format", f"unknown format {settings.format!r}; formats are: {', '.join(FORMATS)}")
    if settings.dice_mode not in DICE_MODES:
        raise fail("unknown_dice_mode",
                   f"unknown dice mode {settings.dice_mode!r}; modes are: {', '.join(DICE_MODES)}")
    try:
        rules = settings.rules
    except RuleError as err:
        raise fail("unknown_preset", err.message) from None
    _check_sizes(settings, rules)
    _check_format(settings)
    return settings


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_sizes(s: Settings, rules: Rules) -> None:
    if not (_whole(s.table_min) and _whole(s.table_max)) or not 2 <= s.table_min <= s.table_max:
        raise fail("bad_table_size", f"table size {s.table_min!r}-{s.table_max!r}: need 2 <= min <= max")
    if s.table_min < rules.min_players or s.table_max > rules.max_players:
        raise fail("table_size_out_of_range", f"table size {s.table_min}-{s.table_max} is outside the "
                   f"{s.preset} preset's {rules.min_players}-{rules.max_players} players")
    if not _whole(s.final_size) or not rules.min_players <= s.final_size <= rules.max_players:
        raise fail("bad_final_size", f"final table of {s.final_size!r}: the {s.preset} preset seats "
                   f"{rules.min_players}-{rules.max_players} players")
    if not _whole(s.seed):
        raise fail("bad_state", f"the seed must be a whole number, not {s.seed!r}")


def _check_format(s: Settings) -> None:
    if s.format == "knockout" and (not _whole(s.advance) or not 1 <= s.advance < s.table_min):
        raise fail("bad_advance", f"{s.advance!r} going on from each table: need 1 to {s.table_min - 1} "
                   f"(fewer than the smallest table, {s.table_min})")
    if s.format == "rounds" and (not _whole(s.rounds) or s.rounds < 1):
        raise fail("bad_rounds", f"{s.rounds!r} rounds: the rounds format needs at least 1 before the final")
