"""One long-lived Vosk recogniser fed by any audio source, in its own thread.

The grammar (the phrases legal now) is swapped only between utterances: a new one
waits until the current utterance ends. Only final results make moves; partial ones
are captions. An utterance ends at Kaldi's own endpoint, or sooner at the endpointer's
(voice.audio.endpoint: a short run of trailing silence), which asks Vosk for its final result
then. Final results carry each word's confidence (Vosk's `SetWords`) and keep
the recogniser's "[unk]", so the decision policy can refuse a call it did not hear
well; a final made only of "[unk]" is noise and is dropped. While the hub speaks the
listener is muted, and it resets afterwards so that the hub's own voice never ends up
in an utterance.

Vosk's calls block in C: they go through the recogniser's `offload` (voice.microphone),
which the hub points at a real OS thread when it serves on gevent's loop; the results
come back to the listener, which tells the table.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from dudo_hub.voice.audio.endpoint import ENDPOINTING, Endpointer, Endpointing
from dudo_hub.voice.audio.microphone import AudioSource, Offload, direct
from dudo_hub.voice.decision.policy import Word
from dudo_hub.voice.language.text import UNK

Factory = Callable[[Any, float, str], Any]


@dataclass(frozen=True, slots=True)
class Heard:
    """Words heard: a partial caption, or a final transcript (with its words, when the
    recogniser gives them)."""

    text: str
    final: bool
    words: tuple[Word, ...] | None = None


def grammar_json(phrases: Iterable[str]) -> str:
    """Vosk's grammar: a JSON list of phrases, with "[unk]" to absorb anything else."""
    unique = list(dict.fromkeys(p.strip() for p in phrases if p.strip()))
    if UNK not in unique:
        unique.append(UNK)
    return json.dumps(unique, ensure_ascii=False)


def vocabulary(model: Any) -> Callable[[str], bool]:
    """A predicate: is this word in the model's lexicon? (Vosk's find_word gives -1 if not.)"""
    find = getattr(model, "find_word", None) or model.vosk_model_find_word

    def known(word: str) -> bool:
        return all(int(find(part)) >= 0 for part in word.split())

    return known


def unknown_words(phrases: Iterable[str], known: Callable[[str], bool]) -> list[str]:
    """The words of `phrases` the model does not know, in order, once each."""
    words = dict.fromkeys(w for p in phrases for w in p.split() if w != UNK)
    return [w for w in words if not known(w)]


def load_model(path: str) -> Any:
    """A vosk.Model from a folder, with Kaldi's logging quiet."""
    import vosk

    vosk.SetLogLevel(-1)
    return vosk.Model(path)


def _default_factory(model: Any, rate: float, grammar: str) -> Any:
    import vosk

    return vosk.KaldiRecognizer(model, rate, grammar)


class Recogniser:
    """Adapter over one KaldiRecognizer: feed chunks, get Heard or None. Not thread-safe:
    one thread feeds it; `set_grammar` alone may be called from any thread. `endpoint`: how the
    endpointer ends a call (None: at Kaldi's own endpoint only)."""

    def __init__(self, model: Any, rate: float, phrases: Sequence[str],
                 factory: Factory | None = None, offload: Offload = direct,
                 endpoint: Endpointing | None = ENDPOINTING) -> None:
        self._model, self._rate = model, rate
        self._factory = factory or _default_factory
        self._grammar = grammar_json(phrases)
        self._offload = offload
        self._rec = offload(self._new, self._grammar)
        self._lock = threading.Lock()
        self._pending: str | None = None
        self._in_utterance = False
        self.endpointer = Endpointer(int(rate), endpoint) if endpoint is not None else None
        self.swaps = 0

    def _new(self, grammar: str) -> Any:
        """A recogniser for `grammar` that reports each word with its confidence."""
        rec = self._factory(self._model, self._rate, grammar)
        if hasattr(rec, "SetWords"):
            rec.SetWords(True)
        return rec

    @property
    def grammar(self) -> list[str]:
        """The phrases in force now."""
        return list(json.loads(self._grammar))

    def set_grammar(self, phrases: Sequence[str]) -> None:
        """Use `phrases` from the next utterance on."""
        with self._lock:
            self._pending = grammar_json(phrases)

    def accept(self, chunk: bytes) -> Heard | None:
        """Feed one chunk; a final transcript, a new partial caption, or None."""
        grammar = None if self._in_utterance else self._take_grammar()
        final, result = self._offload(self._decode, chunk, grammar)
        if final:
            self._ended()
            return _final(result)
        partial = _text(result, "partial")
        if self.endpointer is not None and self.endpointer.feed(chunk, bool(partial)):
            return self.finish()
        self._in_utterance = bool(partial)
        return Heard(partial, False) if partial else None

    def finish(self) -> Heard | None:
        """End the utterance now (the endpointer's, or the end of the audio): its final result."""
        self._ended()
        return _final(str(self._offload(self._rec.FinalResult)))

    def reset(self) -> None:
        """Drop the utterance in progress (after the hub spoke)."""
        self._offload(self._restart, self._take_grammar())
        self._ended()

    def _ended(self) -> None:
        self._in_utterance = False
        if self.endpointer is not None:
            self.endpointer.reset()

    def _take_grammar(self) -> str | None:
        """The grammar waiting to be used, if it differs from the one in force."""
        with self._lock:
            pending, self._pending = self._pending, None
        return pending if pending is not None and pending != self._grammar else None

    # Vosk's side: C calls only, on whichever thread `offload` runs them.

    def _decode(self, chunk: bytes, grammar: str | None) -> tuple[bool, str]:
        if grammar is not None:
            self._use(grammar)
        if self._rec.AcceptWaveform(chunk):
            return True, str(self._rec.Result())
        return False, str(self._rec.PartialResult())

    def _restart(self, grammar: str | None) -> None:
        self._rec.Reset()
        if grammar is not None:
            self._use(grammar)

    def _use(self, grammar: str) -> None:
        self._grammar = grammar
        self.swaps += 1
        if hasattr(self._rec, "SetGrammar"):
            self._rec.SetGrammar(grammar)
        else:
            self._rec = self._new(grammar)

def _final(result: str) -> Heard | None:
    """A final result: its text and words ("[unk]" kept), or None for silence or noise."""
    try:
        data = json.loads(result)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    items = data.get("result")
    words = None
    if isinstance(items, list):
        words = tuple(Word(str(w.get("word", "")), float(w.get("conf", 1.0))) for w in items if isinstance(w, dict))
    text = " ".join(w.text for w in words) if words else str(data.get("text", "")).strip()
    if not text or all(word == UNK for word in text.split()):
        return None
    return Heard(text, True, words or None)


def _text(result: str, key: str) -> str:
    try:
        value = json.loads(result).get(key, "")
    except (ValueError, AttributeError):
        return ""
    words = [w for w in str(value).split() if w != UNK]
    return " ".join(words)


class Listener:
    """A thread that feeds a source to a Recogniser and reports what it hears."""

    def __init__(
        self, recogniser: Recogniser, source: AudioSource, on_final: Callable[[str], object],
        on_partial: Callable[[str], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        on_heard: Callable[[Heard], object] | None = None,
    ) -> None:
        self.recogniser: Recogniser | None = recogniser
        self.source = source
        self._on_final, self._on_partial, self._on_error = on_final, on_partial, on_error
        self._on_heard = on_heard
        self._swap: list[Recogniser | None] = []
        self._tap: Callable[[bytes], None] | None = None
        self._muted = threading.Event()
        self._reset_due = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="voice-listener", daemon=True)

    def start(self) -> None:
        """Start listening."""
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop listening and close the source."""
        self._stop.set()
        self.source.close()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    def join(self, timeout: float | None = None) -> None:
        """Wait for the source to end."""
        self._thread.join(timeout)

    def replace(self, recogniser: Recogniser | None) -> None:
        """Use `recogniser` from the next chunk on (another language); None: ignore the audio."""
        self._swap.append(recogniser)

    def divert(self, tap: Callable[[bytes], None] | None) -> None:
        """Send the audio to `tap` instead of the recogniser (a table check); None: back to playing."""
        self._tap = tap
        if tap is None:
            self._reset_due.set()

    def mute(self) -> None:
        """The hub is speaking: ignore the audio."""
        self._muted.set()

    def unmute(self) -> None:
        """The hub stopped speaking: reset, then listen again."""
        self._reset_due.set()
        self._muted.clear()

    def _run(self) -> None:
        try:
            for chunk in self.source.chunks():
                if self._stop.is_set():
                    return
                self._feed(chunk)
            if not self._stop.is_set() and self.recogniser is not None:
                self._emit(self.recogniser.finish())
        except Exception as err:
            if self._on_error and not self._stop.is_set():
                self._on_error(err)

    def _feed(self, chunk: bytes) -> None:
        while self._swap:
            self.recogniser = self._swap.pop(0)
        tap = self._tap
        if tap is not None:
            tap(chunk)
            return
        if self._muted.is_set() or self.recogniser is None:
            return
        if self._reset_due.is_set():
            self._reset_due.clear()
            self.recogniser.reset()
        self._emit(self.recogniser.accept(chunk))

    def _emit(self, heard: Heard | None) -> None:
        if heard is None:
            return
        if heard.final and self._on_heard is not None:
            self._on_heard(heard)
        elif heard.final:
            self._on_final(heard.text)
        elif self._on_partial:
            self._on_partial(heard.text)
