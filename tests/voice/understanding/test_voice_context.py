"""State-aware parsing: legality, reasons, near-misses, and naming a player."""

from __future__ import annotations

import pytest

from dudo_hub.voice import Intent, parse_in_context
from dudo_hub.voice.decision.context import DEFAULT_MIN_CONFIDENCE, bid_refusal

# Standing bid 7 x 5 with 30 dice: more dice of any face, 7 sixes, or 4+ pacos.
LEGAL = {(q, f) for q in range(8, 31) for f in range(2, 7)} | {(7, 6)} | {(q, 1) for q in range(4, 31)}
OPENING = {(q, f) for q in range(1, 31) for f in range(2, 7)}
PLAYERS = ("Marco", "Anna Maria", "Luca")


def test_a_legal_bid_is_accepted_as_heard() -> None:
    heard = parse_in_context("otto cinque", "it", LEGAL)
    assert heard.accepted and heard.intent == Intent("bid", 8, 5, confidence=1.0)
    assert heard.to_dict() == {"intent": "bid", "quantity": 8, "face": 5, "confidence": 1.0}


@pytest.mark.parametrize(
    ("text", "reason"),
    [("sette cinque", "bid_not_higher"), ("trentuno cinque", "bid_too_high"), ("tre pacos", "bid_not_higher")],
)
def test_an_illegal_bid_is_refused_with_its_reason(text: str, reason: str) -> None:
    heard = parse_in_context(text, "it", LEGAL)
    assert not heard.accepted and heard.reason == reason
    assert heard.intent.intent is None and heard.heard.intent == "bid"
    assert heard.to_dict()["reason"] == reason


def test_reasons_inferred_from_the_legal_set() -> None:
    assert bid_refusal((7, 5), frozenset()) == "not_your_turn"
    assert bid_refusal((3, 1), frozenset(OPENING)) == "pacos_opening_not_allowed"
    assert bid_refusal((4, 3), frozenset({(q, 5) for q in range(3, 11)})) == "face_locked"
    assert bid_refusal((40, 3), frozenset(OPENING)) == "bid_too_high"


def test_the_engine_can_explain_an_illegal_bid() -> None:
    heard = parse_in_context("sette cinque", "it", LEGAL, explain=lambda q, f: f"code_{q}_{f}")
    assert heard.reason == "code_7_5"


def test_calls_not_allowed_now_are_refused() -> None:
    assert parse_in_context("dudo", "it", OPENING, can_dudo=False).reason == "no_bid_to_challenge"
    assert parse_in_context("calza", "it", LEGAL, can_calza=False).reason == "calza_not_allowed"
    assert parse_in_context("calza", "it", LEGAL).intent == Intent("calza", confidence=1.0)


@pytest.mark.parametrize(
    ("text", "lang", "bid"),
    [
        ("otto cinqe", "it", (8, 5)),
        ("nove pacoss", "it", (9, 1)),
        ("eight fivs", "en", (8, 5)),
        ("ocho cincoss", "es", (8, 5)),
        ("huit cinqs", "fr", (8, 5)),
        ("oito cincoss", "pt", (8, 5)),
    ],
)
def test_a_near_miss_is_asked_about_never_played(text: str, lang: str, bid: tuple[int, int]) -> None:
    heard = parse_in_context(text, lang, LEGAL)
    assert not heard.accepted and heard.asked and heard.reason == "sound_alike" and heard.heard.as_bid() == bid
    assert heard.heard.confidence is not None and DEFAULT_MIN_CONFIDENCE <= heard.heard.confidence < 1.0


def test_a_near_miss_of_an_illegal_bid_is_refused_not_swapped() -> None:
    heard = parse_in_context("sete cinque", "it", LEGAL)
    assert heard.heard.as_bid() == (7, 5) and heard.reason == "sound_alike" and not heard.asked
    opening = parse_in_context("sete cinque", "it", OPENING)
    assert opening.asked and opening.heard.as_bid() == (7, 5) and not opening.accepted


@pytest.mark.parametrize("text", ["sete cinqe", "sei pazzo", "sei pazzi", "tocca a te", "ho sete"])
def test_near_misses_are_per_word_and_never_beside_another_unknown_word(text: str) -> None:
    assert not parse_in_context(text, "it", OPENING).accepted


def test_a_near_miss_call() -> None:
    heard = parse_in_context("dudu", "it", LEGAL)
    assert heard.asked and heard.heard.intent == "dudo" and heard.heard.confidence == pytest.approx(0.75)
    assert parse_in_context("annula", "it", LEGAL).heard.intent == "cancel"


def test_the_cut_off_is_respected() -> None:
    heard = parse_in_context("dudu", "it", LEGAL, min_confidence=0.8)
    assert not heard.accepted and heard.reason == "low_confidence" and heard.heard.intent == "dudo"


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("ciao a tutti", "it"),
        ("ho fame", "it"),
        ("che bello questo gioco", "it"),
        ("grazie", "it"),
        ("hello there", "en"),
        ("hola amigos", "es"),
        ("bonjour", "fr"),
        ("obrigado", "pt"),
    ],
)
def test_garbage_below_the_cut_off_gives_nothing(text: str, lang: str) -> None:
    heard = parse_in_context(text, lang, LEGAL, PLAYERS)
    assert heard.to_dict() == {"intent": None}


def test_known_words_that_make_no_move_are_never_fuzzed() -> None:
    assert parse_in_context("venticinque", "it", OPENING).to_dict() == {"intent": None}
    assert parse_in_context("sette", "it", OPENING).to_dict() == {"intent": None}


@pytest.mark.parametrize(
    ("text", "player"),
    [
        ("Calza, Marco", "Marco"),
        ("calza marko", "Marco"),
        ("Marco: calza!", "Marco"),
        ("calza luka", "Luca"),
        ("dudo anna maria", "Anna Maria"),
    ],
)
def test_a_call_is_attributed_to_the_player_named(text: str, player: str) -> None:
    heard = parse_in_context(text, "it", LEGAL, PLAYERS)
    assert heard.accepted and heard.intent.player == player
    assert heard.to_dict()["player"] == player


def test_an_unseated_name_is_not_attributed() -> None:
    heard = parse_in_context("calza giovanni", "it", LEGAL, PLAYERS)  # a remark after the call
    assert heard.heard.player != "Giovanni" and "Giovanni" not in PLAYERS


def test_a_named_bid_keeps_its_player() -> None:
    heard = parse_in_context("Anna Maria otto sei", "it", LEGAL, PLAYERS)
    assert heard.intent == Intent("bid", 8, 6, player="Anna Maria", confidence=1.0)
