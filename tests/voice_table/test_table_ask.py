"""The hub's "did you mean?": asked, answered by a tap or by voice, expired, replaced, dropped."""

from __future__ import annotations

from typing import Any

import pytest

from dudo_hub.voice.setup.status import VoiceStatus
from dudo_hub.voice.table import VoiceTable
from tests.voice_table.fakes import FakeRoom, ManualTimers, Said


@pytest.fixture
def table(room: FakeRoom, said: Said, timers: ManualTimers) -> VoiceTable:
    t = VoiceTable(room, "it", said, VoiceStatus([room.set_voice_status]), confirm_seconds=3.0, scheduler=timers,
                   ask_seconds=6.0)
    room.on_events(t.on_events)
    return t


def ask(room: FakeRoom) -> dict[str, Any] | None:
    value: dict[str, Any] | None = room.statuses[-1]["ask"]
    return value


def test_a_bid_with_a_comment_after_it_is_asked_with_the_words_heard(table: VoiceTable, room: FakeRoom,
                                                                      said: Said) -> None:
    table.hear("sette quattro forse")
    assert room.submitted == []
    assert ask(room) == {"id": 1, "player": "marco", "intent": "bid", "quantity": 7, "face": 4,
                         "heard": "sette quattro", "text": "sette quattro forse", "seconds": 6.0}
    assert said.lines == ["marco, sette quattro? Sì o no."]


def test_yes_by_voice_plays_the_move(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("sette quattro forse")
    table.hear("sì")
    assert [(p, a["quantity"], a["face"]) for p, a, _ in room.submitted] == [("marco", 7, 4)]
    assert ask(room) is None and room.statuses[-1]["pending"] == "cancel"


def test_no_by_voice_drops_it(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("sette quattro forse")
    table.hear("no no")
    assert room.submitted == [] and ask(room) is None
    table.hear("sì")  # nothing waits now: "sì" alone is no move
    assert room.submitted == []


def test_a_tap_answers_only_the_asked_phone_and_only_that_question(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("sette quattro forse")
    first = ask(room)
    assert first is not None
    assert table.answer("giulia", first["id"], True)["code"] == "nothing_to_answer"
    assert table.answer("marco", first["id"] + 1, True)["code"] == "nothing_to_answer"
    assert table.answer("marco", first["id"], True)["ok"]
    assert room.submitted[0][0] == "marco" and ask(room) is None
    assert table.answer("marco", first["id"], True)["code"] == "nothing_to_answer"  # answered once


def test_it_expires_to_nothing(table: VoiceTable, room: FakeRoom, timers: ManualTimers) -> None:
    table.hear("sette quattro forse")
    timers.advance(5.9)
    assert ask(room) is not None
    timers.advance(0.2)
    assert ask(room) is None and room.submitted == []
    table.hear("sì")
    assert room.submitted == []


def test_one_question_at_a_time_the_newest_wins(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("sette quattro forse")
    table.hear("otto cinque magari")
    current = ask(room)
    assert current is not None and (current["id"], current["quantity"], current["face"]) == (2, 8, 5)
    table.hear("sì")
    assert [(a["quantity"], a["face"]) for _, a, _ in room.submitted] == [(8, 5)]


def test_chatter_never_asks_and_keeps_the_question(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("sette quattro forse")
    table.hear("che fame ragazzi")
    table.hear("mi si è bucata la calza")
    current = ask(room)
    assert current is not None and current["quantity"] == 7


def test_a_phones_own_move_drops_the_question(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("sette quattro forse")
    room.phone_bid("marco", (6, 6))
    assert ask(room) is None
    table.hear("sì")
    assert [p for p, _, source in room.submitted if source == "voice"] == []


def test_a_sound_alike_call_is_asked_and_yes_commits_it_at_once(table: VoiceTable, room: FakeRoom,
                                                                 said: Said) -> None:
    room.standing, room.turn = (5, 4), "giulia"
    table.hear("dudu")
    assert room.submitted == [] and ask(room) is not None and ask(room)["intent"] == "dudo"  # type: ignore[index]
    table.hear("certo")
    assert room.submitted == [("giulia", {"action": "dudo", "version": 1}, "voice")]


def test_an_illegal_move_is_never_asked(table: VoiceTable, room: FakeRoom) -> None:
    room.standing = (9, 4)
    table.hear("sette quattro forse")
    assert ask(room) is None and room.statuses[-1]["rejected"] == "unclear"


def test_a_cancel_is_asked_only_when_there_is_a_move_to_take_back(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("annula")  # a near-miss of "annulla": nothing to take back, nothing to ask
    assert ask(room) is None
    table.hear("sette cinque")
    table.hear("annula")
    current = ask(room)
    assert current is not None and current["intent"] == "cancel" and current["player"] == "marco"
    assert current["heard"] == "annulla"
    table.hear("sì")
    assert room.undone == ["marco"]


def test_the_grammar_hears_yes_and_no_only_while_asking(room: FakeRoom, said: Said, timers: ManualTimers) -> None:
    known = {"si", "no", "sette", "quattro", "certo"}
    table = VoiceTable(room, "it", said, VoiceStatus([room.set_voice_status]), scheduler=timers,
                       vocabulary=lambda w: w in known or w.isalpha())
    grammars: list[list[str]] = []
    table.on_grammar = grammars.append
    assert "confermo" not in table.grammar()
    table.hear("sette quattro forse")
    assert "confermo" in grammars[-1] and "lascia stare" in grammars[-1]
    timers.advance(10)
    assert "confermo" not in grammars[-1]


def test_a_cancel_while_asked_drops_the_question_and_takes_nothing_back(table: VoiceTable, room: FakeRoom) -> None:
    table.hear("sette cinque")
    room.turn = "giulia"
    table.hear("otto cinque forse")
    asked = ask(room)
    assert asked is not None and asked["player"] == "giulia"
    table.hear("annulla")
    assert ask(room) is None and room.undone == []


def test_after_button_mode_asks_in_a_window_and_hears_the_answer_after_it(table: VoiceTable, room: FakeRoom) -> None:
    table.set_mode("after_button")
    table.hear("sette quattro forse")
    assert ask(room) is None, "no window: only captioned"
    assert table.open_window("marco")["ok"]
    table.hear("sette quattro forse")
    assert ask(room) is not None and table._mic is None
    table.hear("sì")
    assert [(p, a["quantity"], a["face"]) for p, a, _ in room.submitted] == [("marco", 7, 4)]
