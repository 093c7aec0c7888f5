"""The Poker table's declarations, its flow (who sits, when the computer players wait), the human's
moves that are not a button (the draw, amounts) and the advice of practice games."""

from __future__ import annotations

from typing import Any

from pyscript import window

from pyapp.poker.actions import PokerAction
from pyapp.session_types import Snapshot
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.poker.words import AMOUNT_VERBS, OPTION_CHOICES, cards_text
from pyapp.views.table import TableController
from pyapp.views.table.base import snapshot_of


class PokerBase(TableController):
    """What the parts of the Poker table share."""

    game = "poker"
    humans = (0,)
    revealed: dict[str, list[str]] = {}
    """Seat label -> cards drawn face up though not shown down (the replay viewer's open hands)."""
    option_choices = OPTION_CHOICES
    stylesheets = ("./static/table.css", "./static/poker.css")

    def __init__(self) -> None:
        super().__init__()
        self.discard: list[str] = []
        self.amount_text: str | None = None
        self._decision = -1
        self._rects: dict[str, Any] = {}
        self._hand_log: tuple[int, list[Any]] = (0, [])

    # -- flow ------------------------------------------------------------------------------------------
    def human_seated(self, snapshot: Snapshot) -> bool:
        """Whether the human still sits at the table (a ``leave`` ends the session for him)."""
        seat = snapshot["seat"]
        return seat is None or bool(snapshot["view"]["seats"][seat]["seated"])

    def may_return(self, snapshot: Snapshot) -> bool:
        """Whether a human who left may sit down again as a new player (``joiners=on``, P4)."""
        return bool(snapshot["view"].get("joiners")) and not snapshot["terminal"]

    def hands_done(self, snapshot: Snapshot) -> int:
        return len(snapshot["result"]["hands"])

    def pause_before(self, snapshot: Snapshot) -> bool:
        if self.summary_waits(snapshot):
            return True
        return not self.human_seated(snapshot) and not self.may_return(snapshot)

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        self.discard = []
        self.amount_text = None
        super().new_game(options)

    # -- advice (practice) -------------------------------------------------------------------------------
    def advisable(self, snapshot: Snapshot) -> bool:
        phases = ("opening", "bet1", "bet2", "draw", "showdown")
        return bool(snapshot["human_turn"] and snapshot["view"]["phase"] in phases)

    def advice_text(self, snapshot: Snapshot, action: str) -> str:
        value = PokerAction.parse(action)
        verb = value.verb
        if verb in AMOUNT_VERBS:
            return tr(f"poker.ui.do.{verb}", n=value.number)
        if verb == "draw":
            cards = [c.code for c in value.cards]
            return f"{tr('poker.ui.do.draw', n=len(cards))} ({cards_text(cards)})"
        if verb == "call":
            view = snapshot["view"]
            owe = int(view.get("to_call") or 0)
            return tr("poker.ui.do.call", n=min(owe, view["seats"][snapshot["seat"] or 0]["resto"]))
        return tr(f"poker.ui.do.{verb}")

    def advice_targets(self, snapshot: Snapshot, action: str) -> list[str]:
        value = PokerAction.parse(action)
        verb = value.verb
        if verb in AMOUNT_VERBS:
            return [f"#amount-form-{verb} [type=submit]"]
        if verb == "draw":
            return [f'.hand-own [data-card="{c.code}"]' for c in value.cards] + ["#draw-submit"]
        return [f"#{verb}"]

    def show_advice(self, action: str) -> None:
        """An advised amount goes into the amount field; advised changes are marked in the hand."""
        value = PokerAction.parse(action)
        if value.verb in AMOUNT_VERBS:
            self.amount_text = str(value.number)
        elif value.verb == "draw":
            self.discard = [c.code for c in value.cards]

    def toggle_discard(self, code: str) -> None:
        """Mark or unmark one card of the hand to be changed at the draw."""
        if code in self.discard:
            self.discard.remove(code)
        else:
            self.discard.append(code)
        self.error = None
        self.render()

    def click_card(self, code: str) -> None:
        self.toggle_discard(code)

    def draw(self) -> None:
        """Change the marked cards: the legal ``draw`` of exactly those cards (canonical order)."""
        assert self.session is not None
        snapshot = snapshot_of(self.session)
        chosen = {c for c in snapshot["view"].get("cards") or [] if c in self.discard}
        draws = [(a, PokerAction.parse(a)) for a in snapshot["legal"]]
        action = next(
            (a for a, v in draws if v.verb == "draw" and {c.code for c in v.cards} == chosen), "draw"
        )
        if self.act(action):
            self.discard = []

    def submit_amount(self, verb: str) -> None:
        """Open, bet or raise by the amount in the number field (the rules refuse one out of bounds)."""
        field = common.by_id("amount")
        raw = str(field.value).strip() if field else ""
        self.amount_text = raw
        if not raw:
            self.refuse(tr("poker.ui.amount_missing"))
            return
        if self.act(f"{verb} {raw}"):
            self.amount_text = None

    def confirm_then(self, question: str, action: str) -> None:
        """Play ``action`` after the human confirms ``question``."""
        if window.confirm(question):
            self.act(action)

    # -- words ---------------------------------------------------------------------------------------
    def seat_name(self, label: str, me: str | None) -> str:
        """``"Tu"`` for the human, else ``"Giocatore 3"``."""
        return tr("poker.ui.you") if label == me else tr("poker.ui.player", n=label)

    def said(self, key: str, seat: str, me: str | None, **params: object) -> str:
        """``key`` about ``seat``: its ``_you`` form for the human ("Vinci tu 12"), else with the name."""
        if seat == me and common.has_text(f"{key}_you"):
            return tr(f"{key}_you", **params)
        return tr(key, seat=self.seat_name(seat, me), **params)
