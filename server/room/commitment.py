"""Fair dice: before a round the hub publishes sha256(json(dice) + salt); at the reveal, salt and dice.

The dice are `{player: sorted faces}` for the players in the round, serialised as
`json.dumps(dice, sort_keys=True, separators=(",", ":"))`; the salt is 32 hex characters.
Anyone can recompute the hash from what the reveal published.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Dice = dict[str, list[int]]


def canonical(dice: Mapping[str, Sequence[int]]) -> str:
    """The JSON text that is hashed: keys sorted, faces sorted, no spaces."""
    return json.dumps({p: sorted(d) for p, d in dice.items()}, sort_keys=True, separators=(",", ":"))


def digest(dice: Mapping[str, Sequence[int]], salt: str) -> str:
    """sha256 hex of canonical(dice) + salt."""
    return hashlib.sha256((canonical(dice) + salt).encode("utf-8")).hexdigest()


def verify(dice: Mapping[str, Sequence[int]], salt: str, commitment: str) -> bool:
    """Whether `dice` and `salt` open `commitment`."""
    return secrets.compare_digest(digest(dice, salt), commitment.strip().lower())


@dataclass(frozen=True, slots=True)
class Commitment:
    """One round's sealed dice; only `public()` may leave the hub before the reveal."""

    round_no: int
    dice: Dice
    salt: str
    hash: str

    @classmethod
    def seal(cls, round_no: int, dice: Mapping[str, Sequence[int]]) -> Commitment:
        """Commit to `dice` with a fresh random salt."""
        salt = secrets.token_hex(16)
        clean = {p: sorted(d) for p, d in dice.items()}
        return cls(round_no, clean, salt, digest(clean, salt))

    def public(self) -> dict[str, Any]:
        """What the table may see while the cups are closed."""
        return {"round": self.round_no, "hash": self.hash}

    def opened(self) -> dict[str, Any]:
        """Everything, for after the reveal."""
        return {"round": self.round_no, "hash": self.hash, "salt": self.salt, "dice": self.dice}

    def to_dict(self) -> dict[str, Any]:
        """Storage form (secret: the store only)."""
        return self.opened()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Commitment:
        """Back from `to_dict`."""
        return cls(int(data["round"]), {str(k): list(v) for k, v in data["dice"].items()}, str(data["salt"]),
                   str(data["hash"]))
