"""AlternatingOpener: honest and bluffed openings, round by round.

In odd rounds it opens on the face it holds most of (as `BayesReader` does); in even
rounds it opens on the face it holds none or fewest of, at a quantity that looks like an
ordinary opening. Everything after the opening is the honest `BayesReader`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dudo_hub.engine.actions import MakeBid

from .belief import TableBelief
from .reader import BayesReader


class AlternatingOpener(BayesReader):
    """Opens honestly in odd rounds and on its weakest face in even rounds."""

    def opening(self, view: Mapping[str, Any], bids: Sequence[MakeBid], belief: TableBelief) -> MakeBid:
        """Odd rounds: best face; even rounds: fewest face."""
        if int(view.get("round") or 0) % 2 == 1:
            return self.honest_opening(view, bids, belief)
        return self.bluff_opening(view, bids, belief)
