"""Every failure turns voice (or speech) off with a clear message; the hub plays on."""

from __future__ import annotations

import builtins
import io
from pathlib import Path
from typing import Any

import pytest

import dudo_hub.voice.audio.microphone as microphone
import dudo_hub.voice.start as session
from dudo_hub.voice.audio.microphone import AudioUnavailable
from dudo_hub.voice.setup import model as models
from dudo_hub.voice.setup.status import VoiceStatus
from tests.voice_table.fakes import FakeRoom, ManualTimers


def start(room: FakeRoom, **kw: Any) -> tuple[session.VoiceSession, str]:
    out = io.StringIO()
    s = session.start_voice(room, "it", speak=False, out=out, scheduler=ManualTimers(), **kw)
    return s, out.getvalue()


def test_no_model(room_env: None) -> None:
    room = FakeRoom()
    s, text = start(room)
    assert s.listener is None
    assert "dudo voice install it" in text
    assert room.statuses[-1]["listening"] is False and room.statuses[-1]["reason"] == "no_model"


def test_static_graph_model_refused(room_env: None, tmp_path: Path) -> None:
    (tmp_path / "am").mkdir()
    (tmp_path / "am" / "final.mdl").write_bytes(b"x")
    (tmp_path / "graph").mkdir()
    (tmp_path / "graph" / "HCLG.fst").write_bytes(b"x")
    room = FakeRoom()
    s, text = start(room, model_path=tmp_path)
    assert "static graph" in text and room.statuses[-1]["reason"] == "bad_model"


def test_no_portaudio(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def fake_import(name: str, *args: Any, **kw: Any) -> Any:
        if name == "sounddevice":
            raise OSError("PortAudio library not found")
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(AudioUnavailable) as err:
        microphone.load_sounddevice()
    assert err.value.reason == "no_portaudio"


class FakeSD:
    def __init__(self, info: Any) -> None:
        self.info = info

    def query_devices(self, kind: str) -> Any:
        if isinstance(self.info, Exception):
            raise self.info
        return self.info


def test_no_microphone() -> None:
    with pytest.raises(AudioUnavailable) as err:
        microphone.default_input(FakeSD(ValueError("Error querying device -1")))  # type: ignore[arg-type]
    assert err.value.reason == "no_microphone"
    with pytest.raises(AudioUnavailable):
        microphone.default_input(FakeSD({"max_input_channels": 0}))  # type: ignore[arg-type]


def test_microphone_rate_is_the_devices() -> None:
    sd = FakeSD({"index": 3, "max_input_channels": 1, "default_samplerate": 44100.0})
    assert microphone.default_input(sd) == (3, 44100)  # type: ignore[arg-type]


@pytest.mark.parametrize("reason", ["no_portaudio", "no_microphone"])
def test_session_without_audio_plays_on(monkeypatch: pytest.MonkeyPatch, reason: str) -> None:
    def broken() -> None:
        raise AudioUnavailable(reason, "simulated")

    monkeypatch.setattr(session, "_open_microphone", broken)
    monkeypatch.setattr(models, "locate", lambda lang, path=None: Path("/m"))
    monkeypatch.setattr(models, "check_model_dir", lambda p: p)
    room = FakeRoom()
    s, text = start(room, model_loader=lambda p: FakeModel())
    assert s.listener is None and room.statuses[-1]["reason"] == reason
    assert "Voice off" in text
    s.table.hear("sette cinque")  # the controller itself still works (e.g. a test feed)
    assert room.submitted


class FakeModel:
    """A model that knows every word but 'dudo' and 'calza'."""

    def find_word(self, word: str) -> int:
        return -1 if word in ("dudo", "calza", "calzo", "dubito", "du", "do", "cal", "za", "calsa") else 1


def test_model_lacking_words_reports_hearable_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session, "_open_microphone", lambda: (_ for _ in ()).throw(
        AudioUnavailable("no_microphone", "none")))
    monkeypatch.setattr(models, "locate", lambda lang, path=None: Path("/m"))
    monkeypatch.setattr(models, "check_model_dir", lambda p: p)
    room = FakeRoom()
    s, text = start(room, model_loader=lambda p: FakeModel())
    assert "not calza" in text and "hears dudo" in text  # "non ci credo" still says dudo
    assert room.statuses[-1]["calls_missing"] == ["calza"]
    assert all("calza" not in p for p in s.table.grammar())


def test_status_sink_failure_does_not_stop_voice() -> None:
    def broken(_: dict[str, Any]) -> None:
        raise RuntimeError("TV gone")

    out = io.StringIO()
    status = VoiceStatus([broken], out=out)
    status.update(caption="x")
    assert "TV gone" in out.getvalue() and status.snapshot()["caption"] == "x"


@pytest.fixture
def room_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DUDO_VOSK_MODEL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "empty"))
