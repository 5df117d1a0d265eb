"""The kinds of `state.events`: the engine's own (imported from the engine, never copied) and the
few the hub adds around them, with their fields."""

from __future__ import annotations

from dudo_hub.engine.events import KINDS as ENGINE_KINDS

HUB_KINDS: dict[str, str] = {
    "dice_committed": "before each round's `round_started`: `{round, hash}`",
    "dice_opened": "right after each `reveal`: `{round, hash, salt, dice: {player: [faces]}}`",
    "bid_cancelled": "after `voice:cancel`: `{player, bid: [quantity, face]}`",
    "restarted": "after `host:restart`: `{}`",
    "count_proposed": "real dice (scoreboard), each proposal: `{by: player|\"voice\", count}`",
    "count_confirmed": ("real dice (scoreboard), right before the `reveal` (whose `dice` is `{}`): `{by, count, host}`"
                        " (`host`: the host confirmed it in `by`'s name)"),
    "stood_in": "before the events of a move the host played for a player whose phone sleeps: `{player}`",
}
"""The hub's own event kinds, with when they come and their fields."""

KINDS: tuple[str, ...] = tuple(ENGINE_KINDS) + tuple(HUB_KINDS)
"""Every kind a `state` message's `events` may hold."""
