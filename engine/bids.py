"""The bid value object: "at least `quantity` dice show `face`" (face 1 = pacos)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from dudo_hub.engine.errors import InvalidAction

PACOS = 1
FACES = (1, 2, 3, 4, 5, 6)
_BID_RE = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


@dataclass(frozen=True, order=False, slots=True)
class Bid:
    """A bid such as seven fives: `Bid(7, 5)`; `Bid.parse("7x5")`; `str(bid) == "7x5"`."""

    quantity: int
    face: int

    def __post_init__(self) -> None:
        if not isinstance(self.quantity, int) or isinstance(self.quantity, bool) or self.quantity < 1:
            raise InvalidAction("invalid_bid", f"bid quantity must be a whole number >= 1, got {self.quantity!r}")
        if self.face not in FACES:
            raise InvalidAction("invalid_bid", f"bid face must be 1..6 (1 = pacos), got {self.face!r}")

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read "7x5" (quantity x face) as a bid."""
        match = _BID_RE.match(text)
        if not match:
            raise InvalidAction("invalid_bid", f"cannot read {text!r} as a bid; write it as 7x5")
        return cls(int(match.group(1)), int(match.group(2)))

    @property
    def is_pacos(self) -> bool:
        """True for a bid on ones."""
        return self.face == PACOS

    def __str__(self) -> str:
        return f"{self.quantity}x{self.face}"

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"

    def to_list(self) -> list[int]:
        """JSON form: [quantity, face]."""
        return [self.quantity, self.face]
