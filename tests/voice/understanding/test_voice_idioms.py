"""Idioms of the table around a call, regional face names, and a name with an insult before a
Dudo (the packs' fillers, faces and Dudo tails): played, in every language."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("it", "sette cinque senza pensarci", (7, 5)), ("it", "tre jolly giusto per rompere le scatole", (3, 1)),
    ("it", "e che dio me la mandi buona sette sei", (7, 6)), ("it", "passo ai jolly quattro jolly", (4, 1)),
    ("es", "siete cincos sin pensarlo", (7, 5)), ("es", "seis seises y que sea lo que dios quiera", (6, 6)),
    ("es", "por probar siete treses", (7, 3)),
    ("fr", "va pour sept trois", (7, 3)), ("fr", "je pars sur sept six", (7, 6)), ("fr", "six deux pour voir", (6, 2)),
    ("pt", "fechou sete três", (7, 3)), ("pt", "seis seis seja o que deus quiser", (6, 6)),
    ("pt", "seis dois só pra ver", (6, 2)),
    ("en", "seven threes just to see", (7, 3)), ("en", "here goes nothing seven sixes", (7, 6)),
    ("it", "vada per sette tre", (7, 3)), ("it", "parto con sette sei", (7, 6)),
    ("es", "siete treses por gusto", (7, 3)),
    ("fr", "sept trois pour rire", (7, 3)), ("pt", "sete três por diversão", (7, 3)),
    ("en", "seven threes for fun", (7, 3)),
    ("it", "sette tre per provare", (7, 3)), ("es", "siete treses pa que veas", (7, 3)),
    ("pt", "bora lá sete três", (7, 3)), ("en", "seven threes just because", (7, 3)),
])
def test_a_lead_in_or_closing_idiom_around_a_bid_is_played(lang: str, text: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("es", "seis senas", (6, 6)), ("es", "cinco senas", (5, 6)), ("en", "three wilds", (3, 1)),
    ("en", "two wilds", (2, 1)), ("es", "tres comodines", (3, 1)), ("fr", "trois jokers", (3, 1)),
    ("en", "three jokers", (3, 1)),
])
def test_regional_face_names_are_faces(lang: str, text: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid


@pytest.mark.parametrize(("lang", "text"), [
    ("fr", "léa menteuse dudo"), ("pt", "rita mentirosa dudo"), ("es", "carmen mentirosa dudo"),
    ("fr", "dudo sale menteuse"), ("pt", "dudo sua mentirosa"),
    ("it", "sara imbrogliona dudo"), ("es", "carmen tramposa dudo"), ("fr", "léa tricheuse dudo"),
    ("pt", "rita trapaceira dudo"), ("en", "lucy you cheater dudo"),
])
def test_the_standing_bidder_named_with_an_insult_beside_dudo_is_dudo(lang: str, text: str) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.intent == "dudo" and decision.player == position(lang).to_act()


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "annulla scusami"), ("it", "annulla mi sono confuso"), ("es", "anula lo siento"),
    ("es", "cancela me he confundido"), ("fr", "annule désolé"), ("pt", "cancela me confundi"),
    ("en", "undo my bad"), ("en", "cancel i got confused"),
])
def test_a_cancel_opening_an_apology_is_played(lang: str, text: str) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.intent == "cancel"
