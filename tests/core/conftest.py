"""Registers the test-only toy game for the shared-machinery tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pyapp import games

TOY = games.GameSpec(
    name="toy",
    state=games.Ref("tests.core.toygame:ToyState"),
    link_number=6,
    players={"medium": games.Ref("pyapp.core:RandomBot")},
)


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    """Make ``Game: toy`` resolvable while a test runs."""
    games.register(TOY)
    try:
        yield
    finally:
        games.unregister("toy")
