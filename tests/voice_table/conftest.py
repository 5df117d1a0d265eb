"""Fixtures of the voice-table tests: a fake room, manual timers and the sentences said."""

from __future__ import annotations

import pytest

from tests.voice_table.fakes import FakeRoom, ManualTimers, Said


@pytest.fixture
def room() -> FakeRoom:
    return FakeRoom()


@pytest.fixture
def timers() -> ManualTimers:
    return ManualTimers()


@pytest.fixture
def said() -> Said:
    return Said()
