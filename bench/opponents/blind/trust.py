"""TrustThenBluff: earn a reputation for honesty, then spend it.

For the first `honest_rounds` rounds of each game it plays exactly as the honest
`BayesReader`; from then on, whenever it raises, with chance `bluff` it raises onto a face
it holds none of (the cheapest such legal raise), counting on a reader that has learnt to
believe its bids.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .reader import BluffingReader


class TrustThenBluff(BluffingReader):
    """Honest for the first rounds of a game, a frequent bluffer after."""

    def __init__(
        self, rng: random.Random, honest_rounds: int | str = 6, bluff: float | str = 0.7, **params: Any
    ) -> None:
        super().__init__(rng, bluff=bluff, **params)
        self.honest_rounds = int(honest_rounds)

    def bluff_chance(self, view: Mapping[str, Any]) -> float:
        """No bluffs while the game is young; `bluff` after `honest_rounds` rounds."""
        return 0.0 if int(view.get("round") or 0) <= self.honest_rounds else self.bluff
