"""Chatter that holds a move but does not make one: plans for later, modal hedges, a choice
weighed, a guess at another cup, rule talk, numbers in other senses, a call word talked about.
Neither played nor asked (the packs' `stories` and `defined_as`), and a real call beside them
still is."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "più tardi provo con sei cinque"),
    ("it", "il prossimo turno dico due assi"),
    ("it", "hai la faccia di chi ha sei cinque"),
    ("it", "due assi valgono come quattro dadi"),
    ("it", "il mio numero è sei cinque"),
    ("it", "dudo è spagnolo"),
    ("it", "potrei dire sei cinque"),
    ("it", "dopo magari provo sei cinque"),
    ("es", "luego pruebo con seis cincos"),
    ("es", "tienes cara de tener seis cincos"),
    ("es", "mi número termina en seis cinco"),
    ("es", "dudo es español"),
    ("es", "entre seis cincos y dos pacos"),
    ("es", "si digo seis cincos qué haces"),
    ("es", "podría ir con seis cincos"),
    ("fr", "plus tard je dirai six cinq"),
    ("fr", "t'as l'air d'avoir six cinq"),
    ("fr", "j'hésite entre six cinq et deux pacos"),
    ("fr", "deux pacos valent quatre dés"),
    ("fr", "je pourrais tenter six cinq"),
    ("pt", "mais tarde eu arrisco seis cincos"),
    ("pt", "você tem cara de quem tem seis cincos"),
    ("pt", "entre seis cincos e dois ases"),
    ("pt", "meu número termina com seis cinco"),
    ("pt", "depois talvez seis cincos"),
    ("en", "later i might say six fives"),
    ("en", "you look like you have six fives"),
    ("en", "between six fives and two aces"),
    ("en", "two aces count as four dice"),
    ("en", "the score was six five"),
    ("en", "my number ends in six five"),
    ("en", "maybe i'll go six fives"),
    ("en", "maybe i will go six fives"),
    # a bid judged, rolls in a row, what there was, other games, asking whether one may
    ("it", "sette cinque mi sembra rischioso"), ("it", "sei cinque di fila incredibile"),
    ("it", "a poker sei cinque vale tanto"), ("es", "siete cincos es demasiado arriesgado"),
    ("es", "en el mus seis cincos no existe"), ("fr", "six cinq d'affilée incroyable"),
    ("fr", "au yams six cinq c'est rare"), ("pt", "seis cincos seguidos que sorte"),
    ("pt", "posso passar pra dois ases"), ("en", "six fives in a row unbelievable"),
    ("en", "can i go two aces now"), ("en", "next turn i'll try three aces"),
    ("en", "you seem like you have three aces"), ("it", "giulia mi sembri una che ha sei cinque"),
    ("it", "dudo viene dallo spagnolo"), ("pt", "duvido é português"), ("es", "tienes pinta de tener tres pacos"),
    # impersonal rule talk, another's opinion asked, a bid judged crazy, what someone always does, addresses
    ("es", "de cuatro cincos se pasa a dos pacos"), ("fr", "de quatre cinq on passe à deux pacos"),
    ("pt", "de quatro cincos passa pra dois ases"), ("en", "from four fives you go to two aces"),
    ("it", "giulia secondo te dico sei cinque"), ("it", "sei cinque è una puntata da pazzi"),
    ("es", "seis cincos es una locura"), ("fr", "six cinq c'est de la folie"), ("pt", "seis cincos é loucura"),
    ("en", "six fives is crazy"), ("es", "pablo siempre dice seis cincos"), ("it", "marco fa sempre sei cinque"),
    ("es", "vivo en el número seis cinco"), ("pt", "moro no número seis cinco"),
    ("en", "halve it and you get two aces"),
    ("en", "six fives is too risky"), ("en", "at poker six fives wins"),
])
def test_a_move_planned_hedged_weighed_or_talked_about_is_neither_played_nor_asked(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("it", "sei cinque", (6, 5)), ("es", "seis cincos", (6, 5)), ("en", "six fives", (6, 5)),
    ("fr", "six cinq", (6, 5)), ("pt", "seis cincos", (6, 5)),
])
def test_the_same_bid_said_alone_is_played(lang: str, text: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid


@pytest.mark.parametrize(("lang", "text"), [("en", "maybe six fives"), ("en", "six fives maybe")])
def test_maybe_beside_a_bid_is_asked_like_forse_and_talvez(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is not None and got["asked"]["intent"] == "bid"
