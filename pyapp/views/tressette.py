"""The Tressette table: the human sits South with a computer partner (North) and two opponents.

Play runs counter-clockwise (S -> E -> N -> W), so on screen East sits on the human's right.
Everything shown comes from ``TableSession.snapshot`` (the engine's view of seat S, the shared
trick shape and the truthful declarations for a lead); every move goes through
``TableController.act``. The shared felt, trick, hand and cut form are :mod:`pyapp.views.tricks`.
"""

from __future__ import annotations

from typing import Any, TypedDict

from pyapp.cards import Card
from pyapp.session_types import Snapshot, Trick
from pyapp.tressette.actions import Play, parse, play
from pyapp.views import common
from pyapp.views.cardviews import card_face
from pyapp.views.common import tr
from pyapp.views.table.base import snapshot_of
from pyapp.views.table.render import score_item
from pyapp.views.tricks import TrickTable, card_phrase
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button, folded

FRACTIONS = {0: "", 1: "\u2153", 2: "\u2154"}

OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "first_lead": ("mano", "four_of_denari"),
    "match": ("best_of_three", "all_three"),
    "review": ("tournament", "practice"),
}

COUNTING = "A32RCF"
"""Cards that count (T12): the Ace a point, 3, 2 and the court cards a third each."""


def points_text(thirds: int) -> str:
    """Points with the thirds visible: 13 thirds -> ``"4⅓"``."""
    whole, rest = divmod(thirds, 3)
    if whole == 0 and rest:
        return FRACTIONS[rest]
    return f"{whole}{FRACTIONS[rest]}"


def call_text(token: str) -> str:
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


class Offer(TypedDict):
    """What leading one card may declare: the calls offered, the canonical ones, the action of
    each set of calls chosen."""

    calls: list[str]
    canonical: str
    actions: dict[frozenset[str], str]


def declaration_offers(snapshot: Snapshot) -> dict[str, Offer]:
    """Per card the human may lead: the calls offered, the canonical one, the action of each choice.

    Works from the legal list (contract v2 lists every declaration combination, ``"3d busso"``)
    and from the session's ``extras`` (the truthful calls and the canonical one), whichever is there.
    """
    offers: dict[str, Offer] = {}
    extras = (snapshot.get("extras") or {}).get("declarations") or {}
    for action in snapshot["legal"]:
        value = parse(action)
        if not isinstance(value, Play):
            continue
        entry = offers.setdefault(value.code, {"calls": [], "canonical": "", "actions": {}})
        entry["actions"][frozenset(value.calls)] = action
        for token in value.calls:
            if token not in entry["calls"]:
                entry["calls"].append(token)
    for code, offer in extras.items():
        entry = offers.setdefault(code, {"calls": [], "canonical": "", "actions": {}})
        for token in offer.get("calls") or []:
            if token not in entry["calls"]:
                entry["calls"].append(token)
        entry["canonical"] = offer.get("canonical") or entry["canonical"]
    return {code: offer for code, offer in offers.items() if offer["calls"]}


def lead_action(offer: Offer, code: str, chosen: set[str]) -> str:
    """The canonical action leading ``code`` with the calls ``chosen``."""
    found = offer["actions"].get(frozenset(chosen))
    if found:
        return str(found)
    lead = parse(code)
    assert isinstance(lead, Play)
    return str(play(lead.card, tuple(t for t in offer["calls"] if t in chosen)))


class TressetteTable(TrickTable):
    """The Tressette view."""

    game = "tressette"
    deck = "it"
    option_choices = OPTION_CHOICES
    option_prefix = "table.tressette.opt"
    preferences = {"calls": ("ask", "canonical", "never")}
    mode_setting = False  # the rules' own "review" option is the practice mode
    wait_key = "table.tressette.wait"
    turn_phases = ("play", "cut")
    positions = {"N": "north", "E": "east", "S": "south", "W": "west"}

    def __init__(self) -> None:
        super().__init__()
        self.selected: str | None = None
        self.chosen_calls: set[str] = set()
        self._decls: list[dict[str, Any]] = []

    # -- flow ------------------------------------------------------------------------------------------
    def hands_done(self, snapshot: Snapshot) -> int:
        return len(snapshot["view"]["hands"])

    def practice(self, snapshot: Snapshot) -> bool:
        return bool(snapshot["options"].get("review") == "practice")

    def advisable(self, snapshot: Snapshot) -> bool:
        return bool(snapshot["human_turn"] and snapshot["view"]["phase"] == "play")

    def advice_text(self, snapshot: Snapshot, action: str) -> str:
        value = parse(action)
        if not isinstance(value, Play):
            return action
        calls = value.calls
        phrase = card_phrase(self.card(value.code))
        if calls:
            words = ", ".join(call_text(c) for c in calls)
            return tr("table.suggest.calls", card=phrase, calls=words)
        return tr("table.suggest.play", card=phrase)

    def show_advice(self, action: str) -> None:
        """An advised lead with declarations opens the declarations menu with them ticked."""
        value = parse(action)
        if isinstance(value, Play) and value.calls:
            self.selected = value.code
            self.chosen_calls = set(value.calls)

    def may_review_last(self, snapshot: Snapshot) -> bool:
        return not self.tricks(snapshot)["current"] and snapshot["view"]["phase"] == "play"

    def pref_changed(self, name: str) -> None:
        self.selected = None
        self.chosen_calls = set()

    def play(self, code: str, calls: set[str] | None = None) -> None:
        """Lead or play ``code`` with ``calls`` (the canonical action from the legal list)."""
        assert self.session is not None
        snap = snapshot_of(self.session, common.get_lang())
        offer = declaration_offers(snap).get(code)
        action = lead_action(offer, code, calls or set()) if offer and calls else code
        if self.act(action):
            self.selected = None
            self.chosen_calls = set()

    def play_card(self, snap: Snapshot, code: str) -> None:
        """Play ``code``; when leading, declare as the "declarations" setting says."""
        offer = declaration_offers(snap).get(code)
        mode = self.prefs.get("calls", "ask")
        if offer is None or mode == "never":
            self.play(code)
            return
        canonical = set((offer.get("canonical") or "").split())
        if mode == "canonical":
            self.play(code, canonical)
            return
        if self.selected != code:
            self.selected = code
            self.chosen_calls = canonical
            self.error = None
            self.render()
            return
        self.play(code, self.chosen_calls)

    def toggle_call(self, token: str) -> None:
        """Tick or untick one declaration for the selected lead."""
        if token in self.chosen_calls:
            self.chosen_calls.discard(token)
        else:
            self.chosen_calls.add(token)
        self.render()

    def cancel_selection(self) -> None:
        """Close the declarations without playing."""
        self.selected = None
        self.chosen_calls = set()
        self.render()

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        self.selected = None
        self.chosen_calls = set()
        super().new_game(options)

    # -- words --------------------------------------------------------------------------------------------
    def seat_role(self, seat: str) -> str:
        if seat == self.me:
            return ""
        return tr("table.tressette.partner") if seat == "N" else tr("table.tressette.opponent")

    def team_name(self, team: str) -> str:
        """``noi`` / ``loro`` as a subject."""
        return tr("table.tressette.team_" + team)

    def calls_with(self, seat: str, code: str, trick: Trick) -> str:
        for decl in self._decls:
            if decl.get("seat") == seat and decl.get("card") == code and decl.get("trick") == trick["number"]:
                return ", ".join(call_text(c) for c in decl["calls"])
        return ""

    # -- snapshot readers -----------------------------------------------------------------------------------
    def hand_counts(self, snapshot: Snapshot) -> dict[str, int]:
        return dict(snapshot["view"].get("hand_counts") or {})

    def seat_tags(self, snapshot: Snapshot, seat: str) -> list[VNode]:
        view = snapshot["view"]
        tags: list[VNode] = []
        if view.get("dealer") == seat:
            tags.append(h("span", cls="badge dealer", text=tr("table.dealer")))
        if self.seat_turn(snapshot, seat):
            tags.append(h("span", cls="badge turn", text=tr("table.to_play")))
        calls = [d for d in view.get("declarations") or [] if d.get("seat") == seat]
        if calls and view["phase"] == "play":
            words = ", ".join(call_text(c) for c in calls[-1]["calls"])
            label = self.about(seat, "table.tressette.called", calls=words)
            tags.append(h("span", cls="calls", text=f"\u00ab{words}\u00bb", attrs={"title": label}))
        return tags

    def hand_cards(self, snapshot: Snapshot) -> list[str]:
        return sorted(snapshot["view"].get("hand") or [], key=hand_order)

    def hand_card(self, snapshot: Snapshot, code: str, index: int) -> VNode:
        view = snapshot["view"]
        legal = {v.code for v in map(parse, snapshot["legal"]) if isinstance(v, Play)}
        my_turn = snapshot["human_turn"] and view["phase"] == "play" and not self.replay
        playable = my_turn and code in legal
        card = self.card(code)
        label = common.card_label(card)
        if my_turn and not playable:
            label = tr("table.tressette.cannot_play", card=label)
        selected = self.selected == code
        return self.card_button(
            card,
            index,
            label,
            disabled=my_turn and not playable,
            pressed=True if selected else None,
            cls="card-button" + (" is-selected" if selected else ""),
        )

    # -- prompt and controls -----------------------------------------------------------------------------
    def status_text(self, snapshot: Snapshot) -> str:
        view = snapshot["view"]
        phase = view["phase"]
        if phase == "game_over":
            return tr("table.tressette.match_over")
        if phase in ("lot", "shuffle", "hand_over"):
            if view.get("lots") and phase == "shuffle" and not view["hands"]:
                dealer = view.get("dealer") or "N"
                return (
                    tr("table.tressette.you_deal")
                    if dealer == self.me
                    else tr("table.tressette.deals", seat=tr("seat." + dealer))
                )
            return tr("table.tressette.dealing")
        if phase == "cut":
            if snapshot["human_turn"]:
                return tr("table.cut_prompt")
            return tr("table.tressette.cutting", seat=tr("seat." + view["turn"]))
        if snapshot["human_turn"]:
            if self.selected:
                return tr("table.tressette.choose_calls")
            return tr("table.tressette.your_answer") if view.get("trick") else tr("table.tressette.your_lead")
        return tr("table.tressette.waiting", seat=tr("seat." + view["turn"]))

    def dock_controls(self, snapshot: Snapshot) -> VNode | None:
        view = snapshot["view"]
        if self.replay or not snapshot["human_turn"]:
            return None
        if view["phase"] == "cut":
            return self.cut_form()
        offers = declaration_offers(snapshot)
        if self.selected and self.selected in offers:
            return self.declaration_menu(offers[self.selected])
        return None

    def declaration_menu(self, offer: Offer) -> VNode:
        code = self.selected or ""
        canonical = set((offer.get("canonical") or "").split())
        phrase = card_phrase(self.card(code))
        box = h("fieldset", cls="declarations", attrs={"id": "declarations"}, key="declarations")
        box.append(h("legend", text=tr("table.tressette.declare_with", card=phrase)))
        for token in offer["calls"]:
            box_id = f"call-{token.replace('=', '-')}"
            hint = f" ({tr('table.tressette.canonical')})" if token in canonical else ""
            box.append(
                h(
                    "label",
                    h(
                        "input",
                        attrs={
                            "type": "checkbox",
                            "id": box_id,
                            "value": token,
                            "checked": token in self.chosen_calls,
                        },
                        on={"change": common.bind(self.toggle_call, token)},
                    ),
                    " " + call_text(token) + hint,
                    h(
                        "span",
                        cls="call-help",
                        text=tr(f"table.tressette.callhelp.{token.partition('=')[0]}"),
                    ),
                    attrs={"for": box_id},
                    key=box_id,
                )
            )
        box.append(
            h(
                "div",
                button(
                    tr("table.tressette.lead_card", card=phrase),
                    lambda _e: self.play(code, set(self.chosen_calls)),
                    ident="lead-card",
                ),
                button(
                    tr("table.tressette.choose_other"),
                    lambda _e: self.cancel_selection(),
                    ident="choose-other",
                    quiet=True,
                ),
                cls="panel-actions",
            )
        )
        return box

    # -- summaries ---------------------------------------------------------------------------------------
    def hand_result_lines(self, view: dict[str, Any], hand: dict[str, Any]) -> list[tuple[str, str]]:
        """The summary of one scored hand as ``(kind, text)`` lines (also the log's score lines)."""
        if "penalty" in hand:
            return [("penalty", tr("table.tressette.penalty_" + hand["penalty"]))]
        points, thirds = hand.get("points", {}), hand.get("thirds", {})
        lines = [
            (
                "points",
                tr(
                    "table.tressette.hand_result",
                    us=points.get("NS", 0),
                    them=points.get("EW", 0),
                    us_thirds=thirds.get("NS", 0),
                    them_thirds=thirds.get("EW", 0),
                ),
            )
        ]
        if hand.get("last_trick"):
            lines.append(("last", tr("table.tressette.last_trick_bonus_" + hand["last_trick"])))
        if hand.get("cappotto"):
            lines.append(("cappotto", tr("table.tressette.cappotto_" + hand["cappotto"])))
        totals = hand.get("totals", view["totals"])
        lines.append(
            (
                "totals",
                tr("table.tressette.totals", us=totals["NS"], them=totals["EW"], target=view["target"]),
            )
        )
        won = next((p for p in view["partite"] if p["number"] == hand.get("partita")), None)
        if won is not None and won.get("hands") == hand.get("hand") and won.get("winner"):
            lines.append(("partita", tr("table.tressette.partita_won_" + won["winner"], n=won["number"])))
        return lines

    def captured(self, snapshot: Snapshot) -> dict[str, list[str]]:
        """The counting cards each side took in the hand just scored (T12)."""
        out: dict[str, list[str]] = {"NS": [], "EW": []}
        for trick in self.tricks(snapshot)["history"]:
            team = team_of(trick["winner"] or "")
            out[team] += [e["card"] for e in trick["cards"] if e["card"][0] in COUNTING]
        for team in out:
            out[team].sort(key=lambda c: (COUNTING.index(c[0]), SUIT_ORDER.index(c[1])))
        return out

    def hand_summary(self, snapshot: Snapshot) -> VNode:
        view = snapshot["view"]
        hand = view["hands"][-1]
        body: list[VNode] = [
            h("p", text=text, cls="highlight" if kind in ("cappotto", "partita") else None)
            for kind, text in self.hand_result_lines(view, hand)
        ]
        last = self.tricks(snapshot)["last"]
        if last is not None and "penalty" not in hand:
            body += [h("h3", text=self.last_trick_title(last["winner"] or "")), self.trick_cards(last, 44)]
        captured = self.captured(snapshot)
        if any(captured.values()):
            body.append(h("h3", text=tr("table.tressette.captured")))
            for team in ("NS", "EW"):
                body.append(
                    h(
                        "div",
                        h("p", text=tr("table.tressette.captured_" + team, n=len(captured[team])), cls="who"),
                        h(
                            "ul",
                            *[h("li", card_face(self.card(c), 34), key=c) for c in captured[team]],
                            cls="captured-cards",
                        ),
                        cls="captured",
                        attrs={"data-team": team},
                    )
                )
        return self.summary_panel(
            snapshot,
            tr("table.tressette.hand_over", n=len(view["hands"])),
            *body,
            key="hand-summary",
            attrs={"data-hand": len(view["hands"])},
            first=self.next_hand_button(tr("table.tressette.next_hand")),
        )

    def match_summary(self, snapshot: Snapshot) -> VNode:
        view = snapshot["view"]
        title = (
            tr("table.tressette.match_won")
            if view.get("winner") == "NS"
            else tr("table.tressette.match_lost")
        )
        return self.match_over(
            snapshot,
            title,
            h("p", text=tr("table.tressette.wins", us=view["wins"]["NS"], them=view["wins"]["EW"])),
            self.partite_list(view),
            new_text=tr("table.new_game"),
        )

    def partite_list(self, view: dict[str, Any]) -> VNode:
        return h(
            "ol",
            *[
                h(
                    "li",
                    text=tr(
                        "table.tressette.partita_line_" + (p.get("winner") or "none"),
                        n=p["number"],
                        us=p["totals"]["NS"],
                        them=p["totals"]["EW"],
                    ),
                )
                for p in view["partite"]
            ],
            cls="partite",
        )

    # -- score bar, sheet, log, panels -------------------------------------------------------------------
    def score_items(self, snapshot: Snapshot) -> list[VNode]:
        view = snapshot["view"]
        totals, wins = view["totals"], view["wins"]
        items = [
            score_item(tr("table.tressette.us_short"), str(totals["NS"]), "score us", {"data-team": "NS"}),
            score_item(
                tr("table.tressette.them_short"), str(totals["EW"]), "score them", {"data-team": "EW"}
            ),
            h(
                "span",
                text=tr(
                    "table.tressette.partita_bar",
                    n=view["partita"] or 1,
                    target=view["target"],
                    us=wins["NS"],
                    them=wins["EW"],
                ),
                cls="score-meta",
            ),
        ]
        if view["phase"] == "play":
            thirds = view["thirds"]
            items.append(
                h(
                    "span",
                    text=tr(
                        "table.tressette.hand_bar",
                        us=points_text(thirds["NS"]),
                        them=points_text(thirds["EW"]),
                    ),
                    cls="score-meta hand-points",
                )
            )
        return items

    def score_sheet(self, snapshot: Snapshot) -> VNode:
        view = snapshot["view"]
        head = h(
            "tr",
            *[
                h("th", text=tr("table.tressette.col." + c), attrs={"scope": "col"})
                for c in ("hand", "us", "them", "thirds", "note", "totals")
            ],
        )
        body = h("tbody")
        for k, hand in enumerate(view["hands"], start=1):
            if "penalty" in hand:
                note = tr("table.tressette.penalty_" + hand["penalty"])
                us = them = thirds = "\u2014"
            else:
                us, them = str(hand["points"]["NS"]), str(hand["points"]["EW"])
                thirds = f"{hand['thirds']['NS']} / {hand['thirds']['EW']}"
                note = (
                    tr("table.tressette.sheet_cappotto_" + hand["cappotto"]) if hand.get("cappotto") else ""
                )
            totals = hand.get("totals") or {}
            body.append(
                h(
                    "tr",
                    h(
                        "th",
                        text=tr("table.tressette.sheet_hand", n=k, p=hand.get("partita", 1)),
                        attrs={"scope": "row"},
                    ),
                    h("td", text=us),
                    h("td", text=them),
                    h("td", text=thirds),
                    h("td", text=note),
                    h("td", text=f"{totals.get('NS', '')}\u2013{totals.get('EW', '')}"),
                    attrs={"data-hand": k},
                )
            )
        sheet = h("div", cls="sheet")
        if view["hands"]:
            sheet.append(h("table", h("thead", head), body, cls="sheet-table", attrs={"id": "sheet-hands"}))
        else:
            sheet.append(h("p", text=tr("table.sheet.empty")))
        sheet.append(
            h("h3", text=tr("table.tressette.partite_title")),
            self.partite_list(view) if view["partite"] else h("p", text=tr("table.tressette.no_partite")),
            h(
                "p",
                text=tr(
                    "table.tressette.match_line",
                    us=view["wins"]["NS"],
                    them=view["wins"]["EW"],
                    match=tr("table.tressette.opt.match." + view["options"]["match"]),
                ),
                cls="match-line",
            ),
        )
        return sheet

    def log_entries(self, snapshot: Snapshot) -> list[tuple[str, str, str]]:
        view = snapshot["view"]
        self._decls = list(view.get("declarations") or [])
        lines = self.trick_log(snapshot)
        if (
            view["phase"] in ("hand_over", "game_over", "shuffle")
            and view["hands"]
            and self.tricks(snapshot)["history"]
        ):
            number = len(view["hands"])
            for k, (kind, text) in enumerate(self.hand_result_lines(view, view["hands"][-1])):
                lines.append((f"h{number}-{k}-{kind}", text, "score"))
        if view["phase"] == "game_over":
            lines.append(
                (
                    "match",
                    tr(
                        "table.tressette.match_won"
                        if view.get("winner") == "NS"
                        else "table.tressette.match_lost"
                    ),
                    "score",
                )
            )
        return lines

    def side_panels(self, snapshot: Snapshot) -> list[VNode]:
        view = snapshot["view"]
        decls = view.get("declarations") or []
        if not decls:
            return []
        items = []
        for k, d in enumerate(decls):
            words = ", ".join(call_text(c) for c in d["calls"])
            card = common.card_label(Card.parse(d["card"])) if d.get("card") else ""
            key = "table.tressette.call_line_you" if d["seat"] == self.me else "table.tressette.call_line"
            items.append(
                h("li", text=tr(key, seat=tr("seat." + d["seat"]), card=card, calls=words), key=f"d{k}")
            )
        return [
            folded(
                tr("table.tressette.calls_title"),
                h("ul", *items, cls="call-log"),
                ident="calls-panel",
                open_=True,
            )
        ]


_table = TressetteTable()


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``tressette.html``."""
    _table.main()
