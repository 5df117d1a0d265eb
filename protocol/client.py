"""Client -> server: every event the hub handles, its payload and its ok ack's extra fields.

`EVENTS` is the one list: the Socket.IO handlers are registered for these names, payloads are
read (`read_payload`) into these types before any handler runs, and docs/protocol.md and
web_display/static/js/protocol.js are generated from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

import msgspec

from dudo_hub.protocol import screens as tablesettings
from dudo_hub.protocol.errors import HubError
from dudo_hub.protocol.moves import MOVES, Move
from dudo_hub.protocol.types import Faces, Int, Mark, Message, Name, Payload, Text

UNSET = msgspec.UNSET
TABLE_DOC = "{" + ", ".join(f"{name}?: " + "|".join(msgspec.json.encode(v).decode() for v in values)
                            for name, values in tablesettings.CHOICES.items()) + "}"


Short = Annotated[str, msgspec.Meta(max_length=40)]
Lang = Annotated[str, msgspec.Meta(max_length=8, description="one of lobby.langs")]
DiceMode = Annotated[str, msgspec.Meta(max_length=20, description="one of lobby.dice_modes")]
Options = Annotated[dict[str, Any], msgspec.Meta(description="{name: value}")]
TableChange = Annotated[dict[str, Any], msgspec.Meta(description=TABLE_DOC)]


# ----- payloads ----------------------------------------------------------------------------------


class Empty(Payload):
    """`{}`: the event has nothing to say."""


class SeatTake(Payload):
    name: Text
    mark: Mark | None = None  # who is who at a glance (a colour and a shape); None: the first free


class Versioned(Payload):
    version: Int


class VoiceAnswer(Payload):
    ask_id: Int
    yes: bool


class DiceEnter(Payload):
    dice: Faces


class Count(Payload):
    count: Int


class HostConfig(Payload):
    preset: Short | None = None
    options: Options | None = None
    lang: Lang | None = None
    dice: DiceMode | None = None
    table: TableChange | None = None


class HostVoice(Payload):
    mode: Literal["always", "after_button"] | None = None
    check: bool | msgspec.UnsetType = UNSET
    dismiss: bool | msgspec.UnsetType = UNSET


class BotAdd(Payload):
    level: Short | None = None


class PlayerPayload(Payload):
    player: Name


class CountFor(Payload):
    player: Name
    count: Int


class EveningShow(Payload):
    show: bool


class Replay(Payload):
    game: Int | None = None
    step: Int | None = None
    playing: bool | msgspec.UnsetType = UNSET


class Game(Payload):
    game: Int


class EventSettings(Payload):
    format: Short | None = None
    preset: Short | None = None
    dice_mode: DiceMode | None = None
    table_min: Int | None = None
    table_max: Int | None = None
    advance: Int | None = None
    rounds: Int | None = None
    final_size: Int | None = None
    bots: bool | None = None  # bots at every seat (dry runs, tests)
    lang: Lang | None = None


class EventPlayer(Payload):
    name: Name


class EventTable(Payload):
    round: Int
    table: Int


class EventCorrection(Payload):
    round: Int
    table: Int
    order: Annotated[list[Name], msgspec.Meta(max_length=10, description="[players, winner first]")]
    reason: Text


def _moves_with(prefix: str, fields: list[tuple[Any, ...]]) -> tuple[type[Move], ...]:
    """Each kind of move with `fields` added (a move's payload carries its version, the host's its player)."""
    made: tuple[Any, ...] = tuple(msgspec.defstruct(prefix + m.__name__, fields, bases=(m,), kw_only=True,
                                                    tag=m.__struct_config__.tag, module=__name__) for m in MOVES)
    return made


PHONE_MOVES = _moves_with("Phone", [("version", Int)])
PLAY_FOR = _moves_with("PlayFor", [("player", Name), ("version", Int)])
ROOM_MOVES = _moves_with("Room", [("version", Int | None, None)])
"""A move given to the in-process Room API (`room.submit`, `room.refusal_for`): its version is optional."""
for _struct in PHONE_MOVES + PLAY_FOR + ROOM_MOVES:
    globals()[_struct.__name__] = _struct  # importable by name, as msgspec names them

# ----- ok replies (the ack's extra fields) ------------------------------------------------------


class SeatReply(Message):
    token: str
    player: str


class VersionReply(Message):
    version: int


class PlayerReply(Message):
    player: str


class StateReply(Message):
    state: dict[str, Any] | None


class EveningReply(Message):
    evening: dict[str, Any] | None
    replay: dict[str, Any] | None


class NewEveningReply(Message):
    evening: int


class ReplayReply(Message):
    step: int
    rounds: int


# ----- the events --------------------------------------------------------------------------------


def union_of(kinds: tuple[Any, ...]) -> Any:
    """The union of `kinds` (one kind: itself)."""
    union: Any = kinds[0]
    for kind in kinds[1:]:
        union = union | kind
    return union


@dataclass(frozen=True)
class Event:
    """One client event: its payload type (a union for moves), who sends it and why, its ok reply."""

    name: str
    payload: Any
    who: str
    reply: type[Message] | None = None
    note: str = ""  # after the payload in the docs
    reply_note: str = ""

    @property
    def kinds(self) -> tuple[type[Payload], ...]:
        """The payload's struct types (one, or one per kind of move)."""
        return self.payload if isinstance(self.payload, tuple) else (self.payload,)

    @property
    def decode_type(self) -> Any:
        """What `msgspec.convert` reads the payload as."""
        return union_of(self.kinds)

    def fields(self) -> list[str]:
        """Every payload field name (the tag `action` included for moves), in order."""
        out: list[str] = []
        for kind in self.kinds:
            tag = kind.__struct_config__.tag_field
            for name in ([tag] if tag else []) + list(kind.__struct_fields__):
                if name not in out:
                    out.append(name)
        return out


EVENTS: tuple[Event, ...] = (
    Event("seat:take", SeatTake, "phone, lobby only", SeatReply, note="(at most 200 chars)",
          reply_note="(already seated: the same seat again); the phone's one `state` message arrives already seated"),
    Event("seat:leave", Empty, "phone"),
    Event("move", PHONE_MOVES, "phone (a direction: the opener, option `loser_chooses_direction`)", VersionReply,
          reply_note="(the new version)"),
    Event("voice:cancel", Versioned, "phone: drop the Dudo / Calza the voice is about to commit for this seat, or "
          "take back the bid the hub heard for it", VersionReply),
    Event("voice:confirm", Empty, "phone: commit now the Dudo / Calza the voice heard for this seat (instead of "
          "waiting for the window)", VersionReply),
    Event("voice:answer", VoiceAnswer, "phone: Yes / No to the hub's \"did you mean?\" (`voice.ask`) about a move it "
          "heard for this seat: yes plays it (a Dudo / Calza at once), no drops it", VersionReply),
    Event("voice:listen", Empty, "phone: the 🎤 button: the next call the hub hears (within 8 s) is credited to "
          "this seat, out-of-turn Calza included"),
    Event("dice:enter", DiceEnter, "phone, real dice (referee): the faces in my cup, as many as I hold; again until "
          "the round's first bid (the commitment is sealed anew)"),
    Event("count:propose", Count, "phone, real dice (scoreboard): how many dice match the call waiting (replaces "
          "an earlier proposal)"),
    Event("count:confirm", Count, "phone, real dice (scoreboard): another player agrees with the proposal: the "
          "round is settled", VersionReply),
    Event("host:config", HostConfig, "host; preset/options/dice in the lobby only, lang and table any time (voice "
          "follows the language; send only what changes: a language change mid-game is `{lang}`)"),
    Event("host:voice", HostVoice, "host: `after_button` plays only calls said after a 🎤 tap (others are "
          "captioned); `check` runs the table check on the hub's microphone (prompts in `voice.check`, results in "
          "`voice.check_report`, saved in the data folder); `dismiss` closes the check's report "
          "(`voice.check_report` becomes `null`: the TV drops its report card)"),
    Event("host:bot_add", BotAdd, "host, lobby only", PlayerReply,
          note="(missing: the strongest level; an empty or unknown level is `unknown_level`)",
          reply_note='("Bot 1", "Bot 2", ...)'),
    Event("host:seat_remove", PlayerPayload, "host: in the lobby the seat goes; in a game a bot takes it and the "
          "phone's token is revoked"),
    Event("host:bot_takeover", PlayerPayload, "host: a bot plays a phone's seat that dropped (after the grace "
          "period, 30 s) or left"),
    Event("host:play_for", PLAY_FOR, "host, real dice counted at the reveal (scoreboard) only: play the move a "
          "player whose phone is away says at the table, once the grace period is over (`not_dropped` before; "
          "`host_cannot_stand_in` where the hub knows the cups: a bot stands in there)", VersionReply),
    Event("host:confirm_for", CountFor, "host, scoreboard only: confirm the proposed count in the name of a player "
          "whose phone is away (same conditions as `host:play_for`)", VersionReply),
    Event("host:start", Empty, "host: deal the game (2 to 10 seats)", VersionReply),
    Event("host:restart", Empty, "host: back to the lobby, same seats (seats that left or were kicked are freed)"),
    Event("host:skip_reveal", Empty, "host, in a game: end the look at the dice now: every screen gets "
          "`reveal_end`, and bots move without waiting for `room.reveal_pause`"),
    Event("sync", Empty, "anyone: send me my `state` again", StateReply, reply_note="(the same message)"),
    Event("evening:get", Empty, "anyone: the room's evening and the replay on its screens", EveningReply),
    Event("host:evening_new", Empty, "host: start a new evening (the old one stays in the history; "
          "docs/history.md)", NewEveningReply),
    Event("host:evening_show", EveningShow, "host: put the evening's scoreboard on the TV, or take it off"),
    Event("host:replay", Replay, "host: replay a kept game on the screens round by round: `game` picks it, `step` "
          "the round shown, `playing` auto-play", ReplayReply),
    Event("host:replay_stop", Empty, "host: take the replay off the screens"),
    Event("host:history_delete", Game, "host: forget one of the room's kept games"),
    Event("director:settings", EventSettings, "director (auth `{event, role: \"director\", key}`): the format, "
          "rules preset, dice mode, table sizes, advance, rounds, final size (registration only; docs/EVENTS.md), "
          "bots at every seat, the event's language"),
    Event("director:register", EventPlayer, "director, registration only: add a player"),
    Event("director:withdraw", EventPlayer, "director: before the start the player is unregistered; after, "
          "drawn no more (kept in the standings)"),
    Event("director:start", Empty, "director: close registration, draw round 1 and open a room per table (its "
          "players seated by name: bots, or seats a phone takes under that name)"),
    Event("director:pause", Empty, "director: hold the event (results that come in wait for `director:resume`)"),
    Event("director:resume", Empty, "director: go on after a pause"),
    Event("director:next_round", Empty, "director: draw the next round once every table has its result"),
    Event("director:table_start", EventTable, "director: deal a table's game (its host page can too)"),
    Event("director:correct", EventCorrection, "director: replace a table's result by a finishing order, with "
          "the reason, which is kept (`corrections`)"),
)
BY_NAME = {event.name: event for event in EVENTS}
_DECODE = {event.name: event.decode_type for event in EVENTS}


def as_object(payload: Any) -> dict[str, Any]:
    """`payload` when it is an object with string keys, else bad_payload: every event takes one
    object, `{}` when it has nothing to say (no payload, or null, is refused like any non-object)."""
    if not isinstance(payload, dict) or not all(isinstance(k, str) for k in payload):
        got = "nothing" if payload is None else type(payload).__name__
        raise HubError("bad_payload", f"expected an object ({{}} when there is nothing to say), got {got}")
    return payload


_HOLDERS: dict[Any, Any] = {}


def _holder(kind: Any) -> Any:
    """A struct whose one field is `kind`: msgspec caches how to read a struct, not a bare union."""
    holder = _HOLDERS.get(kind)
    if holder is None:
        holder = _HOLDERS[kind] = msgspec.defstruct("Holder", [("p", kind)], module=__name__)
    return holder


def read(kind: Any, payload: Any, what: str) -> Any:
    """`payload` read as `kind` (a payload type or union), else bad_payload naming the field at fault."""
    try:
        return msgspec.convert({"p": as_object(payload)}, _holder(kind)).p
    except msgspec.ValidationError as err:
        problem = str(err).replace("`$.p.", "`$.").replace("`$.p`", "`$`")
        raise HubError("bad_payload", f"{what}: {problem[:200]}") from None


def read_payload(event: str, payload: Any) -> Any:
    """The typed payload of client event `event` (a KeyError for a name not in EVENTS)."""
    return read(_DECODE[event], payload, event)
