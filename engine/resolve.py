"""The end of a round: the reveal, the count, who loses or regains, the revolver, what comes next."""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.counting import count_cups
from dudo_hub.engine.events import Event
from dudo_hub.engine.state import GameState, Phase, Reveal, evolve, stamp_reveal
from dudo_hub.engine.story import told_from

Events = list[Event]
CHAMBERS = 6
T = TypeVar("T")


def count_matching(dice: tuple[tuple[int, ...], ...], bid: Bid, wild: bool) -> int:
    """Dice on the table that count for `bid` (ones too, when wild and the bid is not on pacos)."""
    return count_cups(dice, bid.face, wild)


def resolve_call(state: GameState, call: str, caller: int) -> tuple[GameState, Events]:
    """A dudo or a calza: lift the cups and settle the round, or, with unseen real dice, ask the
    table for the count (the COUNT phase, ended by `CountDice`)."""
    standing = state.standing
    assert standing is not None
    names = state.players
    said = Event(
        "challenge" if call == "dudo" else "calza",
        {"player": names[caller], "bidder": names[standing.seat], "bid": standing.bid.to_list()},
    )
    if state.unseen:
        asked = Event("count_asked", {"bid": standing.bid.to_list(), "wild": state.round_wild})
        return evolve(state, phase=Phase.COUNT, pending=(call, caller), turn=None), [said, asked]
    state, events = settle_call(state, call, caller, count_matching(state.dice, standing.bid, state.round_wild))
    return state, [said, *events]


def settle_call(state: GameState, call: str, caller: int, count: int) -> tuple[GameState, Events]:
    """The reveal with `count` matching dice: who loses or regains, and what comes next."""
    standing = state.standing
    assert standing is not None
    bid, bidder = standing.bid, standing.seat
    wild = state.round_wild
    names = state.players
    shown = {} if state.unseen else {names[s]: list(cup) for s, cup in enumerate(state.dice) if state.counts[s] > 0}
    events: Events = [Event("reveal", {"dice": shown, "bid": bid.to_list(), "count": count, "wild": wild})]
    if call == "dudo":
        loser = caller if count >= bid.quantity else bidder
        losers, gainer, opener = [loser], None, loser
    elif count == bid.quantity:
        losers, gainer, opener = _calza_right(state, caller)
    else:
        losers, gainer, opener = [caller], None, caller
    cups = tuple(() for _ in state.dice) if state.unseen else state.dice
    state = evolve(state, dice=(), opener=opener, turn=None, palifico=False)
    if gainer is not None:
        state, more = _gain(state, gainer)
        gainer = gainer if more else None  # at the most dice (or no bullet left) nothing is regained
        events += more
    for seat in losers:
        state, more = _lose(state, seat)
        events += more
    reveal = Reveal(state.round_no, call, caller, bidder, bid, wild, count, cups,
                    losers[0] if len(losers) == 1 else None, gainer, tuple(told_from(events)))
    state = stamp_reveal(state, reveal)  # every state above was built here: nobody holds it yet
    if state.rules.loss == "revolver" and losers:
        return evolve(state, phase=Phase.SHOT, shot_seat=losers[0], extra_shots=tuple(losers[1:])), events
    return _finish_round(state, events)


def _told(state: GameState, events: Events) -> GameState:
    """The reveal with these events' part of its story added (engine/story.py)."""
    told = told_from(events)
    if not told or state.reveal is None:
        return state
    return evolve(state, reveal=replace(state.reveal, story=state.reveal.story + tuple(told)))


def _calza_right(state: GameState, caller: int) -> tuple[list[int], int | None, int]:
    """(losers, gainer, opener) after an exact calza."""
    if state.rules.calza_reward == "others_lose_die":
        return [s for s in state.live_seats if s != caller], None, caller
    return [], caller, caller


def _gain(state: GameState, seat: int) -> tuple[GameState, Events]:
    """A correct calza: one die back (never above the start), or one bullet out."""
    name = state.players[seat]
    if state.rules.loss == "revolver":
        if state.bullets[seat] == 0:
            return state, []
        bullets = _set(state.bullets, seat, state.bullets[seat] - 1)
        return evolve(state, bullets=bullets), [Event("bullet_removed", {"player": name, "bullets": bullets[seat]})]
    if state.counts[seat] >= state.rules.max_dice:
        return state, []
    counts = _set(state.counts, seat, state.counts[seat] + 1)
    return evolve(state, counts=counts), [Event("die_regained", {"player": name, "dice": counts[seat]})]


def _lose(state: GameState, seat: int) -> tuple[GameState, Events]:
    """A lost challenge or wrong calza: one die, or one bullet in the revolver."""
    name = state.players[seat]
    if state.rules.loss == "revolver":
        bullets = _set(state.bullets, seat, min(CHAMBERS, state.bullets[seat] + 1))
        return evolve(state, bullets=bullets), [Event("bullet_added", {"player": name, "bullets": bullets[seat]})]
    counts = _set(state.counts, seat, state.counts[seat] - 1)
    state = evolve(state, counts=counts)
    events = [Event("die_lost", {"player": name, "dice": counts[seat]})]
    if counts[seat] == 0:
        events.append(Event("player_out", {"player": name}))
    elif counts[seat] == 1:
        state, more = _maybe_palifico(state, seat)
        events += more
    return state, events


def _maybe_palifico(state: GameState, seat: int) -> tuple[GameState, Events]:
    """Dropping to one die makes the next round palifico, opened by that player."""
    mode = state.rules.palifico
    if mode == "off" or state.palifico or (mode == "once_per_player" and state.palifico_used[seat]):
        return state, []
    state = evolve(state, palifico=True, opener=seat, palifico_used=_set(state.palifico_used, seat, True))
    return state, [Event("palifico", {"player": state.players[seat]})]


def take_shot(state: GameState, fires: bool) -> tuple[GameState, Events]:
    """The revolver's trigger for the player in `shot_seat`; then the next shot or the round's end."""
    seat = state.shot_seat
    assert seat is not None
    name = state.players[seat]
    events = [Event("shot", {"player": name, "fires": fires, "bullets": state.bullets[seat]})]
    if fires:
        state = evolve(state, counts=_set(state.counts, seat, 0))
        events.append(Event("player_out", {"player": name}))
    state = _told(state, events)
    if state.extra_shots:
        return evolve(state, shot_seat=state.extra_shots[0], extra_shots=state.extra_shots[1:]), events
    return _finish_round(evolve(state, shot_seat=None), events)


def _finish_round(state: GameState, events: Events) -> tuple[GameState, Events]:
    """Name the next opener (or the winner) and wait for the next roll."""
    live = state.live_seats
    names = state.players
    reveal = state.reveal
    loser = names[reveal.loser] if reveal and reveal.loser is not None else None
    gainer = names[reveal.gainer] if reveal and reveal.gainer is not None else None
    if len(live) == 1:
        winner = live[0]
        events.append(Event("round_over", {"loser": loser, "gainer": gainer, "next": None}))
        events.append(Event("game_over", {"winner": names[winner]}))
        return evolve(state, phase=Phase.OVER, winner=winner, opener=None, palifico=False), events
    opener = state.opener
    assert opener is not None
    if state.counts[opener] == 0:
        opener = state.next_live(opener, 1)  # RULES: the next live player clockwise
    phase = Phase.DIRECTION if state.rules.loser_chooses_direction else Phase.ROLL
    events.append(Event("round_over", {"loser": loser, "gainer": gainer, "next": names[opener]}))
    return evolve(state, phase=phase, opener=opener), events


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return values[:index] + (value,) + values[index + 1 :]
