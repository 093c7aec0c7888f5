"""The poker evening as one of Poker's club events: what the game's spec registers
(``club={"serata": Ref("pyapp.poker.serata.event:EVENT")}``, :mod:`pyapp.club.event`).

``python3 -m pyapp club check`` judges an evening's record through it, and ``python3 -m pyapp
serata ...`` runs its command line (:mod:`pyapp.poker.serata.cli`), both found through the
registry.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from pyapp.club.event import ClubEvent
from pyapp.i18n import DEFAULT_LANG
from pyapp.poker.serata import cli
from pyapp.poker.serata.evening import KIND


class SerataEvent(ClubEvent):
    """The poker evening (club.md PE1-PE14): its checker, its command line and its page."""

    kind: ClassVar[str] = KIND
    command: ClassVar[str | None] = "serata"
    command_help: ClassVar[str] = "the poker evening: check a record, or simulate one (serata -h)"
    view = "pyapp.views.serata"

    def judge(self, text: str, lang: str = DEFAULT_LANG) -> tuple[int, dict[str, Any]]:
        """The evening's state as JSON (:func:`pyapp.poker.serata.cli.judge`), or the refusal."""
        status, report = cli.judge(text, lang)
        return status, dict(report)

    def main(self, argv: list[str]) -> int:
        """``python3 -m pyapp serata check|simulate ...``."""
        return cli.main(argv)


EVENT: Final = SerataEvent()
"""The poker evening, as Poker's spec names it."""
