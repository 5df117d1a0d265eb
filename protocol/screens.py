"""The table's own settings: what the screens show besides the game, chosen by the host.

They are the hub's, not the engine's rules (a game plays the same whatever they say):

- `odds`: who sees the chance helper: `"off"`, `"phone"` (each phone, from its own cup) or
  `"phone_tv"` (the phones, and the TV the table's chance that the standing bid is true);
- `expected`: the TV shows how many dice of the bid's face the table holds on average;
- `clock`: the turn clock, 0 (off) or the seconds a player has for a move: the TV and the phone
  count them down and the TV nudges the player by name at zero. No move is ever played for anyone;
- `sound`: the TV plays the reveal's sounds (each cup, each die counted, the verdict) and a soft
  tick when the turn passes. Phones stay silent unless their own player turns sound on.

The per-viewer gate stays `engine.view_for`; the hub only takes out of its output what the
settings hide, and adds to the TV's what every player may already work out (no cup is used).
"""

from __future__ import annotations

from typing import Any

from dudo_hub import engine
from dudo_hub.protocol.errors import HubError

CHOICES: dict[str, tuple[Any, ...]] = {
    "odds": ("off", "phone", "phone_tv"), "expected": (True, False), "clock": (0, 30, 60, 90), "sound": (True, False)}
DEFAULTS: dict[str, Any] = {"odds": "phone", "expected": True, "clock": 0, "sound": True}


def merged(current: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """`current` with `changes` applied; an unknown setting or value is `bad_payload`."""
    out = dict(current)
    for name, value in changes.items():
        allowed = CHOICES.get(name)
        if allowed is None:
            raise HubError("bad_payload", f"unknown table setting {name!r}; settings: {', '.join(CHOICES)}")
        if not any(value is choice or (type(value) is type(choice) and value == choice) for choice in allowed):
            raise HubError("bad_payload", f"table setting {name!r} takes {list(allowed)}, not {value!r}")
        out[name] = value
    return out


def restored(saved: Any) -> dict[str, Any]:
    """The settings kept in a room record (defaults for what an older record lacks or got wrong)."""
    out = dict(DEFAULTS)
    if isinstance(saved, dict):
        for name, value in saved.items():
            try:
                out = merged(out, {name: value})
            except HubError:
                continue
    return out


def screen_view(view: dict[str, Any] | None, seated: bool, table: dict[str, Any]) -> dict[str, Any] | None:
    """`view` (from `engine.view_for`) with its `odds` as the table's settings allow for this screen."""
    if view is None or view.get("odds") is None:
        return view
    odds: dict[str, Any] = {}
    if seated:
        if table["odds"] != "off":
            odds = dict(view["odds"])
    else:
        if table["expected"]:
            odds["expected"] = view["odds"]["expected"]
        if table["odds"] == "phone_tv":
            odds.update(_table_chance(view))
    if isinstance(view, engine.SharedView):
        return view.with_own(odds=odds or None)
    return {**view, "odds": odds or None}


def _table_chance(view: dict[str, Any]) -> dict[str, float]:
    """The standing bid's chance seen from outside every cup (public facts only)."""
    quantity, face = view["standing"]["bid"]
    odds = engine.bid_odds(engine.Bid(quantity, face), [], view["dice_in_play"], view["wild"])
    return {"at_least": round(odds.at_least, 4), "exactly": round(odds.exactly, 4)}
