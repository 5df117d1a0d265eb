"""`dudo voice check LANG`: what voice can do on this machine, in words.

Three parts, each working or not, with the one command that fixes it: the speech model and
the microphone (both needed to listen), and speech output (to speak the moves). Then one
verdict line: "voice will be on: ..." or "voice will be off because ...". The languages are
the voice packs on disk (`voice/language/packs/<lang>.json`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dudo_hub.voice.audio import microphone, speech
from dudo_hub.voice.language.packs import languages, load_pack
from dudo_hub.voice.setup import model as models

MIC_FIX = "plug in a microphone or headset and make it the default input (`arecord -l` lists those Linux sees)"


@dataclass(frozen=True, slots=True)
class Part:
    """One thing voice needs. `said` reads after "works:" or after "because" (then: what is wrong)."""

    name: str
    works: bool
    said: str
    fix: str = ""
    detail: str = ""  # the technical cause, for the curious
    notes: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """The part's line, then its fix and notes, indented."""
        detail = f" ({self.detail})" if self.detail else ""
        out = [f"  {self.name}: {'works' if self.works else 'does not work'}: {self.said}{detail}"]
        if self.fix and not self.works:
            out.append(f"      fix: {self.fix}")
        return out + [f"      {note}" for note in self.notes]


@dataclass(frozen=True, slots=True)
class Checkup:
    """The three parts for one language, and the verdict."""

    lang: str
    language: str
    model: Part
    microphone: Part
    speech: Part

    @property
    def listening(self) -> bool:
        """Whether the hub will hear calls: a model and a microphone."""
        return self.model.works and self.microphone.works

    def verdict(self) -> str:
        """The one line that says whether voice will be on, and why not."""
        if self.listening:
            if self.speech.works:
                return f"voice will be on: the hub hears calls in {self.language} and speaks the moves."
            return (f"voice will be on: the hub hears calls in {self.language}, but will not speak the moves "
                    f"because {self.speech.said}.")
        why = " and ".join(p.said for p in (self.model, self.microphone) if not p.works)
        spoken = "the moves will still be spoken" if self.speech.works else "the moves will not be spoken either"
        return f"voice will be off because {why}; {spoken}."

    def lines(self) -> list[str]:
        """Everything `dudo voice check` prints, the verdict last."""
        out = [f"Voice check for {self.language} ({self.lang}):"]
        for part in (self.model, self.microphone, self.speech):
            out += part.lines()
        return [*out, self.verdict()]


def known_languages() -> dict[str, str]:
    """Language code -> the pack's own name of it, for every pack on disk."""
    return {lang: load_pack(lang).name for lang in languages()}


def unknown_language(lang: str) -> str | None:
    """Why `lang` is refused (no voice pack), listing the known ones; None when known."""
    known = known_languages()
    if lang in known:
        return None
    listed = ", ".join(f"{code} ({name})" for code, name in known.items())
    return f"unknown language {lang!r}; the languages with a voice pack are: {listed}"


def run(lang: str, explicit: str | None = None, root: Path | None = None) -> Checkup:
    """Check the three parts for `lang` (a known language)."""
    language = load_pack(lang).name
    return Checkup(lang, language, check_model(lang, language, explicit, root), check_microphone(),
                   check_speech(lang, language))


# ----- the speech model -----------------------------------------------------------------------


def check_model(lang: str, language: str, explicit: str | None = None, root: Path | None = None) -> Part:
    """Is there a model for `lang`, does it load, and which calls can it hear?"""
    name = "speech model"
    install = f"dudo voice install {lang}"
    folder = models.locate(lang, explicit, root=root)
    if folder is None:
        return Part(name, False, f"no speech model for {language} is installed", install)
    given = explicit or os.environ.get(models.ENV_VAR)
    if given:  # a folder named on the command line or in the environment: drop it once installed
        install += ", then leave out --model" if explicit else f", then `unset {models.ENV_VAR}`"
    try:
        from dudo_hub.voice.audio.recogniser import load_model, vocabulary

        known = vocabulary(load_model(str(models.check_model_dir(folder))))
    except models.ModelError as err:
        return Part(name, False, f"the speech model in {folder} cannot be used", install, detail=str(err))
    except (ImportError, OSError) as err:
        return Part(name, False, "the vosk package is missing", f"{sys.executable} -m pip install vosk",
                    detail=str(err))
    except Exception as err:  # vosk failing to load the folder
        return Part(name, False, f"the speech model in {folder} does not load", install,
                    detail=f"{type(err).__name__}: {err}")
    return _hears(name, lang, language, folder, known, install)


def _hears(name: str, lang: str, language: str, folder: Path, known: Callable[[str], bool],
           install: str) -> Part:
    from dudo_hub.voice.language.grammar import call_hints, hearable_calls, missing_words

    calls = hearable_calls(lang, known)
    heard = [f"“{phrases[0]}”" for phrases in calls.values() if phrases]
    if not heard:
        return Part(name, False, f"the speech model in {folder} knows none of the {language} calls "
                    "(is it a model of another language?)", install)
    deaf = [call for call, phrases in calls.items() if not phrases]
    notes = [f"it cannot hear {call} in any form: use the phone for it" for call in deaf]
    notes += list(call_hints(lang, known).values())
    missing = missing_words(lang, known)
    if missing:
        notes.append(f"words it cannot hear in any spelling: {', '.join(missing)}")
    return Part(name, True, f"{folder.name} hears the calls {', '.join(heard)} and the bids", notes=tuple(notes))


# ----- the microphone -------------------------------------------------------------------------


def check_microphone() -> Part:
    """Is there a default input device the hub can open?"""
    name = "microphone"
    try:
        sd = microphone.load_sounddevice()
        device, rate = microphone.default_input(sd)
    except microphone.AudioUnavailable as err:
        if err.reason == "no_portaudio":
            return Part(name, False, "the audio library PortAudio is missing", "sudo apt-get install libportaudio2",
                        detail=err.detail)
        return Part(name, False, "no microphone was found", MIC_FIX, detail=f"the sound system says: {err.detail}")
    return Part(name, True, f"{_device_name(sd, device)} at {rate} Hz")


def _device_name(sd: object, device: object) -> str:
    try:
        info = sd.query_devices(device)  # type: ignore[attr-defined]
        return f"“{info['name']}”"
    except Exception:  # noqa: BLE001 - the name is a nicety
        return "the default input"


# ----- speech output --------------------------------------------------------------------------


def check_speech(lang: str, language: str) -> Part:
    """Can the hub speak `lang` (espeak-ng with a voice for it, and a player)?"""
    name = "speech output"
    if not speech.espeak_present():
        return Part(name, False, "espeak-ng is not installed", "sudo apt-get install espeak-ng")
    if not speech.player_present():
        return Part(name, False, "aplay, which plays the speech, is not installed", "sudo apt-get install alsa-utils")
    try:
        engine = speech.pyttsx3_engine()
    except Exception as err:  # pyttsx3 missing, or espeak-ng's library failing to load
        return Part(name, False, "the speech engine does not start", f"{sys.executable} -m pip install pyttsx3",
                    detail=f"{type(err).__name__}: {err}")
    try:
        speech.configured_engine(lambda: engine, lang, None)
    except speech.SpeechUnavailable:
        return Part(name, False, f"espeak-ng has no {language} voice", "sudo apt-get install espeak-ng-data")
    return Part(name, True, f"espeak-ng speaks {language}")
