"""The whole path with a scripted recogniser: transcript -> parser -> room -> status -> speech."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from dudo_hub.voice.audio.recogniser import Listener, Recogniser
from dudo_hub.voice.setup.status import VoiceStatus
from dudo_hub.voice.table import VoiceTable
from tests.voice_table.fakes import FakeRoom, ManualTimers, Said


@pytest.fixture
def table(room: FakeRoom, said: Said, timers: ManualTimers) -> VoiceTable:
    status = VoiceStatus([room.set_voice_status])
    t = VoiceTable(room, "it", said, status, confirm_seconds=3.0, scheduler=timers)
    room.on_events(t.on_events)
    return t


class ScriptedVosk:
    """A fake KaldiRecognizer: each chunk is a final transcript (b"~..." a partial)."""

    def __init__(self, model: object, rate: float, grammar: str) -> None:
        self.grammars = [grammar]
        self.resets = 0
        self._last = ""

    def AcceptWaveform(self, chunk: bytes) -> bool:  # noqa: N802 - Vosk's name
        self._last = chunk.decode()
        return not self._last.startswith("~")

    def Result(self) -> str:  # noqa: N802
        return json.dumps({"text": self._last})

    def PartialResult(self) -> str:  # noqa: N802
        return json.dumps({"partial": self._last[1:]})

    def FinalResult(self) -> str:  # noqa: N802
        return '{"text": ""}'

    def Reset(self) -> None:  # noqa: N802
        self.resets += 1

    def SetGrammar(self, grammar: str) -> None:  # noqa: N802
        self.grammars.append(grammar)


class Script:
    """An audio source whose chunks are the transcripts themselves."""

    rate = 16000

    def __init__(self, *lines: str) -> None:
        self.lines = lines

    def chunks(self) -> Iterator[bytes]:
        for line in self.lines:
            yield line.encode()

    def close(self) -> None:
        pass


def run_script(table: VoiceTable, *lines: str) -> Recogniser:
    recogniser = Recogniser(object(), 16000, table.grammar(), factory=ScriptedVosk)
    table.on_grammar = recogniser.set_grammar
    listener = Listener(recogniser, Script(*lines), table.hear, table.caption)
    listener.start()
    listener.join(5)
    return recogniser


def test_whole_path_bid(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    run_script(table, "~sette", "sette cinque")
    assert room.submitted == [("marco", {"action": "bid", "quantity": 7, "face": 5, "version": 1}, "voice")]
    assert any(s["caption"] == "sette" for s in room.statuses)  # the partial went to the TV
    last = room.statuses[-1]
    assert (last["heard"], last["player"], last["pending"]) == ("sette cinque", "marco", "cancel")
    assert said.lines == ["marco: sette cinque."]  # spoken back once, not again from the event


def test_grammar_swapped_after_a_move(table: VoiceTable, room: FakeRoom) -> None:
    recogniser = run_script(table, "sette cinque", "~otto", "otto cinque")
    assert recogniser.swaps >= 1
    assert "sette cinque" not in recogniser.grammar  # giulia must go higher
    assert [a["quantity"] for _, a, _ in room.submitted] == [7, 8]


def test_cancel_a_bid_until_the_next_move(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    table.hear("sette cinque")
    table.hear("annulla")
    assert room.undone == ["marco"]
    assert room.statuses[-1]["heard"] == "cancel"
    assert said.lines[-1] == "Annullato."


def test_no_cancel_after_the_next_move(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("sette cinque")
    room.phone_bid("giulia", (8, 5))
    reply = table.cancel("marco")
    assert not reply["ok"] and room.undone == []


def test_phone_cancel_only_for_its_own_seat(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("sette cinque")
    assert not table.cancel("giulia")["ok"]
    assert table.cancel("marco")["ok"] and room.undone == ["marco"]


def test_dudo_commits_after_the_window(table: VoiceTable, room: FakeRoom, timers: ManualTimers,
                                       said: Said) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    table.hear("dudo")
    assert room.submitted == [] and room.statuses[-1]["pending"] == "confirm"
    assert said.lines == ["giulia: Dubito!"]
    timers.advance(2.9)
    assert room.submitted == []
    timers.advance(0.2)
    assert room.submitted == [("giulia", {"action": "dudo", "version": 1}, "voice")]
    assert room.statuses[-1]["pending"] is None
    assert said.lines[-1].startswith("luca perde un dado")  # events spoken, no double "Dudo!"
    assert said.lines.count("giulia: Dubito!") == 1


def test_dudo_cancelled_within_the_window(table: VoiceTable, room: FakeRoom, timers: ManualTimers) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    table.hear("dudo")
    table.hear("annulla")
    timers.advance(10)
    assert room.submitted == [] and room.undone == []


def test_tap_confirms_at_once(table: VoiceTable, room: FakeRoom, timers: ManualTimers) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    table.hear("dudo")
    assert table.confirm("giulia")["ok"]
    timers.advance(10)
    assert len(room.submitted) == 1


def test_calza_out_of_turn_needs_a_name(table: VoiceTable, room: FakeRoom, timers: ManualTimers) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    table.hear("calza luca")
    timers.advance(3)
    assert room.submitted == [("luca", {"action": "calza", "version": 1}, "voice")]
    assert room.statuses[-2]["player"] == "luca"


def test_calza_without_a_name_is_the_turn_players(table: VoiceTable, room: FakeRoom,
                                                   timers: ManualTimers) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    table.hear("calza")
    timers.advance(3)
    assert room.submitted[0][0] == "giulia"


def test_calza_refused_with_spoken_reason(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    room.calza_ok = set()
    table.hear("calza luca")
    assert room.submitted == []
    assert said.lines == ["Adesso non puoi dire calza."]
    assert room.statuses[-1]["refused"] == "calza_not_allowed"


def test_illegal_bid_spoken_reason(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    room.standing, room.turn = (7, 5), "giulia"
    table.hear("sei cinque")
    assert room.submitted == []  # the room explained it before anything was submitted
    assert said.lines == ["La puntata deve essere più alta di quella sul tavolo."]
    assert room.statuses[-1]["heard"] == "sei cinque"


def test_illegal_bid_refused_by_the_room_when_it_cannot_explain_in_advance(
        table: VoiceTable, room: FakeRoom, said: Said) -> None:
    room.standing, room.turn = (7, 5), "giulia"
    room.explain_bid = None  # type: ignore[assignment,method-assign]
    table.hear("sei cinque")
    assert room.submitted[0][1]["quantity"] == 6  # the engine decides, never a guess
    assert said.lines == ["La puntata deve essere più alta di quella sul tavolo."]
    assert room.statuses[-1]["refused"] == "bid_not_higher"


def test_dudo_out_of_turn_refused(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    room.standing, room.turn = (7, 5), "giulia"
    table.hear("dudo luca")
    assert room.submitted == [] and said.lines == ["Non è il tuo turno."]


def test_room_refusal_is_spoken(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    room.v = 99  # the room moved on: the version the table reads is fine, but refuse anyway
    room.submit = lambda p, a, source="voice": {"ok": False, "code": "bid_too_high", "message": "x"}  # type: ignore[method-assign,assignment]
    table.hear("sette cinque")
    assert said.lines == ["Sul tavolo non ci sono così tanti dadi."]


def test_noise_does_nothing(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    assert table.hear("buongiorno a tutti") is None
    assert room.submitted == [] and said.lines == []


def test_grammar_has_named_calza_and_cancel(table: VoiceTable, room: FakeRoom) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    phrases = table.grammar()
    assert "calza luca" in phrases and "annulla" in phrases and "dudo" in phrases
    assert phrases[-1] == "[unk]" or "[unk]" in phrases


def test_muted_listener_ignores_the_hub_and_resets(table: VoiceTable, room: FakeRoom) -> None:
    recogniser = Recogniser(object(), 16000, table.grammar(), factory=ScriptedVosk)
    listener = Listener(recogniser, Script(), table.hear, table.caption)
    listener.mute()
    listener._feed(b"sette cinque")
    assert room.submitted == []
    listener.unmute()
    listener._feed(b"sette cinque")
    assert len(room.submitted) == 1
    assert recogniser._rec.resets == 1


def test_the_turn_clock_at_zero_is_said_by_name(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    """The room's `clock_out` (the host's turn clock ran out) is a nudge the hub says aloud."""
    room.v += 1
    for cb in room.callbacks:
        cb([{"kind": "clock_out", "player": "giulia"}])
    assert said.lines == ["giulia, tempo scaduto: tocca a te!"]
    assert room.turn == "marco", "saying it plays nothing"
