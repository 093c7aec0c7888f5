"""Cards and positions of a lesson drawn as the learner sees them: rows of cards, the trick, the seats
around the table, the learner's own hand."""

from __future__ import annotations

from typing import Any

from pyapp.cards import Card
from pyapp.views import common
from pyapp.views.cardviews import trick_row
from pyapp.views.common import tr
from pyapp.views.vdom import VNode, h


def lesson_card(code: str, deck: str) -> Card:
    """The card ``code`` of a lesson's ``deck`` (``"it"``, else French)."""
    return Card.parse(code, "it" if deck == "it" else "fr")


def card_img(code: str, deck: str, cls: str = "lp-card") -> VNode:
    """One of our card faces."""
    return h("img", cls=cls, attrs=common.card_attrs(lesson_card(code, deck)))


def back_img(deck: str, cls: str = "lp-card lp-back") -> VNode:
    """The back of a card of ``deck``."""
    return h("img", cls=cls, attrs=common.card_attrs(None, deck="it" if deck == "it" else "fr"))


def card_row(codes: list[str], deck: str, cls: str = "lp-row") -> VNode:
    """A row of card faces."""
    return h("ul", *[h("li", card_img(c, deck)) for c in codes], cls=cls)


def trick_node(trick: dict[str, Any] | None, deck: str, last: bool) -> VNode | None:
    """The cards on the table, each with the seat that played it."""
    if not trick:
        return None
    winner = trick.get("winner")
    plays = [(lesson_card(e["card"], deck), e["name"], last and e["seat"] == winner) for e in trick["cards"]]
    winner_name = next((e["name"] for e in trick["cards"] if e["seat"] == winner), "")
    title = tr("lessons.ui.last_trick", seat=winner_name) if last else tr("lessons.ui.trick")
    return h(
        "section",
        h("h2", title, cls="lp-subtitle"),
        trick_row(
            plays, title, cls="trick-row lp-trick-cards", image_cls="card lp-card", led=tr("lessons.ui.leads")
        ),
        cls="lp-trick" + (" is-last" if last else ""),
        attrs={"aria-label": title},
    )


def seat_node(seat: dict[str, Any], deck: str) -> VNode:
    """One seat: its name, badges, notes and cards (face up when revealed, else backs)."""
    head = h("p", h("strong", seat["name"]), cls="lp-seat-name")
    for badge in seat["badges"]:
        head.append(h("span", badge, cls="lp-badge"))
    body = h("div", cls="lp-seat-cards")
    if seat.get("cards") is not None and not seat["you"]:
        body.append(card_row(seat["cards"], deck, "lp-row lp-row-small"))
    elif not seat["you"] and seat.get("count"):
        body.append(back_img(deck, "lp-card lp-back lp-small"))
        body.append(h("span", common.tr_n("lessons.ui.cards_left", seat["count"]), cls="lp-count"))
    notes = h("p", " · ".join(seat["notes"]), cls="lp-notes") if seat["notes"] else None
    return h(
        "div",
        head,
        body,
        notes,
        cls=f"lp-seat lp-{seat['where']}",
        attrs={"data-seat": seat["label"], "data-turn": "true" if seat["turn"] else "false"},
    )


def picture_node(pic: dict[str, Any], show: str = "table", hand: VNode | None = None) -> VNode:
    """A whole position: seats around the table, the trick or the pot, facts, the learner's hand.

    ``show``: ``"table"`` everything, ``"trick"`` the table without the learner's hand, ``"hand"``
    the facts and the hand, ``"facts"`` the facts alone."""
    deck = pic["deck"]
    root = h("div", cls=f"lp-position lp-{pic['game']}", attrs={"data-show": show})
    if show in ("table", "trick"):
        table = h("div", cls=f"lp-table lp-players-{pic['players']}")
        if show == "table":
            for seat in pic["seats"]:
                if not seat["you"]:
                    table.append(seat_node(seat, deck))
        center = h("div", cls="lp-center")
        trick = pic.get("trick")
        shown = trick_node(trick, deck, False) if trick else trick_node(pic.get("last_trick"), deck, True)
        if shown is not None:
            center.append(shown)
        turned = pic.get("turned")
        if turned:
            center.append(
                h(
                    "div",
                    card_img(turned["card"], deck, "lp-card lp-small"),
                    h("span", tr("lessons.ui.turned"), cls="lp-caption"),
                    cls="lp-turned",
                )
            )
        table.append(center)
        root.append(table)
    if pic.get("info"):
        root.append(h("ul", *[h("li", line) for line in pic["info"]], cls="lp-info"))
    if pic.get("summary"):
        root.append(
            h("div", *[h("p", line) for line in pic["summary"]], cls="lp-summary", attrs={"role": "status"})
        )
    me = next((s for s in pic["seats"] if s["you"]), None)
    if me is not None and (show in ("table", "hand")):
        title = h("h2", tr("lessons.ui.your_hand") + f" ({me['name']})", cls="lp-subtitle")
        badges = [h("span", b, cls="lp-badge") for b in me["badges"]]
        notes = h("p", " · ".join(me["notes"]), cls="lp-notes") if me["notes"] else None
        root.append(
            h(
                "section",
                title,
                *badges,
                notes,
                hand if hand is not None else card_row(pic.get("hand") or [], deck),
                cls="lp-own",
                attrs={"data-seat": me["label"]},
            )
        )
    return root


def trick_only(pic: dict[str, Any]) -> VNode:
    """The facts of ``pic`` without its table (a question about a trick: the trick's cards are the
    options under it, so no empty felt is drawn above them)."""
    bare = dict(pic)
    bare["trick"] = bare["last_trick"] = None
    return picture_node(bare, "facts")
