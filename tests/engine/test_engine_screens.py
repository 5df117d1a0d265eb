"""What the screens draw comes from the view: whom the table waits for (`waiting`), and the last
reveal with its story (counted dice, who lost or gained) checked against a count by hand."""

from __future__ import annotations

import random

import pytest
from enginekit import PRESET_NAMES, table

from dudo_hub.engine import (
    CallCalza,
    CallDudo,
    GameState,
    Phase,
    apply,
    chance_action,
    legal_actions,
    make_rules,
    new_game,
    view_for,
)
from dudo_hub.engine.chance import random_action
from dudo_hub.engine.counting import counts_for, match_chance
from dudo_hub.engine.odds import match_probability
from dudo_hub.engine.story import STORY_KEYS

CHANCE = {Phase.FIRST: "first_player", Phase.ROLL: "roll", Phase.SHOT: "shot", Phase.COUNT: "count"}


def by_hand(die: int, face: int, wild: bool) -> bool:
    """RULES.md: a die counts when it shows the face, or a paco while ones are wild and the bid is not on pacos."""
    return die == face or (wild and face != 1 and die == 1)


def check_waiting(state: GameState) -> None:
    views = [view_for(state, p)["waiting"] for p in (*state.players, None)]
    assert all(w == views[0] for w in views), "every screen hears the same answer"
    waiting = views[0]
    movers = {p for p in state.players if legal_actions(state, p)}
    if state.phase is Phase.BIDDING:
        turn = state.players[state.turn]
        assert waiting["seats"] == [turn]
        assert set(waiting["others"]) | {turn} == movers and turn not in waiting["others"]
        expected = "raise" if state.bids else "open_palifico" if state.palifico else "open"
        assert waiting["why"] == expected
    elif state.phase is Phase.DIRECTION:
        assert waiting == {"seats": [state.players[state.opener]], "why": "direction", "others": []}
        assert movers == {state.players[state.opener]}
    elif state.phase is Phase.OVER:
        assert waiting == {"seats": [], "why": "over", "others": []} and not movers
    else:
        assert waiting == {"seats": [], "why": CHANCE[state.phase], "others": []} and not movers


def check_reveal(before: GameState, after: GameState) -> None:
    """The reveal's picture against the cups lifted and the counts before and after."""
    shown = view_for(after, None)["reveal"]
    standing = before.standing
    assert shown is not None and standing is not None and shown["round"] == before.round_no
    quantity, face = standing.bid.quantity, standing.bid.face
    wild = before.round_wild
    total = 0
    for seat, cup in enumerate(before.dice):
        name = before.players[seat]
        if not before.counts[seat] or before.unseen:
            assert name not in shown["dice"]
            continue
        flags = [by_hand(d, face, wild) for d in cup]
        assert shown["dice"][name] == list(cup) and shown["counted"][name] == flags
        assert shown["matched"][name] == sum(flags)
        total += sum(flags)
    if not before.unseen:
        assert shown["count"] == total
    keys = [(line["key"], line["player"]) for line in shown["story"]]
    assert {k for k, _ in keys} <= set(STORY_KEYS)
    die = after.rules.loss == "die"
    lost = [p for s, p in enumerate(before.players) if die and after.counts[s] < before.counts[s]]
    gained = [p for s, p in enumerate(before.players) if after.counts[s] > before.counts[s]]
    if shown["call"] == "calza" and shown["count"] == quantity and len(lost) > 1:
        assert ("story.others_lose", shown["caller"]) in keys
    else:
        assert [p for k, p in keys if k == "story.loses"] == lost
    assert [p for k, p in keys if k == "story.gains"] == gained
    if shown["call"] == "calza":
        assert keys[0][0] == ("story.calza_right" if shown["count"] == quantity else "story.calza_wrong")
    if after.rules.loss == "revolver":
        assert [p for k, p in keys if k == "story.bullet"] == [p for s, p in enumerate(before.players)
                                                                  if after.bullets[s] > before.bullets[s]]
        shot = [p for s, p in enumerate(before.players) if after.counts[s] < before.counts[s]]
        assert [p for k, p in keys if k == "story.shot_fires"] == shot
        assert not [p for k, p in keys if k == "story.out" and p in shot], "a fired shot says so once"


def play(preset: str, seed: int, unseen: bool = False) -> int:
    """A seeded game of random legal moves, every step checked; returns the reveals checked."""
    rng = random.Random(seed)
    rules = make_rules(preset, {"loser_chooses_direction": True} if seed % 3 == 0 else None)
    state = new_game([f"P{i}" for i in range(rng.randint(2, 5))], rules)
    reveals = 0
    called: GameState | None = None  # the table when the last call was made, until its round is settled
    while True:
        check_waiting(state)
        if state.phase is Phase.OVER:
            return reveals
        action = random_action(state, rng, unseen)
        if isinstance(action, CallDudo | CallCalza):
            called = state
        state, _ = apply(state, action)
        if called is not None and state.phase not in (Phase.SHOT, Phase.COUNT):
            check_reveal(called, state)
            reveals += 1
            called = None


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_waiting_and_the_reveal_story_in_every_preset(preset):
    assert sum(play(preset, seed) for seed in range(12)) > 20


def test_real_dice_counted_by_the_table_show_no_cup_and_tell_the_story():
    assert sum(play("dudo", seed, unseen=True) for seed in range(6)) > 10


def test_the_last_reveal_stays_in_the_view_through_the_next_round():
    state = table({"A": [1, 2, 3, 4, 5], "B": [5, 5, 6, 6, 6]})
    state, _ = apply(state, legal_actions(state, "A")[0])
    state, _ = apply(state, CallDudo("B"))
    rng = random.Random(1)
    while (action := chance_action(state, rng)) is not None:
        state, _ = apply(state, action)
    view = view_for(state, "A")
    assert state.phase is Phase.BIDDING and view["round"] == 2
    assert view["reveal"]["round"] == 1 and view["reveal"]["dice"]["B"] == [5, 5, 6, 6, 6]


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("wild", [True, False])
def test_one_rule_for_what_counts_and_the_chance_it_does(face, wild):
    lit = [d for d in range(1, 7) if counts_for(d, face, wild)]
    assert lit == [d for d in range(1, 7) if by_hand(d, face, wild)]
    assert match_chance(face, wild) == len(lit) / 6 == float(match_probability(face, wild))


def test_who_may_not_act_at_all_is_told_by_the_engine():
    from dudo_hub.engine import turn_refusal

    state = table({"A": [1, 2, 3], "B": [5, 5, 6, 6, 6], "C": [2, 2]}, preset="dudo")
    assert turn_refusal(state, "A") is None
    assert [turn_refusal(state, p).code for p in ("B", "Zed")] == ["not_your_turn", "unknown_player"]
    perudo = table({"A": [1, 2, 3], "B": [5, 5, 6, 6, 6], "C": [2, 2]}, preset="perudo")
    perudo, _ = apply(perudo, legal_actions(perudo, "A")[0])
    assert [turn_refusal(perudo, p) for p in ("B", "C")] == [None, None], "calza by anyone: both may act"
    assert turn_refusal(perudo, "A").code == "not_your_turn", "the bidder may not calza their own bid"
