"""The one gate for hidden information: `view_for(state, viewer)`.

A seat sees its own dice; everyone sees dice counts, bids, whose turn it is, and all
dice only once they are revealed. `viewer=None` is the spectator (the TV). Nothing
else in the project decides what a player may see.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from dudo_hub.engine import ordering
from dudo_hub.engine.counting import counting_faces
from dudo_hub.engine.identity import ByIdentity
from dudo_hub.engine.legal import actors, calza_problem, dudo_problem, legal_actions
from dudo_hub.engine.odds import bid_odds, expected_count
from dudo_hub.engine.rules import Rules
from dudo_hub.engine.state import GameState, Phase
from dudo_hub.engine.story import reveal_picture
from dudo_hub.engine.suggest import suggested_bid


def view_for(state: GameState, viewer: str | None) -> dict[str, Any]:
    """A JSON-ready picture of `state` as `viewer` (a player id, or None) may see it (every part fresh)."""
    return _with_viewer(state, viewer, _public(state))


def shared_view_for(state: GameState, viewer: str | None) -> SharedView:
    """`view_for`, with the parts every viewer sees built once per state and shared between the
    views of that state: read-only (the hub's broadcast draws a room's views from it)."""
    return SharedView(_shared_public(state), _own(state, viewer))


class SharedView(dict[str, Any]):
    """A view from `shared_view_for`: as a dict, the whole view; `public` is the state's public part
    (one object for every viewer of that state) and `own` what this viewer alone sees (other keys).
    A patch compares two views' public parts once for all viewers (server/hub/stateout.py)."""

    __slots__ = ("public", "own")

    def __init__(self, public: dict[str, Any], own: dict[str, Any]) -> None:
        super().__init__(public)
        self.update(own)
        self.public, self.own = public, own

    def with_own(self, **own: Any) -> SharedView:
        """This view with some of its own fields replaced."""
        return SharedView(self.public, {**self.own, **own})

    def __reduce__(self) -> tuple[Any, ...]:  # a copy (or a pickle) is a plain dict
        return dict, (dict(self),)


def _with_viewer(state: GameState, viewer: str | None, public: dict[str, Any]) -> dict[str, Any]:
    """The public part with what `viewer` alone may see."""
    return {**public, **_own(state, viewer)}


def _own(state: GameState, viewer: str | None) -> dict[str, Any]:
    """What `viewer` alone may see: its own dice and its chances."""
    seat = state.players.index(viewer) if viewer in state.players else None
    my_dice: list[int] = []
    if seat is not None and state.phase is Phase.BIDDING and state.counts[seat] > 0 and not state.unseen:
        my_dice = list(state.dice[seat])
    return {"viewer": viewer if seat is not None else None, "my_dice": my_dice, "odds": _odds(state, my_dice)}


_PUBLIC = ByIdentity()  # a state -> its public part
_REVEALS = ByIdentity()  # a reveal (and the players it names) -> its picture


def _shared_public(state: GameState) -> dict[str, Any]:
    """The public part of `state`, built once (the state is frozen)."""
    public: dict[str, Any] = _PUBLIC.get(state, None, lambda: _public(state, shared=True))
    return public


@lru_cache(maxsize=256)
def _shared_rules(rules: Rules) -> dict[str, Any]:
    return rules.to_dict()


@lru_cache(maxsize=256)
def _shared_facts(rules: Rules) -> dict[str, Any]:
    return table_facts(rules)


def _shared_reveal(state: GameState) -> dict[str, Any] | None:
    """The last reveal's picture, one object while the states that follow carry the same reveal
    (so a patch compares it by identity)."""
    picture: dict[str, Any] | None = _REVEALS.get(state.reveal, state.players, lambda: _reveal(state))
    return picture


def _public(state: GameState, shared: bool = False) -> dict[str, Any]:
    """What every viewer of `state` sees (`shared`: the rules, the table's facts and the last
    reveal as the objects other states' views share)."""
    names, rules = state.players, state.rules
    return {
        "version": state.version,
        "preset": rules.preset,
        "rules": _shared_rules(rules) if shared else rules.to_dict(),
        "phase": state.phase.value,
        "round": state.round_no,
        "players": [_seat_view(state, s) for s in range(len(names))],
        "turn": _name(state, state.turn if state.phase is Phase.BIDDING else None),
        "actors": list(actors(state)),
        "waiting": waiting(state),
        "table": _shared_facts(rules) if shared else table_facts(rules),
        "opener": _name(state, state.opener),
        "direction": state.direction,
        "palifico": state.palifico,
        "wild": state.round_wild,
        "dice_in_play": state.dice_in_play,
        "bids": _bids(state),
        "standing": _standing(state),
        "reveal": _shared_reveal(state) if shared else _reveal(state),
        "winner": _name(state, state.winner),
        "unseen": state.unseen,
        "counting": _counting(state),
    }


def _bids(state: GameState) -> list[dict[str, Any]]:
    """The round's bids, each with `passed`: the player on turn whom an out-of-turn raise passed
    over (None for a raise on turn)."""
    names, out, n = state.players, [], len(state.players)
    bidders = {e.seat for e in state.bids}  # in play this round, though a reveal may have put them out since
    for k, entry in enumerate(state.bids):
        due = entry.seat
        if k:
            after = ((state.bids[k - 1].seat + state.direction * j) % n for j in range(1, n + 1))
            due = next(seat for seat in after if state.counts[seat] > 0 or seat in bidders)
        passed = names[due] if due != entry.seat else None
        out.append({"player": names[entry.seat], "bid": entry.bid.to_list(), "passed": passed})
    return out


def _odds(state: GameState, my_dice: list[int]) -> dict[str, float] | None:
    """The standing bid's chances as this viewer can judge them (a spectator gets the expectation)."""
    entry = state.standing
    if entry is None or state.phase is not Phase.BIDDING:
        return None
    wild = state.round_wild
    if not my_dice:
        return {"expected": round(expected_count(entry.bid.face, state.dice_in_play, wild), 2)}
    odds = bid_odds(entry.bid, my_dice, state.dice_in_play - len(my_dice), wild)
    return {"at_least": round(odds.at_least, 4), "exactly": round(odds.exactly, 4), "expected": round(odds.expected, 2)}


@lru_cache(maxsize=256)
def _table_facts(rules: Rules) -> tuple[tuple[str, Any], ...]:
    return (
        ("dice_each", rules.max_dice),
        ("ones_wild", rules.wild_ones),
        ("calza", rules.calza != "off"),
        ("bullets", rules.loss == "revolver"),
        ("palifico", rules.palifico != "off"),
        ("palifico_face_locked", rules.palifico_face_change == "nobody"),
        ("palifico_ones_wild", rules.palifico_wilds and rules.wild_ones),
        ("roll_off", rules.first_player == "roll_off"),
    )


def table_facts(rules: Rules) -> dict[str, Any]:
    """What screens show of the rules, in their words (so no page reads an option by name):
    dice_each (dice a player starts with), ones_wild, calza (played at all), bullets (revolver),
    palifico (played at all), palifico_face_locked (nobody may change the face),
    palifico_ones_wild, roll_off (first player)."""
    return dict(_table_facts(rules))


def legal_summary(state: GameState, player: str) -> dict[str, Any]:
    """What a phone offers `player`: bid quantity ranges per face, the bid its picker starts
    from (`suggest`, [quantity, face]), the calls, and why a call is not open now
    (`dudo_why` / `calza_why`: the short keys of `dudo_problem` / `calza_problem`)."""
    actions = legal_actions(state, player)
    kinds = {type(a).__name__ for a in actions}
    seat = state.players.index(player) if player in state.players else None
    can_bid = "MakeBid" in kinds and seat is not None
    ranges = ordering.bid_ranges(state, seat) if can_bid and seat is not None else {}
    suggest = suggested_bid(state, seat) if ranges and seat is not None else None
    bidding = seat is not None and state.phase is Phase.BIDDING and state.counts[seat] > 0
    calza = calza_problem(state, seat) if bidding and seat is not None else None
    dudo = dudo_problem(state, seat) if bidding and seat is not None else None
    return {
        "bids": {str(face): list(span) for face, span in sorted(ranges.items())},
        "suggest": suggest.to_list() if suggest else None,
        "dudo": "CallDudo" in kinds,
        "calza": "CallCalza" in kinds,
        "calza_reason": calza[0] if calza else None,
        "dudo_why": dudo[1] if dudo else None,
        "calza_why": calza[1] if calza else None,
        "direction": "ChooseDirection" in kinds,
    }


def _name(state: GameState, seat: int | None) -> str | None:
    return state.players[seat] if seat is not None else None


def _seat_view(state: GameState, seat: int) -> dict[str, Any]:
    return {
        "name": state.players[seat],
        "seat": seat,
        "dice": state.counts[seat],
        "bullets": state.bullets[seat],
        "out": state.counts[seat] == 0,
        "palifico_used": state.palifico_used[seat],
    }


def _counting(state: GameState) -> dict[str, Any] | None:
    """In the COUNT phase: the call waiting for the table's count of its real dice (`faces`: the
    faces that count for its bid, pacos included when they do)."""
    if state.phase is not Phase.COUNT or state.pending is None or state.standing is None:
        return None
    call, caller = state.pending
    entry = state.standing
    return {"call": call, "caller": state.players[caller], "bidder": state.players[entry.seat],
            "bid": entry.bid.to_list(), "wild": state.round_wild,
            "faces": list(counting_faces(entry.bid.face, state.round_wild))}


def _standing(state: GameState) -> dict[str, Any] | None:
    entry = state.standing
    return {"player": state.players[entry.seat], "bid": entry.bid.to_list()} if entry else None


def waiting(state: GameState) -> dict[str, Any]:
    """Whom the table waits for and why: {seats, why, others}. `seats` must act for the game to go on
    (none while chance rolls or shoots); `others` may act out of turn now (calza, raises), in the
    order the hub and a tournament ask them; `why` is a stable key: first_player, roll, shot (chance;
    the hub's `room.real` names the cups it awaits), direction, open, open_palifico, raise (the
    player to act), count (the table counts its real dice: any seat proposes, another confirms;
    `room.real.proposal`), over (`winner`)."""
    phase = state.phase
    names = state.players
    if phase is Phase.BIDDING:
        first, *others = actors(state)
        why = "raise" if state.bids else "open_palifico" if state.palifico else "open"
        return {"seats": [first], "why": why, "others": others}
    if phase is Phase.DIRECTION and state.opener is not None:
        return {"seats": [names[state.opener]], "why": "direction", "others": []}
    why = {Phase.FIRST: "first_player", Phase.ROLL: "roll", Phase.SHOT: "shot", Phase.COUNT: "count",
           Phase.OVER: "over"}[phase]
    return {"seats": [], "why": why, "others": []}


def _reveal(state: GameState) -> dict[str, Any] | None:
    """The last reveal of the game (kept until the next one) with its story (engine/story.py)."""
    r = state.reveal
    if r is None:
        return None
    names = state.players
    head = {"round": r.round_no, "call": r.call, "caller": names[r.caller], "bidder": names[r.bidder],
            "bid": r.bid.to_list(), "wild": r.wild, "count": r.count,
            "loser": _name(state, r.loser), "gainer": _name(state, r.gainer)}
    return reveal_picture(head, {names[s]: cup for s, cup in enumerate(r.dice)}, r.story)
