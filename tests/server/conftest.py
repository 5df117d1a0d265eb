"""Fixtures: an app on TestConfig per test, stopped afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from dudo_hub.server.hub.core import Hub
from dudo_hub.server.web.app import TestConfig, create_app, get_hub


@pytest.fixture
def app() -> Iterator[Flask]:
    application = create_app(TestConfig())
    yield application
    get_hub(application).close()


@pytest.fixture
def hub(app: Flask) -> Hub:
    return get_hub(app)
