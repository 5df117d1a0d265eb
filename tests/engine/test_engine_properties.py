"""Seeded random playouts through `legal_actions`, every preset and many option mixes.

Invariants: one winner at the end, never more than five dice, a player at zero never acts
again, nothing illegal is accepted (and the state stays put), no view leaks another cup,
and the version rises by exactly one per applied action.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from enginekit import PRESET_NAMES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dudo_hub.engine import (
    Bid,
    CallCalza,
    CallDudo,
    ChooseDirection,
    DudoError,
    GameState,
    MakeBid,
    Phase,
    apply,
    chance_action,
    is_legal,
    legal_actions,
    legal_bids,
    legal_summary,
    make_rules,
    new_game,
    to_act,
    view_for,
)
from dudo_hub.engine.chance import random_action

MAX_STEPS = 5000
EXTRA = {
    "raise_rule": ["any_face", "one_change"],
    "out_of_turn_raises": [False, True],
    "loser_chooses_direction": [False, True],
    "calza_reward": ["regain_die", "others_lose_die"],
    "palifico_wilds": [False, True],
    "first_player": ["roll_off", "random", "host"],
    "calza": ["off", "on_turn", "anyone_but_bidder_and_current", "anyone"],
    "calza_min_players": [2, 3],
    "palifico": ["off", "each_time", "once_per_player"],
    "palifico_face_change": ["nobody", "one_die_players"],
    "loss": ["die", "revolver"],
    "max_dice": [5, 3, 1],
    "calza_requires_missing_die": [False, True],
}


def random_rules(preset: str, rng: random.Random):
    """The preset as is half the time, else with a few options drawn at random."""
    options = {}
    if rng.random() < 0.5:
        for name in rng.sample(sorted(EXTRA), rng.randint(1, 4)):
            options[name] = rng.choice(EXTRA[name])
    return make_rules(preset, options)


def fingerprint(state: GameState) -> tuple:
    return (state.version, state.phase, state.counts, state.bullets, state.dice, state.bids, state.turn,
            state.opener, state.direction, state.palifico, state.palifico_used, state.winner, state.reveal)


class Referee:
    """Plays one game with `random_action` and checks the invariants at every step."""

    def __init__(self, preset: str, seed: int, players: int | None = None, rules=None):
        self.rng = random.Random(seed)
        n = players or self.rng.randint(2, 6)
        self.rules = rules or random_rules(preset, self.rng)
        self.state = new_game([f"P{i}" for i in range(n)], self.rules)
        self.gone: set[str] = set()
        self.steps = 0

    def step(self, action) -> None:
        before = self.state
        after, events = apply(before, action)
        assert after.version == before.version + 1
        self.check(before, after, action, events)
        self.state = after
        self.steps += 1
        assert self.steps < MAX_STEPS, "the game does not end"

    def settle(self) -> None:
        while (action := chance_action(self.state, self.rng)) is not None:
            self.step(action)

    def moves(self) -> list:
        return [a for p in self.state.players for a in legal_actions(self.state, p)]

    def play(self, each_step=None) -> GameState:
        while self.state.phase is not Phase.OVER:
            actor = to_act(self.state)
            legal = self.moves() if actor is not None else []
            assert legal or actor is None, f"{actor} cannot act in phase {self.state.phase}"
            if legal and each_step:
                each_step(self, legal)
            action = random_action(self.state, self.rng)
            assert not legal or action in legal, f"{action} is not among the legal actions"
            self.step(action)
        self.check_end()
        return self.state

    def check(self, before: GameState, after: GameState, action, events) -> None:
        cap = self.rules.max_dice
        assert all(0 <= c <= cap for c in after.counts), after.counts
        assert all(0 <= b <= 6 for b in after.bullets)
        for seat, name in enumerate(after.players):
            if name in self.gone:
                assert after.counts[seat] == 0, f"{name} came back"
            if after.counts[seat] == 0:
                self.gone.add(name)
                assert legal_actions(after, name) == []
        if isinstance(action, MakeBid | CallDudo | CallCalza | ChooseDirection):
            assert before.counts[before.seat_of(action.player)] > 0, f"{action.player} acted with no dice"
        gained = [e for e in events if e.kind == "die_regained"]
        for seat, (old, new) in enumerate(zip(before.counts, after.counts, strict=True)):
            if new > old:
                assert isinstance(action, CallCalza) and new == old + 1
                assert [e.data["player"] for e in gained] == [after.players[seat]]
        if self.rules.loss == "revolver":
            assert all(new in (old, 0) for old, new in zip(before.counts, after.counts, strict=True))
        if after.phase is Phase.BIDDING:
            assert after.turn is not None and after.counts[after.turn] > 0
            assert len(after.dice) == len(after.players)
            assert all(len(cup) == c for cup, c in zip(after.dice, after.counts, strict=True))

    def check_end(self) -> None:
        state = self.state
        live = [p for p, c in zip(state.players, state.counts, strict=True) if c > 0]
        assert len(live) == 1
        assert state.winner is not None and state.players[state.winner] == live[0]
        assert all(legal_actions(state, p) == [] for p in state.players)


GAMES_PER_PRESET = 500


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_playouts_end_with_exactly_one_winner(preset):
    winners = set()
    lengths = []
    for seed in range(GAMES_PER_PRESET):
        ref = Referee(preset, seed)
        state = ref.play()
        winners.add(state.winner)
        lengths.append(ref.steps)
    assert len(winners) > 1
    assert max(lengths) < MAX_STEPS


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_six_player_games_of_the_plain_preset_end(preset):
    for seed in range(60):
        Referee(preset, 10_000 + seed, players=6, rules=make_rules(preset)).play()


def random_attempt(state: GameState, rng: random.Random):
    """Any well-formed player action, legal or not: random player (or a stranger), random bid or call."""
    player = rng.choice([*state.players, "Stranger"])
    kind = rng.random()
    if kind < 0.6:
        return MakeBid(player, Bid(rng.randint(1, len(state.players) * 5 + 2), rng.randint(1, 6)))
    if kind < 0.8:
        return CallDudo(player)
    if kind < 0.95:
        return CallCalza(player)
    return ChooseDirection(player, rng.random() < 0.5)


def accepted_iff_legal(ref: Referee, legal: list) -> None:
    state = ref.state
    allowed = set(legal)
    for _ in range(6):
        action = random_attempt(state, ref.rng)
        mark = fingerprint(state)
        if action in allowed:
            after, _ = apply(state, action)
            assert after.version == state.version + 1
            continue
        with pytest.raises(DudoError) as info:
            apply(state, action)
        assert info.value.code and info.value.message
        assert fingerprint(state) == mark
        assert not is_legal(state, action)
    for action in ref.rng.sample(legal, min(3, len(legal))):
        assert is_legal(state, action), action
    for seat, player in enumerate(state.players):
        mine = legal_actions(state, player)
        summary = legal_summary(state, player)
        bids = [a.bid for a in mine if isinstance(a, MakeBid)]
        assert bids == (legal_bids(state, seat) if bids else [])
        offered = {int(face): tuple(span) for face, span in summary["bids"].items()}
        spans: dict[int, tuple[int, int]] = {}
        for b in bids:
            lo, hi = spans.get(b.face, (b.quantity, b.quantity))
            spans[b.face] = (min(lo, b.quantity), max(hi, b.quantity))
        assert offered == spans
        assert all(hi - lo + 1 == sum(b.face == f for b in bids) for f, (lo, hi) in spans.items())
        assert summary["dudo"] == any(isinstance(a, CallDudo) for a in mine)
        assert summary["calza"] == any(isinstance(a, CallCalza) for a in mine)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_actions_are_accepted_exactly_when_legal(preset):
    for seed in range(80):
        Referee(preset, 20_000 + seed).play(each_step=accepted_iff_legal)


def scramble_others(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """The same state with every cup but `seat`'s re-rolled."""
    dice = tuple(
        cup if s == seat else tuple(sorted(rng.randint(1, 6) for _ in cup)) for s, cup in enumerate(state.dice)
    )
    return replace(state, dice=dice)


def views_hide_other_cups(ref: Referee, legal: list) -> None:
    state = ref.state
    for viewer in [*state.players, None]:
        seen = json.dumps(view_for(state, viewer), sort_keys=True)
        seat = state.players.index(viewer) if viewer else None
        if state.phase is Phase.BIDDING:
            other = scramble_others(state, seat, ref.rng)
            assert json.dumps(view_for(other, viewer), sort_keys=True) == seen, "a view depends on another cup"
            view = json.loads(seen)
            assert view["reveal"] is None or view["reveal"]["round"] < state.round_no, "only a past round's cups"
            assert view["my_dice"] == (list(state.dice[seat]) if seat is not None and state.counts[seat] else [])


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_views_never_show_another_seats_dice_before_the_reveal(preset):
    for seed in range(30):
        Referee(preset, 30_000 + seed).play(each_step=views_hide_other_cups)


def test_the_first_view_after_the_roll_hides_other_cups():
    ref = Referee("dudo", 3, players=4, rules=make_rules())
    ref.settle()
    assert ref.state.phase is Phase.BIDDING
    views_hide_other_cups(ref, [])
    spectator = view_for(ref.state, None)
    assert spectator["my_dice"] == [] and spectator["viewer"] is None
    assert view_for(ref.state, "Stranger")["my_dice"] == []


def test_reveal_shows_every_cup_after_a_call():
    ref = Referee("dudo", 4, players=3, rules=make_rules())
    ref.settle()
    dice = ref.state.dice
    opener = ref.state.players[ref.state.turn]
    ref.step(MakeBid(opener, Bid(1, 2)))
    ref.step(CallDudo(ref.state.players[ref.state.turn]))
    shown = view_for(ref.state, None)["reveal"]["dice"]
    assert shown == {p: list(cup) for p, cup in zip(ref.state.players, dice, strict=True)}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESET_NAMES),
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    options=st.dictionaries(st.sampled_from(sorted(EXTRA)), st.integers(0, 3), max_size=5),
)
def test_hypothesis_option_mixes_always_finish_cleanly(preset, seed, players, options):
    chosen = {name: EXTRA[name][i % len(EXTRA[name])] for name, i in options.items()}
    ref = Referee(preset, seed, players=players, rules=make_rules(preset, chosen))
    ref.play()
