"""tests/waiting.py's `wait_until`, and no test waiting any other way (no hand-written deadline
loop, no fixed pause in a browser test)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from waiting import wait_until

TESTS = Path(__file__).resolve().parent
HAND_WRITTEN = re.compile(r"time\.monotonic\(\) *<|< *deadline|\.wait_for_timeout\(")


def test_it_returns_the_first_true_value() -> None:
    calls: list[int] = []

    def third() -> int | None:
        calls.append(1)
        return len(calls) if len(calls) == 3 else None

    assert wait_until(third, timeout=5, interval=0, message="the third call") == 3


def test_it_names_what_it_waited_for() -> None:
    last = [7]
    with pytest.raises(AssertionError, match=r"waited 0\.05 s in vain for the room over; version 7"):
        wait_until(lambda: False, timeout=0.05, interval=0.01, message=lambda: f"the room over; version {last[0]}")


def test_no_test_waits_by_hand() -> None:
    found = [f"{path.relative_to(TESTS)}:{n}: {line.strip()}"
             for path in sorted(TESTS.rglob("*.py")) if path.name not in ("waiting.py", "test_waiting.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if HAND_WRITTEN.search(line)]
    assert not found, "wait with waiting.wait_until or a Playwright condition:\n" + "\n".join(found)
