"""The Poker all'italiana table: the human sits at seat 1 with computer players around the table.

Seats are numbered ``1..n`` clockwise; play passes to the left, so on screen the opponents are
drawn from the human's left (seat 2) to his right (seat n). Everything shown comes from
``TableSession.snapshot`` (the engine's ``view`` of the human's seat and the session's
``result``); every move goes through ``TableController.act``. Amounts are bounded by the view's
``min``/``max`` (the pot limit or the resto) and any amount typed beyond them is refused by the
rules with their own message.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pyscript import window

from pyapp.cards import Card
from pyapp.views import common
from pyapp.views.common import el, tr
from pyapp.views.table import TableController, ensure_stylesheet

OPTION_CHOICES: dict[str, tuple[int | str, ...]] = {
    "players": (4, 5, 6),
    "passata": (50, 100, 200, 500),
    "ante": (1, 2, 5),
    "dealer_ante": (0, 1, 2),
    "raise_cap": (0, 1, 2, 3),
    "hands": (0, 10, 20, 50),
    "cyclic": ("off", "on"),
    "topup": ("off", "on"),
    "joiners": ("off", "on"),
}
"""The settings form: each engine option with the values offered (the first of a kind is not the default)."""

AMOUNT_VERBS = ("open", "bet", "raise")


def option_label(name: str, value: int | str) -> str:
    """The words of one choice of the settings form."""
    if name == "players":
        return tr("poker.ui.opt.players.value", n=value)
    if name in ("raise_cap", "hands"):
        return tr(f"poker.ui.opt.{name}.0") if value == 0 else tr(f"poker.ui.opt.{name}.value", n=value)
    if name in ("cyclic", "topup", "joiners"):
        return tr(f"poker.ui.opt.{name}.{value}")
    return tr("poker.ui.opt.number", n=value)


def card(code: str) -> Card:
    """A French card from its code."""
    return Card.parse(code, "fr")


def cards_text(codes: list[str]) -> str:
    """Card codes in words: ``"fante di cuori, fante di quadri"``."""
    return ", ".join(common.card_label(card(c)) for c in codes)


def combination_text(combination: dict[str, str] | None) -> str:
    """The name of a combination dict from the engine in the current language."""
    if not combination:
        return ""
    return str(combination.get(common.get_lang()) or combination.get("it") or "")


def action_text(action: str | None) -> str:
    """An action (or a log entry such as ``draw 3``) in words: ``"raise 36"`` -> ``"Rilancia di 36"``."""
    if not action:
        return ""
    verb, _, rest = action.partition(" ")
    if verb == "draw" and rest and not rest.isdigit():
        rest = str(len(rest.split()))
    key = f"poker.ui.act.{verb}"
    return tr(key, n=rest) if verb in ("open", "bet", "raise", "draw", "cut") else tr(key)


def signed(value: float) -> str:
    """A net result with its sign: ``+12``, ``-3``, ``0``."""
    text = f"{value:g}"
    return f"+{text}" if value > 0 else text


class PokerTable(TableController):
    """The Poker all'italiana view."""

    game = "poker"
    humans = (0,)
    option_choices = OPTION_CHOICES

    def __init__(self) -> None:
        super().__init__()
        self.settings: dict[str, str | int] = {}
        self.discard: list[str] = []
        self.amount_text: str | None = None
        self._decision = -1
        self._summary_shown = False

    # -- flow ------------------------------------------------------------------------------------------
    def main(self) -> None:
        """Read the remembered settings, restore or start a session and draw the table."""
        ensure_stylesheet("./static/table.css")
        ensure_stylesheet("./static/poker.css")
        super().main()

    def human_seated(self, snapshot: dict[str, Any]) -> bool:
        """Whether the human still sits at the table (a ``leave`` ends the session for him)."""
        seat = snapshot["seat"]
        return seat is None or bool(snapshot["view"]["seats"][seat]["seated"])

    def may_return(self, snapshot: dict[str, Any]) -> bool:
        """Whether a human who left may sit down again as a new player (``joiners=on``, P4)."""
        return bool(snapshot["view"].get("joiners")) and not snapshot["terminal"]

    def hands_done(self, snapshot: dict[str, Any]) -> int:
        return len(snapshot["result"]["hands"])

    def pause_before(self, snapshot: dict[str, Any]) -> bool:
        if self.summary_waits(snapshot):
            return True
        return not self.human_seated(snapshot) and not self.may_return(snapshot)

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        self.discard = []
        self.amount_text = None
        super().new_game(options)

    def toggle_discard(self, code: str) -> None:
        """Mark or unmark one card of the hand to be changed at the draw."""
        if code in self.discard:
            self.discard.remove(code)
        else:
            self.discard.append(code)
        self.error = None
        self.render()

    def draw(self) -> None:
        """Change the marked cards: the legal ``draw`` of exactly those cards (canonical order)."""
        assert self.session is not None
        snapshot = self.session.snapshot()
        chosen = {c for c in snapshot["view"].get("cards") or [] if c in self.discard}
        action = next(
            (a for a in snapshot["legal"] if a.startswith("draw ") and set(a.split()[1:]) == chosen), "draw"
        )
        if self.act(action):
            self.discard = []

    def submit_amount(self, verb: str) -> None:
        """Open, bet or raise by the amount in the number field (the rules refuse one out of bounds)."""
        field = common.by_id("amount")
        raw = str(field.value).strip() if field else ""
        self.amount_text = raw
        if not raw:
            self.error = tr("poker.ui.amount_missing")
            self.render()
            return
        if self.act(f"{verb} {raw}"):
            self.amount_text = None

    def confirm_then(self, question: str, action: str) -> None:
        """Play ``action`` after the human confirms ``question``."""
        if window.confirm(question):
            self.act(action)

    # -- drawing --------------------------------------------------------------------------------------
    def seat_name(self, label: str, me: str | None) -> str:
        """``"Tu"`` for the human, else ``"Giocatore 3"``."""
        return tr("poker.ui.you") if label == me else tr("poker.ui.player", n=label)

    def render_table(self, snapshot: dict[str, Any]) -> None:
        if snapshot["moves"] != self._decision:
            self._decision = snapshot["moves"]
            self.discard = []
            self.amount_text = None
        root = common.clear(common.app_root())
        root.append(
            el("h1", cls="page-title visually-hidden", text=tr("ui.game.poker.name")),
            self.messages(),
            self.felt(snapshot),
            self.controls(snapshot),
            self.standings(snapshot),
            self.side_panels(snapshot),
            self.toolbar(snapshot, undo=False),
            self.howto(),
            self.settings_form(snapshot),
        )
        root.classList.add("poker-page")
        summary_now = bool(root.querySelector(".summary"))
        if summary_now and not self._summary_shown:
            button = root.querySelector(".summary .button")
            if button:
                button.focus()
        self._summary_shown = summary_now

    def felt(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        me = view.get("me")
        felt = el("section", cls="pk-felt", attrs={"aria-label": tr("poker.ui.table")})
        others = el("div", cls="pk-opponents")
        seats = view["seats"]
        start = snapshot["seat"] or 0
        for i in range(1, len(seats)):
            others.append(self.opponent_seat(view, seats[(start + i) % len(seats)], me))
        felt.append(others, self.center(snapshot), self.own_seat(snapshot))
        return felt

    def badges(self, view: dict[str, Any], info: dict[str, Any]) -> Any:
        label = info["seat"]
        box = el("div", cls="pk-badges")
        if view.get("dealer") == label:
            box.append(el("span", cls="badge dealer", text=tr("poker.ui.dealer")))
        if view.get("to_act") == label and view["phase"] != "game_over":
            box.append(el("span", cls="badge turn", text=tr("poker.ui.turn")))
        if view.get("opener") == label:
            box.append(el("span", cls="badge opener", text=tr("poker.ui.opener")))
        if not info["seated"]:
            box.append(el("span", cls="badge gone", text=tr("poker.ui.gone")))
        elif info["folded"]:
            box.append(el("span", cls="badge folded", text=tr("poker.ui.folded")))
        elif info["all_in"]:
            box.append(el("span", cls="badge all-in", text=tr("poker.ui.all_in")))
        return box

    def seat_facts(self, info: dict[str, Any]) -> list[Any]:
        """Resto, the bet of this round, the draw and the last action of one seat."""
        facts = [el("p", cls="pk-resto", text=tr("poker.ui.resto", n=info["resto"]))]
        if info["bet"]:
            facts.append(el("p", cls="pk-bet", text=tr("poker.ui.bet", n=info["bet"])))
        if info["draw"] is not None:
            drawn = info["draw"]
            text = (
                tr("poker.ui.served")
                if drawn == 0
                else (tr("poker.ui.drew_one") if drawn == 1 else tr("poker.ui.drew", n=drawn))
            )
            facts.append(el("p", cls="pk-draw", text=text, attrs={"data-draw": drawn}))
        if info["last"] and not str(info["last"]).startswith(("draw", "serve")):
            facts.append(el("p", cls="pk-last", text=action_text(info["last"])))
        return facts

    def opponent_seat(self, view: dict[str, Any], info: dict[str, Any], me: str | None) -> Any:
        label = info["seat"]
        box = el(
            "div",
            cls="pk-seat",
            attrs={
                "data-seat": label,
                "data-turn": "true" if view.get("to_act") == label else None,
                "data-folded": "true" if info["folded"] or not info["seated"] else None,
            },
        )
        box.append(el("h2", cls="seat-name", text=self.seat_name(label, me)), self.badges(view, info))
        if info.get("shown"):
            shown = el("div", cls="pk-shown")
            for code in info["shown"]:
                shown.append(common.card_element(card(code), attrs={"width": 50, "height": 75}))
            box.append(
                shown,
                el(
                    "p",
                    cls="pk-combination",
                    text=combination_text(info.get("combination")),
                    attrs={"data-combination": "true"},
                ),
            )
        elif info["cards"] and not info["folded"]:
            backs = el(
                "div",
                cls="backs",
                attrs={"role": "img", "aria-label": tr("poker.ui.cards_held", n=info["cards"])},
            )
            for _ in range(info["cards"]):
                backs.append(
                    el(
                        "img",
                        cls="back",
                        attrs={
                            "src": common.back_url("fr"),
                            "alt": "",
                            "aria-hidden": "true",
                            "width": 40,
                            "height": 60,
                        },
                    )
                )
            box.append(backs)
        box.append(*self.seat_facts(info))
        return box

    def center(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        me = view.get("me")
        box = el("div", cls="pk-center", attrs={"aria-live": "polite"})
        box.append(el("p", cls="pk-pot", text=tr("poker.ui.pot_total", n=view["pot"]), attrs={"id": "pot"}))
        pots = view.get("pots") or []
        if len(pots) > 1:
            listing = el("ul", cls="pk-pots")
            for index, pot in enumerate(pots):
                seats = ", ".join(self.seat_name(s, me) for s in pot["eligible"])
                key = "poker.ui.main_pot" if index == 0 else "poker.ui.side_pot"
                listing.append(el("li", text=tr(key, n=pot["amount"], seats=seats, k=index)))
            box.append(listing)
        box.append(
            el(
                "p",
                cls="pk-requirement",
                text=tr(f"poker.ui.req.{view['requirement']}"),
                attrs={"data-requirement": view["requirement"]},
            )
        )
        facts = []
        if view["hand"]:
            facts.append(tr("poker.ui.hand_n", n=view["hand"]))
        if view.get("dealer"):
            facts.append(tr("poker.ui.dealer_is", seat=self.seat_name(view["dealer"], me)))
        facts.append(tr(f"poker.ui.phase.{view['phase']}"))
        box.append(el("p", cls="pk-facts", text=" \u00b7 ".join(facts)))
        if view["phase"] in ("bet1", "bet2") and view["current_bet"]:
            text = tr("poker.ui.current_bet", n=view["current_bet"])
            cap = int(snapshot["options"].get("raise_cap") or 0)
            if cap:
                text += " \u00b7 " + tr("poker.ui.raises", n=view["raises"], cap=cap)
            box.append(el("p", cls="pk-current", text=text))
        return box

    def own_seat(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        me = view.get("me")
        seat = snapshot["seat"] or 0
        info = view["seats"][seat]
        drawing = snapshot["human_turn"] and view["phase"] == "draw"
        box = el(
            "div",
            cls="pk-seat pk-own",
            attrs={
                "data-seat": info["seat"],
                "data-turn": "true" if snapshot["human_turn"] else None,
                "data-folded": "true" if info["folded"] else None,
            },
        )
        box.append(el("h2", cls="seat-name", text=self.seat_name(info["seat"], me)), self.badges(view, info))
        codes = view.get("cards") or []
        hand = el(
            "ul",
            cls="hand hand-own pk-hand" + (" is-drawing" if drawing else ""),
            attrs={"aria-label": tr("poker.ui.your_hand")},
        )
        for index, code in enumerate(codes):
            face = card(code)
            if drawing:
                chosen = code in self.discard
                label = tr(
                    "poker.ui.discard_label" if chosen else "poker.ui.keep_label",
                    card=common.card_label(face),
                )
                item = el(
                    "button",
                    common.card_element(face, attrs={"alt": "", "aria-hidden": "true", "aria-label": None}),
                    cls="card-button" + (" is-selected" if chosen else ""),
                    attrs={
                        "type": "button",
                        "data-card": code,
                        "data-focus": f"card-{code}",
                        "data-index": index,
                        "aria-pressed": "true" if chosen else "false",
                        "aria-label": label,
                    },
                    on={"click": common.bind(self.toggle_discard, code), "keydown": self.hand_keys},
                )
            else:
                item = el("span", common.card_element(face), cls="pk-card")
            hand.append(el("li", item))
        if not codes:
            hand.append(el("li", cls="pk-empty", text=tr("poker.ui.no_cards")))
        box.append(hand)
        if view.get("combination") and codes:
            box.append(
                el(
                    "p",
                    cls="pk-combination",
                    attrs={"id": "my-combination"},
                    text=tr("poker.ui.you_hold", combination=combination_text(view["combination"])),
                )
            )
        if view.get("openers"):
            box.append(
                el("p", cls="pk-openers", text=tr("poker.ui.your_openers", cards=cards_text(view["openers"])))
            )
        if view.get("aside"):
            box.append(el("p", cls="pk-openers", text=tr("poker.ui.aside", cards=cards_text(view["aside"]))))
        box.append(*self.seat_facts(info))
        return box

    def hand_keys(self, event: Any) -> None:
        """Arrow keys move along the hand; Home/End jump to its ends (Enter/Space toggle a card)."""
        key = str(event.key)
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        buttons = list(common.app_root().querySelectorAll(".pk-hand .card-button"))
        if not buttons:
            return
        index = int(event.currentTarget.getAttribute("data-index") or 0)
        target = {"ArrowLeft": index - 1, "ArrowRight": index + 1, "Home": 0, "End": len(buttons) - 1}[key]
        buttons[max(0, min(len(buttons) - 1, target))].focus()
        event.preventDefault()

    # -- the human's decisions -------------------------------------------------------------------------
    def controls(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        me = view.get("me")
        panel = el("section", cls="controls pk-controls", attrs={"aria-live": "polite", "id": "controls"})
        if self.replay:
            panel.append(el("p", cls="prompt", text=tr("table.replay.explain")))
            if snapshot["result"]["hands"]:
                panel.append(self.hand_summary(snapshot, button=False))
            return panel
        if self.summary_waits(snapshot):
            panel.append(self.hand_summary(snapshot))
            return panel
        if snapshot["terminal"] or not (self.human_seated(snapshot) or self.may_return(snapshot)):
            panel.append(self.session_summary(snapshot))
            return panel
        if not self.human_seated(snapshot) and not snapshot["human_turn"]:
            panel.append(
                el("p", cls="prompt", text=tr("poker.ui.out_waiting")),
                self.buttons(
                    [("new-session", tr("poker.ui.new_session"), lambda _e: self.new_game(), "button-quiet")]
                ),
            )
            return panel
        if not snapshot["human_turn"]:
            if snapshot["to_act"] < 0:
                text = tr("poker.ui.dealing")
            elif view["seats"][snapshot["seat"] or 0]["folded"]:
                text = (
                    tr("poker.ui.folded_wait")
                    + " "
                    + tr("poker.ui.waiting", seat=self.seat_name(view["to_act"], me))
                )
            else:
                text = tr("poker.ui.waiting", seat=self.seat_name(view["to_act"], me))
            panel.append(el("p", cls="prompt", text=text))
            return panel
        legal: list[str] = snapshot["legal"]
        phase = view["phase"]
        if phase == "rebuy":
            panel.append(*self.buyin_controls(snapshot))
        elif phase == "cut":
            panel.append(self.cut_form(legal))
        elif phase == "opening":
            if view.get("can_open"):
                panel.append(
                    el(
                        "p",
                        cls="prompt",
                        text=tr(
                            "poker.ui.opening_prompt", combination=combination_text(view.get("combination"))
                        ),
                    )
                )
                panel.append(self.amount_form(snapshot, "open"))
            else:
                panel.append(el("p", cls="prompt", text=tr("poker.ui.no_openers")))
            panel.append(
                self.buttons([("pass", tr("poker.ui.do.pass"), lambda _e: self.act("pass"), "button-quiet")])
            )
        elif phase in ("bet1", "bet2"):
            owe = int(view.get("to_call") or 0)
            panel.append(
                el("p", cls="prompt", text=tr("poker.ui.bet_prompt" if owe else "poker.ui.check_prompt"))
            )
            simple = []
            if "call" in legal:
                resto = view["seats"][snapshot["seat"] or 0]["resto"]
                simple.append(
                    ("call", tr("poker.ui.do.call", n=min(owe, resto)), lambda _e: self.act("call"), "")
                )
            if "check" in legal:
                simple.append(("check", tr("poker.ui.do.check"), lambda _e: self.act("check"), ""))
            if "fold" in legal:
                simple.append(("fold", tr("poker.ui.do.fold"), lambda _e: self.act("fold"), "button-quiet"))
            panel.append(self.buttons(simple))
            for verb in ("bet", "raise"):
                if any(a.startswith(verb + " ") for a in legal):
                    panel.append(self.amount_form(snapshot, verb))
        elif phase == "draw":
            count = len(self.discard)
            ok = 1 <= count <= 4
            panel.append(el("p", cls="prompt", text=tr("poker.ui.draw_prompt")))
            change = el(
                "button",
                cls="button",
                text=tr("poker.ui.do.draw", n=count) if count else tr("poker.ui.do.draw_none"),
                attrs={
                    "type": "button",
                    "id": "draw-submit",
                    "data-focus": "draw-submit",
                    "disabled": not ok,
                    "data-count": count,
                },
                on={"click": lambda _e: self.draw()},
            )
            serve = el(
                "button",
                cls="button button-quiet",
                text=tr("poker.ui.do.serve"),
                attrs={"type": "button", "id": "serve", "data-focus": "serve"},
                on={"click": lambda _e: self.act("serve")},
            )
            panel.append(el("div", change, serve, cls="panel-actions"))
        elif phase == "showdown":
            concede = "concede" in legal
            panel.append(
                el(
                    "p",
                    cls="prompt",
                    text=tr("poker.ui.showdown_concede" if concede else "poker.ui.showdown_prompt"),
                )
            )
            choices = [("show", tr("poker.ui.do.show"), lambda _e: self.act("show"), "")]
            if concede:
                choices.append(
                    ("concede", tr("poker.ui.do.concede"), lambda _e: self.act("concede"), "button-quiet")
                )
            panel.append(self.buttons(choices))
        return panel

    def buyin_controls(self, snapshot: dict[str, Any]) -> list[Any]:
        """Between hands (P3, P4): rebuy when short, add passate voluntarily, or take an empty seat."""
        view = snapshot["view"]
        info = view["seats"][snapshot["seat"] or 0]
        buyin = view.get("buyin") or {}
        passata = int(view["passata"])
        kind = buyin.get("kind")
        box = el("div", cls="pk-buyin", attrs={"data-kind": kind})
        if kind == "join":
            k = int(buyin["join_passate"])
            box.append(el("p", cls="prompt", text=tr("poker.ui.join_prompt", n=k * passata)))
            if buyin.get("double"):
                box.append(
                    el("p", cls="pk-note", text=tr("poker.ui.join_double"), attrs={"data-double": "true"})
                )
            label = tr("poker.ui.do.join_one") if k == 1 else tr("poker.ui.do.join", k=k)
            box.append(
                self.buttons(
                    [
                        ("join", label, common.bind(self.act, f"join {k}"), ""),
                        ("skip", tr("poker.ui.do.skip"), lambda _e: self.act("skip"), "button-quiet"),
                    ]
                )
            )
        elif kind == "topup":
            box.append(
                el("p", cls="prompt", text=tr("poker.ui.topup_prompt", resto=info["resto"], passata=passata))
            )
            box.append(
                self.buttons(
                    [
                        ("topup", tr("poker.ui.do.topup", n=passata), lambda _e: self.act("rebuy 1"), ""),
                        (
                            "topup-2",
                            tr("poker.ui.do.topup_k", k=2, n=2 * passata),
                            lambda _e: self.act("rebuy 2"),
                            "button-quiet",
                        ),
                        ("stay", tr("poker.ui.do.stay"), lambda _e: self.act("stay"), ""),
                    ]
                )
            )
        else:
            k = int(buyin.get("short_by") or 1)
            prompt = tr(
                "poker.ui.rebuy_prompt", resto=info["resto"], pot=view["required_resto"], passata=passata
            )
            if k > 1:
                prompt += " " + tr("poker.ui.rebuy_prompt_k", k=k)
            confirm = tr("poker.ui.confirm_leave_join" if view.get("joiners") else "poker.ui.confirm_leave")
            choices: list[tuple[str, str, Callable[[Any], object], str]] = [
                ("rebuy", tr("poker.ui.do.rebuy", n=passata), lambda _e: self.act("rebuy 1"), "")
            ]
            if k > 1:
                choices.append(
                    (
                        "rebuy-k",
                        tr("poker.ui.do.rebuy_k", k=k, n=k * passata),
                        common.bind(self.act, f"rebuy {k}"),
                        "",
                    )
                )
            choices.append(
                (
                    "leave",
                    tr("poker.ui.do.leave"),
                    lambda _e: self.confirm_then(confirm, "leave"),
                    "button-quiet",
                )
            )
            box.append(el("p", cls="prompt", text=prompt), self.buttons(choices))
        return [box]

    def buttons(self, choices: Sequence[tuple[str, str, Callable[[Any], object], str]]) -> Any:
        """A row of action buttons: ``(id, label, handler, extra class)``."""
        row = el("div", cls="panel-actions")
        for ident, label, handler, extra in choices:
            row.append(
                el(
                    "button",
                    cls=f"button {extra}".strip(),
                    text=label,
                    attrs={"type": "button", "id": ident, "data-focus": ident},
                    on={"click": handler},
                )
            )
        return row

    def cut_form(self, legal: list[str]) -> Any:
        cuts = [int(a.split()[1]) for a in legal if a.startswith("cut ")]
        high = max(cuts) if cuts else 1
        middle = (high + 1) // 2
        value_out = el("output", text=str(middle), attrs={"id": "cut-value", "for": "cut-point"})

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
                "max": high,
                "value": middle,
                "id": "cut-point",
                "data-focus": "cut-point",
            },
            on={"input": moved},
        )
        box = el(
            "div",
            el("p", cls="prompt", text=tr("poker.ui.cut_prompt")),
            el("label", tr("poker.ui.cut_point"), " ", slider, " ", value_out, attrs={"for": "cut-point"}),
            cls="cut-form",
        )
        choices = [
            ("do-cut", tr("poker.ui.do.cut"), do_cut, ""),
            ("no-cut", tr("poker.ui.do.nocut"), lambda _e: self.act("nocut"), "button-quiet"),
        ]
        if "end" in legal:
            box.append(el("p", cls="pk-note", text=tr("poker.ui.cut_end")))
            choices.append(
                (
                    "end-session",
                    tr("poker.ui.do.end"),
                    lambda _e: self.confirm_then(tr("poker.ui.confirm_end"), "end"),
                    "button-quiet",
                )
            )
        box.append(self.buttons(choices))
        return box

    def amount_form(self, snapshot: dict[str, Any], verb: str) -> Any:
        """Number field, slider and quick amounts for ``open``/``bet``/``raise``, bounded by the view."""
        view = snapshot["view"]
        lo, hi = int(view.get("min") or 0), int(view.get("max") or 0)
        pot = int(view["pot"])
        owe = int(view.get("to_call") or 0)
        resto = int(view["seats"][snapshot["seat"] or 0]["resto"])
        by_resto = hi < pot + owe and hi == resto - owe
        half = max(lo, min(hi, pot // 2))
        default = half if verb == "open" else lo
        value = self.amount_text if self.amount_text is not None else str(default)
        form = el("form", cls="pk-amount", attrs={"id": f"amount-form-{verb}", "novalidate": True})
        submit = el(
            "button",
            cls="button",
            attrs={"type": "submit", "id": "amount-submit", "data-verb": verb, "data-focus": "amount-submit"},
        )

        def label_for(text: str) -> str:
            return tr(f"poker.ui.do.{verb}", n=text or "?")

        submit.textContent = label_for(value)
        number = el(
            "input",
            attrs={
                "type": "number",
                "id": "amount",
                "name": "amount",
                "min": lo,
                "max": hi,
                "step": 1,
                "value": value,
                "inputmode": "numeric",
                "data-focus": "amount",
                "aria-describedby": "amount-range",
            },
        )
        slider = el(
            "input",
            attrs={
                "type": "range",
                "id": "amount-range-input",
                "min": lo,
                "max": hi,
                "step": 1,
                "value": value,
                "aria-label": tr("poker.ui.amount_slider"),
                "data-focus": "amount-slider",
            },
        )

        def typed(_event: Any) -> None:
            self.amount_text = str(number.value)
            slider.value = number.value
            submit.textContent = label_for(str(number.value))

        def slid(_event: Any) -> None:
            number.value = slider.value
            self.amount_text = str(slider.value)
            submit.textContent = label_for(str(slider.value))

        def quick(amount: int) -> None:
            number.value = str(amount)
            slider.value = str(amount)
            self.amount_text = str(amount)
            submit.textContent = label_for(str(amount))

        common.listen(number, "input", typed)
        common.listen(slider, "input", slid)
        form.append(
            el(
                "div",
                el("label", tr("poker.ui.amount"), attrs={"for": "amount"}),
                number,
                slider,
                cls="pk-amount-row",
            ),
            el(
                "p",
                cls="pk-note",
                attrs={"id": "amount-range"},
                text=tr("poker.ui.amount_range_resto" if by_resto else "poker.ui.amount_range", lo=lo, hi=hi)
                + (" " + tr("poker.ui.raise_note", n=owe) if verb == "raise" and owe else ""),
            ),
        )
        quick_row = el(
            "div", cls="panel-actions pk-quick", attrs={"role": "group", "aria-label": tr("poker.ui.quick")}
        )
        options = [("min", lo, tr("poker.ui.quick.min", n=lo))]
        if lo < half < hi:
            options.append(("half", half, tr("poker.ui.quick.half", n=half)))
        if hi > lo:
            options.append(("max", hi, tr("poker.ui.quick.all" if by_resto else "poker.ui.quick.pot", n=hi)))
        for name, amount, text in options:
            quick_row.append(
                el(
                    "button",
                    cls="button button-quiet button-small",
                    text=text,
                    attrs={
                        "type": "button",
                        "data-quick": name,
                        "data-amount": amount,
                        "data-focus": f"quick-{name}",
                    },
                    on={"click": common.bind(quick, amount)},
                )
            )
        form.append(quick_row, el("div", submit, cls="panel-actions"))

        def submitted(event: Any) -> None:
            event.preventDefault()
            self.submit_amount(verb)

        common.listen(form, "submit", submitted)
        return form

    # -- summaries -------------------------------------------------------------------------------------
    def hand_summary(self, snapshot: dict[str, Any], button: bool = True) -> Any:
        view = snapshot["view"]
        me = view.get("me")
        hand = snapshot["result"]["hands"][-1]
        box = el(
            "div",
            cls="summary pk-summary",
            attrs={"role": "dialog", "aria-labelledby": "summary-title", "data-outcome": hand["outcome"]},
        )
        box.append(el("h2", text=tr("poker.ui.hand_over", n=hand["hand"]), attrs={"id": "summary-title"}))
        outcome = hand["outcome"]
        if outcome == "passed":
            box.append(
                el(
                    "p",
                    cls="highlight",
                    text=tr(
                        "poker.ui.out.passed",
                        pot=hand["pot"],
                        req=tr(f"poker.ui.req_short.{view['requirement']}"),
                    ),
                )
            )
        elif outcome == "parola":
            box.append(el("p", cls="highlight", text=tr("poker.ui.out.parola", pot=hand["pot"])))
        else:
            for index, pot in enumerate(hand["pots"]):
                who = self.seat_name(pot["winner"], me)
                if outcome == "uncalled" or "combination" not in pot:
                    text = tr("poker.ui.out.uncalled", seat=who, n=pot["amount"])
                else:
                    key = "poker.ui.out.won" if index == 0 else "poker.ui.out.won_side"
                    text = tr(
                        key, seat=who, n=pot["amount"], combination=combination_text(pot["combination"])
                    )
                box.append(el("p", cls="highlight pk-award", text=text, attrs={"data-winner": pot["winner"]}))
        if hand.get("opener"):
            box.append(
                el(
                    "p",
                    text=tr(
                        "poker.ui.opened_by",
                        seat=self.seat_name(hand["opener"], me),
                        cards=cards_text(hand.get("openers") or []),
                    ),
                )
            )
            if hand.get("openers_aside"):
                box.append(
                    el("p", text=tr("poker.ui.openers_aside", cards=cards_text(hand["openers_aside"])))
                )
        if hand.get("shown"):
            shown = el("ul", cls="pk-shown-list", attrs={"aria-label": tr("poker.ui.shown_title")})
            for label, entry in hand["shown"].items():
                row = el("li", el("strong", text=self.seat_name(label, me)))
                faces = el("span", cls="pk-shown")
                for code in entry["cards"]:
                    faces.append(common.card_element(card(code), attrs={"width": 40, "height": 60}))
                row.append(
                    faces,
                    el(
                        "span",
                        cls="pk-combination",
                        text=combination_text(entry),
                        attrs={"data-combination": entry.get("category", "")},
                    ),
                )
                shown.append(row)
            box.append(el("h3", text=tr("poker.ui.shown_title")), shown)
        if hand.get("conceded"):
            box.append(
                el(
                    "p",
                    text=tr(
                        "poker.ui.conceded", seats=", ".join(self.seat_name(s, me) for s in hand["conceded"])
                    ),
                )
            )
        draws = hand.get("draws") or {}
        if draws:
            parts = [
                tr("poker.ui.draw_pat", seat=self.seat_name(s, me))
                if n == 0
                else tr("poker.ui.draw_n", seat=self.seat_name(s, me), n=n)
                for s, n in draws.items()
            ]
            box.append(el("p", cls="pk-draws", text=tr("poker.ui.draws_line", draws=", ".join(parts))))
        if button:
            box.append(
                el(
                    "button",
                    cls="button",
                    text=tr("poker.ui.next_hand"),
                    attrs={"type": "button", "id": "next-hand", "data-focus": "next-hand"},
                    on={"click": lambda _e: self.continue_after_summary()},
                )
            )
        return box

    def session_summary(self, snapshot: dict[str, Any]) -> Any:
        box = el(
            "div", cls="summary pk-summary", attrs={"role": "dialog", "aria-labelledby": "summary-title"}
        )
        title = tr("poker.ui.session_over") if snapshot["terminal"] else tr("poker.ui.you_left")
        box.append(el("h2", text=title, attrs={"id": "summary-title"}))
        box.append(self.standings_table(snapshot))
        box.append(
            el(
                "button",
                cls="button",
                text=tr("poker.ui.new_session"),
                attrs={"type": "button", "id": "new-session", "data-focus": "new-session"},
                on={"click": lambda _e: self.new_game()},
            )
        )
        return box

    def standings_table(self, snapshot: dict[str, Any]) -> Any:
        me = snapshot["view"].get("me")
        table = el("table", cls="pk-standings")
        head = el("tr")
        for key in ("player", "resto", "passate", "net", "net_passate"):
            head.append(el("th", text=tr(f"poker.ui.col.{key}"), attrs={"scope": "col"}))
        table.append(el("thead", head))
        body = el("tbody")
        rows = snapshot["result"]["standings"]
        shared = {row["seat"] for row in rows if row.get("player", 1) > 1}
        for row in rows:
            net = row["net_units"]
            current = row.get("player", 1) == snapshot["view"]["seats"][int(row["seat"]) - 1].get("player", 1)
            name = self.seat_name(row["seat"], me)
            if row["seat"] in shared:
                name = tr("poker.ui.player_k", name=name, k=row.get("player", 1))
            line = el(
                "tr",
                attrs={
                    "data-seat": row["seat"],
                    "data-player": row.get("player", 1),
                    "class": "is-me" if row["seat"] == me and current else None,
                },
            )
            line.append(
                el("th", text=name, attrs={"scope": "row"}),
                el("td", text=str(row["resto"])),
                el("td", text=str(row["passate_bought"])),
                el("td", text=signed(net), cls="pos" if net > 0 else ("neg" if net < 0 else None)),
                el("td", text=signed(row["net_passate"])),
            )
            body.append(line)
        table.append(body)
        return table

    def standings(self, snapshot: dict[str, Any]) -> Any:
        return el(
            "details",
            el("summary", text=tr("poker.ui.standings")),
            el("div", self.standings_table(snapshot), cls="pk-table-wrap"),
            cls="settings-box pk-standings-box",
            attrs={"open": True, "id": "standings"},
        )

    def side_panels(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        me = view.get("me")
        box = el("section", cls="side-panels")
        log = view.get("log") or []
        if log:
            items = el("ol", cls="pk-log")
            for seat, action in log:
                items.append(el("li", text=f"{self.seat_name(seat, me)}: {action_text(action)}"))
            box.append(
                el("details", el("summary", text=tr("poker.ui.log_title")), items, attrs={"open": True})
            )
        events = self.buyin_lines(snapshot)
        if events:
            items = el("ol", cls="pk-buyins")
            for text in events:
                items.append(el("li", text=text))
            box.append(
                el("details", el("summary", text=tr("poker.ui.buyins_title")), items, attrs={"id": "buyins"})
            )
        hands = snapshot["result"]["hands"]
        if hands:
            past = el("ol", cls="hand-log", attrs={"reversed": True})
            for hand in reversed(hands[-30:]):
                outcome = hand["outcome"]
                params: dict[str, object] = {"n": hand["hand"], "pot": hand["pot"]}
                if outcome in ("uncalled", "showdown") and hand["pots"]:
                    first = hand["pots"][0]
                    params["seat"] = self.seat_name(first["winner"], me)
                    params["combination"] = combination_text(first.get("combination"))
                past.append(el("li", text=tr(f"poker.ui.hand_line.{outcome}", **params)))
            box.append(el("details", el("summary", text=tr("poker.ui.hands_title")), past))
        return box

    def buyin_lines(self, snapshot: dict[str, Any]) -> list[str]:
        """Buy-ins and departures of the session in words, in the order they happened (P3, P4)."""
        me = snapshot["view"].get("me")
        result = snapshot["result"]
        events = [(e["before_hand"], 1, e) for e in result.get("departures") or []]
        events += [(e["before_hand"], 0 if e["kind"] != "join" else 2, e) for e in result.get("buyins") or []]
        lines = []
        for hand, _, e in sorted(events, key=lambda x: (x[0], x[1])):
            seat = self.seat_name(e["seat"], me)
            if "kind" not in e:
                lines.append(tr("poker.ui.buyin.leave", hand=hand, seat=seat, resto=e["resto"]))
            elif e["kind"] == "join":
                key = "poker.ui.buyin.join_double" if e.get("double") else "poker.ui.buyin.join"
                lines.append(tr(key, hand=hand, seat=seat, units=e["units"]))
            else:
                lines.append(tr(f"poker.ui.buyin.{e['kind']}", hand=hand, seat=seat, units=e["units"]))
        return lines

    def settings_field(self, name: str, values: tuple[str | int, ...], chosen: object) -> Any:
        """A select per option (poker has many numeric settings)."""
        field_id = f"opt-{name}"
        select = el("select", attrs={"name": name, "id": field_id})
        for value in values:
            select.append(
                el(
                    "option",
                    text=option_label(name, value),
                    attrs={"value": value, "selected": str(chosen) == str(value)},
                )
            )
        return el("label", tr(f"poker.ui.opt.{name}"), " ", select, attrs={"for": field_id})


_table = PokerTable()


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``poker.html``."""
    _table.main()
