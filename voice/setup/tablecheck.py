"""`dudo voice test`: a one-minute table check of the microphone and the speech model.

Each player in turn is asked to say a few calls; the recogniser listens with the whole
game's grammar, so a call misheard shows up as what it was heard as. For every player
and prompt the check keeps the words heard with their confidences, which of the words
asked for were heard, the move understood, and the microphone level while the prompt
was open (RMS and peak, in dBFS). The report is saved as JSON in the data folder
(`~/.local/share/dudo-hub/checks/`), so a table with a real model can measure its own
accuracy, and see whether a player is too far from the microphone.

A screen shows the prompts through `on_prompt` (and the status key `check`); the
terminal prints them.
"""

from __future__ import annotations

import array
import json
import math
import queue
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from dudo_hub.voice.audio.microphone import AudioSource, Offload, direct
from dudo_hub.voice.audio.recogniser import Heard, Listener, Recogniser
from dudo_hub.voice.language.packs import load_pack
from dudo_hub.voice.language.text import tokens
from dudo_hub.voice.language.wording import announce, render_bid
from dudo_hub.voice.setup import model as models
from dudo_hub.voice.setup.status import VoiceStatus
from dudo_hub.voice.understand.intent import Intent
from dudo_hub.voice.understand.parser import parse

PromptSink = Callable[[dict[str, Any]], None]
SILENCE_DBFS = -96.0


def checks_dir() -> Path:
    """Where reports go: next to the models, `.../dudo-hub/checks`."""
    return models.data_dir().parent / "checks"


@dataclass(frozen=True, slots=True)
class Prompt:
    """A phrase to say and the move it is."""

    phrase: str
    expect: Intent


def default_prompts(lang: str) -> list[Prompt]:
    """Two bids, a bid on pacos, Dudo and Calza, in the pack's own words."""
    pack = load_pack(lang)
    bids = [(7, 5), (3, 1), (12, 2)]
    prompts = [Prompt(render_bid(lang, q, f), Intent.bid(q, f)) for q, f in bids]
    return prompts + [Prompt(pack.calls[call][0], Intent(call)) for call in ("dudo", "calza")]


class LevelMeter:
    """RMS and peak of 16-bit mono audio, and how long it lasted."""

    def __init__(self, rate: int) -> None:
        self.rate, self.samples, self._squares, self.peak = rate, 0, 0.0, 0

    def add(self, chunk: bytes) -> None:
        """Count one chunk."""
        values = array.array("h", chunk[: len(chunk) - len(chunk) % 2])
        self.samples += len(values)
        self._squares += float(sum(v * v for v in values))
        self.peak = max([self.peak, *(abs(v) for v in values)])

    @property
    def seconds(self) -> float:
        """Audio counted so far."""
        return self.samples / self.rate

    def rms_dbfs(self) -> float:
        """Loudness over the whole window."""
        return dbfs(math.sqrt(self._squares / self.samples) if self.samples else 0.0)

    def peak_dbfs(self) -> float:
        """The loudest sample."""
        return dbfs(self.peak)


def dbfs(amplitude: float) -> float:
    """A 16-bit amplitude in dB below full scale (-96 for silence)."""
    return round(max(SILENCE_DBFS, 20 * math.log10(amplitude / 32768)) if amplitude > 0 else SILENCE_DBFS, 1)


@dataclass
class Attempt:
    """One player saying one prompt."""

    player: str
    phrase: str
    heard: str
    words: list[dict[str, Any]]
    understood: dict[str, object]
    right: bool
    words_heard: dict[str, bool]
    rms_dbfs: float
    peak_dbfs: float
    seconds: float


@dataclass
class Report:
    """Every attempt, with per-player and per-word summaries."""

    lang: str
    players: list[str]
    started: str
    attempts: list[Attempt] = field(default_factory=list)

    def by_player(self) -> dict[str, dict[str, Any]]:
        """Right / said, and the mean mic levels, per player."""
        out = {}
        for player in self.players:
            mine = [a for a in self.attempts if a.player == player]
            out[player] = {
                "said": len(mine),
                "right": sum(a.right for a in mine),
                "rms_dbfs": round(sum(a.rms_dbfs for a in mine) / len(mine), 1) if mine else SILENCE_DBFS,
                "peak_dbfs": max((a.peak_dbfs for a in mine), default=SILENCE_DBFS),
            }
        return out

    def by_word(self) -> dict[str, dict[str, Any]]:
        """How often each word asked for was heard, and its mean confidence when it was."""
        out: dict[str, dict[str, Any]] = {}
        for attempt in self.attempts:
            confs = {w["word"]: w["conf"] for w in attempt.words}
            for word, heard in attempt.words_heard.items():
                row = out.setdefault(word, {"asked": 0, "heard": 0, "confs": []})
                row["asked"] += 1
                row["heard"] += heard
                if heard and word in confs:
                    row["confs"].append(confs[word])
        for row in out.values():
            confs = row.pop("confs")
            row["mean_conf"] = round(sum(confs) / len(confs), 3) if confs else None
        return out

    def to_dict(self) -> dict[str, Any]:
        """The JSON saved in the data folder."""
        return {"lang": self.lang, "started": self.started, "players": self.by_player(), "words": self.by_word(),
                "attempts": [asdict(a) for a in self.attempts]}

    def save(self, folder: Path | None = None) -> Path:
        """Write the report as `check-<time>.json`; returns its path."""
        folder = folder or checks_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"check-{self.started.replace(':', '').replace('-', '')}.json"
        path.write_text(json.dumps(self.to_dict(), ensure_ascii=False, indent=1), encoding="utf-8")
        return path

    def lines(self) -> list[str]:
        """A summary for the terminal."""
        out = [f"{p}: {s['right']}/{s['said']} right, mic {s['rms_dbfs']} dBFS (peak {s['peak_dbfs']})"
               for p, s in self.by_player().items()]
        for word, row in self.by_word().items():
            conf = "" if row["mean_conf"] is None else f", confidence {row['mean_conf']}"
            out.append(f"  '{word}': heard {row['heard']}/{row['asked']}{conf}")
        return out


class TableCheck:
    """Walks through players and prompts, listening to `source` with `recogniser`."""

    def __init__(
        self, lang: str, players: Sequence[str], recogniser: Recogniser, source: AudioSource, *,
        prompts: Sequence[Prompt] | None = None, seconds: float = 6.0, on_prompt: PromptSink | None = None,
        status: VoiceStatus | None = None, clock: Callable[[], float] = time.time,
    ) -> None:
        self.lang, self.players, self.recogniser, self.source = lang, list(players), recogniser, source
        self.prompts = list(prompts or default_prompts(lang))
        self.seconds, self.on_prompt, self.status, self.clock = seconds, on_prompt, status, clock

    def run(self) -> Report:
        """Every player says every prompt; the report of what was heard."""
        started = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(self.clock()))
        report = Report(self.lang, self.players, started)
        chunks = iter(self.source.chunks())
        total = len(self.players) * len(self.prompts)
        for p, player in enumerate(self.players):
            for i, prompt in enumerate(self.prompts):
                self._show(player, prompt, p * len(self.prompts) + i + 1, total)
                report.attempts.append(self._listen(chunks, player, prompt))
        self._done()
        return report

    def _show(self, player: str, prompt: Prompt, index: int, total: int) -> None:
        text = announce(self.lang, "check_prompt", player=player, phrase=prompt.phrase)
        shown = {"player": player, "phrase": prompt.phrase, "index": index, "total": total, "text": text}
        if self.status is not None:
            self.status.update(check=shown)
        if self.on_prompt is not None:
            self.on_prompt(shown)

    def _done(self) -> None:
        if self.status is not None:
            self.status.update(check=None)
        if self.on_prompt is not None:
            self.on_prompt({"done": True, "text": announce(self.lang, "check_done")})

    def _listen(self, chunks: Iterator[bytes], player: str, prompt: Prompt) -> Attempt:
        """Feed audio until a final result or `seconds` of audio; measure it meanwhile."""
        self.recogniser.reset()
        meter = LevelMeter(self.source.rate)
        heard: Heard | None = None
        for chunk in chunks:
            meter.add(chunk)
            heard = self.recogniser.accept(chunk)
            if heard is not None and heard.final:
                break
            heard = None
            if meter.seconds >= self.seconds:
                break
        if heard is None:
            heard = self.recogniser.finish()
        return _attempt(self.lang, player, prompt, heard, meter)


def _attempt(lang: str, player: str, prompt: Prompt, heard: Heard | None, meter: LevelMeter) -> Attempt:
    text = heard.text if heard is not None else ""
    words = [{"word": w.text, "conf": round(w.conf, 3)} for w in (heard.words or ())] if heard else []
    understood = parse(text, lang)
    said = tokens(text)
    asked = tokens(prompt.phrase)
    words_heard = {}
    for word in asked:
        words_heard[word] = word in said
        if word in said:
            said.remove(word)
    right = (understood.intent, understood.as_bid()) == (prompt.expect.intent, prompt.expect.as_bid())
    return Attempt(player, prompt.phrase, text, words, understood.to_dict(), right, words_heard,
                   meter.rms_dbfs(), meter.peak_dbfs(), round(meter.seconds, 2))


class TappedSource:
    """An AudioSource fed by another thread's chunks (the live listener, diverted)."""

    def __init__(self, rate: int) -> None:
        self.rate = rate
        self._queue: queue.Queue[bytes | None] = queue.Queue()

    def put(self, chunk: bytes) -> None:
        """A chunk from the microphone."""
        self._queue.put(chunk)

    def chunks(self) -> Iterator[bytes]:
        """The chunks, until closed."""
        while (chunk := self._queue.get()) is not None:
            yield chunk

    def close(self) -> None:
        """No more chunks."""
        self._queue.put(None)


def check_during_game(listener: Listener, model: Any, lang: str, players: Sequence[str],
                      grammar: Sequence[str], status: VoiceStatus, *, seconds: float = 6.0,
                      factory: Any = None, folder: Path | None = None, offload: Offload = direct) -> Report:
    """Run the table check on the hub's own microphone: the live listener's audio is diverted
    to the check (no move is played meanwhile) and given back at the end. The report is
    saved in the data folder and its summary put in the status (`check_report`)."""
    source = TappedSource(listener.source.rate)
    recogniser = Recogniser(model, source.rate, grammar, factory=factory, offload=offload)
    check = TableCheck(lang, players, recogniser, source, seconds=seconds, status=status)
    listener.divert(source.put)
    try:
        report = check.run()
    finally:
        listener.divert(None)
        source.close()
    path = report.save(folder)
    status.update(check_report={"players": report.by_player(), "words": report.by_word(), "saved": str(path)})
    return report
