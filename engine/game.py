"""The rules in motion: `new_game`, `apply(state, action) -> (state, events)`, `refusal`; the
legality queries (`legal_actions`, `actors`, `to_act`) live in `legal` and are re-exported here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from dudo_hub.engine import ordering
from dudo_hub.engine.actions import (
    Action,
    CallCalza,
    CallDudo,
    ChooseDirection,
    CountDice,
    MakeBid,
    PickFirst,
    PlayerAction,
    PullTrigger,
    RollDice,
    RollUnseen,
)
from dudo_hub.engine.bids import FACES, PACOS, Bid
from dudo_hub.engine.errors import DudoError, IllegalAction, InvalidAction
from dudo_hub.engine.events import Event
from dudo_hub.engine.legal import (
    actors,
    acts_out_of_turn,
    calza_problem,
    dudo_problem,
    legal_actions,
    may_raise_out_of_turn,
    to_act,
    turn_name,
)
from dudo_hub.engine.resolve import resolve_call, settle_call, take_shot
from dudo_hub.engine.rules import Rules
from dudo_hub.engine.state import BidEntry, GameState, Phase, evolve

__all__ = [
    "actors", "acts_out_of_turn", "apply", "calza_problem", "dudo_problem", "is_legal",
    "legal_actions", "new_game", "refusal", "to_act", "turn_refusal",
]
"""The rules' entry points; the legality queries are `legal`'s, re-exported for their callers."""

Events = list[Event]
_FACE_SET = frozenset(FACES)


def new_game(
    players: Sequence[str],
    rules: Rules | None = None,
    counts: dict[str, int] | None = None,
    palifico_used: Sequence[str] = (),
) -> GameState:
    """A game waiting for its first player; `counts` and `palifico_used` set up a position."""
    rules = rules or Rules()
    names = tuple(players)
    if counts or palifico_used:
        return _new_game(names, rules, counts, palifico_used)
    try:
        start = _fresh_game(names, rules)
    except TypeError:  # an unhashable name: checked (and refused) as any other
        return _new_game(names, rules, None, ())
    return evolve(start)  # the usual start: checked once, copied


@lru_cache(maxsize=256)
def _fresh_game(names: tuple[str, ...], rules: Rules) -> GameState:
    """`new_game(names, rules)`, kept to be copied (states are immutable)."""
    return _new_game(names, rules, None, ())


def _new_game(
    names: tuple[str, ...], rules: Rules, counts: dict[str, int] | None, palifico_used: Sequence[str]
) -> GameState:
    if not rules.min_players <= len(names) <= rules.max_players:
        raise InvalidAction(
            "bad_players", f"a game needs {rules.min_players} to {rules.max_players} players, got {len(names)}"
        )
    if len(set(names)) != len(names) or any(not isinstance(n, str) or not n for n in names):
        raise InvalidAction("bad_players", f"player names must be distinct non-empty strings, got {list(names)}")
    start = dict(counts or {})
    unknown = set(start) - set(names)
    if unknown or any(not 1 <= c <= rules.max_dice for c in start.values()):
        raise InvalidAction("bad_players", f"dice counts must name seated players and be 1..{rules.max_dice}: {start}")
    return GameState(
        rules=rules,
        players=names,
        counts=tuple(start.get(n, rules.max_dice) for n in names),
        bullets=tuple(0 for _ in names),
        palifico_used=tuple(n in palifico_used for n in names),
    )


def apply(state: GameState, action: Action) -> tuple[GameState, Events]:
    """Play `action`; raise IllegalAction (state unchanged) when the rules forbid it."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise InvalidAction("invalid_action", f"not an action: {action!r}")
    new_state, events = handler(state, action)
    # Every handler builds a fresh state with `evolve`, so stamping it mutates nothing shared.
    fresh = new_state if new_state is not state else evolve(state)
    fresh.__dict__["version"] = state.version + 1  # `stamp_version`, inline on the hot path
    return fresh, events


def _seat(state: GameState, player: str) -> int:
    """The live seat of `player` in a game that is still on."""
    if state.phase is Phase.OVER:
        raise IllegalAction("game_over", f"the game is over; {player!r} cannot act")
    try:
        seat = state.players.index(player)
    except ValueError:
        seated = ", ".join(state.players)
        raise IllegalAction("unknown_player", f"{player!r} is not seated; players: {seated}") from None
    if state.counts[seat] == 0:
        raise IllegalAction("player_out", f"{player!r} is out of the game")
    return seat


def _expect_phase(state: GameState, phase: Phase, action: object) -> None:
    if state.phase is Phase.OVER:
        raise IllegalAction("game_over", f"the game is over; {action} is not possible")
    if state.phase is not phase:
        now = state.phase.value
        raise IllegalAction("wrong_phase", f"{action} needs the {phase.value} phase, the game is in {now}")


def _check_bid(state: GameState, action: MakeBid) -> int:
    """The bidder's seat, or the refusal raised."""
    turn = state.turn
    if (state.phase is Phase.BIDDING and turn is not None and state.players[turn] == action.player
            and state.counts[turn]):
        return _check_raise(state, turn, action)  # the player to act: the usual case
    seat = _seat(state, action.player)
    _expect_phase(state, Phase.BIDDING, action)
    if seat != state.turn and not may_raise_out_of_turn(state, seat):
        whose = turn_name(state)
        raise IllegalAction("not_your_turn", f"{action.player} cannot bid {action.bid}: it is {whose}'s turn")
    return _check_raise(state, seat, action)


def _check_raise(state: GameState, seat: int, action: MakeBid) -> int:
    """`seat`, or the refusal raised when its bid does not raise the standing bid."""
    bid = action.bid
    span = ordering.raise_spans(*ordering.ranges_key(state, seat)).get(bid.face)
    if span is None or not span[0] <= bid.quantity <= span[1]:
        problem = ordering.bid_problem(state, seat, bid)
        assert problem is not None
        raise IllegalAction(problem, _bid_message(state, problem, action))
    return seat


def _make_bid(state: GameState, action: MakeBid) -> tuple[GameState, Events]:
    seat = _check_bid(state, action)
    bid = action.bid
    state = evolve(state, bids=(*state.bids, BidEntry(seat, bid)), turn=state.next_live(seat))
    return state, [Event("bid", {"player": action.player, "bid": [bid.quantity, bid.face]})]


def _bid_message(state: GameState, problem: str, action: MakeBid) -> str:
    standing = state.standing
    bid = action.bid
    if problem == "bid_too_high":
        return f"{action.player} cannot bid {bid}: only {state.dice_in_play} dice are in play"
    if problem == "pacos_opening_not_allowed":
        return f"{action.player} cannot open with {bid}: a normal round may not open on pacos"
    if problem == "face_locked" and standing is not None:
        return f"{action.player} cannot bid {bid}: this palifico round is locked on {standing.bid.face}s"
    assert standing is not None
    return f"{action.player} cannot bid {bid}: it does not raise {standing.bid}{_paco_hint(standing.bid, bid)}"


def _paco_hint(standing: Bid, bid: Bid) -> str:
    if bid.face == PACOS and standing.face != PACOS:
        return f" (to pacos takes at least {(standing.quantity + 1) // 2})"
    if standing.face == PACOS and bid.face != PACOS:
        return f" (leaving pacos takes at least {2 * standing.quantity + 1})"
    return ""


def _check_dudo(state: GameState, action: CallDudo) -> int:
    """The caller's seat, or the refusal raised."""
    turn = state.turn
    if (state.phase is Phase.BIDDING and turn is not None and state.players[turn] == action.player
            and state.counts[turn] and state.bids):
        return turn  # the player to act challenges a bid: the usual case
    seat = _seat(state, action.player)
    _expect_phase(state, Phase.BIDDING, action)
    problem = dudo_problem(state, seat)
    if problem is not None:
        raise IllegalAction(problem[0], f"{action.player} cannot call dudo: {problem[2]}")
    return seat


def _call_dudo(state: GameState, action: CallDudo) -> tuple[GameState, Events]:
    return resolve_call(state, "dudo", _check_dudo(state, action))


def _check_calza(state: GameState, action: CallCalza) -> int:
    """The caller's seat, or the refusal raised."""
    seat = _seat(state, action.player)
    _expect_phase(state, Phase.BIDDING, action)
    problem = calza_problem(state, seat)
    if problem is not None:
        raise IllegalAction(problem[0], f"{action.player} cannot call calza: {problem[2]}")
    return seat


def _call_calza(state: GameState, action: CallCalza) -> tuple[GameState, Events]:
    return resolve_call(state, "calza", _check_calza(state, action))


def _check_direction(state: GameState, action: ChooseDirection) -> int:
    """The opener's seat, or the refusal raised."""
    seat = _seat(state, action.player)
    _expect_phase(state, Phase.DIRECTION, action)
    if seat != state.opener:
        raise IllegalAction("not_your_turn", f"{action.player} cannot choose the direction: the opener chooses")
    return seat


def _choose_direction(state: GameState, action: ChooseDirection) -> tuple[GameState, Events]:
    _check_direction(state, action)
    state = evolve(state, direction=1 if action.clockwise else -1, phase=Phase.ROLL)
    return state, [Event("direction_chosen", {"player": action.player, "clockwise": action.clockwise})]


def _pick_first(state: GameState, action: PickFirst) -> tuple[GameState, Events]:
    seat = _seat(state, action.player)
    _expect_phase(state, Phase.FIRST, action)
    phase = Phase.DIRECTION if state.rules.loser_chooses_direction else Phase.ROLL
    state = evolve(state, opener=seat, phase=phase)
    rolls = [[{"player": p, "die": d} for p, d in rnd] for rnd in action.rolls]
    return state, [Event("first_player", {"player": action.player, "rolls": rolls})]


def _roll_dice(state: GameState, action: RollDice) -> tuple[GameState, Events]:
    _expect_phase(state, Phase.ROLL, "rolling")
    given = dict(action.dice)
    dice = []
    for name, count in zip(state.players, state.counts, strict=True):
        cup = tuple(given.pop(name, ()))
        try:
            faces = _FACE_SET.issuperset(cup)
        except TypeError:  # an unhashable "die"
            faces = False
        if len(cup) != count or not faces:
            raise IllegalAction("dice_mismatch", f"{name} holds {count} dice, the roll gave {list(cup)}")
        dice.append(tuple(sorted(cup)))
    if given:
        raise IllegalAction("dice_mismatch", f"the roll names unknown players: {sorted(given)}")
    return _start_round(state, tuple(dice), unseen=False)


def _roll_unseen(state: GameState, action: RollUnseen) -> tuple[GameState, Events]:
    _expect_phase(state, Phase.ROLL, "rolling")
    return _start_round(state, tuple((0,) * c for c in state.counts), unseen=True)


def _start_round(state: GameState, dice: tuple[tuple[int, ...], ...], unseen: bool) -> tuple[GameState, Events]:
    """Bidding opens with these cups (faces 0 when unseen)."""
    opener = state.opener
    assert opener is not None
    state = evolve(
        state,
        phase=Phase.BIDDING,
        round_no=state.round_no + 1,
        dice=dice,
        bids=(),
        turn=state.opener,
        unseen=unseen,
        pending=None,
    )
    data = {
        "round": state.round_no,
        "opener": state.players[opener],
        "palifico": state.palifico,
        "wild": state.round_wild,
        "counts": dict(zip(state.players, state.counts, strict=True)),
        "unseen": unseen,
    }
    return state, [Event("round_started", data)]


def _count_dice(state: GameState, action: CountDice) -> tuple[GameState, Events]:
    _expect_phase(state, Phase.COUNT, "counting")
    if not isinstance(action.count, int) or not 0 <= action.count <= state.dice_in_play:
        raise InvalidAction("bad_count", f"the count must be 0..{state.dice_in_play}, got {action.count!r}")
    assert state.pending is not None
    call, caller = state.pending
    return settle_call(evolve(state, pending=None), call, caller, action.count)


def _pull_trigger(state: GameState, action: PullTrigger) -> tuple[GameState, Events]:
    _expect_phase(state, Phase.SHOT, "the revolver")
    return take_shot(state, action.fires)


Handler = Callable[[GameState, Any], tuple[GameState, Events]]
_HANDLERS: dict[type, Handler] = {
    MakeBid: _make_bid,
    CallDudo: _call_dudo,
    CallCalza: _call_calza,
    ChooseDirection: _choose_direction,
    PickFirst: _pick_first,
    RollDice: _roll_dice,
    RollUnseen: _roll_unseen,
    CountDice: _count_dice,
    PullTrigger: _pull_trigger,
}


_CHECKS: dict[type, Callable[[GameState, Any], int]] = {
    MakeBid: _check_bid,
    CallDudo: _check_dudo,
    CallCalza: _check_calza,
    ChooseDirection: _check_direction,
}


def refusal(state: GameState, action: PlayerAction) -> DudoError | None:
    """The error `apply` would raise for `action` now (code and message), or None when it is legal.

    Only the checks run: no state is built, so phones, voice and bots may ask it freely.
    """
    check = _CHECKS.get(type(action))
    if check is None:
        return InvalidAction("invalid_action", f"not a player action: {action!r}")
    try:
        check(state, action)
    except DudoError as err:
        return err
    return None


def turn_refusal(state: GameState, player: str) -> DudoError | None:
    """Why `player` may not act at all now, or None: game_over, unknown_player, player_out, or
    not_your_turn for anyone outside `actors` (the hub asks this before the version and the move)."""
    if player in actors(state):
        return None
    try:
        _seat(state, player)
    except DudoError as err:
        return err
    waiting = to_act(state) or "nobody"
    return IllegalAction("not_your_turn", f"{player} has no move now; waiting for {waiting}")


def is_legal(state: GameState, action: PlayerAction) -> bool:
    """Whether `action` would be accepted now."""
    return refusal(state, action) is None

