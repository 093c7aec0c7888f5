"""Registers the test-only toy game for the shared-machinery tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pyapp import games


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    """Make ``Game: toy`` resolvable while a test runs."""
    games.REGISTRY["toy"] = "tests.core.toygame:ToyState"
    try:
        yield
    finally:
        games.REGISTRY.pop("toy", None)
