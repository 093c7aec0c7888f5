"""Minitrick: a toy trick-taking game that lives only in the tests, to prove the game registry.

Two players, eight Italian cards (the A, 2, 3 and King of denari and coppe; trick order King,
Ace, Two, Three), three each, two left undealt. The dealer's opponent leads; follow suit if you
can; the highest card of the suit led takes the trick and leads the next. A hand is three tricks;
the dealer changes every hand; ``hands`` hands make a game. The notation: ``shuffle`` and the
eight codes (top card first; the deal gives cards 1, 3, 5 to the dealer's opponent, 2, 4, 6 to
the dealer), and a card code to play it.

Nothing in ``pyapp`` names it: a test registers :data:`SPEC` with :func:`pyapp.games.register`,
and every generic part of Circolo (records, links, start positions, the checker, the arena, the
table session, the invariant suite) plays it. ``docs/adding-a-game.md`` walks through it.
"""

from __future__ import annotations

from typing import Final

from pyapp.games import GameSpec, Ref

SPEC: Final = GameSpec(
    name="minitrick",
    state=Ref("tests.games.toy.rules:MinitrickState"),
    link_number=7,
    players={"easy": Ref("pyapp.core:RandomBot"), "medium": Ref("tests.games.toy.bots:HighCardBot")},
    start=Ref("tests.games.toy.start:MinitrickStart"),
    link_model=Ref("tests.games.toy.link:MinitrickModel"),
    tricks=Ref("tests.games.toy.snapshot:tricks"),
    viewer_seat=0,
    arena=Ref("tests.games.toy.arena:MinitrickArena"),
)
"""What Circolo needs to know of Minitrick (registered by the tests, never installed)."""
