"""Packs load, index and fail early with a clear message when broken."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dudo_hub.voice import PackError, UnknownLanguageError, languages, load_pack
from dudo_hub.voice.language.packs import load_pack_file

PACKS = Path(__file__).resolve().parents[3] / "voice" / "language" / "packs"


def _pack(tmp_path: Path, change: Any) -> Path:
    """The Italian pack with `change(data)` applied, written to a file."""
    data = json.loads((PACKS / "it.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_every_pack_loads_with_numbers_to_forty() -> None:
    for lang in languages():
        pack = load_pack(lang)
        assert all(n in pack.numbers for n in range(1, 41)), lang
        assert pack.lang == lang


def test_italian_numbers_are_generated_with_elision() -> None:
    numbers = load_pack("it").numbers
    assert numbers[21] == ("ventun", "ventuno", "ventuna")
    assert numbers[23] == ("ventitré",) and numbers[28] == ("ventotto",) and numbers[38] == ("trentotto",)


def test_unknown_language() -> None:
    with pytest.raises(UnknownLanguageError, match="languages: en, es, fr, it, pt"):
        load_pack("xx")
    assert issubclass(UnknownLanguageError, ValueError)


def _drop_error(data: dict[str, Any]) -> None:
    del data["errors"]["face_locked"]


def _bad_field(data: dict[str, Any]) -> None:
    data["events"]["winner"] = "{winer} vince!"


def _clash(data: dict[str, Any]) -> None:
    data["fillers"].append("dudo")


def _short_numbers(data: dict[str, Any]) -> None:
    data["numbers"]["tens"] = {"20": "venti", "30": "trenta"}


def _bad_face(data: dict[str, Any]) -> None:
    data["faces"]["7"] = {"singular": ["sette"], "plural": ["sette"]}


def _stray_alike(data: dict[str, Any]) -> None:
    data["sound_alikes"]["bluff"] = ["blaf"]


def _empty_call(data: dict[str, Any]) -> None:
    data["calls"]["calza"] = []


def _tail_of_a_bid(data: dict[str, Any]) -> None:
    data["call_tails"]["bid"] = ["bella"]


def _tail_clash(data: dict[str, Any]) -> None:
    data["call_tails"]["dudo"].append("allora")


def _doubts_not_a_list(data: dict[str, Any]) -> None:
    data["doubts"] = "forse"


def _empty_openers(data: dict[str, Any]) -> None:
    data["openers"] = []


def _few_plural(data: dict[str, Any]) -> None:
    data["events"]["reveal"] = {"few": "Ci sono {count} {face}.", "other": "Ci sono {count} {face}."}


def _no_other(data: dict[str, Any]) -> None:
    data["events"]["reveal"] = {"one": "C'è un {face}."}


def _no_voice(data: dict[str, Any]) -> None:
    del data["espeak"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_few_plural, r"events\.reveal: \['few'\] are no plural forms of 'it'"),
        (_no_other, r'events\.reveal: a plural needs the form "other"'),
        (_no_voice, r"espeak: expected a non-empty string"),
        (_drop_error, r"errors\.face_locked: expected a non-empty string"),
        (_bad_field, r"events\.winner: unknown fields \['winer'\]"),
        (_clash, r"'dudo': means both call dudo and filler"),
        (_short_numbers, r"numbers: no words for \[40\]"),
        (_bad_face, r"faces: expected exactly the faces 1\.\.6"),
        (_stray_alike, r"sound_alikes\.bluff: not a number, face or call word"),
        (_empty_call, r"calls\.calza: expected a non-empty list"),
        (_tail_of_a_bid, r"call_tails: keys must be calls: dudo, calza, cancel"),
        (_tail_clash, r"'allora': means both filler and tail"),
        (_doubts_not_a_list, r"doubts: expected a non-empty list"),  # the plain comment's word classes
        (_empty_openers, r"openers: expected a non-empty list"),
    ],
)
def test_a_broken_pack_fails_at_load_time(tmp_path: Path, change: Any, message: str) -> None:
    with pytest.raises(PackError, match=message) as info:
        load_pack_file(_pack(tmp_path, change))
    assert "broken.json" in str(info.value)


def test_the_unchanged_pack_loads_from_a_file(tmp_path: Path) -> None:
    assert load_pack_file(_pack(tmp_path, lambda data: None)).numbers == load_pack("it").numbers


def test_invalid_json_is_a_pack_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(PackError, match="not valid JSON"):
        load_pack_file(path)


# Each language's reveal at 0, 1, 2 and 5 (Babel's CLDR categories, exact values first).
REVEALS = {
    "en": ["There are none.", "There is just one five.", "There are two fives.", "There are five fives."],
    "it": ["Non ce n'è nessuno.", "C'è un solo cinque.", "Ci sono due cinque.", "Ci sono cinque cinque."],
    "pt": ["Não tem nenhum.", "Há um só cinco.", "Há dois cincos.", "Há cinco cincos."],
    "fr": ["Il n'y en a aucun.", "Il y a un seul cinq.", "Il y a deux cinq.", "Il y a cinq cinq."],
    "es": ["No hay ninguno.", "Hay un solo cinco.", "Hay dos cincos.", "Hay cinco cincos."],
}


def test_spoken_plurals_at_0_1_2_and_5() -> None:
    from dudo_hub.voice.language.wording import announce

    assert set(REVEALS) == set(languages())
    for lang, sentences in REVEALS.items():
        assert [announce(lang, "reveal", count=n, face=5) for n in (0, 1, 2, 5)] == sentences, lang
        lost = [announce(lang, "die_lost", player="Ana", dice=n) for n in (0, 1, 2)]
        assert len(set(lost)) == 3 and "{" not in "".join(lost), lang


def test_french_zero_is_not_said_as_one() -> None:
    """CLDR puts 0 in French's "one": the exact "=0" form says it, never "un seul"."""
    from dudo_hub.voice.language.wording import announce

    assert "seul" not in announce("fr", "reveal", count=0, face=5)
    assert "reste un" not in announce("fr", "die_lost", player="Ana", dice=0)
