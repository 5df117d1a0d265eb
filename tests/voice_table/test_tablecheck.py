"""The table check with fake audio and a scripted recogniser: prompts, words, levels, the saved report."""

from __future__ import annotations

import argparse
import array
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dudo_hub.voice.audio.recogniser import Recogniser
from dudo_hub.voice.setup import commands as voice_cmd
from dudo_hub.voice.setup import model as models
from dudo_hub.voice.setup.status import VoiceStatus
from dudo_hub.voice.setup.tablecheck import LevelMeter, TableCheck, checks_dir, dbfs, default_prompts

RATE = 16000


def tone(amplitude: int, seconds: float = 0.1) -> bytes:
    """A square wave of `amplitude` (its RMS and peak are both `amplitude`)."""
    n = int(RATE * seconds)
    return array.array("h", [amplitude if i % 2 else -amplitude for i in range(n)]).tobytes()


class Audio:
    """Chunks of tone; the recogniser's script says when a final result comes."""

    rate = RATE

    def __init__(self, chunks: list[bytes]) -> None:
        self._chunks = chunks

    def chunks(self) -> Iterator[bytes]:
        yield from self._chunks

    def close(self) -> None:
        pass


class ScriptedVosk:
    """Gives the next scripted result after `after` chunks of each utterance ("" = nothing heard)."""

    script: list[tuple[int, str]] = []

    def __init__(self, model: object, rate: float, grammar: str) -> None:
        self.count = 0

    def SetWords(self, on: bool) -> None:  # noqa: N802 - Vosk's name
        pass

    def AcceptWaveform(self, chunk: bytes) -> bool:  # noqa: N802
        self.count += 1
        return bool(self.script) and self.count >= self.script[0][0] and bool(self.script[0][1])

    def Result(self) -> str:  # noqa: N802
        _, text = self.script.pop(0)
        words = [{"word": w.split("@")[0], "conf": float((w.split("@") + ["1"])[1])} for w in text.split()]
        return json.dumps({"result": words, "text": " ".join(w["word"] for w in words)})

    def PartialResult(self) -> str:  # noqa: N802
        return '{"partial": ""}'

    def FinalResult(self) -> str:  # noqa: N802
        if self.script:
            self.script.pop(0)
        return '{"text": ""}'

    def Reset(self) -> None:  # noqa: N802
        self.count = 0

    def SetGrammar(self, grammar: str) -> None:  # noqa: N802
        pass


def test_levels_in_dbfs() -> None:
    meter = LevelMeter(RATE)
    meter.add(tone(3277, 0.5))
    assert meter.seconds == 0.5 and meter.rms_dbfs() == -20.0 and meter.peak_dbfs() == -20.0
    assert dbfs(0) == -96.0 and dbfs(32768) == 0.0


def test_the_check_walks_players_and_prompts_and_saves_what_was_heard(tmp_path: Path) -> None:
    prompts = default_prompts("it")[:2]  # "sette cinque", "tre pacos"
    assert [p.phrase for p in prompts] == ["sette cinque", "tre pacos"]
    ScriptedVosk.script = [(3, "sette cinque"), (2, "tre@0.5 pacos@0.9"), (2, "sette@0.95 sei@0.6"), (99, "")]
    audio = Audio([tone(3277)] * 5 + [tone(328)] * 80)  # marco speaks up, giulia is far away
    shown: list[dict[str, Any]] = []
    status = VoiceStatus()
    check = TableCheck("it", ["marco", "giulia"], Recogniser(object(), RATE, ["[unk]"], factory=ScriptedVosk),
                       audio, prompts=prompts, seconds=6.0, on_prompt=shown.append, status=status,
                       clock=lambda: 0.0)
    report = check.run()
    assert [s.get("text") for s in shown] == [
        "marco, di': sette cinque", "marco, di': tre pacos", "giulia, di': sette cinque", "giulia, di': tre pacos",
        "Prova finita: grazie!"]
    assert status.snapshot()["check"] is None
    heard = [(a.player, a.heard, a.right) for a in report.attempts]
    assert heard == [("marco", "sette cinque", True), ("marco", "tre pacos", True),
                     ("giulia", "sette sei", False), ("giulia", "", False)]
    players = report.by_player()
    assert players["marco"] == {"said": 2, "right": 2, "rms_dbfs": -20.0, "peak_dbfs": -20.0}
    assert players["giulia"] == {"said": 2, "right": 0, "rms_dbfs": -40.0, "peak_dbfs": -40.0}
    assert report.attempts[-1].seconds == 6.0  # nothing heard: the prompt gave up after 6 s of audio
    words = report.by_word()
    assert words["sette"] == {"asked": 2, "heard": 2, "mean_conf": 0.975}
    assert words["cinque"] == {"asked": 2, "heard": 1, "mean_conf": 1.0}
    assert words["pacos"]["heard"] == 1
    path = report.save(tmp_path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["players"]["marco"]["right"] == 2 and saved["attempts"][2]["words"][1] == {"word": "sei", "conf": 0.6}


def test_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert checks_dir() == tmp_path / "dudo-hub" / "checks"


def test_dudo_voice_test_without_a_model_says_what_to_do(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(models, "locate", lambda lang, path=None, root=None: None)
    parser = argparse.ArgumentParser(prog="dudo")
    voice_cmd.add_voice_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["voice", "test", "it", "--players", "Marco,Giulia"])
    assert args.handler(args) == 1
    assert "dudo voice install it" in capsys.readouterr().err
