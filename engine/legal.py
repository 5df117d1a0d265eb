"""Who may act now and with what: `legal_actions` (the one source of legality), `actors`,
`to_act`, and why a call is refused (`calza_problem`, `dudo_problem`)."""

from __future__ import annotations

from functools import lru_cache

from dudo_hub.engine import ordering
from dudo_hub.engine.actions import CallCalza, CallDudo, ChooseDirection, MakeBid, PlayerAction
from dudo_hub.engine.rules import Rules
from dudo_hub.engine.state import GameState, Phase


def may_raise_out_of_turn(state: GameState, seat: int) -> bool:
    """Whether `seat` may raise off its turn: the rules allow it and the standing bid is not its own."""
    standing = state.standing
    return state.rules.out_of_turn_raises and standing is not None and standing.seat != seat


def turn_name(state: GameState) -> str:
    """The name of the player on turn, for messages ("nobody" between rounds)."""
    return state.players[state.turn] if state.turn is not None else "nobody"


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
        return "not_your_turn", "on_turn", f"calza is called on your own turn, and it is {turn_name(state)}'s"
    if mode == "anyone_but_bidder_and_current" and seat == state.turn:
        return "calza_not_allowed", "player_to_act", "the player to act may not calza"
    return None


def dudo_problem(state: GameState, seat: int) -> tuple[str, str, str] | None:
    """(code, why, reason) when `seat` may not call dudo now (why: no_bid, not_turn), None when it may."""
    if state.standing is None:
        return "no_bid_to_challenge", "no_bid", "nobody has bid yet"
    if seat != state.turn:
        return "not_your_turn", "not_turn", f"it is {turn_name(state)}'s turn"
    return None


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
    if seat == turn or may_raise_out_of_turn(state, seat):
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
