"""Drawing a table: the page as a virtual tree, patched in place.

The controller lays out the slim score bar, the board sized to the viewport, the side column
(the hand's log, the game's panels, the toolbar, how to play, the settings) and the score-sheet
``<dialog>``; a game view draws the board and fills in the words (``board``, ``score_items``,
``score_sheet``, ``log_entries``, ``status_text``, ``side_panels``). Nodes that stay keep their
identity (focus, scroll, open panels); one live region, the hand's log (``role="log"``),
announces every move, trick, score change and "your turn"; refusals go to an alert next to the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from pyapp.session import normalize_level
from pyapp.session_types import Snapshot
from pyapp.views import common
from pyapp.views.cardviews import hand_button, hand_keys
from pyapp.views.common import tr
from pyapp.views.table.base import snapshot_of
from pyapp.views.table.sharing import TableSharing
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button, folded

ICONS: dict[str, str] = {
    "first": "M5 5h2.5v14H5zM19 5v14L9 12z",
    "back": "M17 5v14L7 12z",
    "forward": "M7 5l10 7-10 7z",
    "last": "M5 5l10 7-10 7zM16.5 5H19v14h-2.5z",
    "sheet": "M5 3h14v18H5zM8 7v2h8V7zm0 4v2h8v-2zm0 4v2h5v-2z",
}
"""Our own icons (SVG path data on a 24x24 grid): symbols such as ⏮ are missing from some fonts."""


def icon(name: str) -> VNode:
    """An inline SVG icon, hidden from assistive technology (the button carries the words)."""
    return h(
        "svg",
        h("path", attrs={"d": ICONS[name], "fill": "currentColor"}),
        cls="icon",
        attrs={
            "viewBox": "0 0 24 24",
            "width": 18,
            "height": 18,
            "aria-hidden": "true",
            "focusable": "false",
        },
    )


def score_item(
    label: str, value: str, cls: str, attrs: dict[str, str | int | bool | None] | None = None
) -> VNode:
    """One score of the score bar: a short name (class ``label``) and its number in bold."""
    return h("span", h("span", text=label, cls="label"), " ", h("strong", text=value), cls=cls, attrs=attrs)


class TableRendering(TableSharing):
    """The page of a table, drawn from the current snapshot."""

    def render(self) -> None:
        """Patch the table to the current snapshot, keeping focus, scroll and open panels."""
        if self.session is None or self.patcher is None:
            return
        root = common.app_root()
        active = document.activeElement
        focus_inside = bool(active) and bool(root.contains(active)) and not active.isSameNode(root)
        focus_index = str(active.getAttribute("data-index") or "") if focus_inside else ""
        log = common.by_id("hand-log")
        at_bottom = not log or float(log.scrollTop) + float(log.clientHeight) >= float(log.scrollHeight) - 24
        snapshot = snapshot_of(self.session, common.get_lang())
        self.before_patch(snapshot)
        self.patcher.patch(self.page(snapshot))
        self.mark_advice(snapshot)
        self.fit()
        self.after_patch(self.previous, snapshot)
        self.previous = snapshot
        log = common.by_id("hand-log")
        if log and at_bottom:
            log.scrollTop = log.scrollHeight
        self.settle_focus(focus_inside, focus_index)

    def fit(self) -> None:
        """Size the board to the viewport below it (``--board-top``): the table is one screen."""
        board = common.app_root().querySelector(".board")
        if not board:
            return
        log = common.by_id("hand-log")
        if log and self._log_stick:
            log.scrollTop = log.scrollHeight
        top = float(board.getBoundingClientRect().top) + float(window.scrollY or 0)
        value = f"{top:.0f}px"
        root = common.app_root()
        if str(root.style.getPropertyValue("--board-top")) != value:
            root.style.setProperty("--board-top", value)

    def before_patch(self, snapshot: Snapshot) -> None:
        """Measure what animations need before the page changes (subclasses)."""

    def after_patch(self, previous: Snapshot | None, snapshot: Snapshot) -> None:
        """Start animations for what changed between ``previous`` and ``snapshot`` (subclasses)."""

    def settle_focus(self, had_focus: bool, index: str) -> None:
        """Focus a new summary's button once; if the focused element went away, focus a neighbour."""
        root = common.app_root()
        auto = root.querySelector("[data-autofocus]")
        if auto:
            key = f"{auto.getAttribute('data-autofocus')}:{self.acked_hands}:{self._generation}"
            if key != self._autofocused:
                self._autofocused = key
                auto.focus()
                return
        else:
            self._autofocused = ""
        active = document.activeElement
        if not had_focus or (active and root.contains(active) and not active.isSameNode(root)):
            return
        cards = list(root.querySelectorAll(".hand-own .card-button"))
        if cards:
            position = int(index) if index.isdigit() else 0
            cards[max(0, min(len(cards) - 1, position))].focus()
            return
        target = root.querySelector(".dock button, .dock input, #status")
        if target:
            target.focus()

    def page(self, snapshot: Snapshot) -> list[VNode]:
        """The whole table: title, score bar, the play area, the side column, the score sheet."""
        turn = snapshot["human_turn"] and not self.replay
        return [
            h("h1", cls="page-title visually-hidden", text=tr(f"ui.game.{self.game}.name"), key="title"),
            h(
                "div",
                self.score_bar(snapshot),
                h("div", self.board(snapshot), cls="tbl-play", key="play"),
                self.side(snapshot),
                cls=f"tbl tbl-{self.game}",
                key="tbl",
                attrs={"data-turn": "you" if turn else None, "data-replay": "true" if self.replay else None},
            ),
            self.score_dialog(snapshot),
        ]

    def board_frame(self, felt: VNode, dock: VNode, summary: VNode | None, kind: str) -> VNode:
        """The board of a game view (class ``board <kind>``): the felt, the dock with the human's
        hand, and a summary laid over them when there is one."""
        layer = h("div", summary, cls="summary-layer", key="summary-layer") if summary is not None else None
        return h(
            "div",
            felt,
            dock,
            layer,
            cls=f"board {kind}" + (" has-summary" if summary is not None else ""),
            key="board",
        )

    def board(self, snapshot: Snapshot) -> VNode:
        """The felt, the human's hand and the controls next to it (subclasses)."""
        raise NotImplementedError

    def status_text(self, snapshot: Snapshot) -> str:
        """The one-line prompt next to the hand: whose turn, what to do (subclasses)."""
        return ""

    def messages(self, snapshot: Snapshot) -> VNode:
        """Next to the hand: the prompt, the last refusal (alert) and any notice."""
        if self.replay:
            prompt = tr("table.replay.explain")
        elif self.summary_waits(snapshot):
            prompt = tr("table.summary_prompt")
        else:
            prompt = self.status_text(snapshot)
        advised = self.advice_current(snapshot)
        advice = None
        if advised is not None:
            text = tr("table.suggest.says", move=self.advice_text(snapshot, advised))
            advice = h("p", cls="table-advice", text=text, attrs={"id": "advice", "data-action": advised})
        notice = None
        if self.notice:
            key, params = self.notice
            notice = h("p", cls="table-notice", text=tr(key, **params), attrs={"role": "status"})
        return h(
            "div",
            h("p", cls="status", text=prompt, attrs={"id": "status", "tabindex": "-1"}),
            h("p", cls="table-alert", text=self.error or "", attrs={"role": "alert", "id": "table-alert"}),
            advice,
            notice,
            cls="table-messages",
            key="messages",
        )

    def mark_advice(self, snapshot: Snapshot) -> None:
        """Highlight the advised card or button (``.is-suggested``, ``data-suggested``)."""
        root = common.app_root()
        for node in root.querySelectorAll("[data-suggested]"):
            node.classList.remove("is-suggested")
            node.removeAttribute("data-suggested")
        action = self.advice_current(snapshot)
        if action is None:
            return
        for selector in self.advice_targets(snapshot, action):
            for node in root.querySelectorAll(selector):
                node.classList.add("is-suggested")
                node.setAttribute("data-suggested", "true")

    # -- the score bar and sheet ----------------------------------------------------------------------
    def score_items(self, snapshot: Snapshot) -> list[VNode]:
        """The slim score bar's content (subclasses)."""
        return []

    def score_sheet(self, snapshot: Snapshot) -> VNode:
        """The full score sheet shown in a dialog (subclasses)."""
        return h("p", text="")

    def score_bar(self, snapshot: Snapshot) -> VNode:
        """One slim line of score, with the full sheet a tap away."""
        return h(
            "section",
            h("div", *self.score_items(snapshot), self.level_item(snapshot), cls="scorebar-items"),
            h(
                "button",
                icon("sheet"),
                h("span", text=tr("table.sheet.open"), cls="label"),
                cls="button button-quiet button-small",
                attrs={
                    "type": "button",
                    "id": "score-open",
                    "aria-haspopup": "dialog",
                    "aria-label": tr("table.sheet.open"),
                },
                on={"click": lambda _e: self.open_sheet()},
            ),
            cls="scorebar",
            key="scorebar",
            attrs={"aria-label": tr("table.sheet.bar")},
        )

    def level_item(
        self, snapshot: Snapshot, tag: str = "span", cls: str = "score-meta score-level"
    ) -> VNode | None:
        """The computer players' level (each level once, in seat order): in the score bar, and on
        phones, where the bar has no room left, above the side column's toolbar."""
        levels: list[str] = []
        for kind in snapshot["players"]:
            level = normalize_level(kind)
            if kind != "human" and level not in levels:
                levels.append(level)
        if not levels:
            return None
        words = " / ".join(tr(f"table.level.{level}") for level in levels)
        return h(
            tag,
            text=tr("table.level.bar", level=words),
            cls=cls,
            attrs={"title": tr("table.level.bar_title", level=words), "data-levels": " ".join(levels)},
        )

    def open_sheet(self) -> None:
        """Open the score sheet dialog."""
        dialog = common.by_id("score-sheet")
        if dialog and not dialog.open:
            dialog.showModal()

    def score_dialog(self, snapshot: Snapshot) -> VNode:
        """The score sheet as a modal dialog (closed with its button or Escape)."""
        return h(
            "dialog",
            h("h2", text=tr("table.sheet.title"), attrs={"id": "score-title"}),
            h(
                "div",
                self.score_sheet(snapshot),
                *[node for hook in self.sheet_hooks if (node := hook(snapshot)) is not None],
                cls="sheet-body",
            ),
            h(
                "form",
                h("button", cls="button", text=tr("table.sheet.close"), attrs={"type": "submit"}),
                attrs={"method": "dialog"},
            ),
            cls="score-sheet",
            key="score-sheet",
            attrs={"id": "score-sheet", "aria-labelledby": "score-title"},
        )

    # -- the side column -------------------------------------------------------------------------------
    def side(self, snapshot: Snapshot) -> VNode:
        """The hand's log, the game's own panels, the toolbar, how to play and the settings."""
        return h(
            "aside",
            self.log_panel(snapshot),
            *self.side_panels(snapshot),
            self.level_item(snapshot, "p", "side-level"),
            self.toolbar(snapshot),
            self.howto(snapshot),
            self.settings_form(snapshot),
            cls="tbl-side",
            key="side",
            attrs={"aria-label": tr("table.side")},
        )

    def side_panels(self, snapshot: Snapshot) -> list[VNode]:
        """The game's own panels in the side column (subclasses)."""
        return []

    def log_entries(self, snapshot: Snapshot) -> list[tuple[str, str, str]]:
        """The hand so far as ``(key, text, kind)`` lines, oldest first (subclasses)."""
        return []

    def log_panel(self, snapshot: Snapshot) -> VNode:
        """The visible, scrollable log of the hand: also the one live region that announces moves."""
        entries = list(self.log_entries(snapshot))
        if snapshot["human_turn"] and not self.replay:
            entries.append((f"turn-{snapshot['moves']}", tr("table.your_turn"), "turn"))
        advised = self.advice_current(snapshot)
        if advised is not None:
            text = tr("table.suggest.says", move=self.advice_text(snapshot, advised))
            entries.append((f"advice-{snapshot['moves']}", text, "advice"))
        items = [h("li", text=text, cls=f"log-{kind}", key=key) for key, text, kind in entries]
        return h(
            "section",
            h("h2", text=tr("table.log"), attrs={"id": "hand-log-title"}),
            h(
                "div",
                h("ol", *items),
                cls="hand-log-list",
                attrs={
                    "id": "hand-log",
                    "role": "log",
                    "aria-live": "polite",
                    "aria-labelledby": "hand-log-title",
                    "tabindex": "0",
                },
            ),
            cls="log-box",
            key="log-box",
        )

    def toolbar(self, snapshot: Snapshot, undo: bool = True) -> VNode:
        """The buttons every table has: new game, undo, share replay link, speed; or replay steps."""
        bar = h("div", cls="table-toolbar", attrs={"role": "toolbar", "aria-label": tr("table.toolbar")})
        if self.replay:
            total = self.replay_full.move_count if self.replay_full else 0
            steps = (
                ("replay-start", "table.replay.start", 0, "first"),
                ("replay-back", "table.replay.back", self.replay_pos - 1, "back"),
                ("replay-forward", "table.replay.forward", self.replay_pos + 1, "forward"),
                ("replay-end", "table.replay.end", total, "last"),
            )
            for ident, key, target, name in steps:
                bar.append(
                    h(
                        "button",
                        icon(name),
                        h("span", text=tr(key)),
                        cls="button button-quiet",
                        attrs={
                            "type": "button",
                            "id": ident,
                            "disabled": target == self.replay_pos or not 0 <= target <= total,
                        },
                        on={"click": common.bind(self.replay_step, target)},
                    )
                )
            bar.append(
                h(
                    "span",
                    cls="replay-pos",
                    text=tr("table.replay.position", n=self.replay_pos, total=total),
                    attrs={"aria-live": "polite"},
                ),
                h("span", cls="badge", text=tr("table.replay.badge")),
                button(tr("table.replay.play_own"), lambda _e: self.new_game(), ident="play-own"),
            )
            return bar
        bar.append(button(tr("table.new_game"), lambda _e: self.confirm_new_game(snapshot), ident="new-game"))
        if undo and self.can_undo(snapshot):
            bar.append(
                button(
                    tr("table.undo"),
                    lambda _e: self.undo(),
                    ident="undo",
                    quiet=True,
                    disabled=snapshot["moves"] == 0,
                )
            )
        bar.append(self.suggest_button(snapshot))
        bar.append(
            button(tr("table.share"), lambda _e: self.copy_link(), ident="share", quiet=True),
            *[node for hook in self.toolbar_hooks if (node := hook(snapshot)) is not None],
            self.speed_control(),
        )
        return bar

    def suggest_button(self, snapshot: Snapshot) -> VNode | None:
        """ "Suggest a move" in practice games: enabled on the human's turn, busy while it thinks."""
        if self.replay or not self.practice(snapshot):
            return None
        return h(
            "button",
            cls="button button-quiet",
            text=tr("table.suggest.thinking") if self.advising else tr("table.suggest"),
            attrs={
                "type": "button",
                "id": "suggest",
                "disabled": not self.advisable(snapshot),
                "aria-busy": "true" if self.advising else None,
                "aria-describedby": "advice" if self.advice_current(snapshot) else None,
            },
            on={"click": lambda _e: self.suggest()},
        )

    def howto(self, snapshot: Snapshot) -> VNode:
        """A folded "How to play" panel: the game's rules in a few lines (``table.howto.<game>.N``)."""
        items = h("ul", cls="howto-list")
        number = 1
        while common.has_text(f"table.howto.{self.game}.{number}"):
            items.append(h("li", text=tr(f"table.howto.{self.game}.{number}")))
            number += 1
        extras = [node for hook in self.howto_hooks if (node := hook(snapshot)) is not None]
        return folded(tr("table.howto"), items, *extras, ident="howto", cls="settings-box howto")

    # -- the human's hand and the summaries -----------------------------------------------------------
    def card_button(
        self,
        card: Any,
        index: int,
        label: str,
        *,
        disabled: bool = False,
        pressed: bool | None = None,
        cls: str = "card-button",
        attrs: dict[str, str | int | bool | None] | None = None,
        on_click: Callable[[str], None] | None = None,
    ) -> VNode:
        """One card of the human's hand as a button: click/Enter/Space call ``click_card(code)``.

        ``disabled`` marks it ``aria-disabled`` (it stays clickable so the rules can say why not);
        ``pressed`` (``True``/``False``) makes it a toggle; arrow keys move along the hand.
        """
        return hand_button(
            card,
            index,
            label,
            on_click or self.click_card,
            disabled=disabled,
            pressed=pressed,
            cls=cls,
            attrs=attrs,
            on_keys=self.hand_keys,
        )

    def cut_slider(self, label: str, high: int, middle: int) -> VNode:
        """Where to cut: a slider from 1 to ``high`` (``#cut-point``, at ``middle``), its value beside it."""

        def moved(event: Any) -> None:
            out = common.by_id("cut-value")
            if out:
                out.textContent = str(event.target.value)

        return h(
            "label",
            label,
            " ",
            h(
                "input",
                attrs={"type": "range", "min": 1, "max": high, "value": middle, "id": "cut-point"},
                on={"input": moved},
            ),
            " ",
            h("output", text=str(middle), attrs={"id": "cut-value", "for": "cut-point"}),
            attrs={"for": "cut-point"},
        )

    def cut_here(self, _event: Any = None) -> None:
        """Cut where the slider says (the action ``cut N``)."""
        self.act(f"cut {int(common.need_id('cut-point').value)}")

    def click_card(self, code: str) -> None:
        """A card of the human's hand was clicked or activated (subclasses)."""
        raise NotImplementedError

    def hand_keys(self, event: Any) -> None:
        """Arrow keys move along the human's hand; Home/End jump to its ends (Enter/Space play)."""
        hand_keys(event)

    def summary_actions(self, snapshot: Snapshot) -> list[VNode]:
        """Extra actions of a hand summary (from :attr:`summary_hooks`)."""
        return [node for hook in self.summary_hooks if (node := hook(snapshot)) is not None]

    def next_hand_button(self, text: str | None = None) -> VNode:
        """The "Next hand" button of a summary (focused when the summary appears)."""
        return button(
            text or tr("table.next_hand"),
            lambda _e: self.continue_after_summary(),
            ident="next-hand",
            attrs={"data-autofocus": "next-hand"},
        )

    def new_game_button(self, text: str, ident: str = "new-match") -> VNode:
        """The "new game" button of a match summary (focused when the summary appears)."""
        return button(text, lambda _e: self.new_game(), ident=ident, attrs={"data-autofocus": ident})

    def summary_panel(
        self,
        snapshot: Snapshot,
        title: str,
        *body: VNode | None,
        key: str,
        first: VNode | None = None,
        after: VNode | None = None,
        cls: str = "summary",
        attrs: dict[str, str | int | bool | None] | None = None,
        title_id: str = "summary-title",
    ) -> VNode:
        """A summary over the felt: ``title``, ``body``, then ``first`` (next hand, new game) with the
        summary actions, then ``after`` (a match summary's last hand)."""
        actions = None
        if first is not None:
            actions = h("div", first, *self.summary_actions(snapshot), cls="panel-actions summary-actions")
        return h(
            "section",
            h("h2", text=title, attrs={"id": title_id}),
            *body,
            actions,
            after,
            cls=cls,
            key=key,
            attrs={"aria-labelledby": "summary-title", **(attrs or {})},
        )

    def match_over(
        self,
        snapshot: Snapshot,
        title: str,
        *body: VNode | None,
        new_text: str,
        new_id: str = "new-match",
        key: str = "match-summary",
        cls: str = "summary",
        after: VNode | None = None,
    ) -> VNode:
        """The end of a match (or of a poker session): ``title``, ``body``, "new game" and the
        summary actions, ``after``. Every game's end-of-match panel."""
        first = self.new_game_button(new_text, new_id)
        return self.summary_panel(snapshot, title, *body, key=key, first=first, after=after, cls=cls)
