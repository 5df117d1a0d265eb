"""The one clear move beside unexplained words: played beside a plain comment, else asked about; a
story never is (issue 22)."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from dudo_hub.voice.understand.parser import parse
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("text", "lang", "move"), [
    ("venti dadi in gioco eh allora sette sei", "it", ("bid", 7, 6)),
    ("cinque sei perché io ne ho due", "it", ("bid", 5, 6)),
    ("luca prima aveva detto tre quattro quindi io dico cinque quattro", "it", ("bid", 5, 4)),
])
def test_the_clear_move_is_asked_about_for_the_player_to_act(text: str, lang: str, move: tuple[object, ...]) -> None:
    decision = decide(text, lang, position(lang))
    asked = decision.to_json()["asked"]
    assert not decision.played and asked is not None
    assert (asked["intent"], asked["quantity"], asked["face"]) == move
    assert asked["player"] == position(lang).to_act()


@pytest.mark.parametrize(("text", "lang"), [
    ("cinque sei sarebbe una follia", "it"),
    ("five sixes would be insane", "en"),
    ("se fossi in te direi calza", "it"),
    ("no digas dudo", "es"),
    ("mi si è rotta la calza", "it"),
    ("annulla la partita", "it"),
    ("sei sei sei il diavolo", "it"),
])
def test_a_story_is_neither_played_nor_asked(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None


def test_a_name_says_whose_call_beside_one_word() -> None:
    decision = decide("per luca dudo", "it", position("it"))
    assert decision.to_json()["asked"] is None and decision.player == "Luca"


@pytest.mark.parametrize(("text", "lang"), [("ocho treses cancela", "es"), ("sei cinque annulla annulla", "it"),
                                            ("eight threes cancel", "en")])
def test_a_bid_then_a_cancel_is_the_cancel(text: str, lang: str) -> None:
    assert parse(text, lang).intent == "cancel"
    assert parse(text.rsplit(" ", 1)[0] if lang != "it" else "sei cinque", lang).intent == "bid"


@pytest.mark.parametrize(("text", "lang", "move"), [
    ("che serata ragazzi allora cinque quattro", "it", ("bid", 5, 4)),  # a bid led in after a comment
    ("qué nervios pues seis cuatros", "es", ("bid", 6, 4)), ("tough crowd but six twos", "en", ("bid", 6, 2)),
    ("beh io sparo sei cinque", "it", ("bid", 6, 5)),  # a verb after "io": the speaker's own bid
    ("guardando il tavolo dico sette cinque", "it", ("bid", 7, 5)),
    ("bevo un sorso e dico cinque sei", "it", ("bid", 5, 6)),  # "un": an article, not a count
    ("ma che guardi luca io dico cinque sei", "it", ("bid", 5, 6)),  # Luca is spoken to
    ("quattro cinque non li avete dudo", "it", ("dudo", None, None)),  # the standing bid quoted, then the call
    ("four fives come off it dudo", "en", ("dudo", None, None)),
    ("guagliò dudo", "it", ("dudo", None, None)), ("menteuse dudo", "fr", ("dudo", None, None)),
    ("sette quattro perché me lo sento", "it", ("bid", 7, 4)),  # a new clause after the bid
    ("sette quattro dai che ci sono", "it", ("bid", 7, 4)), ("ocho cincos y bebe carmen", "es", ("bid", 8, 5)),
    ("cinq six et je bois un coup", "fr", ("bid", 5, 6)), ("six sixes and drink up", "en", ("bid", 6, 6)),
    ("due pacos giulia muoviti", "it", ("bid", 2, 1)),  # a player spoken to after the bid
    ("sara secondo me menti dudo", "it", ("dudo", None, None)),  # a name first, the call backed by its tail
    ("rita você tá maluca eu digo cinco seis", "pt", ("bid", 5, 6)),  # a name first, the bid led in
    ("lucy you're making it up dudo", "en", ("dudo", None, None)),  # a name first, then spoken to
    ("carmen tú no tienes ni uno dudo", "es", ("dudo", None, None)),
    ("luca guarda e impara sei sei", "it", ("bid", 6, 6)),
    ("giulia non guardarmi così cinque due", "it", ("bid", 5, 2)),
    ("sette sei perché ne vedo sette", "it", ("bid", 7, 6)),  # the move's own numbers are no other count
    ("con i pacos che contano dico cinque quattro", "it", ("bid", 5, 4)),  # a face name alone is no count
    ("cinque cinque e non guardatemi così", "it", ("bid", 5, 5)),  # "e" + a negation: "and", never "è"
    ("seis quatros e eu bebo", "pt", ("bid", 6, 4)),
    ("sei cinque e poi vediamo chi ride", "it", ("bid", 6, 5)),  # a question word after the move
    ("anula que me he liado", "es", ("cancel", None, None)),  # a cancel opening its reason (one of its tails)
    ("annulla che mi sono sbagliato", "it", ("cancel", None, None)),
    ("calzo son cuatro justos", "es", ("calza", None, None)),  # a call, then its tail
    ("cinque tre che ho la mano buona", "it", ("bid", 5, 3)), ("seis cincos que yo lo sé", "es", ("bid", 6, 5)),
])
def test_a_move_beside_a_plain_comment_is_played(text: str, lang: str, move: tuple[object, ...]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.to_json()["asked"] is None
    assert (decision.move.intent, decision.move.quantity, decision.move.face) == move
    assert decision.player == (None if move[0] == "cancel" else position(lang).to_act())  # a cancel is anyone's


@pytest.mark.parametrize(("text", "lang", "move"), [
    ("annulla che ho detto male", "it", ("cancel", None, None)),  # a cancel and its reason
    ("sette cinque volte tanto", "it", ("bid", 7, 5)), ("cinque due in mano che schifo", "it", ("bid", 5, 2)),
    ("magari sette cinque", "it", ("bid", 7, 5)), ("sette quattro forse", "it", ("bid", 7, 4)),  # doubts
    ("quién sabe seis cuatros", "es", ("bid", 6, 4)), ("après ça six quatre", "fr", ("bid", 6, 4)),
    ("talvez seis quatros", "pt", ("bid", 6, 4)), ("che serata luca dice cinque due", "it", ("bid", 5, 2)),
    ("venti dadi in gioco eh allora sette sei", "it", ("bid", 7, 6)),  # another count
    ("sette cinque tanto ne ho tre", "it", ("bid", 7, 5)), ("sette cinque e non otto cinque", "it", ("bid", 7, 5)),
    ("sette pacos e troppo", "it", ("bid", 7, 1)),  # "e" alone may be "è": no new clause
    ("sette cinque che fegato", "it", ("bid", 7, 5)), ("sete cincos que coragem", "pt", ("bid", 7, 5)),  # "what ...!"
    ("cosa faccio sette cinque", "it", ("bid", 7, 5)), ("what now seven fives", "en", ("bid", 7, 5)),  # a question
    ("ci sono almeno sei tre", "it", ("bid", 6, 3)),  # a count's lead: told, or bid?
    ("giulia ride sempre luca cinque due", "it", ("bid", 5, 2)),  # a name inside the comment
    ("lucy shouts dudo", "en", ("dudo", None, None)),  # a name first: telling, or spoken to?
    ("marco urla sette cinque", "it", ("bid", 7, 5)),
    ("che fortuna con sette quattro", "it", ("bid", 7, 4)),  # a preposition before the bid: talked about
    ("quelle chance avec sept trois", "fr", ("bid", 7, 3)), ("what luck with seven threes", "en", ("bid", 7, 3)),
    ("mamma mia ho sette cinque", "it", ("bid", 7, 5)), ("lucy you've got seven fives", "en", ("bid", 7, 5)),  # having
    ("che [unk] sette cinque", "it", ("bid", 7, 5)),  # a word not heard
    ("che serata incredibile cinque quattro", "it", ("bid", 5, 4)),  # no lead-in: the end of another sentence?
    ("in teoria sette cinque", "it", ("bid", 7, 5)), ("my record is seven fives", "en", ("bid", 7, 5)),
    ("il mio record è sette cinque", "it", ("bid", 7, 5)),  # "è" right before: talked about
    ("siete cincos porque era la última ronda", "es", ("bid", 7, 5)),  # the past
    ("sette cinque e ci credevano tutti", "it", ("bid", 7, 5)),
    ("seven fives and nobody believed it", "en", ("bid", 7, 5)),
])
def test_a_move_beside_a_comment_that_may_change_it_is_asked_about(text: str, lang: str,
                                                                   move: tuple[object, ...]) -> None:
    decision = decide(text, lang, position(lang))
    asked = decision.to_json()["asked"]
    assert not decision.played and asked is not None
    assert (asked["intent"], asked["quantity"], asked["face"]) == move


@pytest.mark.parametrize(("text", "lang"), [
    ("scommetto che giulia dice calza", "it"), ("je parie que hugo dit six cinq", "fr"),  # predictions
    ("sei quattro è valido o no", "it"), ("seis três vale ou não", "pt"),  # rule questions
    ("ieri ho perso con otto due", "it"), ("ayer perdí con ocho doses", "es"),  # past results
    ("giulia al posto tuo direi sei tre", "it"), ("hugo à ta place je dirais six trois", "fr"),  # advice
    ("luca dice sempre calza", "it"), ("marco dirà sei cinque", "it"),  # reported speech
    ("cancella la prenotazione", "it"), ("cancel the pizza", "en"),  # a cancel of something else
    ("giulia ricordati che prima hai detto cinque quattro", "it"),
    ("sara ha appena detto dudo", "it"),
    ("avete visto sette cinque", "it"), ("vous avez vu sept cinq", "fr"), ("vocês viram sete cincos", "pt"),  # seen
    ("lucía decía siete cincos", "es"), ("la volta scorsa luca ha chiamato calza", "it"),
    ("dudo means i doubt", "en"), ("dudo in spagnolo significa dubito", "it"), ("dudo que llueva mañana", "es"),
])
def test_told_moves_are_neither_played_nor_asked(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None


@pytest.mark.parametrize(("text", "lang", "bid"), [
    ("sei dadi sul quattro", "it", (6, 4)), ("cinque dadi che fanno tre", "it", (5, 3)),  # joiners
    ("siete tontos", "es", (7, 2)), ("cinco sextas", "es", (5, 6)), ("seis quinas", "es", (6, 5)),  # Chilean
    ("cinco meia", "pt", (5, 6)), ("trois pas cos", "fr", (3, 1)),
])
def test_joiners_and_regional_face_names_are_played(text: str, lang: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid


@pytest.mark.parametrize(("text", "lang"), [
    ("meia", "pt"), ("meia noite e meia", "pt"), ("o número termina em meia meia", "pt"),
])
def test_meia_alone_is_no_move(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None


@pytest.mark.parametrize(("text", "lang"), [
    ("la prossima mano dico subito dudo", "it"), ("alla prossima dico calza", "it"),
    ("la próxima ronda digo dudo", "es"), ("la prochaine fois je dis dudo", "fr"),
    ("na próxima rodada eu digo duvido", "pt"), ("next round i say dudo", "en"),
])
def test_a_plan_for_the_next_round_is_neither_played_nor_asked(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None


@pytest.mark.parametrize(("text", "lang"), [
    ("dudo em espanhol é duvido", "pt"), ("dudo vuol dire dubito", "it"), ("dudo in spagnolo è dubito", "it"),
    ("dudo significa dudo", "es"), ("dudo veut dire je doute", "fr"), ("dudo means i doubt", "en"),
    ("calza is spanish for it fits", "en"), ("the word dudo", "en"),
])
def test_a_call_word_talked_about_is_neither_played_nor_asked(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None


@pytest.mark.parametrize(("text", "lang"), [("dudo", "pt"), ("duvido", "pt"), ("dudo", "en"), ("calza", "it")])
def test_a_call_word_alone_is_still_played(text: str, lang: str) -> None:
    assert decide(text, lang, position(lang)).played


@pytest.mark.parametrize(("text", "lang"), [
    ("mmm sei cinque o sette tre non so", "it"), ("sei cinque o sette tre", "it"),
    ("dudo o calza questo è il dilemma", "it"),
    ("seis cincos o siete treses no sé", "es"), ("six cinq ou sept trois je sais pas", "fr"),
    ("seis cincos ou sete três sei lá", "pt"), ("six fives or seven threes i dunno", "en"),
])
def test_two_moves_weighed_aloud_are_neither_played_nor_asked(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None


@pytest.mark.parametrize(("text", "lang"), [
    ("mi hermano tiene seis años", "es"), ("mio fratello ha sei anni", "it"),
    ("i waited five minutes for the bus", "en"),
])
def test_a_number_with_a_unit_is_no_bid(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None


@pytest.mark.parametrize(("text", "lang"), [("sei cinque", "it"), ("seis cincos", "es")])
def test_one_bid_alone_is_not_weighed(text: str, lang: str) -> None:
    assert decide(text, lang, position(lang)).move.intent == "bid"
