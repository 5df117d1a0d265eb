"""Properties: every bid each pack can say parses back to itself, however it is dressed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dudo_hub.voice import Intent, languages, load_pack, parse
from dudo_hub.voice.language.wording import bid_phrases

LANGS = languages()


@pytest.mark.parametrize("lang", LANGS)
def test_every_bid_to_40_in_every_wording_parses_back(lang: str) -> None:
    pack = load_pack(lang)
    for quantity in range(1, 41):
        for face in range(1, 7):
            for phrase in bid_phrases(pack, quantity, face):
                assert parse(phrase, lang) == Intent.bid(quantity, face), phrase


@pytest.mark.parametrize("lang", LANGS)
def test_every_number_alone_is_no_move(lang: str) -> None:
    for value, spellings in load_pack(lang).numbers.items():
        for spelling in spellings:
            assert parse(spelling, lang).intent is None, (value, spelling)


@st.composite
def dressed_bid(draw: st.DrawFn) -> tuple[str, str, int, int]:
    """A bid phrase with random case, punctuation and filler words around it."""
    lang = draw(st.sampled_from(LANGS))
    pack = load_pack(lang)
    quantity = draw(st.integers(1, 40))
    face = draw(st.integers(1, 6))
    phrase = draw(st.sampled_from(bid_phrases(pack, quantity, face)))
    fillers = [f for f in pack.fillers if f not in ("x",)]
    before = draw(st.lists(st.sampled_from(fillers), max_size=2))
    words = [*before, *phrase.split()]
    words = [draw(st.sampled_from([w, w.upper(), w.capitalize()])) for w in words]
    tail = draw(st.sampled_from(["", "!", ".", "?", "...", " !"]))
    return lang, " ".join(words) + tail, quantity, face


@settings(max_examples=400, deadline=None)
@given(dressed_bid())
def test_dressed_bid_parses_back(case: tuple[str, str, int, int]) -> None:
    lang, text, quantity, face = case
    assert parse(text, lang).as_bid() == (quantity, face)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(LANGS), st.text(max_size=40))
def test_any_text_gives_a_well_formed_answer(lang: str, text: str) -> None:
    intent = parse(text, lang)
    if intent.intent == "bid":
        assert intent.quantity is not None and intent.quantity >= 1
        assert intent.face is not None and 1 <= intent.face <= 6
    assert set(intent.to_dict()) <= {"intent", "quantity", "face"}


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(LANGS), st.integers(7, 99), st.integers(1, 40))
def test_a_face_above_six_is_no_move(lang: str, face: int, quantity: int) -> None:
    pack = load_pack(lang)
    if face in pack.numbers:
        assert parse(f"{pack.number(quantity)} {pack.number(face)}", lang).intent is None
