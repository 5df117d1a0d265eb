"""Socket handlers for the physical table: voice (the 🎤 window, a spoken call confirmed or
cancelled from the phone, the host's voice settings) and real dice (cups entered, counts told).
Each takes the same arguments as those in `server.events` and is wrapped the same way."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from dudo_hub.protocol import client as p
from dudo_hub.protocol.errors import HubError
from dudo_hub.protocol.types import Message
from dudo_hub.server.room.room import Room

if TYPE_CHECKING:
    from dudo_hub.server.hub.core import Hub, Viewer
    from dudo_hub.server.hub.voice_link import HubVoice



def seated(viewer: Viewer) -> str:
    """The player of a seated phone connection (not_seated otherwise)."""
    if viewer.role != "phone" or viewer.player is None:
        raise HubError("not_seated", "this connection holds no seat")
    return viewer.player


def host_only(viewer: Viewer) -> None:
    """Refuse anyone but the host connection."""
    if viewer.role != "host":
        raise HubError("not_host", "only the host connection may do this")


def voice_cancel(the_hub: Hub, viewer: Viewer, room: Room, data: p.Versioned) -> p.VersionReply:
    """phone: drop the Dudo / Calza the voice is about to commit for this seat, or take back its heard bid."""
    player = seated(viewer)
    voice = the_hub.voices.get(room.code)
    if voice is not None:
        _acked(voice.cancel(player))
        return p.VersionReply(version=room.version())
    room.cancel_voice(player, data.version)
    return p.VersionReply(version=room.version())


def voice_confirm(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> p.VersionReply:
    """phone: commit now the Dudo / Calza the voice heard for this seat (no waiting for the window)."""
    player = seated(viewer)
    voice = the_hub.voices.get(room.code)
    if voice is None:
        raise HubError("nothing_to_confirm", "voice is not on in this room")
    _acked(voice.confirm(player))
    return p.VersionReply(version=room.version())


def voice_answer(the_hub: Hub, viewer: Viewer, room: Room, data: p.VoiceAnswer) -> p.VersionReply:
    """phone: Yes / No to the hub's "did you mean?" about a move it heard for this seat."""
    player = seated(viewer)
    voice = the_hub.voices.get(room.code)
    if voice is None:
        raise HubError("nothing_to_answer", "voice is not on in this room")
    _acked(voice.answer(player, data.ask_id, data.yes))
    return p.VersionReply(version=room.version())


def voice_listen(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> None:
    """phone: the 🎤 button: the next call the hub hears is this seat's."""
    player = seated(viewer)
    voice = _voice(the_hub, room)
    _acked(voice.listen(player))


def host_voice(the_hub: Hub, viewer: Viewer, room: Room, data: p.HostVoice) -> None:
    """host: voice mode ("always" / "after_button"), the table check, and closing its report."""
    host_only(viewer)
    voice = _voice(the_hub, room)
    if data.mode is not None:
        voice.set_mode(data.mode)
    if data.dismiss is True:
        voice.dismiss_report()
    if data.check is True and not voice.start_check(room.players()):
        raise HubError("voice_off", "nothing is listening: no model or no microphone")


def _acked(reply: Mapping[str, Any]) -> None:
    """The voice answers with protocol acks (`protocol.acks.ack`): a refusal is raised as it came."""
    if not reply.get("ok"):
        raise HubError(str(reply.get("code") or "internal_error"), str(reply.get("detail") or reply.get("message", "")))


def _voice(the_hub: Hub, room: Room) -> HubVoice:
    voice = the_hub.voices.get(room.code)
    if voice is None:
        raise HubError("voice_off", "voice is not on in this room")
    return voice


def dice_enter(the_hub: Hub, viewer: Viewer, room: Room, data: p.DiceEnter) -> None:
    """phone, real dice (referee): the faces in my cup, until the round's first bid."""
    room.table_says(seated(viewer), "dice", list(data.dice))


def count_propose(the_hub: Hub, viewer: Viewer, room: Room, data: p.Count) -> None:
    """phone, real dice (scoreboard): how many dice match the call waiting."""
    room.table_says(seated(viewer), "propose", data.count)


def count_confirm(the_hub: Hub, viewer: Viewer, room: Room, data: p.Count) -> p.VersionReply:
    """phone, real dice (scoreboard): a second player agrees with the proposed count."""
    room.table_says(seated(viewer), "confirm", data.count)
    return p.VersionReply(version=room.version())


TABLE_HANDLERS: dict[str, Callable[[Hub, Viewer, Room, Any], Message | None]] = {
    "voice:cancel": voice_cancel,
    "voice:confirm": voice_confirm,
    "voice:answer": voice_answer,
    "voice:listen": voice_listen,
    "host:voice": host_voice,
    "dice:enter": dice_enter,
    "count:propose": count_propose,
    "count:confirm": count_confirm,
}
