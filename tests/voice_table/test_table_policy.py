"""The controller with the decision policy: 🎤 windows, modes, corrections, confidences,
"[unk]", the room's language, and the small status events, through a scripted recogniser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import dudo_hub.voice.start as session
from dudo_hub.voice.audio.recogniser import Listener, Recogniser
from dudo_hub.voice.setup import model as models
from dudo_hub.voice.setup.status import VoiceStatus
from dudo_hub.voice.table import VoiceTable
from tests.voice_table.fakes import FakeRoom, ManualTimers, Said, WordsVosk
from tests.voice_table.test_table import Script


@pytest.fixture
def table(room: FakeRoom, said: Said, timers: ManualTimers) -> VoiceTable:
    t = VoiceTable(room, "it", said, VoiceStatus([room.set_voice_status]), confirm_seconds=3.0, scheduler=timers)
    room.on_events(t.on_events)
    return t


def run(table: VoiceTable, *lines: str) -> Recogniser:
    recogniser = Recogniser(object(), 16000, table.grammar(), factory=WordsVosk)
    table.on_grammar = recogniser.set_grammar
    listener = Listener(recogniser, Script(*lines), table.hear, table.caption,
                        on_heard=lambda h: table.hear(h.text, h.words))
    listener.start()
    listener.join(5)
    return recogniser


def bids(room: FakeRoom) -> list[tuple[str, int, int]]:
    return [(p, a["quantity"], a["face"]) for p, a, _ in room.submitted if a["action"] == "bid"]


# --- the 🎤 window ---------------------------------------------------------------------


def test_the_window_credits_an_out_of_turn_calza(table: VoiceTable, room: FakeRoom, timers: ManualTimers) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    assert table.open_window("luca")["ok"]
    assert room.statuses[-1]["window"] == {"player": "luca", "seconds": 8.0}
    run(table, "calza")
    timers.advance(3)
    assert room.submitted == [("luca", {"action": "calza", "version": 1}, "voice")]
    assert room.statuses[-1]["window"] is None  # used once


def test_chatter_does_not_use_the_window_and_it_expires(table: VoiceTable, room: FakeRoom,
                                                        timers: ManualTimers) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    table.open_window("luca", seconds=5)
    run(table, "tocca a te")
    assert table._mic is not None
    timers.advance(5)
    assert table._mic is None and room.statuses[-1]["window"] is None
    run(table, "calza")
    timers.advance(3)
    assert room.submitted[0][0] == "giulia"  # the player to act again


def test_a_bid_in_another_players_window_is_refused(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    table.open_window("luca")
    run(table, "sette cinque")
    assert room.submitted == [] and said.lines == ["Non è il tuo turno."]


def test_the_window_is_only_for_seated_players(table: VoiceTable) -> None:
    assert table.open_window("nobody")["code"] == "unknown_player"


def test_after_button_mode_only_captions_outside_a_window(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    table.set_mode("after_button")
    assert room.statuses[-1]["mode"] == "after_button"
    run(table, "sette cinque", "annulla")
    assert room.submitted == [] and said.lines == []
    assert room.statuses[-1]["caption"] == "annulla"
    table.open_window("marco")
    run(table, "sette cinque")
    assert bids(room) == [("marco", 7, 5)]
    with pytest.raises(ValueError, match="unknown voice mode"):
        table.set_mode("sometimes")


# --- what is heard ----------------------------------------------------------------------


@pytest.mark.parametrize(("line", "bid"), [
    ("sette no otto cinque", (8, 5)), ("dieci quattro anzi dieci cinque", (10, 5)),
    ("sette cinque sette cinque", (7, 5)), ("sei pacos no sette pacos", (7, 1)),
])
def test_corrections_and_repeats_play_the_last_call_once(table: VoiceTable, room: FakeRoom, line: str,
                                                         bid: tuple[int, int]) -> None:
    room.standing = (5, 4)
    run(table, line)
    assert bids(room) == [("marco", *bid)]


def test_setwords_is_asked_for(table: VoiceTable) -> None:
    recogniser = run(table)
    assert recogniser._rec.words_on


def test_a_low_confidence_call_is_asked_about_not_played(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    run(table, "sette@0.4 cinque@0.98")
    assert room.submitted == [] and said.lines == ["marco, sette cinque? Sì o no."]
    last = room.statuses[-1]
    assert last["ask"]["player"] == "marco" and last["ask"]["text"] == "sette cinque"
    run(table, "sette@0.9 cinque@0.98")  # a clear call replaces the question
    assert bids(room) == [("marco", 7, 5)] and room.statuses[-1]["ask"] is None


def test_a_low_confidence_illegal_call_is_shown_not_played(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    room.standing = (9, 5)
    run(table, "sette@0.4 cinque@0.98")
    assert room.submitted == [] and said.lines == []
    last = room.statuses[-1]
    assert last["rejected"] == "low_confidence" and last["ask"] is None and last["caption"] == "sette cinque"
    assert last["message"].startswith("Ho sentito «sette cinque», ma non ne sono sicuro")


def test_unk_inside_a_call_is_shown_not_played(table: VoiceTable, room: FakeRoom) -> None:
    run(table, "sette [unk] cinque")
    assert room.submitted == []
    last = room.statuses[-1]
    assert last["rejected"] == "unknown_word" and last["caption"] == "sette … cinque"
    assert last["message"] == "Ho sentito «sette … cinque»: nessuna mossa."


def test_unk_around_chatter_is_nothing(table: VoiceTable, room: FakeRoom) -> None:
    run(table, "[unk] a te [unk]", "[unk]")
    assert room.submitted == [] and room.statuses[-1]["rejected"] is None


def test_dudo_inside_a_sentence_is_not_played(table: VoiceTable, room: FakeRoom, timers: ManualTimers) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    run(table, "chi ha fatto dudo", "non ci credo che hai vinto")
    timers.advance(5)
    assert room.submitted == []


# --- the room's language ------------------------------------------------------------------


def test_the_voice_follows_the_rooms_language(table: VoiceTable, room: FakeRoom, said: Said) -> None:
    grammars: list[list[str]] = []
    table.on_grammar = grammars.append
    table.set_language("es")
    assert "siete cincos" in grammars[-1] and "sette cinque" not in grammars[-1]
    table.hear("siete cincos")
    assert bids(room) == [("marco", 7, 5)] and said.lines == ["marco: siete cincos."]
    table.hear("anula")
    assert said.lines[-1] == "Anulado."
    assert room.statuses[-1]["lang"] == "es"


def test_the_session_loads_the_new_languages_model(monkeypatch: pytest.MonkeyPatch) -> None:
    loaded: list[str] = []

    def loader(path: str) -> Any:
        loaded.append(path)
        return _AllWords()

    monkeypatch.setattr(models, "locate", lambda lang, path=None: Path(f"/m/{lang}"))
    monkeypatch.setattr(models, "check_model_dir", lambda p: p)
    room = FakeRoom()
    s = session.start_voice(room, "it", speak=False, scheduler=ManualTimers(), model_loader=loader,
                            source=Script(), out=_Quiet(), factory=WordsVosk)
    assert s.listener is not None
    s.listener.join(2)
    s.set_language("fr", wait=True)
    assert loaded == ["/m/it", "/m/fr"] and s.table.lang == "fr" and s.speaker.lang == "fr"
    assert s.listener._swap and s.listener._swap[-1] is not None
    s.stop()


class _AllWords:
    def find_word(self, word: str) -> int:
        return 1


class _Quiet:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


# --- the status as small events -----------------------------------------------------------


def test_captions_go_as_small_changes_not_the_whole_status() -> None:
    full: list[dict[str, Any]] = []
    small: list[dict[str, Any]] = []
    status = VoiceStatus([full.append])
    status.add_change_sink(small.append)
    for text in ("se", "sette", "sette cin", "sette cinque", "sette cinque"):
        status.update(caption=text)
    assert small == [{"caption": "se"}, {"caption": "sette"}, {"caption": "sette cin"}, {"caption": "sette cinque"}]
    assert full == []  # no whole status per caption
    status.update(heard="sette cinque", player="marco")
    assert small[-1] == {"heard": "sette cinque", "player": "marco"} and full[-1]["caption"] == "sette cinque"
