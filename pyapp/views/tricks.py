"""The trick-taking table shared by Tressette and Boston: felt, seats, trick, own hand, cut form.

It reads the one trick shape every snapshot carries (``self.tricks(snapshot)``, see
:mod:`pyapp.tricks`) and draws:

* the felt: three other seats around the trick area (their cards face down, or face up when
  :meth:`TrickTable.open_hands` gives them, as a spectator's replay does);
* the trick: cards keyed by trick, seat and card, the led card and the card winning so far
  marked; a finished trick stays about a second, then sweeps to its winner (and the computer
  players wait for it); the last trick can be looked at again with a button while the rules allow;
* the dock: the human's seat, the messages, the game's controls and the hand, all on one screen;
* the log lines of plays and tricks (:meth:`TrickTable.trick_log`).

A game subclass says how seats are named and placed, how its hand is sorted and which cards are
playable, and adds its own controls, summaries and score sheet.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar

from pyapp.cards import Card
from pyapp.session_types import Snapshot, Trick, Tricks
from pyapp.views import common
from pyapp.views.cardviews import card_face, hand_row, trick_row
from pyapp.views.common import tr
from pyapp.views.motion import rect_of
from pyapp.views.table import TableController
from pyapp.views.table.base import snapshot_of
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button

OTHERS = ("N", "W", "E")


def card_phrase(card: Card) -> str:
    """The card with its article, for sentences: ``"il Re di spade"``, ``"l'Asso di coppe"``."""
    name = common.card_label(card)
    first = name.split(" ")[0]
    kind = "v" if first in ("Asso", "Otto") else "f" if first == "Donna" else "m"
    return tr(f"table.article.{kind}", card=name)


class TrickTable(TableController):
    """What Tressette and Boston tables share; subclasses fill in the game."""

    deck: ClassVar[str] = "it"
    me: ClassVar[str] = "S"
    wait_key: ClassVar[str]
    """What a card clicked out of turn says (a catalog key of the game)."""
    turn_phases: ClassVar[tuple[str, ...]] = ("play",)
    """The phases in which the seat whose turn it is is to act (marked on the felt, "to play")."""
    positions: ClassVar[dict[str, str]] = {"N": "north", "E": "east", "S": "south", "W": "west"}
    """Where each seat is drawn for the human at South."""

    def __init__(self) -> None:
        super().__init__()
        self.hold_key: tuple[str, ...] | None = None
        self.hold_until = 0.0
        self.peek = False
        self._shown: set[str] = set()
        self._hand_rects: dict[str, Any] = {}

    # -- words (subclasses may refine) -----------------------------------------------------------------
    def card(self, code: str) -> Card:
        """The card of this game's deck with ``code``."""
        return Card.parse(code, self.deck)  # type: ignore[arg-type]

    def seat_name(self, seat: str) -> str:
        """The seat as a subject: ``"Tu"`` / ``"You"`` for the human, else the seat's name."""
        return tr("table.you") if seat == self.me else tr("seat." + seat)

    def seat_title(self, seat: str) -> str:
        """The heading of a seat on the felt (subclasses add roles)."""
        return self.seat_name(seat)

    def seat_role(self, seat: str) -> str:
        """A word after the seat's name on the felt ("compagno"), hidden on narrow screens."""
        return ""

    def seat_heading(self, seat: str) -> VNode:
        """The seat's name and, when there is one, its role."""
        role = self.seat_role(seat)
        return h("span", self.seat_title(seat), h("span", text=f" · {role}", cls="role") if role else None)

    def about(self, seat: str, key: str, **params: object) -> str:
        """The message ``key`` about ``seat``: its ``<key>_you`` form for the human ("Giochi tu"),
        else ``key`` with the seat's name as ``seat``."""
        if seat == self.me:
            return tr(f"{key}_you", **params)
        return tr(key, seat=tr("seat." + seat), **params)

    def plays_text(self, seat: str, code: str, trick: Trick) -> str:
        """A log line for a card played: "Est gioca il Re di spade" / "Giochi l'Asso di coppe"."""
        phrase = card_phrase(self.card(code))
        calls = self.calls_with(seat, code, trick)
        return self.about(
            seat, "table.log.play_calls" if calls else "table.log.play", card=phrase, calls=calls
        )

    def calls_with(self, seat: str, code: str, trick: Trick) -> str:
        """What ``seat`` declared when playing ``code`` in ``trick``, in words ("" if nothing)."""
        return ""

    def played_by_text(self, seat: str, code: str) -> str:
        """The name of a card on the trick: "Re di spade, giocata da: Est" / "..., giocata da te"."""
        return self.about(seat, "table.played_by", card=common.card_label(self.card(code)))

    def wins_text(self, winner: str) -> str:
        """A log line for a finished trick."""
        return self.about(winner, "table.log.trick")

    # -- the game's part (subclasses) ---------------------------------------------------------------------
    def summary_waits(self, snapshot: Snapshot) -> bool:
        return snapshot["view"]["phase"] == "hand_over" and super().summary_waits(snapshot)

    def restored_acked(self, snapshot: Snapshot) -> int:
        done = self.hands_done(snapshot)
        return done - 1 if snapshot["view"]["phase"] == "hand_over" else done

    def summary(self, snapshot: Snapshot) -> VNode | None:
        """A hand or match summary shown over the felt, or ``None``."""
        if snapshot["view"]["phase"] == "game_over":
            return self.match_summary(snapshot)
        if self.summary_waits(snapshot) and not self.replay:
            return self.hand_summary(snapshot)
        return None

    def hand_summary(self, snapshot: Snapshot) -> VNode:
        """The summary of the hand just finished, waiting for "Next hand" (subclasses)."""
        raise NotImplementedError

    def match_summary(self, snapshot: Snapshot) -> VNode:
        """The end of the match: results and "new game" (subclasses, with :meth:`match_over`)."""
        raise NotImplementedError

    def click_card(self, code: str) -> None:
        """A click (or Enter/Space) on a card of the hand: play it, or say why not."""
        assert self.session is not None
        if self.replay:
            return
        snap = snapshot_of(self.session, common.get_lang())
        if not snap["human_turn"]:
            self.refuse(tr(self.wait_key))
            return
        self.play_card(snap, code)

    def play_card(self, snap: Snapshot, code: str) -> None:
        """Play ``code`` (an illegal card is refused by the engine with its precise reason)."""
        self.act(code)

    def hand_cards(self, snapshot: Snapshot) -> list[str]:
        """The human's cards in display order."""
        return list(snapshot["view"].get("hand") or [])

    def hand_card(self, snapshot: Snapshot, code: str, index: int) -> VNode:
        """One card of the human's hand (subclasses mark what is playable and why)."""
        return self.card_button(self.card(code), index, common.card_label(self.card(code)))

    def hand_counts(self, snapshot: Snapshot) -> dict[str, int]:
        """How many cards each seat holds."""
        return {}

    def open_hands(self, snapshot: Snapshot) -> dict[str, list[str]]:
        """Cards of other seats to show face up (a spectator's replay); none at a normal table."""
        return {}

    def seat_tags(self, snapshot: Snapshot, seat: str) -> list[VNode]:
        """Badges and short facts under a seat's name (dealer, to play, tricks, bids...)."""
        return []

    def seat_turn(self, snapshot: Snapshot, seat: str) -> bool:
        """Whether ``seat`` is to act now (its turn, in a phase of :attr:`turn_phases`)."""
        view = snapshot["view"]
        return bool(view.get("turn") == seat and view["phase"] in self.turn_phases)

    def dock_controls(self, snapshot: Snapshot) -> VNode | None:
        """The human's controls next to the hand (cut, bidding, declarations...)."""
        return None

    def felt_extras(self, snapshot: Snapshot) -> list[VNode]:
        """Boxes in the felt's top corners (``info-left`` / ``info-right`` classes): trump, contract..."""
        return []

    def may_review_last(self, snapshot: Snapshot) -> bool:
        """Whether the last trick may be looked at now (Tressette T10: until the next lead)."""
        return True

    # -- the board --------------------------------------------------------------------------------------
    def board(self, snapshot: Snapshot) -> VNode:
        summary = self.summary(snapshot)
        felt = h(
            "section",
            *[self.other_seat(snapshot, seat) for seat in OTHERS],
            self.trick_area(snapshot),
            *self.felt_extras(snapshot),
            cls="felt",
            key="felt",
            attrs={"aria-label": tr("table.felt")},
        )
        return self.board_frame(felt, self.dock(snapshot), summary, "trick-board")

    def other_seat(self, snapshot: Snapshot, seat: str) -> VNode:
        count = self.hand_counts(snapshot).get(seat, 0)
        shown = self.open_hands(snapshot).get(seat)
        if shown:
            cards = h(
                "ul",
                *[
                    h(
                        "li",
                        card_face(self.card(code), 60),
                        key=code,
                    )
                    for code in shown
                ],
                cls="open-hand",
                attrs={"aria-label": tr("table.open_hand", seat=tr("seat." + seat))},
            )
        else:
            cards = h(
                "div",
                *[
                    h(
                        "img",
                        cls="back",
                        attrs={
                            "src": common.back_url(self.deck),  # type: ignore[arg-type]
                            "alt": "",
                            "width": 40,
                            "height": 60,
                        },
                        key=f"b{k}",
                    )
                    for k in range(count)
                ],
                cls="backs",
                attrs={"role": "img", "aria-label": common.tr_n("table.cards_left", count)},
            )
        turn = self.seat_turn(snapshot, seat)
        return h(
            "div",
            h("h2", self.seat_heading(seat), cls="seat-name"),
            h("div", *self.seat_tags(snapshot, seat), cls="seat-tags"),
            cards,
            cls=f"seat seat-{self.positions[seat]}",
            key=f"seat-{seat}",
            attrs={"data-seat": seat, "data-turn": "true" if turn else None},
        )

    def dock(self, snapshot: Snapshot) -> VNode:
        cards = self.hand_cards(snapshot)
        hand = hand_row(
            [(code, self.hand_card(snapshot, code, i)) for i, code in enumerate(cards)],
            tr("table.your_hand"),
            cls="hand hand-own" + (" is-long" if len(cards) > 10 else ""),
            key="hand",
            attrs={"data-count": len(cards)},
        )
        turn = self.seat_turn(snapshot, self.me)
        return h(
            "section",
            h(
                "div",
                h("h2", text=self.seat_title(self.me), cls="seat-name"),
                h("div", *self.seat_tags(snapshot, self.me), cls="seat-tags"),
                cls="dock-head",
            ),
            self.messages(snapshot),
            self.dock_controls(snapshot),
            hand,
            cls="dock seat seat-south",
            key="dock",
            attrs={
                "data-seat": self.me,
                "data-turn": "true" if turn else None,
                "aria-label": tr("table.dock"),
            },
        )

    # -- the trick ----------------------------------------------------------------------------------------
    @staticmethod
    def tricks(snapshot: Snapshot) -> Tricks:
        """The trick shape of ``snapshot`` (a trick-taking game's snapshot always has one)."""
        tricks = snapshot["tricks"]
        assert tricks is not None, "a trick-taking game's snapshot carries its tricks"
        return tricks

    @staticmethod
    def trick_key(trick: Trick) -> tuple[str, ...]:
        """An identity for a trick (its cards in order)."""
        return tuple(e["card"] for e in trick["cards"])

    def holding(self, snapshot: Snapshot) -> bool:
        """Whether the last finished trick is still on show."""
        last = self.tricks(snapshot)["last"]
        return (
            last is not None
            and self.hold_key == self.trick_key(last)
            and time.monotonic() < self.hold_until
            and not self.tricks(snapshot)["current"]
        )

    def trick_display(self, snapshot: Snapshot) -> tuple[str, Trick] | None:
        """What the trick area shows: ``("current", trick)``, ``("held"|"peek", last)`` or nothing."""
        tricks = self.tricks(snapshot)
        if tricks["current"]:
            return "current", {
                "number": tricks["number"] or 0,
                "cards": tricks["current"],
                "winner": tricks["winning"],
                "leader": tricks["leader"],
            }
        last = tricks["last"]
        if last is None:
            return None
        if self.holding(snapshot):
            return "held", last
        if self.peek and self.may_review_last(snapshot):
            return "peek", last
        return None

    def trick_area(self, snapshot: Snapshot) -> VNode:
        tricks = self.tricks(snapshot)
        shown = self.trick_display(snapshot)
        area = h(
            "div",
            cls="trick",
            key="trick",
            attrs={
                "role": "group",
                "aria-label": tr("table.trick"),
                "data-state": shown[0] if shown else "empty",
            },
        )
        if tricks["number"]:
            numbers = {"n": tricks["number"], "total": tricks["total"]}
            area.append(
                h(
                    "p",
                    h("span", text=tr("table.trick_n", **numbers), cls="trick-n-long"),
                    h(
                        "span",
                        text=tr("table.trick_n_short", **numbers),
                        cls="trick-n-short",
                        attrs={"aria-hidden": "true"},
                    ),
                    cls="trick-number",
                    key="trick-number",
                )
            )
        if shown is not None:
            kind, trick = shown
            winner = trick.get("winner")
            for k, entry in enumerate(trick["cards"]):
                seat, code = entry["seat"], entry["card"]
                marks = []
                classes = ["played", f"played-{self.positions[seat]}"]
                if k == 0:
                    classes.append("is-led")
                    marks.append(h("span", text=tr("table.mark.led"), cls="mark mark-led"))
                if seat == winner:
                    classes.append("is-winning")
                    marks.append(
                        h(
                            "span",
                            text=tr("table.mark.takes" if kind != "current" else "table.mark.winning"),
                            cls="mark mark-win",
                        )
                    )
                label = self.played_by_text(seat, code)
                area.append(
                    h(
                        "div",
                        card_face(self.card(code), 80, label),
                        *marks,
                        cls=" ".join(classes),
                        key=f"t{trick['number']}-{seat}-{code}",
                        attrs={"data-seat": seat, "data-card": code},
                    )
                )
            if kind != "current" and winner:
                caption = self.about(winner, "table.trick_to")
                area.append(h("p", text=caption, cls="trick-caption", key="caption"))
        last = tricks["last"]
        if last is not None and not tricks["current"] and not self.holding(snapshot):
            if self.may_review_last(snapshot) and not self.replay:
                area.append(
                    pressed_button(
                        ("table.last_trick_show", "table.last_trick_hide"),
                        self.peek,
                        self.toggle_peek,
                        "peek-last",
                        "button button-quiet button-small peek",
                    )
                )
        return area

    def toggle_peek(self) -> None:
        """Show or hide the last trick in the trick area."""
        self.peek = not self.peek
        self.render()

    # -- motion -------------------------------------------------------------------------------------------
    def before_patch(self, snapshot: Snapshot) -> None:
        """Start holding a trick that has just been finished; measure the hand for the slide."""
        previous = self.previous
        tricks = self.tricks(snapshot)
        last = tricks["last"]
        if tricks["current"]:
            self.peek = False
        if (
            previous is not None
            and last is not None
            and not tricks["current"]
            and self.tricks(previous)["current"]
            and self.trick_key(last)[: len(self.tricks(previous)["current"])]
            == tuple(e["card"] for e in self.tricks(previous)["current"])
            and not self.replay
        ):
            assert self.motion is not None
            self.hold_key = self.trick_key(last)
            hold = self.motion.hold_seconds()
            self.hold_until = time.monotonic() + hold
            self.motion.keep_busy(hold + self.motion.sweep_seconds())
            key = self.hold_key
            self.motion.later(hold, lambda: self.end_hold(key))
        self._hand_rects = {}
        if self.motion is not None and self.motion.enabled:
            for node in common.app_root().querySelectorAll(".hand-own .card-button"):
                self._hand_rects[str(node.getAttribute("data-card"))] = rect_of(node)

    def end_hold(self, key: tuple[str, ...]) -> None:
        """The finished trick has been on show long enough: sweep it to its winner."""
        if self.hold_key != key or self.session is None:
            return
        snapshot = snapshot_of(self.session, common.get_lang())
        last = self.tricks(snapshot)["last"]
        root = common.app_root()
        if last is not None and self.motion is not None and not self.tricks(snapshot)["current"]:
            nodes = list(root.querySelectorAll(".trick .played"))
            self.motion.fly(nodes, self.seat_rect(last["winner"] or ""))
        self.hold_key = None
        self.render()

    def seat_rect(self, seat: str) -> Any:
        """Where a seat is on screen (the dock for the human)."""
        root = common.app_root()
        node = root.querySelector(".dock-head" if seat == self.me else f".felt .seat[data-seat='{seat}']")
        return rect_of(node)

    def after_patch(self, previous: Snapshot | None, snapshot: Snapshot) -> None:
        """Slide each card that has just reached the trick from its seat."""
        root = common.app_root()
        shown: set[str] = set()
        for node in root.querySelectorAll(".trick .played"):
            key = f"{node.getAttribute('data-seat')}-{node.getAttribute('data-card')}"
            shown.add(key)
            if key in self._shown or previous is None or self.motion is None:
                continue
            seat = str(node.getAttribute("data-seat"))
            code = str(node.getAttribute("data-card"))
            source = self._hand_rects.get(code) if seat == self.me else None
            display = self.trick_display(snapshot)
            if source is None and display is not None and display[0] == "current":
                source = self.seat_rect(seat)
            if source is not None:
                self.motion.slide_in(node, source)
        self._shown = shown

    # -- log and summaries -----------------------------------------------------------------------------
    def trick_log(self, snapshot: Snapshot) -> list[tuple[str, str, str]]:
        """Log lines of the plays and tricks the viewer may review, then the trick in progress."""
        tricks = self.tricks(snapshot)
        finished = list(tricks["history"])
        if tricks["last"] is not None and not any(t["number"] == tricks["last"]["number"] for t in finished):
            finished.append(tricks["last"])
        lines: list[tuple[str, str, str]] = []
        for trick in sorted(finished, key=lambda t: t["number"]):
            for entry in trick["cards"]:
                lines.append(
                    (
                        f"p{trick['number']}-{entry['seat']}",
                        self.plays_text(entry["seat"], entry["card"], trick),
                        "play",
                    )
                )
            winner = trick["winner"]
            if winner:
                lines.append((f"w{trick['number']}", self.wins_text(winner), "trick"))
        if tricks["current"]:
            current: Trick = {
                "number": tricks["number"] or 0,
                "leader": tricks["leader"],
                "winner": None,
                "cards": tricks["current"],
            }
            for entry in tricks["current"]:
                lines.append(
                    (
                        f"p{tricks['number']}-{entry['seat']}",
                        self.plays_text(entry["seat"], entry["card"], current),
                        "play",
                    )
                )
        return lines

    def trick_cards(self, trick: Trick, size: int = 56) -> VNode:
        """A finished trick as a row of small cards with who played them (summaries)."""
        winner = trick.get("winner")
        plays = [
            (self.card(e["card"]), self.seat_name(e["seat"]), e["seat"] == winner) for e in trick["cards"]
        ]
        return trick_row(plays, self.last_trick_of_text(winner or self.me), size=size)

    def last_trick_title(self, winner: str) -> str:
        """ "Ultima presa, vinta da Est" / "... vinta da te"."""
        return self.about(winner, "table.last_trick")

    def last_trick_of_text(self, winner: str) -> str:
        """The name of a finished trick's row: "Ultima presa: la vince Ovest" / "...: la vinci tu"."""
        return self.about(winner, "table.last_trick_of")

    def cut_form(self, high: int = 39, middle: int = 20) -> VNode:
        """The cut: a slider for where to cut, "Cut" and "No cut" (the actions ``cut N``/``nocut``).

        The prompt ("you sit on the dealer's left...") is the status line just above, said once.
        """
        return h(
            "div",
            self.cut_slider(tr("table.cut_point"), high, middle),
            h(
                "div",
                button(tr("table.cut"), self.cut_here, ident="do-cut"),
                button(tr("table.no_cut"), lambda _e: self.act("nocut"), ident="no-cut", quiet=True),
                cls="panel-actions",
            ),
            cls="cut-form",
            key="cut-form",
        )


def pressed_button(
    keys: tuple[str, str], pressed: bool, action: Callable[[], None], ident: str, cls: str
) -> VNode:
    """A button that is on or off (``aria-pressed``): its words are ``keys[1]`` when on, else ``keys[0]``."""
    return button(
        tr(keys[1] if pressed else keys[0]), lambda _e: action(), ident=ident, cls=cls, pressed=pressed
    )
