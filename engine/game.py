"""The rules in motion: `new_game`, `apply(state, action) -> (state, events)`, `legal_actions`."""

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
from dudo_hub.engine.resolve import resolve_call, settle_call, take_shot
from dudo_hub.engine.rules import Rules
from dudo_hub.engine.state import BidEntry, GameState, Phase, evolve

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
    if seat != state.turn and not _may_raise_out_of_turn(state, seat):
        whose = _turn_name(state)
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


def _may_raise_out_of_turn(state: GameState, seat: int) -> bool:
    standing = state.standing
    return state.rules.out_of_turn_raises and standing is not None and standing.seat != seat


def _turn_name(state: GameState) -> str:
    return state.players[state.turn] if state.turn is not None else "nobody"


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


def calza_problem(state: GameState, seat: int) -> tuple[str, str, str] | None:
    """(code, why, reason) when `seat` may not call calza now, None when it may. `why` is a
    short stable key for screens (off, no_bid, own_bid, few_players, full_cup, on_turn,
    player_to_act); `code` is the error code."""
    rules, standing = state.rules, state.standing
    mode = rules.calza
    if mode == "off":
        return "calza_not_allowed", "off", f"calza is not played in the {rules.preset} rules"
    if standing is None:
        return "no_bid_to_challenge", "no_bid", "nobody has bid yet"
    if standing.seat == seat:
        return "calza_not_allowed", "own_bid", "the bidder cannot calza their own bid"
    if len(state.counts) - state.counts.count(0) < rules.calza_min_players:
        return ("calza_not_allowed", "few_players",
                f"calza needs at least {rules.calza_min_players} players in the game")
    if rules.calza_requires_missing_die and state.counts[seat] >= rules.max_dice:
        return "calza_not_allowed", "full_cup", "only a player who has lost a die may calza"
    if mode == "on_turn" and seat != state.turn:
        return "not_your_turn", "on_turn", f"calza is called on your own turn, and it is {_turn_name(state)}'s"
    if mode == "anyone_but_bidder_and_current" and seat == state.turn:
        return "calza_not_allowed", "player_to_act", "the player to act may not calza"
    return None


def dudo_problem(state: GameState, seat: int) -> tuple[str, str, str] | None:
    """(code, why, reason) when `seat` may not call dudo now (why: no_bid, not_turn), None when it may."""
    if state.standing is None:
        return "no_bid_to_challenge", "no_bid", "nobody has bid yet"
    if seat != state.turn:
        return "not_your_turn", "not_turn", f"it is {_turn_name(state)}'s turn"
    return None


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


def legal_actions(state: GameState, player: str) -> list[PlayerAction]:
    """Every action `player` may take now: the one source of legality."""
    turn = state.turn
    if state.phase is Phase.BIDDING and turn is not None:
        if state.players[turn] == player:
            return _on_turn(state, player, turn)  # the player to act: the hot path
        if not acts_out_of_turn(state.rules):
            return []  # the common case, asked for every seat after every move
    if state.phase is Phase.OVER or player not in state.players:
        return []
    seat = state.players.index(player)
    if state.counts[seat] == 0:
        return []
    if state.phase is Phase.DIRECTION:
        return [ChooseDirection(player, True), ChooseDirection(player, False)] if seat == state.opener else []
    if state.phase is not Phase.BIDDING or (seat != turn and not acts_out_of_turn(state.rules)):
        return []
    actions: list[PlayerAction] = []
    if seat == turn or _may_raise_out_of_turn(state, seat):
        actions.extend(_raises(player, *ordering.ranges_key(state, seat), False))
    dudo, calza = _calls(player)
    if seat == turn and state.standing is not None:
        actions.append(dudo)
    if calza_problem(state, seat) is None:
        actions.append(calza)
    return actions


def _on_turn(state: GameState, player: str, turn: int) -> list[PlayerAction]:
    """`legal_actions` for the player whose turn it is in the bidding."""
    if state.counts[turn] == 0:
        return []
    actions: list[PlayerAction] = list(_raises(player, *ordering.ranges_key(state, turn), bool(state.bids)))
    if state.rules.calza != "off" and calza_problem(state, turn) is None:  # "off": no need to ask why
        actions.append(_calls(player)[1])
    return actions


@lru_cache(maxsize=1024)
def _calls(player: str) -> tuple[CallDudo, CallCalza]:
    """The calls of `player`; shared, since actions are immutable."""
    return CallDudo(player), CallCalza(player)


@lru_cache(maxsize=16384)
def _raises(player: str, q: int, f: int, top: int, order: str, dudo: bool) -> tuple[PlayerAction, ...]:
    """Every legal MakeBid of `player` after q x f (`ordering.raise_spans`), face by face, lowest
    quantity first, then CallDudo when `dudo`; shared, since actions are immutable."""
    spans = ordering.raise_spans(q, f, top, order)
    bids = (a for face, (lo, hi) in sorted(spans.items()) for a in _bid_actions(player, face, top)[lo - 1 : hi])
    return (*bids, *_calls(player)[:1]) if dudo else tuple(bids)


@lru_cache(maxsize=4096)
def _bid_actions(player: str, face: int, top: int) -> tuple[MakeBid, ...]:
    """MakeBid actions on `face` from 1 to `top` dice; shared, since actions are immutable."""
    return tuple(MakeBid(player, bid) for bid in ordering.bid_row(face, top))


def acts_out_of_turn(rules: Rules) -> bool:
    """Whether these rules let anyone act off their turn (calza or raises)."""
    return rules.out_of_turn_raises or rules.calza in ("anyone", "anyone_but_bidder_and_current")


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


def actors(state: GameState) -> tuple[str, ...]:
    """Who may act now: the player to act first, then anyone the rules let act out of turn, in
    the order of play after the player to act (the one order the hub, its bots and a tournament
    ask them in)."""
    first = to_act(state)
    if state.phase is not Phase.BIDDING or state.turn is None:
        return (first,) if first is not None else ()
    out = [state.players[state.turn]]
    if acts_out_of_turn(state.rules):
        n, turn, step = len(state.players), state.turn, state.direction
        after = (state.players[(turn + step * k) % n] for k in range(1, n))
        out += [p for p in after if legal_actions(state, p)]
    return tuple(out)


def to_act(state: GameState) -> str | None:
    """The player whose turn it is (or who must choose the direction); None for chance or the end."""
    if state.phase is Phase.BIDDING and state.turn is not None:
        return state.players[state.turn]
    if state.phase is Phase.DIRECTION and state.opener is not None:
        return state.players[state.opener]
    return None
