"""The Tressette table: the human sits South with a computer partner (North) and two opponents.

Play runs counter-clockwise (S -> E -> N -> W), so on screen East sits on the human's right.
Everything shown comes from ``TableSession.snapshot`` (the engine's view of seat S plus the
truthful declarations for a lead); every move goes through ``TableController.act``.
"""

from __future__ import annotations

from typing import Any

from pyapp.cards import Card
from pyapp.views import common
from pyapp.views.common import el, tr
from pyapp.views.table import TableController

SCREEN_POSITION = {"S": "south", "E": "east", "N": "north", "W": "west"}
"""Where each seat is drawn for the human at South (play passes to the right: S, E, N, W)."""

FRACTIONS = {0: "", 1: "\u2153", 2: "\u2154"}

OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "first_lead": ("mano", "four_of_denari"),
    "match": ("best_of_three", "all_three"),
    "review": ("tournament", "practice"),
}


def points_text(thirds: int) -> str:
    """Points with the thirds visible: 13 thirds -> ``"4⅓"``."""
    whole, rest = divmod(thirds, 3)
    if whole == 0 and rest:
        return FRACTIONS[rest]
    return f"{whole}{FRACTIONS[rest]}"


def call_text(token: str, suit: str | None = None) -> str:
    """A declaration token in words: ``"re=3"`` -> ``"Re terzo"``, ``"voglio=Rd"`` -> ``"Voglio il Re di denari"``."""
    name, _, value = token.partition("=")
    key = f"tressette.call.{name}"
    if not value:
        return tr(key)
    if name == "voglio":
        try:
            card = common.card_label(Card.parse(value))
        except ValueError:
            card = value
        return tr(key, card=card)
    if name == "piombi":
        return tr(key, m=value)
    return tr(key, ord=tr(f"tressette.ord.{value}")).capitalize()


SUIT_ORDER = "dcsb"
STRENGTH_ORDER = "32ARCF7654"


def hand_order(code: str) -> tuple[int, int]:
    """Sort key of the human's hand: by suit, then by trick strength (3, 2, A, R, C, F, 7 ... 4)."""
    return SUIT_ORDER.index(code[1]), STRENGTH_ORDER.index(code[0])


def team_of(seat: str) -> str:
    """``"NS"`` or ``"EW"``."""
    return "NS" if seat in ("N", "S") else "EW"


class TressetteTable(TableController):
    """The Tressette view."""

    game = "tressette"
    option_choices = OPTION_CHOICES
    option_prefix = "table.tressette.opt"

    def __init__(self) -> None:
        super().__init__()
        self.selected: str | None = None
        self.chosen_calls: set[str] = set()
        self.show_history = False

    # -- flow ------------------------------------------------------------------------------------------
    def hands_done(self, snapshot: dict[str, Any]) -> int:
        return len(snapshot["view"]["hands"])

    def summary_waits(self, snapshot: dict[str, Any]) -> bool:
        return snapshot["view"]["phase"] == "hand_over" and super().summary_waits(snapshot)

    def restored_acked(self, snapshot: dict[str, Any]) -> int:
        done = self.hands_done(snapshot)
        return done - 1 if snapshot["view"]["phase"] == "hand_over" else done

    def play(self, code: str) -> None:
        """Play ``code``, with the declarations chosen for it when leading."""
        calls = [c for c in self.current_calls(code) if c in self.chosen_calls]
        action = " ".join([code, *calls])
        if self.act(action):
            self.selected = None
            self.chosen_calls = set()

    def current_calls(self, code: str) -> list[str]:
        """The truthful declarations the engine offers for leading ``code`` now."""
        if self.session is None:
            return []
        extras = self.session.snapshot()["extras"].get("declarations", {})
        return list(extras.get(code, {}).get("calls", []))

    def click_card(self, code: str) -> None:
        """A click on a card of the hand: play it, or first open the declarations when leading."""
        assert self.session is not None
        snap = self.session.snapshot(common.get_lang())
        if not snap["human_turn"]:
            self.error = tr("table.tressette.wait")
            self.render()
            return
        offers = snap["extras"].get("declarations", {})
        if code in offers and self.selected != code:
            self.selected = code
            canonical = offers[code].get("canonical") or ""
            self.chosen_calls = set(canonical.split()) if self.settings.get("auto_call") == "on" else set()
            self.error = None
            self.render()
            return
        self.play(code)

    def toggle_call(self, token: str) -> None:
        """Tick or untick one declaration for the selected lead."""
        if token in self.chosen_calls:
            self.chosen_calls.discard(token)
        else:
            self.chosen_calls.add(token)
        self.render()

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        self.selected = None
        self.chosen_calls = set()
        super().new_game(options)

    # -- drawing --------------------------------------------------------------------------------------
    def render_table(self, snapshot: dict[str, Any]) -> None:
        view = snapshot["view"]
        root = common.clear(common.app_root())
        root.append(
            el("h1", cls="page-title visually-hidden", text=tr("ui.game.tressette.name")),
            self.scoreboard(view),
            self.messages(),
            self.felt(snapshot),
            self.controls(snapshot),
            self.side_panels(snapshot),
            self.toolbar(snapshot, undo=view["options"].get("review") == "practice"),
            self.howto(),
            self.settings_form(snapshot),
        )

    def seat_name(self, seat: str) -> str:
        if seat == "S":
            return tr("seat.you")
        role = tr("table.tressette.partner") if seat == "N" else tr("table.tressette.opponent")
        return f"{tr('seat.' + seat)} ({role})"

    def scoreboard(self, view: dict[str, Any]) -> Any:
        totals, wins, thirds = view["totals"], view["wins"], view["thirds"]
        board = el("section", cls="scoreboard", attrs={"aria-label": tr("table.tressette.score")})
        board.append(
            el(
                "div",
                el("span", cls="label", text=tr("table.tressette.us")),
                el("strong", text=str(totals["NS"])),
                cls="team us",
            ),
            el(
                "div",
                el("span", cls="label", text=tr("table.tressette.partita", n=view["partita"] or 1)),
                el("span", text=tr("table.tressette.target", target=view["target"])),
                el("span", text=tr("table.tressette.wins", us=wins["NS"], them=wins["EW"])),
                cls="middle",
            ),
            el(
                "div",
                el("span", cls="label", text=tr("table.tressette.them")),
                el("strong", text=str(totals["EW"])),
                cls="team them",
            ),
        )
        if view["phase"] in ("play", "cut"):
            board.append(
                el(
                    "p",
                    cls="hand-points",
                    text=tr(
                        "table.tressette.hand_points",
                        us=points_text(thirds["NS"]),
                        them=points_text(thirds["EW"]),
                        us_thirds=thirds["NS"],
                        them_thirds=thirds["EW"],
                    ),
                )
            )
        return board

    def felt(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        felt = el("section", cls="felt", attrs={"aria-label": tr("table.tressette.table")})
        for seat in ("N", "W", "E"):
            felt.append(self.opponent_seat(view, seat))
        felt.append(self.trick_area(view))
        felt.append(self.own_seat(snapshot))
        return felt

    def seat_badges(self, view: dict[str, Any], seat: str) -> list[Any]:
        badges = []
        if view.get("dealer") == seat:
            badges.append(el("span", cls="badge dealer", text=tr("table.tressette.dealer")))
        if view.get("turn") == seat and view["phase"] in ("play", "cut"):
            badges.append(el("span", cls="badge turn", text=tr("table.tressette.to_play")))
        return badges

    def last_calls(self, view: dict[str, Any], seat: str) -> Any | None:
        calls = [d for d in view.get("declarations", []) if d.get("seat") == seat]
        if not calls:
            return None
        latest = calls[-1]
        words = ", ".join(call_text(c) for c in latest["calls"])
        return el(
            "p",
            cls="calls",
            text=f"\u00ab{words}\u00bb",
            attrs={"aria-label": tr("table.tressette.called", seat=tr("seat." + seat), calls=words)},
        )

    def opponent_seat(self, view: dict[str, Any], seat: str) -> Any:
        count = view["hand_counts"].get(seat, 0)
        box = el(
            "div",
            cls=f"seat seat-{SCREEN_POSITION[seat]}",
            attrs={"data-seat": seat, "data-turn": "true" if view.get("turn") == seat else None},
        )
        backs = el(
            "div", cls="backs", attrs={"aria-label": tr("table.tressette.cards_left", n=count), "role": "img"}
        )
        for _ in range(count):
            backs.append(
                el(
                    "img",
                    cls="back",
                    attrs={
                        "src": common.back_url("it"),
                        "alt": "",
                        "aria-hidden": "true",
                        "width": 40,
                        "height": 60,
                    },
                )
            )
        role = tr("table.tressette.partner") if seat == "N" else tr("table.tressette.opponent")
        name = el("h2", tr("seat." + seat), " ", el("span", cls="role", text=f"({role})"), cls="seat-name")
        box.append(name, *self.seat_badges(view, seat), backs)
        calls = self.last_calls(view, seat)
        if calls is not None:
            box.append(calls)
        return box

    def trick_area(self, view: dict[str, Any]) -> Any:
        area = el("div", cls="trick", attrs={"aria-label": tr("table.tressette.trick"), "role": "group"})
        trick = view.get("trick") or []
        caption = None
        shown = trick
        if (
            not trick
            and view.get("last_trick")
            and view["phase"] == "play"
            and (view.get("trick_number") or 1) > 1
        ):
            shown = view["last_trick"]["cards"]
            caption = tr("table.tressette.last_trick", seat=self.seat_name(view["last_trick"]["winner"]))
            area.classList.add("is-last")
        for entry in shown:
            card = Card.parse(entry["card"])
            slot = el(
                "div",
                common.card_element(card, attrs={"width": 80, "height": 120}),
                cls=f"played played-{SCREEN_POSITION[entry['seat']]}",
                attrs={"data-seat": entry["seat"]},
            )
            area.append(slot)
        if view["phase"] == "play" and view.get("trick_number"):
            area.append(
                el("p", cls="trick-number", text=tr("table.tressette.trick_n", n=view["trick_number"]))
            )
        if caption:
            area.append(el("p", cls="trick-caption", text=caption))
        return area

    def own_seat(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        legal = set(snapshot["legal"])
        my_turn = snapshot["human_turn"] and view["phase"] == "play"
        box = el(
            "div", cls="seat seat-south", attrs={"data-seat": "S", "data-turn": "true" if my_turn else None}
        )
        box.append(el("h2", cls="seat-name", text=self.seat_name("S")), *self.seat_badges(view, "S"))
        calls = self.last_calls(view, "S")
        if calls is not None:
            box.append(calls)
        hand = el("ul", cls="hand hand-own", attrs={"aria-label": tr("table.tressette.your_hand")})
        cards = sorted(view.get("hand") or [], key=hand_order)
        for index, code in enumerate(cards):
            card = Card.parse(code)
            playable = my_turn and code in legal
            label = common.card_label(card)
            if my_turn and not playable:
                label = tr("table.tressette.cannot_play", card=label)
            selected = self.selected == code
            button = self.card_button(
                card,
                index,
                label,
                disabled=my_turn and not playable,
                pressed=True if selected else None,
                cls="card-button" + (" is-selected" if selected else ""),
            )
            hand.append(el("li", button))
        box.append(hand)
        return box

    def controls(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        panel = el("section", cls="controls", attrs={"aria-live": "polite"})
        phase = view["phase"]
        if self.replay:
            panel.append(el("p", cls="prompt", text=tr("table.replay.explain")))
            return panel
        if phase == "game_over":
            panel.append(self.match_summary(view))
            return panel
        if phase == "hand_over" and self.summary_waits({"view": view}):
            panel.append(self.hand_summary(view))
            return panel
        if phase == "lot" or (phase in ("shuffle", "hand_over")):
            if view.get("lots") and phase == "shuffle" and not view["hands"]:
                lots = ", ".join(
                    f"{common.card_label(Card.parse(a))} / {common.card_label(Card.parse(b))}"
                    for a, b in view["lots"]
                )
                panel.append(
                    el(
                        "p",
                        cls="prompt",
                        text=tr(
                            "table.tressette.lot_result",
                            lots=lots,
                            dealer=self.seat_name(view["dealer"] or "N"),
                        ),
                    )
                )
            panel.append(el("p", cls="prompt", text=tr("table.tressette.dealing")))
            return panel
        if phase == "cut":
            if snapshot["human_turn"]:
                panel.append(self.cut_form())
            else:
                panel.append(
                    el(
                        "p",
                        cls="prompt",
                        text=tr("table.tressette.cutting", seat=self.seat_name(view["turn"])),
                    )
                )
            return panel
        if snapshot["human_turn"]:
            leading = not view.get("trick")
            prompt = tr("table.tressette.your_lead") if leading else tr("table.tressette.your_answer")
            panel.append(el("p", cls="prompt", text=prompt))
            if self.selected and self.selected in snapshot["extras"].get("declarations", {}):
                panel.append(self.declaration_menu(snapshot))
        else:
            panel.append(
                el("p", cls="prompt", text=tr("table.tressette.waiting", seat=self.seat_name(view["turn"])))
            )
        return panel

    def cut_form(self) -> Any:
        value_out = el("output", text="20", attrs={"id": "cut-value", "for": "cut-point"})

        def moved(event: Any) -> None:
            value_out.textContent = str(event.target.value)

        def do_cut(_event: Any) -> None:
            point = common.need_id("cut-point")
            self.act(f"cut {int(point.value)}")

        slider = el(
            "input",
            attrs={
                "type": "range",
                "min": 1,
                "max": 39,
                "value": 20,
                "id": "cut-point",
                "aria-label": tr("table.tressette.cut_point"),
            },
            on={"input": moved},
        )
        return el(
            "div",
            el("p", cls="prompt", text=tr("table.tressette.cut_prompt")),
            el(
                "label",
                tr("table.tressette.cut_point"),
                " ",
                slider,
                " ",
                value_out,
                attrs={"for": "cut-point"},
            ),
            el(
                "div",
                el(
                    "button",
                    cls="button",
                    text=tr("table.tressette.cut"),
                    attrs={"type": "button", "id": "do-cut"},
                    on={"click": do_cut},
                ),
                el(
                    "button",
                    cls="button button-quiet",
                    text=tr("table.tressette.no_cut"),
                    attrs={"type": "button", "id": "no-cut"},
                    on={"click": lambda _e: self.act("nocut")},
                ),
                cls="panel-actions",
            ),
            cls="cut-form",
        )

    def declaration_menu(self, snapshot: dict[str, Any]) -> Any:
        code = self.selected or ""
        offer = snapshot["extras"]["declarations"][code]
        canonical = set((offer.get("canonical") or "").split())
        card = common.card_label(Card.parse(code))
        box = el("fieldset", cls="declarations", attrs={"id": "declarations"})
        box.append(el("legend", text=tr("table.tressette.declare_with", card=card)))
        for token in offer["calls"]:
            box_id = f"call-{token.replace('=', '-')}"
            checkbox = el(
                "input",
                attrs={
                    "type": "checkbox",
                    "id": box_id,
                    "value": token,
                    "checked": token in self.chosen_calls,
                    "data-focus": box_id,
                },
                on={"change": common.bind(self.toggle_call, token)},
            )
            hint = f" ({tr('table.tressette.canonical')})" if token in canonical else ""
            help_text = tr(f"table.tressette.callhelp.{token.partition('=')[0]}")
            box.append(
                el(
                    "label",
                    checkbox,
                    " " + call_text(token) + hint,
                    el("span", cls="call-help", text=help_text),
                    attrs={"for": box_id},
                )
            )
        box.append(
            el(
                "div",
                el(
                    "button",
                    cls="button",
                    text=tr("table.tressette.lead_card", card=card),
                    attrs={"type": "button", "id": "lead-card", "data-focus": "lead-card"},
                    on={"click": lambda _e: self.play(code)},
                ),
                el(
                    "button",
                    cls="button button-quiet",
                    text=tr("table.tressette.choose_other"),
                    attrs={"type": "button"},
                    on={"click": lambda _e: self.cancel_selection()},
                ),
                cls="panel-actions",
            )
        )
        return box

    def cancel_selection(self) -> None:
        self.selected = None
        self.chosen_calls = set()
        self.render()

    def hand_summary(self, view: dict[str, Any]) -> Any:
        hand = view["hands"][-1]
        box = el("div", cls="summary", attrs={"role": "dialog", "aria-labelledby": "summary-title"})
        box.append(
            el(
                "h2",
                text=tr("table.tressette.hand_over", n=len(view["hands"])),
                attrs={"id": "summary-title"},
            )
        )
        if "penalty" in hand:
            box.append(
                el(
                    "p",
                    text=tr("table.tressette.penalty", team=tr("table.tressette.team_" + hand["penalty"])),
                )
            )
        else:
            points = hand.get("points", {})
            thirds = hand.get("thirds", {})
            box.append(
                el(
                    "p",
                    text=tr(
                        "table.tressette.hand_result",
                        us=points.get("NS", 0),
                        them=points.get("EW", 0),
                        us_thirds=thirds.get("NS", ""),
                        them_thirds=thirds.get("EW", ""),
                    ),
                )
            )
            if hand.get("last_trick"):
                box.append(
                    el(
                        "p",
                        text=tr(
                            "table.tressette.last_trick_bonus",
                            team=tr("table.tressette.team_" + hand["last_trick"]),
                        ),
                    )
                )
            if hand.get("cappotto"):
                box.append(
                    el(
                        "p",
                        cls="highlight",
                        text=tr(
                            "table.tressette.cappotto", team=tr("table.tressette.team_" + hand["cappotto"])
                        ),
                    )
                )
        totals = hand.get("totals", view["totals"])
        box.append(
            el(
                "p",
                text=tr("table.tressette.totals", us=totals["NS"], them=totals["EW"], target=view["target"]),
            )
        )
        won = next((p for p in view["partite"] if p["number"] == hand.get("partita")), None)
        if won is not None and won.get("hands") == hand.get("hand") and "penalty" not in hand:
            box.append(
                el(
                    "p",
                    cls="highlight",
                    text=tr("table.tressette.partita_won", team=tr("table.tressette.team_" + won["winner"])),
                )
            )
        box.append(
            el(
                "button",
                cls="button",
                text=tr("table.tressette.next_hand"),
                attrs={"type": "button", "id": "next-hand", "data-focus": "next-hand", "autofocus": True},
                on={"click": lambda _e: self.continue_after_summary()},
            )
        )
        return box

    def match_summary(self, view: dict[str, Any]) -> Any:
        winner = view.get("winner")
        box = el("div", cls="summary", attrs={"role": "dialog", "aria-labelledby": "summary-title"})
        title = tr("table.tressette.match_won") if winner == "NS" else tr("table.tressette.match_lost")
        box.append(el("h2", text=title, attrs={"id": "summary-title"}))
        box.append(el("p", text=tr("table.tressette.wins", us=view["wins"]["NS"], them=view["wins"]["EW"])))
        rows = el("ol", cls="partite")
        for partita in view["partite"]:
            rows.append(
                el(
                    "li",
                    text=tr(
                        "table.tressette.partita_line",
                        n=partita["number"],
                        us=partita["totals"]["NS"],
                        them=partita["totals"]["EW"],
                        team=tr("table.tressette.team_" + (partita.get("winner") or "NS")),
                    ),
                )
            )
        box.append(rows)
        box.append(
            el(
                "button",
                cls="button",
                text=tr("table.new_game"),
                attrs={"type": "button", "id": "new-match", "data-focus": "new-match"},
                on={"click": lambda _e: self.new_game()},
            )
        )
        return box

    def side_panels(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        box = el("section", cls="side-panels")
        decls = view.get("declarations") or []
        if decls:
            log = el("ul", cls="call-log")
            for d in decls[-8:]:
                words = ", ".join(call_text(c) for c in d["calls"])
                log.append(
                    el(
                        "li",
                        text=tr(
                            "table.tressette.call_line",
                            seat=self.seat_name(d["seat"]),
                            card=common.card_label(Card.parse(d["card"])) if d.get("card") else "",
                            calls=words,
                        ),
                    )
                )
            box.append(
                el(
                    "details",
                    el("summary", text=tr("table.tressette.calls_title")),
                    log,
                    attrs={"open": True},
                )
            )
        tricks = view.get("tricks")
        if tricks:
            hist = el("ol", cls="trick-history")
            for trick in tricks:
                hist.append(
                    el(
                        "li",
                        text=", ".join(
                            f"{tr('seat.' + c['seat'])}: {common.card_label(Card.parse(c['card']))}"
                            for c in trick["cards"]
                        )
                        + " \u2192 "
                        + tr("seat." + trick["winner"]),
                    )
                )
            box.append(el("details", el("summary", text=tr("table.tressette.history")), hist))
        if view["hands"]:
            past = el("ol", cls="hand-log")
            for hand in view["hands"]:
                if "penalty" in hand:
                    text = tr("table.tressette.penalty", team=tr("table.tressette.team_" + hand["penalty"]))
                else:
                    text = tr(
                        "table.tressette.hand_line",
                        us=hand.get("points", {}).get("NS", 0),
                        them=hand.get("points", {}).get("EW", 0),
                    )
                past.append(el("li", text=text))
            box.append(el("details", el("summary", text=tr("table.tressette.hands_title")), past))
        return box


_table = TressetteTable()


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``tressette.html``."""
    _table.main()
