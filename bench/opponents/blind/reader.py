"""Bayesian reader bots: an honest reader, and the same reader that bluffs some raises.

`BayesReader` keeps a posterior over every opponent's cup (see `belief.py`), re-weighted by
the faces they bid and by their raising rather than challenging. On its turn it:

* opens on the face it holds most of, at the highest quantity it believes at least
  `open_conf` likely;
* calls Calza when the exact count is likelier than both a won Dudo and its best raise
  (and a right Calza would gain it something);
* calls Dudo when the chance the standing bid is false is at least the chance of its most
  believable raise;
* otherwise makes the raise most likely to be true.

`BluffingReader` plays the same, except that when it raises, with chance `bluff` it raises
onto a face it holds none of, taking the cheapest such legal raise.

The hooks `opening`, `bluff_chance` and `bluff_raise` are what the other blind bots change.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from dudo_hub.engine.actions import CallCalza, CallDudo, ChooseDirection, MakeBid
from dudo_hub.engine.bids import PACOS, Bid

from .belief import TableBelief

View = Mapping[str, Any]


def bid_rank(bid: Bid, view: View) -> tuple[float, float]:
    """Where a bid sits in the raising order, lowest first (used to find the cheapest raise).

    With wild ones and paco conversion, q pacos sit between 2q and 2q + 1 of a face.
    """
    rules = view.get("rules") or {}
    converts = rules.get("paco_conversion", "half_up") == "half_up" and not view.get("palifico")
    if bid.face == PACOS and converts:
        return (2.0 * bid.quantity, 6.5)
    return (float(bid.quantity), float(bid.face))


def holding(view: View, face: int) -> int:
    """How many of my dice count for `face` this round."""
    wild = bool(view.get("wild"))
    return sum(1 for d in view.get("my_dice") or [] if d == face or (wild and d == PACOS and face != PACOS))


class BayesReader:
    """An honest Bayesian reader: challenges unlikely bids, else makes its likeliest raise."""

    def __init__(
        self,
        rng: random.Random,
        face_weight: float | str = 1.0,
        raise_floor: float | str = 0.2,
        open_conf: float | str = 0.6,
        **params: Any,
    ) -> None:
        self.rng = rng
        self.face_weight = float(face_weight)
        self.raise_floor = float(raise_floor)
        self.open_conf = float(open_conf)
        self.params = params

    # -- the plug-in interface -------------------------------------------------------------

    def choose(self, view: View, legal: Sequence[Any]) -> Any:
        """Pick one of `legal` for this seat's turn."""
        directions = [a for a in legal if isinstance(a, ChooseDirection)]
        if directions:
            return directions[0]
        bids = [a for a in legal if isinstance(a, MakeBid)]
        dudo = next((a for a in legal if isinstance(a, CallDudo)), None)
        calza = next((a for a in legal if isinstance(a, CallCalza)), None)
        belief = self.belief(view)
        standing = self.standing_bid(view)
        if standing is None:
            if bids:
                return self.opening(view, bids, belief)
            return legal[0]
        p_standing = belief.p_true(standing)
        ranked = self.rank_raises(view, bids, belief)
        best_p = belief.p_true(ranked[0].bid) if ranked else 0.0
        exact = belief.p_exact(standing)
        if calza is not None and self.calza_pays(view) and exact > max(1.0 - p_standing, best_p):
            return calza
        if dudo is not None and (not ranked or 1.0 - p_standing >= best_p):
            return dudo
        if ranked:
            if self.rng.random() < self.bluff_chance(view):
                bluff = self.bluff_raise(view, bids)
                if bluff is not None:
                    return bluff
            return ranked[0]
        return dudo or calza or legal[0]

    def wants_out_of_turn(self, view: View, legal: Sequence[Any]) -> Any | None:
        """Out of turn only a near-certain Calza is worth it; everything else waits."""
        calza = next((a for a in legal if isinstance(a, CallCalza)), None)
        standing = self.standing_bid(view)
        if calza is None or standing is None or not self.calza_pays(view):
            return None
        return calza if self.belief(view).p_exact(standing) >= 0.5 else None

    def observe(self, view: View) -> None:
        """Nothing is carried between rounds: every round's dice are new."""

    # -- reading the view ------------------------------------------------------------------

    def belief(self, view: View) -> TableBelief:
        """The posterior over the opponents' cups for this view."""
        return TableBelief(view, face_weight=self.face_weight, raise_floor=self.raise_floor)

    @staticmethod
    def standing_bid(view: View) -> Bid | None:
        """The bid on the table, if any."""
        standing = view.get("standing")
        if not standing:
            return None
        quantity, face = standing["bid"]
        return Bid(int(quantity), int(face))

    @staticmethod
    def me(view: View) -> Mapping[str, Any]:
        """My own entry in the players list."""
        return next((p for p in view.get("players", []) if p.get("name") == view.get("viewer")), {})

    def calza_pays(self, view: View) -> bool:
        """Whether a right Calza would win me anything (a die, a bullet, others' dice)."""
        rules = view.get("rules") or {}
        me = self.me(view)
        if rules.get("calza_reward") == "others_lose_die":
            return True
        if rules.get("loss") == "revolver":
            return int(me.get("bullets") or 0) > 0
        return len(view.get("my_dice") or []) < int(rules.get("max_dice", 5))

    # -- raising ---------------------------------------------------------------------------

    def rank_raises(self, view: View, bids: Sequence[MakeBid], belief: TableBelief) -> list[MakeBid]:
        """Legal raises, likeliest first; ties go to faces I hold more of, then the cheaper."""
        return sorted(
            bids,
            key=lambda a: (-round(belief.p_true(a.bid), 9), -holding(view, a.bid.face), bid_rank(a.bid, view)),
        )

    def bluff_chance(self, view: View) -> float:
        """How often a raise is a bluff; the honest reader never bluffs."""
        return 0.0

    def bluff_raise(self, view: View, bids: Sequence[MakeBid]) -> MakeBid | None:
        """The cheapest legal raise onto a face I hold none of, or None if every face is held."""
        lacking = [a for a in bids if holding(view, a.bid.face) == 0]
        return min(lacking, key=lambda a: bid_rank(a.bid, view)) if lacking else None

    # -- opening ---------------------------------------------------------------------------

    def opening(self, view: View, bids: Sequence[MakeBid], belief: TableBelief) -> MakeBid:
        """Open on the face I hold most of (ties to the higher face)."""
        return self.honest_opening(view, bids, belief)

    def honest_opening(self, view: View, bids: Sequence[MakeBid], belief: TableBelief) -> MakeBid:
        """My best face at the highest quantity I believe at least `open_conf` likely."""
        faces = {a.bid.face for a in bids}
        face = max(faces, key=lambda f: (holding(view, f), f))
        on_face = sorted((a for a in bids if a.bid.face == face), key=lambda a: a.bid.quantity)
        good = [a for a in on_face if belief.p_true(a.bid) >= self.open_conf]
        return good[-1] if good else on_face[0]

    def bluff_opening(self, view: View, bids: Sequence[MakeBid], belief: TableBelief) -> MakeBid:
        """Open on the face I hold fewest of, at a quantity that looks ordinary to the table.

        The quantity is what a player seeing no dice would rate `open_conf` likely, so it
        looks like a normal opening; ties between faces are broken at random.
        """
        faces = sorted({a.bid.face for a in bids})
        fewest = min(holding(view, f) for f in faces)
        face = self.rng.choice([f for f in faces if holding(view, f) == fewest])
        on_face = sorted((a for a in bids if a.bid.face == face), key=lambda a: a.bid.quantity)
        good = [a for a in on_face if belief.p_blind(a.bid) >= self.open_conf]
        return good[-1] if good else on_face[0]


class BluffingReader(BayesReader):
    """The Bayesian reader that, half the time it raises, raises onto a face it lacks."""

    def __init__(self, rng: random.Random, bluff: float | str = 0.5, **params: Any) -> None:
        super().__init__(rng, **params)
        self.bluff = float(bluff)

    def bluff_chance(self, view: View) -> float:
        """Bluff every raise with chance `bluff`."""
        return self.bluff
