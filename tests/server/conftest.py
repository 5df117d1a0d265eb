"""The server tests' shared ground, for every subfolder (room/, sockets/, serve/, ...):

- this folder on the import path, so a test in any subfolder imports the helpers beside this file
  as `from hubkit import Client, seat` (pytest puts only a test module's own folder there);
- the fixtures: an app on TestConfig per test, stopped afterwards, and its hub.

README.md here says which folder holds what."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from dudo_hub.server.hub.core import Hub
from dudo_hub.server.web.app import TestConfig, create_app, get_hub

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.append(HERE)


@pytest.fixture
def app() -> Iterator[Flask]:
    application = create_app(TestConfig())
    yield application
    get_hub(application).close()


@pytest.fixture
def hub(app: Flask) -> Hub:
    return get_hub(app)
