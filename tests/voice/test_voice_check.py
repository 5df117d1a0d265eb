"""`dudo voice check LANG`: each part in words with its fix, one verdict line, and the exit code.

The devices are faked at their edges: the model loader, the sounddevice module, espeak-ng's
presence and the pyttsx3 engine.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from dudo_hub.voice.audio import microphone, recogniser, speech
from dudo_hub.voice.audio.microphone import AudioUnavailable
from dudo_hub.voice.language.packs import languages, load_pack
from dudo_hub.voice.setup import checkup
from dudo_hub.voice.setup import commands as voice_cmd

ROOT = Path(__file__).resolve().parents[2]
PACK_LANGS = sorted(p.stem for p in (ROOT / "voice" / "language" / "packs").glob("*.json"))


class FakeSounddevice:
    """sounddevice's `query_devices`: one input device, or PortAudio's error when there is none."""

    def __init__(self, device: dict[str, Any] | None) -> None:
        self.device = device

    def query_devices(self, device: Any = None, kind: str | None = None) -> dict[str, Any]:
        if self.device is None:
            raise RuntimeError("Error querying device -1")
        return self.device


USB_MIC = {"name": "USB Mic", "index": 3, "max_input_channels": 1, "default_samplerate": 48000.0}


class FakeModel:
    """A Vosk model's lexicon: `find_word` is -1 for words it lacks."""

    def __init__(self, lacks: set[str] | None = None, knows_nothing: bool = False) -> None:
        self.lacks, self.knows_nothing = lacks or set(), knows_nothing

    def find_word(self, word: str) -> int:
        return -1 if self.knows_nothing or word in self.lacks else 1


def _model_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "vosk-model-small-xx"
    for part in ("am/final.mdl", "graph/HCLr.fst", "graph/Gr.fst"):
        (folder / part).parent.mkdir(parents=True, exist_ok=True)
        (folder / part).write_text("")
    return folder


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> SimpleNamespace:
    """Everything works until a test breaks a part: a model, a USB microphone, espeak-ng with every voice."""
    voices = [speech.voice_id(lang) for lang in languages()]
    state = SimpleNamespace(model=FakeModel(), device=USB_MIC, espeak=True, voices=voices,
                            folder=_model_folder(tmp_path), portaudio=True)
    monkeypatch.delenv("DUDO_VOSK_MODEL", raising=False)
    monkeypatch.setattr(recogniser, "load_model", lambda path: state.model)

    def load_sounddevice() -> Any:
        if not state.portaudio:
            raise AudioUnavailable("no_portaudio", "libportaudio.so.2: cannot open shared object file")
        return FakeSounddevice(state.device)

    monkeypatch.setattr(microphone, "load_sounddevice", load_sounddevice)
    monkeypatch.setattr(speech, "espeak_present", lambda: state.espeak)
    monkeypatch.setattr(speech, "player_present", lambda: True)
    monkeypatch.setattr(speech, "pyttsx3_engine", lambda: _FakeEngine(state.voices))
    return state


class _FakeEngine:
    def __init__(self, voices: list[str]) -> None:
        self.voices = [SimpleNamespace(id=v) for v in voices]

    def getProperty(self, name: str) -> Any:  # noqa: N802 - pyttsx3's name
        return self.voices if name == "voices" else None

    def setProperty(self, name: str, value: Any) -> None:  # noqa: N802 - pyttsx3's name
        pass


def _check(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    parser = argparse.ArgumentParser(prog="dudo")
    voice_cmd.add_voice_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["voice", *argv])
    code = args.handler(args)
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def _no_codes(lines: list[str]) -> None:
    """No reason code and no espeak-ng voice id reaches the person reading."""
    text = "\n".join(lines)
    ids = [speech.voice_id(lang) for lang in languages()]
    for code in ("no_model", "no_microphone", "no_portaudio", "no_espeak", *ids):
        assert code not in text.replace("Italiano", "").replace("vosk-model", ""), (code, text)


def test_everything_works_voice_on(machine: SimpleNamespace, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = _check(["check", "it", "--model", str(machine.folder)], capsys)
    assert code == 0
    assert lines[0] == "Voice check for Italiano (it):"
    assert any(line.startswith("  speech model: works: vosk-model-small-xx hears the calls “dubito”") for line in lines)
    assert "  microphone: works: “USB Mic” at 48000 Hz" in lines
    assert "  speech output: works: espeak-ng speaks Italiano" in lines
    assert not any("fix:" in line for line in lines)
    assert lines[-1] == "voice will be on: the hub hears calls in Italiano and speaks the moves."
    _no_codes(lines)


def test_no_model_and_no_microphone_voice_off(machine: SimpleNamespace, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    machine.device = None
    code, lines, _ = _check(["check", "es", "--dir", str(tmp_path / "nothing-here")], capsys)
    assert code == 1
    assert lines[1:] == [
        "  speech model: does not work: no speech model for Español is installed",
        "      fix: dudo voice install es",
        "  microphone: does not work: no microphone was found (the sound system says: Error querying device -1)",
        f"      fix: {checkup.MIC_FIX}",
        "  speech output: works: espeak-ng speaks Español",
        "voice will be off because no speech model for Español is installed and no microphone was found; "
        "the moves will still be spoken.",
    ]
    _no_codes(lines)


def test_only_the_microphone_missing_is_voice_off(machine: SimpleNamespace,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    machine.device = {**USB_MIC, "max_input_channels": 0}  # a default device that only plays
    code, lines, _ = _check(["check", "it", "--model", str(machine.folder)], capsys)
    assert code == 1
    assert lines[-1] == "voice will be off because no microphone was found; the moves will still be spoken."


def test_no_portaudio_says_which_package(machine: SimpleNamespace, capsys: pytest.CaptureFixture[str]) -> None:
    machine.portaudio = False
    code, lines, _ = _check(["check", "it", "--model", str(machine.folder)], capsys)
    assert code == 1
    assert "      fix: sudo apt-get install libportaudio2" in lines
    assert lines[-1].startswith("voice will be off because the audio library PortAudio is missing;")


def test_espeak_missing_voice_on_but_silent(machine: SimpleNamespace, capsys: pytest.CaptureFixture[str]) -> None:
    machine.espeak = False
    code, lines, _ = _check(["check", "it", "--model", str(machine.folder)], capsys)
    assert code == 0
    assert "  speech output: does not work: espeak-ng is not installed" in lines
    assert "      fix: sudo apt-get install espeak-ng" in lines
    assert lines[-1] == ("voice will be on: the hub hears calls in Italiano, but will not speak the moves "
                         "because espeak-ng is not installed.")


def test_espeak_without_the_languages_voice(machine: SimpleNamespace, capsys: pytest.CaptureFixture[str]) -> None:
    machine.voices = ["gmw/en"]
    machine.device = None
    code, lines, _ = _check(["check", "fr", "--model", str(machine.folder)], capsys)
    assert code == 1
    assert "  speech output: does not work: espeak-ng has no Français voice" in lines
    assert lines[-1].endswith("; the moves will not be spoken either.")
    _no_codes(lines)


def test_a_model_of_another_language_is_not_a_working_model(machine: SimpleNamespace,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    machine.model = FakeModel(knows_nothing=True)
    code, lines, _ = _check(["check", "it", "--model", str(machine.folder)], capsys)
    assert code == 1
    assert any("knows none of the Italiano calls" in line for line in lines)
    assert "      fix: dudo voice install it, then leave out --model" in lines


def test_a_model_missing_a_call_word_says_what_to_say(machine: SimpleNamespace,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    pack = load_pack("it")
    own, other = pack.calls["calza"][:2]
    spellings = (own, *pack.sound_alikes.get(own, ()))
    machine.model = FakeModel(lacks={word for s in spellings for word in s.split()})  # only its synonym is heard
    code, lines, _ = _check(["check", "it", "--model", str(machine.folder)], capsys)
    assert code == 0
    assert any(line.startswith("      ") and own in line and other in line for line in lines), lines


def test_a_model_deaf_to_a_call_says_to_use_the_phone(machine: SimpleNamespace,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    pack = load_pack("it")
    calza = {phrase for p in pack.calls["calza"] for phrase in (p, *pack.sound_alikes.get(p, ()))}
    machine.model = FakeModel(lacks={word for phrase in calza for word in phrase.split()})
    code, lines, _ = _check(["check", "it", "--model", str(machine.folder)], capsys)
    assert code == 0
    assert "      it cannot hear calza in any form: use the phone for it" in lines


def test_a_folder_that_is_no_model(machine: SimpleNamespace, capsys: pytest.CaptureFixture[str],
                                   tmp_path: Path) -> None:
    code, lines, _ = _check(["check", "it", "--model", str(tmp_path / "nope")], capsys)
    assert code == 1
    assert any(line.startswith("  speech model: does not work: the speech model in ") for line in lines)


@pytest.mark.parametrize("command", [["check", "xx"], ["check", "ko"], ["test", "xx", "--players", "Ann"]])
def test_an_unknown_language_is_refused_with_the_known_ones(machine: SimpleNamespace, command: list[str],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = _check(command, capsys)
    assert code == 2 and lines == []
    assert f"unknown language {command[1]!r}" in err
    listed = err.split("are: ", 1)[1].strip()
    assert listed == ", ".join(f"{lang} ({load_pack(lang).name})" for lang in PACK_LANGS)
    assert "install" not in err


def test_the_known_languages_are_the_packs_on_disk() -> None:
    assert list(checkup.known_languages()) == PACK_LANGS and len(PACK_LANGS) >= 5
    assert all(checkup.unknown_language(lang) is None for lang in PACK_LANGS)


def test_the_real_command_exits_2_for_an_unknown_language() -> None:
    done = subprocess.run([sys.executable, "-m", "dudo_hub.server.cli.main", "voice", "check", "xx"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done
    assert "unknown language 'xx'" in done.stderr and "it (Italiano)" in done.stderr and not done.stdout
