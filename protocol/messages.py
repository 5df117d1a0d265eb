"""Server -> client: the messages the hub sends and their top-level shapes.

`MESSAGES` lists every one (name, who gets it, when, its payload type); add a message by adding
an entry (docs/protocol.md and web_display/static/js/protocol.js follow on regeneration). The
nested parts keep their documented shapes (docs/protocol.md); the types here hold the top level
(the keys and their kinds), which a test checks against messages the hub really builds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

import msgspec

from dudo_hub.protocol.types import Message

Json = dict[str, Any]
EventDict = Annotated[Json, msgspec.Meta(description="Event")]
"""One of `state.events`: `{kind, ...}` (`server.protocol.kinds`)."""


class Seat(Message):
    player: str
    kind: Literal["human", "bot"]
    connected: bool
    level: str | None
    takeover: bool
    left: bool
    mark: int | None
    grace_until: float | None


class Real(Message):
    mode: Literal["hub", "referee", "scoreboard"]
    waiting: list[str]
    proposal: Json | None
    counted: Json | None


class Table(Message):
    odds: Literal["off", "phone", "phone_tv"]
    expected: bool
    clock: Literal[0, 30, 60, 90]
    sound: bool


class Clock(Message):
    """`room.clock`: the turn clock running (table setting `clock`): whose move, and until when
    (Unix time, seconds); null when it is off or nobody is on turn."""

    player: str
    seconds: int
    until: float


class RoomPart(Message):
    """`state.room`: the room as every connection may see it."""

    code: str
    lang: str
    preset: str
    options: Json
    rules: Json
    started: bool
    over: bool
    version: int
    seats: list[Seat]
    max_seats: int
    min_seats: int
    join_url: str
    commitment: Json | None
    last_round: Json | None
    real: Real
    table: Table
    clock: Clock | None
    reveal_pause: float


class Player(Message):
    name: str
    seat: int
    dice: int
    bullets: int
    out: bool
    palifico_used: bool


class BidView(Message):
    """One of `view.bids`: who bid what, and whom an out-of-turn raise passed over (else null)."""

    player: str
    bid: list[int]
    passed: str | None


class Standing(Message):
    """`view.standing`: the bid to beat and who made it."""

    player: str
    bid: list[int]


class Waiting(Message):
    """`view.waiting`: whom the table waits for and why (`engine.views.waiting`)."""

    seats: list[str]
    why: Literal["first_player", "roll", "shot", "direction", "open", "open_palifico", "raise", "count", "over"]
    others: list[str]


class View(Message):
    """`state.view`: `engine.view_for(state, viewer)` (top level; docs/protocol.md has the parts)."""

    version: int
    preset: str
    rules: Json
    phase: Literal["first", "direction", "roll", "bidding", "count", "shot", "over"]
    round: int
    players: list[Player]
    turn: str | None
    actors: list[str]
    waiting: Waiting
    opener: int | str | None
    direction: int
    palifico: bool
    wild: bool
    table: Json
    dice_in_play: int
    bids: list[BidView]
    standing: Standing | None
    reveal: Json | None
    winner: str | None
    viewer: str | None
    my_dice: list[int]
    unseen: bool
    counting: Json | None
    odds: Json | None


class Legal(Message):
    """`state.legal`: `engine.legal_summary(state, player)`."""

    bids: dict[str, list[int]]
    suggest: list[int] | None
    dudo: bool
    calza: bool
    calza_reason: str | None
    dudo_why: str | None
    calza_why: str | None
    direction: bool


class You(Message):
    player: str
    seat: int | None
    entered: list[int] | msgspec.UnsetType = msgspec.UNSET


class State(Message):
    """One connection's whole picture: built for it alone (a phone's view holds its own cup only)."""

    room: RoomPart
    view: View | None
    legal: Legal | None
    you: You | None
    events: list[EventDict]
    v: int  # this connection's version of its state (server/hub/stateout.py)
    stand_in: dict[str, Legal] | msgspec.UnsetType = msgspec.UNSET


class StatePatch(Message):
    """What changed in one connection's `state` since version `v_from` (server/hub/statepatch.py)."""

    v_from: int
    v: int
    ops: Annotated[list[list[Any]], msgspec.Meta(description="Op")]  # docs/protocol.md: set, delete, keep n
    events: list[EventDict]


class LobbyOffer(Message):
    presets: Annotated[dict[str, Json], msgspec.Meta(description="{name: {every option: value}}")]
    choices: Annotated[dict[str, list[Any]], msgspec.Meta(description="{option: [values]}")]
    table: Annotated[dict[str, list[Any]], msgspec.Meta(description="{setting: [values]}")]
    bot_levels: list[str]
    default_level: str
    langs: list[str]
    lang_names: Annotated[dict[str, str], msgspec.Meta(description="{lang: its name in that language}")]
    dice_modes: Annotated[list[str], msgspec.Meta(description='["hub", "referee", "scoreboard"]')]


class Caption(Message):
    text: str


class RevealEnd(Message):
    round: int | None


@dataclass(frozen=True)
class Notice:
    """One server -> client message: its Socket.IO event name, who gets it, when, and its payload type."""

    name: str
    to: str
    when: str
    payload: Any
    shape: str = ""  # the payload in the docs, when not a type's fields
    note: str = ""  # after the payload in the docs

    def fields(self) -> list[str]:
        """The payload's top-level keys (none for a free-form payload)."""
        return list(getattr(self.payload, "__struct_fields__", ()))


ROOM = "the whole room (a Socket.IO room named by the room code)"
MESSAGES: list[Notice] = [
    Notice("state", "one connection (`to=<sid>`)", "whole: on connect, on `sync`, and after a change when a "
           "patch would not be smaller", State, "below"),
    Notice("state_patch", "one connection (`to=<sid>`)", "after every change in the room: what changed in that "
           "connection's own `state`", StatePatch, "`{v_from, v, ops, events}` (below)"),
    Notice("lobby", "one host connection", "once, on connect", LobbyOffer,
           note="(`langs` are the catalogues on disk, `catalogue/strings/*.json`)"),
    Notice("voice", ROOM, "whenever the voice status changes other than its caption; on connect", Json,
           "the voice status (below)"),
    Notice("caption", "the whole room", "the words being heard changed, nothing else", Caption),
    Notice("reveal_end", "the whole room", "the host ended the reveal (`host:skip_reveal`): screens close it",
           RevealEnd, "`{round}` (the round whose dice were shown; `null` if none was)"),
    Notice("evening", "the whole room (and each connection on connect)", "a game was kept, an evening begun, a "
           "game deleted, the scoreboard shown", Json, "the scoreboard and kept games (finished games only; "
           "docs/history.md)"),
    Notice("replay", "the whole room (and each connection on connect)", "the host moved the replay", Json,
           "a kept game round by round (docs/history.md)"),
    Notice("event", "a championship's screens: the hall (Socket.IO room `event:<id>:hall`) and the director "
           "(`event:<id>:director`)", "on connect, after every step of the event and each table's progress",
           Json, "the event's public state (docs/EVENTS.md, the hub side); the director's also has `hosts`"),
]
"""Every server -> client message, in the docs' order; append to add one."""

BY_NAME = {notice.name: notice for notice in MESSAGES}


def check(name: str, payload: Any) -> Any:
    """`payload` read as message `name`'s type (a `msgspec.ValidationError` when its shape is wrong)."""
    return msgspec.convert(payload, BY_NAME[name].payload)
