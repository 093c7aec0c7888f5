"""The replay viewer (``replay.html#v2.…``): one hand or a whole game, every card face up.

The page opens the link in its address (or an old ``#r=`` one), or a record pasted or opened
from a file, and draws it with the game's own table (:mod:`pyapp.views.tressette`,
:mod:`pyapp.views.boston`, :mod:`pyapp.views.poker`) in replay mode, plus what a viewer needs:

* every hand face up around the table, or one seat's view (``Carte`` select); the cards each
  player still holds shrink as they are played; or, the reader's choice (remembered), the hands
  as a text diagram by suit with the cards played struck (:mod:`pyapp.views.replay_diagram`);
* stepping by move (←/→) and by trick or betting round and draw (↑/↓), Home/End, a slider to jump to any
  move, autoplay with a speed; the address follows the position (``.K`` at the end of the link,
  ``history.replaceState``), so the address is always a deep link to what is on screen;
* at each step the trick with the led and the winning card marked, the contract, trump and
  Boston card or the pot and the bets (the tables draw them), the running score, and at the end
  of a hand its result (poker: the showdown or the uncalled bet just before it, who won what and
  the chips after the award, not the next deal);
* "Gioca da qui": the position becomes a new game at the table against the computer players, in
  a slot of its own (the game saved in progress is never touched);
* share this link or this hand, download the record, open another one; clicking a card says it
  is a replay.

``replay.html?embed#…`` is the same viewer for an iframe on another site: no header or footer,
a fixed height, its height posted to the parent (``static/embed-frame.js``, docs/embedding.md).
The page reaches the engine only through :mod:`pyapp.links.session`.
"""

from __future__ import annotations

import asyncio
import importlib
from typing import Any, ClassVar

from pyscript import document, window

from pyapp.core import COMPASS
from pyapp.links.session import LinkError, RecordError, ReplaySession, open_link
from pyapp.session import TableSession, table_view
from pyapp.session_types import Snapshot, Trick
from pyapp.views import common, embedcode
from pyapp.views.common import tr
from pyapp.views.replay_diagram import (
    classes,
    dealt_hands,
    hand_start,
    player_row,
    replace_first,
    seat_diagram,
    seat_node,
    store_view,
    stored_view,
    view_toggle,
)
from pyapp.views.replay_open import open_panel, show_start_page
from pyapp.views.replay_words import spectate
from pyapp.views.share import absolute, copy_text, download, share_url
from pyapp.views.table import TableController, icon
from pyapp.views.table.base import snapshot_of
from pyapp.views.table.settings import speed_select
from pyapp.views.tricks import pressed_button
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button

SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.4}
"""Seconds per move when the replay plays by itself."""

PLAYON_SLOT = "circolo.save.{game}.playon"
"""Where "play on from here" puts the new game (the table reads it at ``<game>.html#playon``)."""


def table_class(game: str) -> type[TableController]:
    """The table view class of ``game``: the view its spec names (:func:`pyapp.session.table_view`)."""
    target = table_view(game)
    if target is None:
        raise LookupError(f"{game!r} has no table view")
    module, _, name = target.partition(":")
    cls: type[TableController] = getattr(importlib.import_module(module), name)
    return cls


def embedded() -> bool:
    """Whether the page is the embeddable form (``replay.html?embed``)."""
    return "embed" in str(window.location.search or "")


class Viewer(TableController):
    """The replay viewer's part, mixed before a game's table class (see :func:`viewer_for`)."""

    viewer_session: ClassVar[ReplaySession | None] = None
    viewer_start: ClassVar[int] = 0

    def __init__(self) -> None:
        super().__init__()
        session = type(self).viewer_session
        assert session is not None
        self.replay = True
        self.replay_full = session.at_move(session.total)  # the tables take the total from it
        self.replay_pos = type(self).viewer_start
        self.cards_shown = "all"
        """``"all"`` or the label of the one seat whose cards are shown."""
        self.playing = False
        self.play_speed = "normal"
        self.dismissed: set[int] = set()
        """Positions whose hand summary was closed."""
        self._stops: list[int] | None = None
        self.hands_view = stored_view()
        """How the hands are shown: ``"cards"`` or ``"diagram"`` (the reader's stored choice)."""
        self._dealt: dict[int, dict[str, list[str]]] = {}
        """The cards dealt in each hand seen so far, by the position where the hand starts."""
        self._end: Snapshot | None = None
        """Poker, at a hand's end: the real snapshot while the board shows the showdown before it."""

    # -- the session ---------------------------------------------------------------------------------
    def restore(self) -> TableSession | None:
        assert self.replay_full is not None
        return self.replay_full.at_move(self.replay_pos)

    def save(self) -> None:
        """A replay is never saved (the game saved in progress stays as it is)."""

    @property
    def full(self) -> ReplaySession:
        """The whole record being replayed."""
        session = self.replay_full
        assert isinstance(session, ReplaySession)
        return session

    @property
    def total(self) -> int:
        """How many moves the record has."""
        return self.full.total

    def stops(self) -> list[int]:
        """Where stepping by trick stops (computed once)."""
        if self._stops is None:
            self._stops = self.full.stops()
        return self._stops

    def replay_step(self, position: int) -> None:
        """Show the record after ``position`` moves and put the position in the address."""
        super().replay_step(position)
        set_address(self.full, self.replay_pos)

    def step_by(self, delta: int) -> None:
        """One move forward or back."""
        self.replay_step(self.replay_pos + delta)

    def step_trick(self, forward: bool) -> None:
        """To the end of the next (or back to the end of the previous) trick or betting round."""
        stops = self.stops()
        if forward:
            target = next((s for s in stops if s > self.replay_pos), self.total)
        else:
            target = next((s for s in reversed(stops) if s < self.replay_pos), 0)
        self.replay_step(target)

    # -- what the table shows -------------------------------------------------------------------------
    def open_hands(self, snapshot: Snapshot) -> dict[str, list[str]]:
        hands: dict[str, list[str]] = snapshot.get("hands") or {}
        if self.cards_shown == "all":
            return dict(hands)
        return {seat: cards for seat, cards in hands.items() if seat == self.cards_shown}

    def hand_cards(self, snapshot: Snapshot) -> list[str]:
        if self.cards_shown not in ("all", getattr(self, "me", "S")):
            return []
        cards: list[str] = super().hand_cards(snapshot)  # type: ignore[misc]
        return cards

    def click_card(self, code: str) -> None:
        self.refuse(tr("links.viewer.replay_click"))

    def hand_keys(self, event: Any) -> None:
        """Arrow keys step the replay everywhere, even on a card (see :func:`keys`)."""

    def trick_display(self, snapshot: Snapshot) -> tuple[str, Trick] | None:
        """The trick in progress; right after a trick is complete, that trick with its winner."""
        shown: tuple[str, Trick] | None = super().trick_display(snapshot)  # type: ignore[misc]
        tricks = snapshot["tricks"]
        last = tricks["last"] if tricks else None
        place = snapshot.get("replay")
        action = place["last_action"] if place else None
        if shown is None and last is not None and last["cards"] and action is not None:
            if action["action"].split(" ")[0] == last["cards"][-1]["card"]:
                return "held", last
        return shown

    def before_patch(self, snapshot: Snapshot) -> None:
        super().before_patch(snapshot)
        self.revealed = self.open_hands(snapshot) if snapshot["game"] == "poker" else {}

    def summary_waits(self, snapshot: Snapshot) -> bool:
        place = snapshot.get("replay")
        return place is not None and place["hand_end"] and place["position"] not in self.dismissed

    def summary(self, snapshot: Snapshot) -> VNode | None:
        """The tables' own hand summary, shown where the hand ends (they hide it in replays)."""
        snapshot = self._end or snapshot
        own = self.__dict__
        self.replay = False
        if self.game != "poker":
            own["me"] = "-"
        try:
            node: VNode | None = super().summary(snapshot)  # type: ignore[misc]
        finally:
            self.replay = True
            own.pop("me", None)
        return node

    def next_hand_button(self, text: str | None = None) -> VNode:
        return button(
            tr("links.viewer.close_summary"),
            lambda _e: self.close_summary(),
            ident="next-hand",
            attrs={"data-autofocus": "next-hand"},
        )

    def close_summary(self) -> None:
        """Hide the hand summary at this position."""
        self.dismissed.add(self.replay_pos)
        self.render()

    def summary_actions(self, snapshot: Snapshot) -> list[VNode]:
        return [self.share_button("share-hand-summary", "links.share.hand", "hand")]

    def status_text(self, snapshot: Snapshot) -> str:
        return tr("table.replay.explain")

    # -- layout: the viewer's bar over the table, its panel in the side column --------------------------
    def score_bar(self, snapshot: Snapshot) -> VNode:
        """The score bar, the stepping bar and the choice of cards or diagram: all in the head,
        where a reader sees them without scrolling, on a phone too (on a wide screen the choice
        sits beside the score bar, on a phone under the stepping bar)."""
        return h(
            "div",
            super().score_bar(snapshot),
            self.viewer_bar(snapshot),
            view_toggle(self.hands_view, self.choose_view),
            cls="viewer-head",
            key="head",
        )

    def board(self, snapshot: Snapshot) -> VNode:
        place = snapshot.get("replay")
        if self.game == "poker" and place is not None and place["hand_end"]:
            node = self.poker_end(snapshot)
        else:
            node = super().board(snapshot)
            if self.hands_view == "diagram":
                self.draw_diagram(node, snapshot)
        felt = node.find(lambda n: bool(classes(n) & {"felt", "pk-felt"}))
        if felt is not None:
            felt.handlers["click"] = self.felt_click
        return node

    def poker_end(self, snapshot: Snapshot) -> VNode:
        """A poker hand's end: the showdown (or the uncalled bet) just before it, every hand that
        was still in shown, the chips after the award, and who won what."""
        last = snapshot["view"].get("last_hand") or {}
        before = snapshot_of(self.full.at_move(self.replay_pos - 1), common.get_lang())
        before["view"]["to_act"] = None  # the hand is over: nobody is to act
        for info in before["view"]["seats"]:
            label = info["seat"]
            info["resto"] = (last.get("resto") or {}).get(label, info["resto"])
            shown = (last.get("shown") or {}).get(label)
            if shown:
                info["shown"] = shown["cards"]
                info["combination"] = {k: shown[k] for k in ("category", "it", "en") if k in shown}
        self.revealed = self.open_hands(before)
        self._end = snapshot
        try:
            node: VNode = super().board(before)
        finally:
            self._end = None
        if self.hands_view == "diagram":
            self.draw_diagram(node, before)
        hands = (snapshot.get("result") or {}).get("hands") or []
        felt = node.find(lambda n: "pk-felt" in classes(n))
        if felt is not None and hands:
            felt.append(
                h(
                    "div",
                    *[
                        h("p", text=text, attrs={"data-winner": winner or None})
                        for winner, text in self.outcome_lines(snapshot, hands[-1])  # type: ignore[attr-defined]
                    ],
                    cls="pk-end",
                    key="pk-end",
                    attrs={"id": "hand-end", "role": "group", "aria-label": tr("links.viewer.hand_end")},
                )
            )
        return node

    # -- the hand diagram -------------------------------------------------------------------------------
    def dealt(self, snapshot: Snapshot) -> dict[str, list[str]]:
        """The cards each seat was dealt in the hand on show (kept once found)."""
        start = hand_start(self.full, self.replay_pos)
        if start not in self._dealt:
            found = dealt_hands(self.full, self.replay_pos, common.get_lang())
            if not found:
                return {}
            self._dealt[start] = found
        return self._dealt[start]

    def draw_diagram(self, node: VNode, snapshot: Snapshot) -> None:
        """Put the hand diagram where the seats' cards are (every seat, or the one chosen)."""
        place = snapshot.get("replay")
        seats = place["seats"] if place else []
        visible = seats if self.cards_shown == "all" else [self.cards_shown]
        held = snapshot.get("hands") or {}
        if self.game == "poker":
            by_seat = {info["seat"]: info for info in snapshot["view"]["seats"]}
            for seat in seats:
                info = by_seat.get(seat) or {}
                cards = info.get("shown") or self.revealed.get(seat)
                box = seat_node(node, "pk-seat", seat)
                if box is not None and cards:
                    replace_first(
                        box, lambda n: "pk-shown" in classes(n), player_row(seat, seat_word(seat), cards)
                    )
            mine = snapshot["view"]["seats"][snapshot["seat"] or 0]
            own = snapshot["view"].get("cards") or []
            dock = node.find(lambda n: "dock" in classes(n))
            if dock is not None and own:
                row = player_row(mine["seat"], seat_word(mine["seat"]), own)
                replace_first(dock, lambda n: "pk-hand" in classes(n), row)
            return
        dealt = self.dealt(snapshot)
        for seat in visible:
            box = seat_node(node, "seat", seat)
            if box is None:
                continue
            diagram = seat_diagram(
                self.game,
                getattr(self, "deck", "it"),
                seat,
                seat_word(seat),
                dealt.get(seat, []),
                held.get(seat, []),
            )
            replace_first(box, lambda n: bool(classes(n) & {"open-hand", "backs", "hand-own"}), diagram)

    def choose_view(self, value: str) -> None:
        """Show the hands as cards or as the diagram, and remember the choice."""
        self.hands_view = value
        store_view(value)
        self.render()

    def felt_click(self, event: Any) -> None:
        """A card on the felt was clicked: say that this is a replay."""
        target = event.target
        if target and target.closest and target.closest("img.card, .card-button"):
            self.refuse(tr("links.viewer.replay_click"))

    def toolbar(self, snapshot: Snapshot, undo: bool = True) -> VNode:
        return self.viewer_panel(snapshot)

    def settings_form(self, snapshot: Snapshot) -> VNode:
        return open_panel(folded=True)

    def viewer_bar(self, snapshot: Snapshot) -> VNode:
        """Stepping: start, back a trick, back, forward, forward a trick, end; the slider; autoplay."""
        pos, total = self.replay_pos, self.total
        unit = "round" if self.game == "poker" else "trick"
        bar = h("div", cls="viewer-bar", attrs={"role": "toolbar", "aria-label": tr("links.viewer.steps")})
        buttons = (
            ("replay-start", "table.replay.start", lambda _e: self.replay_step(0), "first", pos == 0),
            (
                "replay-prev-trick",
                f"links.viewer.prev_{unit}",
                lambda _e: self.step_trick(False),
                "",
                pos == 0,
            ),
            ("replay-back", "table.replay.back", lambda _e: self.step_by(-1), "back", pos == 0),
            ("replay-forward", "table.replay.forward", lambda _e: self.step_by(1), "forward", pos >= total),
            (
                "replay-next-trick",
                f"links.viewer.next_{unit}",
                lambda _e: self.step_trick(True),
                "",
                pos >= total,
            ),
            ("replay-end", "table.replay.end", lambda _e: self.replay_step(total), "last", pos >= total),
        )
        for ident, key, handler, name, disabled in buttons:
            bar.append(
                h(
                    "button",
                    icon(name) if name else None,
                    h("span", text=tr(key), cls="label"),
                    cls="button button-quiet button-small",
                    attrs={"type": "button", "id": ident, "disabled": disabled, "aria-label": tr(key)},
                    on={"click": handler},
                )
            )

        def slid(event: Any) -> None:
            self.replay_step(int(str(event.target.value) or 0))

        bar.append(
            h(
                "label",
                h("span", text=tr("links.viewer.position", n=pos, total=total), cls="viewer-pos"),
                h(
                    "input",
                    attrs={
                        "type": "range",
                        "min": 0,
                        "max": total,
                        "value": pos,
                        "id": "replay-slider",
                        "aria-valuetext": self.position_text(snapshot),
                    },
                    on={"input": slid},
                ),
                cls="viewer-slider",
                attrs={"for": "replay-slider"},
            ),
            pressed_button(
                ("links.viewer.play", "links.viewer.pause"),
                self.playing,
                self.toggle_play,
                "replay-play",
                "button button-small",
            ),
            self.speed_select(),
        )
        return bar

    def position_text(self, snapshot: Snapshot) -> str:
        """The position in words, with the move that led there."""
        place = snapshot.get("replay")
        base = tr("links.viewer.position", n=self.replay_pos, total=self.total)
        action = place["last_action"] if place else None
        if not action:
            return base
        return f"{base}: {action['actor']} {action['action']}"

    def speed_select(self) -> VNode:
        def changed(event: Any) -> None:
            value = str(event.target.value)
            if value in SPEEDS:
                self.play_speed = value

        return speed_select("replay-speed", tr("links.viewer.speed"), SPEEDS, self.play_speed, changed)

    def viewer_panel(self, snapshot: Snapshot) -> VNode:
        """The side panel: whose cards, share, download, play on, the keys."""
        place = snapshot.get("replay")
        seats = place["seats"] if place else []

        def chose(event: Any) -> None:
            self.choose_cards(str(event.target.value))

        select = h(
            "select",
            h(
                "option",
                text=tr("links.viewer.cards.all"),
                attrs={"value": "all", "selected": self.cards_shown == "all"},
            ),
            *[
                h(
                    "option",
                    text=tr("links.viewer.cards.seat", seat=seat_word(seat)),
                    attrs={"value": seat, "selected": self.cards_shown == seat},
                )
                for seat in seats
            ],
            attrs={"id": "replay-cards"},
            on={"change": chose},
        )
        actions = h(
            "div",
            self.share_button("share-link", "links.share.link", "viewed"),
            self.share_button("share-hand", "links.share.hand", "hand") if self.full.kind == "game" else None,
            button(
                tr("links.viewer.download"),
                lambda _e: download(self.full.record(), f"circolo-{self.game}.txt"),
                ident="download",
                quiet=True,
            ),
            button(tr("links.viewer.embed"), lambda _e: self.copy_embed(), ident="embed-code", quiet=True),
            button(tr("links.viewer.play_on"), lambda _e: self.play_on(), ident="play-on"),
            cls="table-toolbar viewer-actions",
            attrs={"role": "group", "aria-label": tr("links.viewer.actions")},
        )
        return h(
            "section",
            h("span", cls="badge", text=tr("table.replay.badge")),
            h("label", tr("links.viewer.cards"), " ", select, cls="pref", attrs={"for": "replay-cards"}),
            actions,
            h("p", text=tr("links.viewer.keys"), cls="viewer-keys"),
            cls="viewer-panel",
            key="viewer-panel",
        )

    def share_button(self, ident: str, key: str, scope: str) -> VNode:
        return button(tr(key), lambda _e: self.share(scope), ident=ident, quiet=True)

    def share(self, scope: str) -> None:
        """Share the link of what is viewed, or of the hand around the position."""
        try:
            path = self.full.link(self.replay_pos, scope)
        except LinkError as exc:  # a record no link can hold (links.unlinkable)
            self.refuse(exc.message(common.get_lang()))
            return
        asyncio.ensure_future(share_url(self, absolute(path), tr("links.share.title")))

    def copy_embed(self) -> None:
        """Copy the code that shows this replay in another site's page (docs/embedding.md)."""
        try:
            path = self.full.link(self.replay_pos, "viewed")
        except LinkError as exc:  # a record no link can hold (links.unlinkable)
            self.refuse(exc.message(common.get_lang()))
            return
        url = absolute(path).replace("replay.html#", "replay.html?embed#", 1)
        title = tr("links.viewer.embed_title", game=tr(f"ui.game.{self.game}.name"))

        async def copy() -> None:
            try:
                code = embedcode.snippet(
                    "inline", url, title, common.get_lang(), embedcode.REPLAY, await embedcode.inline_script()
                )
            except Exception:  # noqa: BLE001 - the script cannot be read: the fixed-height code
                code = embedcode.snippet("fixed", url, title, common.get_lang(), embedcode.REPLAY)
            await copy_text(self, code, "links.viewer.embed_copied")

        asyncio.ensure_future(copy())

    def choose_cards(self, value: str) -> None:
        """All hands face up, or one seat's view (poker: the table turns to that seat)."""
        self.cards_shown = value
        if self.game == "poker" and value != "all":
            place = snapshot_of(self.session).get("replay") if self.session else None
            seats = place["seats"] if place else None
            if seats and value in seats:
                self.replay_full = self.full.with_viewer(seats.index(value)).at_move(self.total)
                self.session = self.full.at_move(self.replay_pos)
        self.render()

    def play_on(self) -> None:
        """Start a new game at the table from this position (its own save slot) and go there."""
        game = self.game
        if embedded():
            # The frame's storage is not the new tab's (the club's site has a partition of its
            # own, or none): the viewer opens there at this move and plays on by itself.
            link = absolute(self.full.link(self.replay_pos, "viewed"))
            window.open(link.replace("replay.html#", "replay.html?playon#", 1), "_blank")
            return
        level = common.storage_get(f"circolo.{game}.level") or ""  # the table's own setting
        offer = self.full.play_on(self.replay_pos, level=level)
        common.storage_set(PLAYON_SLOT.format(game=game), offer["record"])
        window.location.assign(f"./{game}.html#playon")

    # -- autoplay --------------------------------------------------------------------------------------
    def toggle_play(self) -> None:
        """Start or stop playing the moves one after the other."""
        self.playing = not self.playing
        if self.playing and self.replay_pos >= self.total:
            self.replay_step(0)
        self.render()
        if self.playing:
            asyncio.ensure_future(self.autoplay())

    async def autoplay(self) -> None:
        while self.playing and self.replay_pos < self.total:
            delay = SPEEDS[self.play_speed] * (0.05 if self.fast else 1.0)
            await asyncio.sleep(delay)
            if not self.playing:
                return
            self.replay_step(self.replay_pos + 1)
        self.playing = False
        self.render()


spectate(Viewer)


def viewer_for(game: str, session: ReplaySession, position: int) -> Viewer:
    """A viewer drawing ``session`` with ``game``'s table, at ``position``."""
    base = table_class(game)
    kind = type(
        f"{base.__name__}Viewer", (Viewer, base), {"viewer_session": session, "viewer_start": position}
    )
    viewer: Viewer = kind()
    return viewer


def seat_word(label: str) -> str:
    """A seat's name: ``Nord``, ``Giocatore 3``."""
    return tr("seat." + label) if label in COMPASS else tr("seat.player", n=label)


def set_address(session: ReplaySession, position: int) -> None:
    """Put the link of what is viewed, at ``position``, in the address bar (no new history entry)."""
    try:
        fragment = session.link(position, "viewed").split("#", 1)[1]
    except LinkError:  # a record no link can hold (links.unlinkable): the address stays as it is
        return
    window.history.replaceState(None, "", "#" + fragment)


_current: list[Viewer] = []


def start(session: ReplaySession, position: int) -> None:
    """Replace whatever the page shows with a viewer of ``session`` at ``position``."""
    for old in _current:
        old.playing = False
    _current.clear()
    root = common.app_root()
    common.clear(root)
    viewer = viewer_for(session.game, session, position)
    _current.append(viewer)
    viewer.main()
    set_address(session, viewer.replay_pos)


def keys(event: Any) -> None:
    """←/→ a move, ↑/↓ a trick (or betting round), Home/End: anywhere but in a text field."""
    if not _current:
        return
    target = event.target
    tag = str(getattr(target, "tagName", "") or "").upper()
    if tag in ("INPUT", "SELECT", "TEXTAREA") or event.altKey or event.ctrlKey or event.metaKey:
        return
    dialog = document.querySelector("dialog[open]")
    if dialog:
        return
    viewer = _current[0]
    key = str(event.key)
    if key == "ArrowRight":
        viewer.step_by(1)
    elif key == "ArrowLeft":
        viewer.step_by(-1)
    elif key == "ArrowDown":
        viewer.step_trick(True)
    elif key == "ArrowUp":
        viewer.step_trick(False)
    elif key == "Home":
        viewer.replay_step(0)
    elif key == "End":
        viewer.replay_step(viewer.total)
    else:
        return
    event.preventDefault()


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``replay.html``."""
    if embedded():
        document.body.classList.add("embed")
    common.listen(document, "keydown", keys)
    fragment = str(window.location.hash or "")
    if fragment.strip("#"):
        try:
            session, position = open_link(fragment)
        except (LinkError, RecordError) as exc:
            show_start_page("links.viewer.bad", exc)
        else:
            start(session, position)
            if "playon" in str(window.location.search or "") and _current:
                _current[0].play_on()  # "Gioca da qui" in an embedded replay (a new tab)
    else:
        show_start_page()

    def reopen(_event: Any) -> None:
        window.location.reload()

    window.addEventListener("hashchange", common.proxy(reopen))
