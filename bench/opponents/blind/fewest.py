"""FewestOpener: always opens on the face it holds fewest of.

The opening quantity is the one a player seeing no dice would rate `open_conf` likely, so
the opening looks ordinary while pointing a reader at the wrong face. Everything after the
opening is the honest `BayesReader`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dudo_hub.engine.actions import MakeBid

from .belief import TableBelief
from .reader import BayesReader


class FewestOpener(BayesReader):
    """A Bayesian reader whose every opening is on its weakest face."""

    def opening(self, view: Mapping[str, Any], bids: Sequence[MakeBid], belief: TableBelief) -> MakeBid:
        """Open on the face I hold fewest of, at an ordinary-looking quantity."""
        return self.bluff_opening(view, bids, belief)
