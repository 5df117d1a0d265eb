"""Realistic table talk through the decision policy, as `dudo parse --batch` runs it.

`data/table/` holds, per language, calls (`<lang>.calls.jsonl`: a transcript and the
move it must be in the position of `position.json`) and chatter (`<lang>.chatter.txt`:
things said at the table that must never be played), plus `heldout/` (the same kinds,
written with the rest before any tuning and never tuned on) and `grammar/` (each line
as a recogniser with the hub's grammar would give it: words outside the grammar become
"[unk]"). Regenerate the grammar views after changing a pack:

    .venv/bin/python tests/voice/test_voice_table_corpus.py --write-views

The aims (issue 22): chatter played <= 0.5% and asked about <= 3%, calls played right
>= 92% overall and >= 90% in Italian, played or asked right >= 97%, a call played as a
different move: never, asked as a different move: <= 0.5%.
"""

from __future__ import annotations

import io
import json
import sys
from argparse import Namespace
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from dudo_hub.voice.decision.context import LegalPosition
from dudo_hub.voice.decision.policy import decide
from dudo_hub.voice.decision.position import EnginePosition, table_position
from dudo_hub.voice.language.grammar import grammar_view, table_grammar
from dudo_hub.voice.setup.parse_cmd import run_parse

DATA = Path(__file__).parent / "data" / "table"
LANGS = ("it", "es", "fr", "pt", "en")
SPLITS = ("", "heldout/")
VIEWS = ("", "grammar/")


@cache
def setting() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "position.json").read_text(encoding="utf-8"))
    return data


@cache
def position(lang: str) -> EnginePosition:
    quantity, face = (int(x) for x in setting()["standing"].split("x"))
    return table_position(setting()["players"][lang], (quantity, face), setting()["dice"], setting()["preset"])


def calls(split: str, lang: str, view: str = "") -> list[dict[str, Any]]:
    path = DATA / view / split / f"{lang}.calls.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def chatter(split: str, lang: str, view: str = "") -> list[str]:
    path = DATA / view / split / f"{lang}.chatter.txt"
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def score(split: str, view: str, lang: str) -> Counter[str]:
    """For one language: chatter, chatter_played, chatter_asked; calls, right (played or
    refused as expected), asked_right (the expected move asked about), different (a
    different move played), asked_different (a different move asked about, or a move
    asked about that must not be played)."""
    out: Counter[str] = Counter()
    for text in chatter(split, lang, view):
        got = decide(text, lang, position(lang)).to_json()
        out["chatter"] += 1
        out["chatter_played"] += got["played"]
        out["chatter_asked"] += got["asked"] is not None
    for case in calls(split, lang, view):
        out.update(judge(decide(case["text"], lang, position(lang)).to_json(), case["expect"]))
    return out


def judge(got: dict[str, Any], want: dict[str, Any]) -> Counter[str]:
    """One call's `dudo parse --batch` line against its expectation."""
    out: Counter[str] = Counter(calls=1)
    asked = got.get("asked")
    refused = want.get("played") is False and not got["played"] and asked is None  # a move the engine refuses
    if refused or {key: got[key] for key in want} == want:
        out["right"] += 1
    elif got["played"]:
        out["different"] += 1
    elif asked is not None:
        same = want.get("played") and all(asked[k] == want[k] for k in ("intent", "quantity", "face", "player")
                                          if k in want)
        out["asked_right" if same else "asked_different"] += 1
    return out


def figures(split: str, view: str) -> dict[str, Counter[str]]:
    """Per language and "all"."""
    per = {lang: score(split, view, lang) for lang in LANGS}
    per["all"] = sum(per.values(), Counter())
    return per


def grammar_for_position(lang: str) -> list[str]:
    where = position(lang)
    return table_grammar(lang, where.legal_bids(), where.calls(), where.players())


def write_views() -> None:
    """Write data/table/grammar/: every line as the recogniser could hear it."""
    for split in SPLITS:
        for lang in LANGS:
            phrases = grammar_for_position(lang)
            target = DATA / "grammar" / split
            target.mkdir(parents=True, exist_ok=True)
            lines = [
                json.dumps({"text": grammar_view(c["text"], phrases), "expect": c["expect"]}, ensure_ascii=False)
                for c in calls(split, lang)
            ]
            (target / f"{lang}.calls.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
            views = [grammar_view(text, phrases) for text in chatter(split, lang)]
            (target / f"{lang}.chatter.txt").write_text("\n".join(views) + "\n", encoding="utf-8")


def test_the_corpora_are_big_enough_and_mostly_italian() -> None:
    total_calls = sum(len(calls(s, lang)) for s in SPLITS for lang in LANGS)
    total_chatter = sum(len(chatter(s, lang)) for s in SPLITS for lang in LANGS)
    assert total_calls >= 300 and total_chatter >= 300
    italian_calls = sum(len(calls(s, "it")) for s in SPLITS)
    italian_chatter = sum(len(chatter(s, "it")) for s in SPLITS)
    assert 0.4 <= italian_calls / total_calls <= 0.6 and 0.4 <= italian_chatter / total_chatter <= 0.6
    assert all(len(calls("heldout/", lang)) >= 10 and len(chatter("heldout/", lang)) >= 10 for lang in LANGS)


@pytest.mark.parametrize("split", SPLITS, ids=["tuning", "heldout"])
def test_grammar_views_are_current(split: str) -> None:
    for lang in LANGS:
        phrases = grammar_for_position(lang)
        assert [c["text"] for c in calls(split, lang, "grammar/")] == [
            grammar_view(c["text"], phrases) for c in calls(split, lang)
        ], "run: .venv/bin/python tests/voice/test_voice_table_corpus.py --write-views"
        assert chatter(split, lang, "grammar/") == [grammar_view(t, phrases) for t in chatter(split, lang)]


@pytest.mark.parametrize("view", VIEWS, ids=["text", "grammar"])
@pytest.mark.parametrize("split", SPLITS, ids=["tuning", "heldout"])
def test_the_aims_hold(split: str, view: str) -> None:
    per = figures(split, view)
    whole, italian = per["all"], per["it"]
    report = {lang: dict(c) for lang, c in per.items()}
    assert whole["chatter_played"] <= 0.005 * whole["chatter"], report
    assert whole["chatter_asked"] <= 0.03 * whole["chatter"], report
    assert whole["right"] >= 0.92 * whole["calls"], report
    assert italian["right"] >= 0.9 * italian["calls"], report
    # a recogniser held to the grammar never writes a sound-alike ("sete"): it hears "[unk]",
    # which is never asked about; so fewer calls can be asked about in the grammar view
    assert whole["right"] + whole["asked_right"] >= (0.97 if view == "" else 0.95) * whole["calls"], report
    assert whole["different"] == 0, report
    assert whole["asked_different"] <= 0.005 * whole["calls"], report


@pytest.mark.parametrize("text", [
    "sei pazzo", "tocca a te", "ho ancora tre dadi", "ne avevo cinque", "cinque dadi a testa",
    "ho sbagliato a contare", "tre a due", "sette", "otto dadi", "annulla la partita", "non ci credo che hai vinto",
    "ci sono sei cinque?", "dudo?",
])
def test_the_issues_chatter_is_never_played(text: str) -> None:
    assert not decide(text, "it", position("it")).played


@pytest.mark.parametrize(("text", "bid"), [
    ("diciamo otto quattro", (8, 4)), ("vado con nove cinque", (9, 5)), ("per me dieci cinque", (10, 5)),
    ("sette no otto cinque", (8, 5)), ("dieci quattro anzi dieci cinque", (10, 5)),
    ("sei pacos no sette pacos", (7, 1)),
    ("sette cinque sette cinque", (7, 5)), ("vabbè, sei sei", (6, 6)), ("secondo me ci sono otto cinque", (8, 5)),
])
def test_the_issues_calls_are_played_as_said(text: str, bid: tuple[int, int]) -> None:
    decision = decide(text, "it", position("it"))
    assert decision.played and decision.move.as_bid() == bid


def test_the_batch_command_gives_the_policys_answer_line_by_line() -> None:
    lines = [c["text"] for c in calls("heldout/", "it")] + chatter("heldout/", "it")
    players = ",".join(setting()["players"]["it"])
    args = Namespace(lang="it", standing=(4, 5), dice=20, players=tuple(players.split(",")), preset=None,
                     batch=True, legal=None, no_dudo=False, no_calza=False, min_confidence=0.75, text=[],
                     parse_command=None)
    out = io.StringIO()
    assert run_parse(args, io.StringIO("\n".join(lines) + "\n"), out) == 0
    got = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [g["text"] for g in got] == lines
    assert got == [decide(t, "it", position("it")).to_json() for t in lines]
    assert all(set(g) == {"text", "intent", "quantity", "face", "player", "played", "asked"} for g in got)


@pytest.mark.parametrize(("text", "player", "played"), [
    ("otto cinque, tocca a te Luca", "Marco", True),  # Luca is addressed: Marco, to act, bid
    ("otto cinque, passo a Giulia", "Marco", True),
    ("Luca, otto cinque", "Luca", False),  # Luca named: his bid, not his turn
    ("calza, Marco", "Marco", True),
])
def test_a_name_after_a_handoff_is_addressed_not_credited(text: str, player: str, played: bool) -> None:
    decision = decide(text, "it", position("it"))
    assert (decision.player, decision.played) == (player, played)


@pytest.mark.parametrize(("text", "intent"), [
    ("eeeh sette cinque", "bid"), ("mmmh... sette cinque", "bid"), ("allooora otto cinque", "bid"),
    ("uff, dudo", "dudo"), ("ma sì, dudo", "dudo"), ("okkk calza", "calza"),
    ("sette ehm cinque", "bid"), ("ehm cinque ehm cinque", "bid"), ("sette eeehm cinque", "bid"),
])
def test_drawn_out_fillers_and_exclamations_around_a_call(text: str, intent: str) -> None:
    decision = decide(text, "it", position("it"))
    assert decision.played and decision.move.intent == intent


@pytest.mark.parametrize(("text", "intent"), [
    ("dudo su quattro cinque", "dudo"), ("dudo, sui quattro cinque", "dudo"), ("dudo non esistono", "dudo"),
    ("dudo, stai bluffando", "dudo"), ("calza, sono giuste", "calza"),
    ("calza sono esattamente quattro cinque", "calza"), ("non esistono, dudo", "dudo"),
    ("quattro cinque? non ci sono, dubito", "dudo"), ("dubito, troppi cinque", "dudo"),
    ("annulla, mi sono sbagliato", "cancel"),
    ("ma figurati se ci sono quattro cinque, dubito", "dudo"),  # the cut that explains every word
])
def test_a_call_may_be_followed_by_its_reason_or_the_standing_bid(text: str, intent: str) -> None:
    decision = decide(text, "it", position("it"))
    assert decision.played and decision.move.intent == intent


@pytest.mark.parametrize("text", [
    "dudo su sette cinque",  # not the standing bid: a call and a bid, no move
    "non esistono", "stai bluffando", "sono giuste",  # a tail alone
    "sette cinque non esistono", "sono giuste sette cinque",  # a tail with a bid
    "calza non esistono", "dudo sono giuste",  # a tail of the other call
    "dudo sette", "dudo, sette cinque",  # a number, another bid
])
def test_a_tail_is_no_move_without_its_call(text: str) -> None:
    assert decide(text, "it", position("it")).move.intent is None


def test_the_standing_bid_after_a_call_needs_a_position_that_names_it() -> None:
    legal = LegalPosition(frozenset({(5, 5)}), ("Marco", "Sara"), "Marco", standing_bidder="Sara")
    assert decide("dudo su quattro cinque", "it", legal).move.intent is None
    named = LegalPosition(frozenset({(5, 5)}), ("Marco", "Sara"), "Marco", standing_bidder="Sara", standing_bid=(4, 5))
    assert decide("dudo su quattro cinque", "it", named).played


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("it", "sara ha detto quattro cinque io dico sei cinque", (6, 5)),  # the standing bid quoted first
    ("it", "quattro cinque eh allora sei cinque", (6, 5)),
    ("es", "carmen dijo cuatro cincos yo digo cinco cincos", (5, 5)),
    ("en", "lucy said four fives so i say five fives", (5, 5)),
    ("it", "otto cinque anzi nove", (9, 5)), ("es", "siete cincos no mejor ocho", (8, 5)),  # a short correction
    ("it", "sette tre no ho sbagliato sette quattro", (7, 4)),  # a cancel between two bids corrects
    ("it", "dieci dadi col cinque", (10, 5)), ("it", "cinque dadi con il sei", (5, 6)), ("it", "cinque pacchi", (5, 1)),
    ("it", "insomma dieci cinque", (10, 5)), ("fr", "six dés avec le quatre", (6, 4)),
    ("pt", "cinco dados com o seis", (5, 6)),
    ("it", "sei pacos giulia tocca a te", (6, 1)),  # a name before a handoff
    ("es", "tres pacos lucía te toca", (3, 1)),
])
def test_issue_22s_kinds_of_call_are_played(lang: str, text: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid and decision.player == setting()["players"][lang][0]


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "annulla subito"), ("it", "ops annulla"), ("it", "annullala"), ("fr", "annule ça"), ("en", "undo that"),
])
def test_cancels_with_one_more_word(lang: str, text: str) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.intent == "cancel"


@pytest.mark.parametrize(("lang", "text"), [
    ("pt", "tudo"), ("pt", "tudo bem"), ("pt", "é tudo"), ("it", "calda"), ("it", "è calda"), ("it", "duro"),
    ("it", "nudo"), ("it", "cal sa"), ("it", "dudu"), ("it", "sete cinque"), ("es", "mudo"), ("fr", "doudou"),
    ("en", "do do"), ("pt", "calça"), ("en", "calda"), ("fr", "nudo"),
])
def test_a_sound_alike_is_never_played(lang: str, text: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played


@pytest.mark.parametrize(("lang", "text", "intent"), [
    ("it", "dudu", "dudo"), ("it", "sete cinque", "bid"), ("en", "do do", "dudo"), ("pt", "calça", "calza"),
    ("it", "sette quattro forse", "bid"), ("it", "magari dico sette cinque", "bid"),  # a doubt
    ("it", "sete cinque perché mi sento fortunato", "bid"),  # a sound-alike
])
def test_a_clear_move_with_something_unexplained_is_asked(lang: str, text: str, intent: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["intent"] is None
    assert got["asked"] is not None and got["asked"]["intent"] == intent
    assert got["asked"]["player"] == setting()["players"][lang][0]


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "mi si è bucata la calza"), ("it", "ho sbagliato strada"), ("es", "dudo que mañana llueva"),
    ("it", "sette [unk] cinque"), ("it", "dudo?"), ("it", "tre cinque perché mi sento fortunato"),  # not legal now
    ("en", "he said four fives not four sixes"), ("it", "uno due tre quattro cinque sei cinque in tutto"),
])
def test_chatter_and_unclear_or_illegal_moves_are_not_asked(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None


if __name__ == "__main__":
    if "--write-views" in sys.argv:
        write_views()
    for split in SPLITS:
        for view in VIEWS:
            for lang, c in figures(split, view).items():
                print(f"{split or 'tuning/'}{view or 'text'} {lang}: chatter played {c['chatter_played']}/"
                      f"{c['chatter']} asked {c['chatter_asked']}, calls right {c['right']}/{c['calls']} "
                      f"asked right {c['asked_right']}, different {c['different']} asked {c['asked_different']}")
