"""Sharing from a table: the game so far or one hand as a short replay link, the hands to share
under the score sheet, and, in a game played on from a replay, the way back to the saved game.

The link is shared with the browser's share sheet where there is one, else copied (see
:mod:`pyapp.views.share`); a record no link can hold is refused with its reason.
"""

from __future__ import annotations

import asyncio

from pyapp.links.session import LinkError, game_fragment, hand_fragment_of, hands_of
from pyapp.session_types import Snapshot
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.share import absolute, share_url
from pyapp.views.table.moves import TableMoves
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button


class TableSharing(TableMoves):
    """Links to the game and its hands, and the hooks that offer them."""

    def install_sharing(self) -> None:
        """Add the sharing actions to this table (its own copies of the hook lists): "share this
        hand" on each hand summary, the hands to share under the score sheet, the note of a game
        played on."""
        common.ensure_stylesheet("./static/replay.css")
        own = self.__dict__  # per table: the class lists stay as the tables declare them
        own["summary_hooks"] = [*self.summary_hooks, self.share_hand_button]
        own["sheet_hooks"] = [*self.sheet_hooks, self.share_sheet]
        own["toolbar_hooks"] = [*self.toolbar_hooks, self.playon_note]

    def copy_link(self) -> None:
        """The table's "share the game": the whole game so far, as a short replay link."""
        if self.session is None:
            return
        try:
            url = absolute(game_fragment(self.session))
        except LinkError as exc:  # a record no link can hold (links.unlinkable)
            self.refuse(exc.message(common.get_lang()))
            return
        asyncio.ensure_future(share_url(self, url, tr("links.share.title_game")))

    def share_hand(self, number: int | None = None) -> None:
        """Share one hand of the game at the table (default: the last one dealt)."""
        if self.session is None:
            return
        try:
            path = hand_fragment_of(self.session, number)
        except LinkError as exc:  # a record no link can hold (links.unlinkable)
            self.refuse(exc.message(common.get_lang()))
            return
        if path is None:
            return
        asyncio.ensure_future(share_url(self, absolute(path), tr("links.share.title")))

    def share_hand_button(self, snapshot: Snapshot) -> VNode | None:
        """The "share this hand" action of a hand summary."""
        if not snapshot.get("moves"):
            return None
        return button(tr("links.share.hand"), lambda _e: self.share_hand(), ident="share-hand", quiet=True)

    def share_sheet(self, snapshot: Snapshot) -> VNode | None:
        """Under the score sheet: every hand played so far, each with a "share" button."""
        if self.session is None or self.replay:
            return None
        hands = [hand for hand in hands_of(self.session) if hand["complete"] and hand["moves"] > 1]
        if not hands:
            return None
        return h(
            "section",
            h("h3", text=tr("links.share.sheet_title")),
            h(
                "ul",
                *[
                    h(
                        "li",
                        h(
                            "button",
                            cls="button button-quiet button-small",
                            text=tr("links.share.hand_n", n=hand["number"]),
                            attrs={"type": "button", "data-share-hand": hand["number"]},
                            on={"click": common.bind(self.share_hand, hand["number"])},
                        ),
                        key=f"share-{hand['number']}",
                    )
                    for hand in hands
                ],
                cls="share-hands",
            ),
            cls="share-sheet",
            key="share-sheet",
        )

    def playon_note(self, snapshot: Snapshot) -> VNode | None:
        """In a game played on from a replay: say so, with a link back to the saved game."""
        if not self.playon:
            return None
        return h(
            "p",
            tr("links.playon.notice"),
            " ",
            h("a", text=tr("links.playon.back"), attrs={"href": f"./{self.game}.html", "id": "playon-back"}),
            cls="playon-note",
            key="playon-note",
        )
