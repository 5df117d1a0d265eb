"""Reads a pack's JSON into a `Pack`: every check runs at load time, so a broken pack fails
with an error naming the file and the entry, never halfway through a game."""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from typing import Any

from dudo_hub.voice.language.numbers import CompoundRule, number_words
from dudo_hub.voice.language.pack_model import (
    CALLS,
    ERROR_CODES,
    EVENT_FIELDS,
    MIN_NUMBER,
    OPTIONAL_LISTS,
    PLURAL_FIELD,
    VOICE_FIELDS,
    CountPhrases,
    FaceNames,
    Meaning,
    Pack,
    PackError,
    Template,
    plural_tags,
)
from dudo_hub.voice.language.text import fold, phrase_key


def parse_pack(text: str, origin: str) -> Pack:
    """Check and index a pack's JSON text; PackError names `origin` and the entry."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise PackError(f"{origin}: not valid JSON: {err}") from None
    return _Reader(origin).pack(data)


class _Reader:
    """Reads one pack's JSON, failing with the path of the bad entry."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.lang = "en"

    def fail(self, where: str, problem: str) -> PackError:
        return PackError(f"{self.origin}: {where}: {problem}")

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, "expected an object")
        return value

    def words(self, value: Any, where: str) -> tuple[str, ...]:
        ok = isinstance(value, list) and value and all(isinstance(w, str) and phrase_key(w) for w in value)
        if not ok:
            raise self.fail(where, "expected a non-empty list of words")
        return tuple(value)

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, "expected a non-empty string")
        return value

    def int_keys(self, value: Any, where: str) -> dict[int, Any]:
        table = self.obj(value, where)
        if not all(key.isdigit() for key in table):
            raise self.fail(where, "keys must be whole numbers")
        return {int(key): item for key, item in table.items()}

    def pack(self, data: Any) -> Pack:
        data = self.obj(data, "pack")
        lang = self.lang = self.text(data.get("lang"), "lang")
        calls = self.obj(data.get("calls"), "calls")
        pack_calls = {call: self.words(calls.get(call), f"calls.{call}") for call in CALLS}
        pack_calls["cancel"] = self.words(data.get("cancel"), "cancel")
        numbers = self.numbers(self.obj(data.get("numbers"), "numbers"))
        faces = self.faces(data.get("faces"))
        words = {key: self.words(data.get(key), key) for key in ("fillers", "links", "corrections", "table_words")}
        speech = self.speech(data.get("events"), data.get("errors"), data.get("voice"))
        alikes_raw = self.obj(data.get("sound_alikes", {}), "sound_alikes")
        alikes = {fold(k): self.words(v, f"sound_alikes.{k}") for k, v in alikes_raw.items()}
        tails_raw = self.obj(data.get("call_tails", {}), "call_tails")
        if set(tails_raw) - {*CALLS, "cancel"}:
            raise self.fail("call_tails", f"keys must be calls: {', '.join(CALLS)}, cancel")
        tails = {call: self.words(v, f"call_tails.{call}") for call, v in tails_raw.items()}
        optional = {key: self.words(data[key], key) if key in data else () for key in OPTIONAL_LISTS}
        handoffs = optional["handoffs"]
        answers_raw = self.obj(data.get("answers", {"yes": ["yes"], "no": ["no"]}), "answers")
        if set(answers_raw) != {"yes", "no"}:
            raise self.fail("answers", 'expected the keys "yes" and "no"')
        answers = {key: self.words(v, f"answers.{key}") for key, v in answers_raw.items()}
        words["fillers"] += tuple(h for h in handoffs if h not in words["fillers"])
        meanings = self.meanings(numbers, faces, pack_calls, words, alikes, tails)
        name = self.text(data.get("name", lang), "name")
        counts = self.counts(self.obj(data.get("counts"), "counts"))
        espeak = self.text(data.get("espeak"), "espeak")
        vosk_model = self.text(data.get("vosk_model"), "vosk_model")
        return Pack(lang, name, espeak, vosk_model, numbers, faces, pack_calls, words["fillers"], words["links"],
                    words["corrections"], words["table_words"], alikes, tails, handoffs, optional["stories"],
                    optional["doubts"], optional["questions"], optional["spoken_to"], optional["first_person"],
                    optional["openers"], optional["past_endings"], optional["talked_about"],
                    optional["determiners"], optional["defined_as"],
                    optional["alternatives"], optional["measures"], optional["negations"], optional["move_verbs"],
                    optional["clitics"], optional["dares"], optional["having"], optional["not_even"],
                    optional["complements"], optional["articles"], optional["self_named"], optional["others"], answers,
                    counts, speech, meanings)

    def counts(self, spec: dict[str, Any]) -> CountPhrases:
        templates = []
        for text in self.words(spec.get("templates"), "counts.templates"):
            if text.count("{n}") != 1:
                raise self.fail("counts.templates", f"{text!r} needs exactly one {{n}}")
            before, after = text.split("{n}")
            templates.append((phrase_key(before), phrase_key(after)))
        zero = tuple(phrase_key(t) for t in self.words(spec.get("zero"), "counts.zero"))
        return CountPhrases(tuple(templates), zero)

    def numbers(self, spec: dict[str, Any]) -> dict[int, tuple[str, ...]]:
        words = {
            v: self.words(w, f"numbers.words.{v}") for v, w in self.int_keys(spec.get("words"), "numbers.words").items()
        }
        tens = {
            v: self.text(w, f"numbers.tens.{v}") for v, w in self.int_keys(spec.get("tens", {}), "numbers.tens").items()
        }
        compound = self.obj(spec.get("compound", {"joiners": [""]}), "numbers.compound")
        joiners = compound.get("joiners")
        one_joiners = compound.get("one_joiners", [])
        for where, value in (("joiners", joiners), ("one_joiners", one_joiners)):
            if not isinstance(value, list) or not all(isinstance(j, str) for j in value):
                raise self.fail(f"numbers.compound.{where}", "expected a list of strings")
        units = {
            u: self.words(w, f"numbers.compound.units.{u}")
            for u, w in self.int_keys(compound.get("units", {}), "numbers.compound.units").items()
        }
        elide = bool(compound.get("elide_before_vowel"))
        rule = CompoundRule(tuple(joiners or ()), tuple(one_joiners), elide, units)
        table = number_words(words, tens, rule)
        missing = [n for n in range(1, MIN_NUMBER + 1) if n not in table]
        if missing:
            raise self.fail("numbers", f"no words for {missing}; a pack must say 1..{MIN_NUMBER}")
        return table

    def faces(self, value: Any) -> dict[int, FaceNames]:
        table = self.int_keys(value, "faces")
        if sorted(table) != [1, 2, 3, 4, 5, 6]:
            raise self.fail("faces", "expected exactly the faces 1..6")
        out = {}
        for face, names in table.items():
            names = self.obj(names, f"faces.{face}")
            singular = self.words(names.get("singular"), f"faces.{face}.singular")
            out[face] = FaceNames(singular, self.words(names.get("plural"), f"faces.{face}.plural"))
        return out

    def speech(self, events: Any, errors: Any, voice: Any) -> dict[str, Template]:
        events, errors, voice = self.obj(events, "events"), self.obj(errors, "errors"), self.obj(voice, "voice")
        out = {
            key: self.template(events.get(key), f"events.{key}", key, allowed) for key, allowed in EVENT_FIELDS.items()
        }
        out.update({code: self.template(errors.get(code), f"errors.{code}", code, frozenset()) for code in ERROR_CODES})
        out.update({key: self.template(voice.get(key), f"voice.{key}", key, allowed)
                    for key, allowed in VOICE_FIELDS.items()})
        unknown = set(events) - set(EVENT_FIELDS)
        unknown |= (set(errors) - set(ERROR_CODES)) | (set(voice) - set(VOICE_FIELDS))
        if unknown:
            raise self.fail("events/errors/voice", f"unknown keys {sorted(unknown)}")
        return out

    def template(self, value: Any, where: str, key: str, allowed: frozenset[str]) -> Template:
        if isinstance(value, dict) and key in PLURAL_FIELD:
            forms = {name: self.text(form, f"{where}.{name}") for name, form in value.items()}
            self.plural_forms(forms, where)
        else:
            forms = {"other": self.text(value, where)}
        used: set[str] = set()
        for form in forms.values():
            used |= self.fields(form, where)
        if used - allowed:
            raise self.fail(where, f"unknown fields {sorted(used - allowed)}; allowed: {sorted(allowed)}")
        return Template(forms, frozenset(used))

    def plural_forms(self, forms: Mapping[str, str], where: str) -> None:
        """"other" and only this language's CLDR categories or exact values ("=0")."""
        if "other" not in forms:
            raise self.fail(where, 'a plural needs the form "other"')
        tags = plural_tags(self.lang) | {"other"}
        bad = [name for name in forms if name not in tags and not (name[:1] == "=" and name[1:].isdigit())]
        if bad:
            raise self.fail(where, f"{bad} are no plural forms of {self.lang!r}: use =N or {sorted(tags)}")

    def fields(self, template: str, where: str) -> set[str]:
        try:
            names = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
        except ValueError as err:
            raise self.fail(where, f"bad template: {err}") from None
        if "" in names or any(not n.isidentifier() for n in names):
            raise self.fail(where, "placeholders must be named, like {player}")
        return names

    def meanings(
        self,
        numbers: Mapping[int, tuple[str, ...]],
        faces: Mapping[int, FaceNames],
        calls: Mapping[str, tuple[str, ...]],
        words: Mapping[str, tuple[str, ...]],
        alikes: Mapping[str, tuple[str, ...]],
        tails: Mapping[str, tuple[str, ...]],
    ) -> dict[tuple[str, ...], Meaning]:
        index: dict[tuple[str, ...], Meaning] = {}
        for value, spellings in numbers.items():
            for word in spellings:
                self.add(index, word, Meaning("number", number=value))
        for face, names in faces.items():
            for word in names.singular + names.plural:
                self.add(index, word, Meaning("face", face=face))
        for call, phrases in calls.items():
            for phrase in phrases:
                self.add(index, phrase, Meaning("call", call=call))
        kinds = {"fillers": "filler", "links": "link", "corrections": "marker", "table_words": "table"}
        for key, kind in kinds.items():
            for word in words[key]:
                self.add(index, word, Meaning(kind))
        for call, phrases in tails.items():
            for phrase in phrases:
                self.add(index, phrase, Meaning("tail", call=call))
        for word, spellings in alikes.items():
            meaning = index.get((word,))
            if meaning is None or meaning.kind not in ("number", "face", "call"):
                raise self.fail(f"sound_alikes.{word}", "not a number, face or call word of this pack")
            for spelling in spellings:
                self.add(index, spelling, meaning)
        return index

    def add(self, index: dict[tuple[str, ...], Meaning], phrase: str, meaning: Meaning) -> None:
        key = phrase_key(phrase)
        old = index.get(key)
        if old is None or old == meaning:
            index[key] = meaning
        elif {old.kind, meaning.kind} == {"number", "face"} and (old.number or old.face) == (
            meaning.number or meaning.face
        ):
            value = old.number or meaning.number
            index[key] = Meaning("number", number=value, face=value)
        else:
            raise self.fail(repr(phrase), f"means both {_describe(old)} and {_describe(meaning)}")


def _describe(meaning: Meaning) -> str:
    """A meaning in words, for error messages."""
    detail = meaning.call or meaning.number or meaning.face
    return f"{meaning.kind} {detail}" if detail is not None else meaning.kind
