"""Issue 38: a cue said before a move cancels it (`voice.cancelling`, the packs' `negations`,
`move_verbs`, `dares`, `having`), precision first: a negated call or bid is neither played nor
asked about, nor a dare to another player, a rule said aloud or another player's hand; a real
call whose reason holds a negation is still played (the packs' `not_even`, `complements`).

Lines written for the issue, in the table position of `data/table/position.json` (standing four
fives, Marco / Pablo / Julien / João / Tom to act)."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from tests.voice.test_voice_table_corpus import position

# (lang, a negated move, the same move said plainly)
NEGATED = [
    ("it", "non dico dudo", "dico dudo"), ("it", "no no non dico dubito", "no no dico dubito"),
    ("it", "io non chiamo calza", "io chiamo calza"), ("it", "non dubito", "dubito"),
    ("it", "non dico mai calza", "dico calza"), ("it", "io non punto sei cinque", "io punto sei cinque"),
    ("it", "non dico sette cinque", "dico sette cinque"), ("it", "dudo non calza", "calza"),
    ("it", "non chiamo mai dudo", "chiamo dudo"),
    ("pt", "eu não duvido", "eu duvido"), ("pt", "não digo duvido", "eu digo duvido"),
    ("pt", "eu não falo calza", "eu falo calza"), ("pt", "não vou falar duvido", "vou de duvido"),
    ("pt", "nunca duvido", "duvido"), ("pt", "eu não falo seis cincos", "eu falo seis cincos"),
    ("pt", "nem duvido nem calza", "duvido"),
    ("fr", "je dis pas calza", "je dis calza"), ("fr", "je ne dis pas dudo", "je dis dudo"),
    ("fr", "pas dudo", "dudo"), ("fr", "je vais pas dire dudo", "je dis dudo"),
    ("fr", "je ne mets pas six cinq", "je mets six cinq"), ("fr", "dudo pas calza", "calza"),
    ("fr", "je dis jamais calza", "je dis calza"),
    ("es", "no digo dudo", "yo digo dudo"), ("es", "yo no dudo", "yo dudo"),
    ("es", "yo no digo calzo", "yo digo calzo"),
    ("es", "no voy a decir dudo", "voy a dudo"), ("es", "nunca dudo", "dudo"),
    ("es", "no digo seis cincos", "yo digo seis cincos"), ("es", "ni dudo ni calzo", "calzo"),
    ("en", "i'm not saying dudo", "i say dudo"), ("en", "i'm not calling dudo", "i'm calling dudo"),
    ("en", "i won't call calza", "i call calza"), ("en", "not dudo", "dudo"),
    ("en", "i don't say six fives", "i say six fives"), ("en", "calza not dudo", "dudo"),
    ("en", "i never say calza", "i say calza"), ("en", "i'm not bidding six fives", "i'll bid six fives"),
    ("en", "i'm not gonna call dudo", "i'm gonna call dudo"), ("en", "nobody says dudo", "dudo"),
    ("en", "not yet dudo", "dudo"), ("it", "nessuno dice dudo", "dudo"), ("es", "ni siquiera dudo", "dudo"),
    ("es", "nadie dice dudo", "dudo"), ("fr", "je dis plus dudo", "je dis dudo"),
    ("pt", "ninguém fala duvido", "duvido"), ("en", "i'm not going up to seven fives", "going up to seven fives"),
    ("it", "non salgo a sette cinque", "salgo a sette cinque"), ("pt", "não vou de sete cincos", "vou de sete cincos"),
]


@pytest.mark.parametrize(("lang", "negated", "plain"), NEGATED)
def test_a_negated_move_is_neither_played_nor_asked(lang: str, negated: str, plain: str) -> None:
    assert decide(plain, lang, position(lang)).played
    got = decide(negated, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None, got


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "non dubito che tu stia bluffando"), ("en", "I don't doubt it"), ("it", "non dire dudo"),
    ("es", "no digas dudo"),
    ("pt", "não fala dudo"), ("fr", "dis pas dudo"), ("en", "don't say calza"),
])
def test_a_negated_call_told_is_never_played(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None


@pytest.mark.parametrize(("lang", "text", "intent"), [
    ("es", "no dudo", "dudo"), ("es", "no no dudo", "dudo"), ("es", "no calzo", "calza"),
    ("es", "dudo no calzo", "calza"), ("es", "calzo no dudo", "dudo"),
    ("pt", "não duvido", "dudo"), ("pt", "não não duvido", "dudo"), ("pt", "duvido não calza", "calza"),
])
def test_a_bare_no_before_a_call_may_be_an_exclamation_so_it_is_asked(lang: str, text: str, intent: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is not None and got["asked"]["intent"] == intent


@pytest.mark.parametrize(("lang", "text", "intent"), [
    ("it", "dudo non ce ne sono neanche due", "dudo"), ("it", "dudo secondo me non ce ne sono neanche tre", "dudo"),
    ("it", "dudo non ne hai nemmeno due", "dudo"), ("it", "dudo non ci credo", "dudo"), ("it", "non ci credo", "dudo"),
    ("it", "non ci credo dudo", "dudo"), ("it", "dudo non esistono", "dudo"), ("it", "non esistono dudo", "dudo"),
    ("it", "calza non ci credo che sbagli", "calza"), ("it", "dubito non ce ne sono così tanti", "dudo"),
    ("en", "dudo there aren't even two", "dudo"), ("en", "dudo there aren't even two fives", "dudo"),
    ("en", "dudo, no way", "dudo"), ("en", "no way dudo", "dudo"), ("en", "not a chance dudo", "dudo"),
    ("en", "dudo i don't believe you", "dudo"), ("en", "liar not even two", "dudo"),
    ("es", "dudo no hay ni dos", "dudo"), ("es", "dudo no hay ni dos cincos", "dudo"), ("es", "no te creo", "dudo"),
    ("es", "dudo ni de broma", "dudo"), ("es", "no me lo creo dudo", "dudo"), ("es", "no hay tantos dudo", "dudo"),
    ("es", "calzo no me lo creo que falles", "calza"), ("es", "dudo no tienes ni dos", "dudo"),
    ("pt", "duvido não tem nem dois", "dudo"), ("pt", "não acredito", "dudo"), ("pt", "duvido não acredito", "dudo"),
    ("pt", "calza não acredito que você erre", "calza"), ("pt", "quatro cincos nem a pau duvido", "dudo"),
    ("fr", "dudo il y en a même pas deux", "dudo"), ("fr", "dudo j'y crois pas", "dudo"),
    ("fr", "j'y crois pas dudo", "dudo"), ("fr", "dudo je n'y crois pas du tout", "dudo"),
])
def test_a_call_with_a_negation_in_its_reason_is_played(lang: str, text: str, intent: str) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.intent == intent


@pytest.mark.parametrize(("lang", "text", "move"), [
    ("it", "sette no otto cinque", (8, 5)), ("es", "siete no ocho cincos", (8, 5)),
    ("pt", "sete não oito cincos", (8, 5)), ("fr", "sept non huit cinq", (8, 5)),
    ("en", "seven no eight fives", (8, 5)), ("es", "seis cincos no espera siete cincos", (7, 5)),
    ("it", "no no annulla", None), ("pt", "não espera cancela", None), ("es", "no espera anula", None),
    ("fr", "non attends annule", None), ("it", "eh no, dudo", None), ("fr", "ah non là dudo", None),
])
def test_a_no_that_corrects_or_exclaims_still_plays_the_move(lang: str, text: str,
                                                             move: tuple[int, int] | None) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played
    if move is not None:
        assert decision.move.as_bid() == move


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "go on lucy say dudo"), ("en", "lucy come on call calza"), ("en", "you should call dudo anna"),
    ("en", "anna you should say calza"), ("it", "dai giulia di dudo"), ("it", "forza luca chiama calza"),
    ("it", "giulia dovresti dire dudo"), ("es", "venga diego di dudo"), ("es", "vamos lucía canta calzo"),
    ("es", "diego deberías decir dudo"), ("pt", "vai ana fala duvido"), ("pt", "ana você devia falar duvido"),
    ("fr", "vas-y hugo dis dudo"), ("fr", "allez léa annonce calza"), ("fr", "hugo tu devrais dire dudo"),
])
def test_a_dare_or_advice_to_another_player_is_no_move(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None and got["intent"] is None


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "after eighteen fives you need at least nine aces"),
    ("en", "you need at least nine aces after eighteen fives"),
    ("it", "dopo diciotto cinque servono almeno nove assi"), ("it", "dopo diciotto cinque ci vogliono nove assi"),
    ("es", "después de dieciocho cincos necesitas al menos nueve ases"),
    ("es", "después de dieciocho cincos hacen falta nueve ases"),
    ("fr", "après dix-huit cinq il faut au moins neuf pacos"),
    ("pt", "depois de dezoito cincos precisa de pelo menos nove ases"),
])
def test_a_rule_said_aloud_is_no_move(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "anna surely has three sixes"), ("en", "anna surely has six sixes"), ("en", "lucy has at least five fives"),
    ("en", "lucy probably has two aces"),
    ("en", "jack's got six fives"), ("it", "sara ha almeno cinque cinque"), ("it", "giulia ha sicuramente sei sei"),
    ("it", "luca ha di sicuro sette cinque"), ("es", "diego tiene por lo menos seis cincos"),
    ("es", "carmen seguro que tiene seis seises"), ("pt", "pedro tem pelo menos seis cincos"),
    ("pt", "a rita com certeza tem seis seis"), ("fr", "léa a sûrement six six"),
    ("fr", "camille elle a au moins six cinq"),
])
def test_a_bid_said_about_another_players_hand_is_no_move(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None


@pytest.mark.parametrize(("lang", "text"), [
    ("fr", "léa t'es folle moi je dis cinq six"),  # the speaker as subject: no dare
    ("en", "i'm going five sixes and i'm not sorry"),  # a negation after the move
    ("it", "otto cinque e non se ne parla più"), ("en", "eight fours and i'm not even bluffing"),
])
def test_a_move_beside_a_cue_it_does_not_govern_is_played(lang: str, text: str) -> None:
    assert decide(text, lang, position(lang)).played


@pytest.mark.parametrize(("lang", "text", "intent"), [
    ("it", "non dico calza ma dudo", "dudo"), ("it", "io non dico calza io dico dudo", "dudo"),
    ("es", "no digo calzo digo dudo", "dudo"), ("en", "i'm not calling calza i'm calling dudo", "dudo"),
    ("pt", "não falo calza mas duvido", "dudo"), ("it", "non dico dudo ma sette cinque", "bid"),
])
def test_a_new_clause_after_the_negated_move_is_played(lang: str, text: str, intent: str) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.intent == intent


@pytest.mark.parametrize(("lang", "text", "intent"), [
    ("it", "non dico più dudo", "dudo"), ("it", "non dico proprio dudo", "dudo"),  # a word after the verb
    ("es", "no lo dudo", "dudo"),  # "no, lo dudo" or "I don't doubt it"
])
def test_a_negated_verb_with_more_words_before_the_move_is_asked_at_most(lang: str, text: str, intent: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is not None and got["asked"]["intent"] == intent
