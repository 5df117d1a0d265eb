"""Hard's memory of its opponents (engine/bots/opponents.py): trust earned from the reveals."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dudo_hub.engine.actions import CallDudo, MakeBid
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.bots.hard import HardBot, HardParams
from dudo_hub.engine.bots.opponents import Book
from dudo_hub.engine.chance import settle_chance
from dudo_hub.engine.game import apply, legal_actions, new_game, to_act
from dudo_hub.engine.rules import make_rules
from dudo_hub.engine.state import GameState, Phase
from dudo_hub.engine.views import view_for


def _bidding(seed: int, cups: tuple[tuple[int, ...], tuple[int, ...]]) -> GameState:
    """A fresh heads-up dudo game at its first bid, with `cups` for (me, them)."""
    state, _ = settle_chance(new_game(["me", "them"], make_rules("dudo")), random.Random(seed))
    assert state.phase is Phase.BIDDING
    return replace(state, dice=cups)


def _lowest(state: GameState, player: str, face: int, least: int = 1) -> MakeBid:
    """`player`'s lowest legal bid on `face` of at least `least` dice."""
    return min((a for a in legal_actions(state, player)
                if isinstance(a, MakeBid) and a.bid.face == face and a.bid.quantity >= least),
               key=lambda a: a.bid.quantity)


def _round(book: Book, cup: tuple[int, ...], face: int, seed: int) -> None:
    """I open on fives, they raise to three or more of `face`, I look, I call, I see the reveal."""
    state = next(s for k in range(50) if to_act(s := _bidding(seed * 100 + k, ((2, 3, 4, 5, 5), cup))) == "me")
    state, _ = apply(state, _lowest(state, "me", 5))
    state, _ = apply(state, _lowest(state, "them", face, 3))
    book.observe(view_for(state, "me"))
    state, _ = apply(state, CallDudo("me"))
    assert state.reveal is not None and state.phase is not Phase.BIDDING
    book.observe(view_for(state, "me"))


def test_trust_falls_when_the_named_faces_were_absent_and_rises_when_they_were_there() -> None:
    liar, honest = Book(), Book()
    assert Book().trust(["them"]) == {}  # never shown a reveal: the reading's own trust
    _round(liar, (2, 2, 3, 3, 4), 6, 99)
    fresh = liar.trust(["them", "stranger"])["stranger"]
    for k in range(12):
        _round(liar, (2, 2, 3, 3, 4), 6, k)  # names sixes, holds none
        _round(honest, (6, 6, 6, 1, 4), 6, k)  # names sixes, holds four with the ace
    assert liar.players["them"].rounds == 13 and honest.players["them"].rounds == 12
    assert liar.trust(["them"])["them"][1] < fresh[1] - 0.2  # their raises: trust earned, or lost
    assert honest.trust(["them"])["them"][1] > fresh[1] + 0.2
    assert liar.trust(["them"])["them"][0] == pytest.approx(fresh[0])  # they never opened
    assert honest.trust(["them"])["them"][0] == pytest.approx(fresh[0])
    assert liar.players["them"].hit_rate("raise") == 0.0 and honest.players["them"].hit_rate("raise") == 1.0
    assert liar.players["them"].hit_rate("open") is None
    assert honest.trust(["them", "stranger"])["stranger"] == fresh  # nobody else was learned


def test_hard_keeps_its_book_in_the_evenings_memory_and_reads_with_it() -> None:
    memory: dict[str, object] = {}
    first, second = HardBot(random.Random(1)), HardBot(random.Random(2))
    first.remember(memory)
    for k in range(8):
        _round(first.book, (2, 2, 3, 3, 4), 6, k)
    second.remember(memory)
    assert second.book is first.book
    state = next(s for k in range(50) if to_act(s := _bidding(9900 + k, ((2, 3, 4, 5, 5), (2, 2, 3, 3, 4)))) == "me")
    state, _ = apply(state, _lowest(state, "me", 5))
    state, _ = apply(state, _lowest(state, "them", 6, 3))
    seat = Seat.read(view_for(state, "me"))
    trusting = HardBot(random.Random(3))
    believes = trusting._reading(seat).count_pmf("them", 6)
    doubts = second._reading(seat).count_pmf("them", 6)
    expected = sum(k * p for k, p in enumerate(believes)), sum(k * p for k, p in enumerate(doubts))
    assert expected[1] < expected[0]  # the learned book credits them fewer sixes than a fresh one


def _opening(cup: tuple[int, ...], seed: int) -> tuple[dict[str, object], list[object]]:
    """A heads-up dudo position where "me" opens with `cup`."""
    for k in range(50):
        state = _bidding(seed * 100 + k, (cup, (2, 3, 4, 6, 6)))
        if to_act(state) == "me":
            return view_for(state, "me"), list(legal_actions(state, "me"))
    raise AssertionError("me never opened")


def test_hard_heads_up_names_faces_it_lacks_often_enough_that_its_face_says_little() -> None:
    view, legal = _opening((5, 5, 3, 2, 2), 1)

    def faces(params: HardParams) -> list[int]:
        named = [HardBot(random.Random(k), params).choose(view, legal) for k in range(200)]  # type: ignore[arg-type]
        return [a.bid.face for a in named if isinstance(a, MakeBid)]

    mixed, honest = faces(HardParams()), faces(HardParams(hu_bluff=0.0))
    assert len(mixed) == len(honest) == 200
    assert sum(f in (4, 6) for f in mixed) >= 30  # faces I hold none of, named often
    assert sum(f in (4, 6) for f in honest) <= 4
    strong = faces(HardParams(hu_bluff=0.0, hu_bluff_slack=0.0))
    assert set(strong) <= {2, 3, 5}
