"""Dudo / Perudo rules: pure, immutable, no I/O.

    >>> from dudo_hub.engine import Bid, new_game, make_rules
    >>> Bid.parse("7x5")
    Bid.parse('7x5')
"""

from dudo_hub.engine.actions import (
    Action,
    CallCalza,
    CallDudo,
    ChanceAction,
    ChooseDirection,
    CountDice,
    MakeBid,
    PickFirst,
    PlayerAction,
    PullTrigger,
    RollDice,
    RollUnseen,
)
from dudo_hub.engine.bids import PACOS, Bid
from dudo_hub.engine.chance import chance_action, settle_chance, system_random
from dudo_hub.engine.errors import DudoError, IllegalAction, InvalidAction, RuleError
from dudo_hub.engine.events import Event
from dudo_hub.engine.game import apply, is_legal, new_game, refusal, turn_refusal
from dudo_hub.engine.legal import actors, acts_out_of_turn, calza_problem, dudo_problem, legal_actions, to_act
from dudo_hub.engine.odds import BidOdds, bid_odds, expected_count
from dudo_hub.engine.ordering import bid_ranges, legal_bids
from dudo_hub.engine.resolve import count_matching
from dudo_hub.engine.rules import CHOICES, PRESETS, Rules, make_rules
from dudo_hub.engine.state import GameState, Phase
from dudo_hub.engine.suggest import suggested_bid
from dudo_hub.engine.views import SharedView, legal_summary, shared_view_for, view_for

__all__ = [
    "PACOS", "PRESETS", "CHOICES", "Action", "Bid", "BidOdds", "CallCalza", "CallDudo", "ChanceAction",
    "ChooseDirection", "CountDice", "DudoError", "Event", "GameState", "IllegalAction", "InvalidAction", "MakeBid",
    "Phase", "PickFirst", "PlayerAction", "PullTrigger", "RollDice", "RollUnseen", "RuleError", "Rules", "SharedView",
    "actors", "acts_out_of_turn", "apply",
    "bid_odds", "bid_ranges", "calza_problem", "dudo_problem", "chance_action", "count_matching", "expected_count",
    "is_legal", "legal_actions", "legal_bids", "legal_summary", "make_rules", "new_game", "refusal",
    "settle_chance", "shared_view_for", "suggested_bid", "system_random", "to_act", "turn_refusal", "view_for",
]
