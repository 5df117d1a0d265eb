"""The shipped form of a solved round: per node and cup, the few actions played and their weights.

Each (node, cup) row keeps the actions played at least `DROP` of the time, their weights
rounded to 255ths (summing to 255, largest remainders first): one byte for how many, then
an (action index, weight) byte pair each. The rows follow the graph's node order, and each
node's cups in `counting.cups_of` order; the bytes are zlib-compressed and base64'd into the
JSON. Pure Python: the bots unpack it without numpy.
"""

from __future__ import annotations

import base64
import zlib
from array import array
from collections.abc import Iterator, Sequence

DROP = 0.02  # actions played less often than this are dropped (the rest renormalised)
SCALE = 255

Row = tuple[tuple[int, int], ...]  # (action index, weight out of SCALE)


def quantise(probs: Sequence[float], drop: float = DROP) -> Row:
    """The row's kept actions with integer weights summing to `SCALE`."""
    kept = [(a, p) for a, p in enumerate(probs) if p >= drop] or [max(enumerate(probs), key=lambda x: x[1])]
    total = sum(p for _, p in kept)
    exact = [(a, p / total * SCALE) for a, p in kept]
    weights = {a: int(w) for a, w in exact}
    short = SCALE - sum(weights.values())
    for a, _ in sorted(exact, key=lambda x: (x[1] - int(x[1]), -x[0]), reverse=True)[:short]:
        weights[a] += 1
    return tuple((a, w) for a, w in sorted(weights.items()) if w > 0)


def pack(rows: Sequence[Row]) -> str:
    """Rows -> the base64 text the data file holds."""
    out = bytearray()
    for row in rows:
        out.append(len(row))
        for a, w in row:
            out += bytes((a, w))
    return base64.b64encode(zlib.compress(bytes(out), 9)).decode("ascii")


def unpack(text: str) -> list[Row]:
    """Back from `pack`."""
    return list(Rows(text))


class Rows:
    """Packed rows read one at a time, as a bot needs them (only the start of each row is found up front)."""

    def __init__(self, text: str) -> None:
        self.raw = zlib.decompress(base64.b64decode(text))
        self.starts = array("I")
        i, raw, size = 0, self.raw, len(self.raw)
        while i < size:
            self.starts.append(i)
            i += 1 + 2 * raw[i]

    def __len__(self) -> int:
        return len(self.starts)

    def __iter__(self) -> Iterator[Row]:
        return (self[k] for k in range(len(self)))

    def __getitem__(self, k: int) -> Row:
        i, raw = self.starts[k], self.raw
        return tuple((raw[i + 1 + 2 * j], raw[i + 2 + 2 * j]) for j in range(raw[i]))
