"""Ask, don't ignore (issue 38): a line the grammar cannot read whole, that holds exactly one move and
no cue cancelling it, is asked of its player, or played when the move is said first or last beside a
plain remark (`voice.edges`). What the scan refuses stays ignored."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from dudo_hub.voice.understand.lexicon import lexicon_for
from dudo_hub.voice.understand.scan import lone_move
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("lang", "text", "move"), [
    ("it", "ahah ragazzi allora io dico sette tre e vediamo chi ride", ("bid", 7, 3)),
    ("it", "dudo luca stasera bari come un matto", ("dudo", None, None)),
    ("it", "sugli assi ne metto tre", ("bid", 3, 1)),
    ("es", "calzo mira que lo tengo clarísimo", ("calza", None, None)),
    ("es", "de cuatros digo siete", ("bid", 7, 4)),
    ("fr", "allez les amis dudo on ouvre tout", ("dudo", None, None)),
    ("fr", "des deux j'en mets neuf", ("bid", 9, 2)),
    ("pt", "olha pessoal cinco seis e fim de papo", ("bid", 5, 6)),
    ("en", "right lads seven threes and whoever laughs buys the pizza", ("bid", 7, 3)),
    ("en", "on twos i'm going nine", ("bid", 9, 2)),
])
def test_the_one_move_in_a_line_of_talk_is_taken(lang: str, text: str, move: tuple[object, ...]) -> None:
    got = decide(text, lang, position(lang)).to_json()
    taken = got if got["played"] else got["asked"]
    assert taken is not None, got
    assert (taken["intent"], taken["quantity"], taken["face"]) == move
    assert taken["player"] == position(lang).to_act()


@pytest.mark.parametrize(("lang", "text", "played"), [
    ("it", "dieci sei alla cieca", True),
    ("it", "sette pacos è tanto", False),  # the bid the subject of a remark: asked
    ("es", "ocho treses a lo loco", True),  # the move first, a short remark after it
    ("fr", "dudo direct", True),  # a call first, a remark after it (`voice.edges`)
    ("it", "dudo mostrate tutto", True), ("en", "dudo flip them over", True), ("it", "calza giovanni", True),
    ("it", "dudo cretino", True), ("es", "calzo y que sea lo que dios quiera", True),
    ("en", "right then here goes dudo", True),  # a call said last after a lead-in
    ("it", "calza sono proprio quattro", True),  # the standing bid's number beside a Calza
    ("it", "con calza si recupera un dado giusto", False),  # after a preposition the call word is a noun
    ("it", "calza sbagliata perdi un dado", False),  # the call judged: talk about one
    ("en", "in the states they just shout liar", False),  # someone else the subject
    ("en", "lucy shouts dudo", False),  # a player named right before it: its subject
    ("it", "ci sono almeno sei tre", False),  # a count told
    ("en", "seven fives and nobody believed it", False),  # the past after a bid
    ("en", "six threes jack beat that if you can", True),  # a condition told to the player spoken to
    ("it", "sette cinque che stasera mi sento bene", True),  # "che" after the move: its reason
    ("es", "calzo que están clavaditos", True),
    ("it", "allora sentite questa io vado con sette tre", True),  # a bid said last after a lead-in
    ("es", "de cuatros digo siete", True),  # a face named first, its number after a move verb
    ("pt", "duvido você acertar", False),  # the remark speaks to someone: asked
    ("it", "dieci sei alla cieca come sempre stasera", False),  # a longer remark: asked
    ("it", "ragazzi belli dieci sei alla cieca", False),  # words of talk before the move: asked
])
def test_a_lone_move_opening_the_line_is_played(lang: str, text: str, played: bool) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert got["played"] is played and (played or got["asked"] is not None), got


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "mi si è strappata la calza nuova"),  # a call word after an article is a noun
    ("it", "quella camicia ti calza benissimo"),  # after a clitic, a verb
    ("it", "calza le ciabatte che fa freddo"),  # before an article, a verb with its object
    ("es", "dudo que ganes esta noche"),  # a Dudo opening what is doubted
    ("es", "hay siete cincos contando los pacos"),  # a count told ("hay {n}")
    ("en", "there are six fives with the aces counted"),
    ("fr", "avec quatre six on peut encore monter"),  # dice talked about after a preposition
    ("en", "what do you reckon about nine twos eh mate"),  # a question word before the move
    ("it", "ogni volta che dico dubito perdo"),  # a complement opening a clause before it
    ("en", "the pitcher threw seven threes in a row"),  # a past tense before it
    ("pt", "era cinco seis ou sete seis"),  # two moves weighed
    ("it", "sei cinque o sette tre boh"),
    ("en", "if anna says dudo i'm leaving"),  # a story
    ("it", "ragazzi non chiamo dudo stavolta"),  # a negation before it
    ("it", "sei sei sei il numero"),  # the same number three times
    ("en", "seven fives no way"),  # a Dudo's tail beside a bid
    ("it", "dudo otto e mezza"),  # a number right after a call
    ("en", "cancel my dentist on friday"),  # a cancel is only what the grammar reads
    ("it", "dudo [unk] [unk]"),  # unheard words may hold the cue
])
def test_what_the_scan_refuses_is_neither_played_nor_asked(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None, got


def test_two_moves_in_one_line_are_no_lone_move() -> None:
    lexemes = lexicon_for("it").lex("sette tre poi magari dudo")
    assert lone_move("it", lexemes, (4, 5)) is None
    tail = lexicon_for("it").lex("dudo su quattro cinque eh")
    assert lone_move("it", tail, (4, 5)) is not None, "the standing bid is the call's tail"


def test_a_correction_leaves_what_follows_it() -> None:
    lexemes = lexicon_for("es").lex("digo cinco seises no mejor seis cincos vamos")
    move = lone_move("es", lexemes, (4, 5))
    assert move is not None and move.as_bid() == (6, 5)


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("it", "novequattro", (9, 4)), ("it", "treassi", (3, 1)), ("es", "sietecincos", (7, 5)),
    ("fr", "huitdeux", (8, 2)), ("pt", "seisquatros", (6, 4)), ("en", "ninethrees", (9, 3)),
])
def test_a_bid_merged_into_one_word_by_the_recogniser_is_played(lang: str, text: str, bid: tuple[int, int]) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert got["played"] and (got["quantity"], got["face"]) == bid, got


@pytest.mark.parametrize(("lang", "text"), [("it", "tresette"), ("it", "seicento"), ("en", "fiftyfifty")])
def test_a_word_that_only_looks_merged_is_no_bid(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None, got


@pytest.mark.parametrize(("lang", "text", "player"), [
    ("it", "qui è sara calza", "Sara"), ("es", "soy carmen y digo calzo", "Carmen"),
    ("pt", "aqui é a rita calza", "Rita"), ("en", "it's lucy calza", "Lucy"), ("fr", "c'est léa calza", "Léa"),
])
def test_a_player_who_names_themselves_is_the_caller(lang: str, text: str, player: str) -> None:
    """The standing bidder naming themselves makes the call (which the engine refuses: the bidder
    may not Calza their own bid); it is never the player to act's, as "sara calza" is."""
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.move.player in (player, None), decision
    assert not (decision.asked and decision.move.player != player), decision


def test_a_name_without_a_self_naming_word_is_still_the_judged_bidder() -> None:
    got = decide("sara calza", "it", position("it")).to_json()
    assert got["played"] and got["player"] == "Marco", got
