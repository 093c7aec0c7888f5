"""The game moving on: the human's moves and undo, hand summaries, the computer players' loop and,
in practice games, "Suggest a move".

The loop runs chance and computer moves one at a time with a *fixed* delay (T11: the delay never
depends on a computer player's hand); a search player thinks one slice (about 5 ms) per event-loop
turn (``TableSession.think``), so the page never freezes, and a decision under way is dropped by
undo, a new game or leaving (the loop's generation counter). The advice is the hard player's
choice from the human's seat, sliced the same way, never played.
"""

from __future__ import annotations

import asyncio
import time
import traceback

from pyscript import window

from pyapp.session_types import Snapshot
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.table.base import snapshot_of
from pyapp.views.table.settings import TableSettings

MOVE_MARK = "circolo-computer-move"
"""Performance mark and measure around each computer player's thinking, from its first slice to
the move made (tests check that no long task falls inside; the render follows in its own task)."""

ADVICE_MARK = "circolo-advice"
"""Performance mark and measure around the thinking of "Suggest a move" (its first slice to the advice)."""


class TableMoves(TableSettings):
    """Moves, summaries, the computer players and the advice of a table."""

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        """Abandon the current game and start a fresh one (leaves replay mode)."""
        self._generation += 1
        self.running = False
        if self.replay:
            self.replay = False
            window.history.replaceState(None, "", window.location.pathname + window.location.search)
        self.session = self.fresh_session(options or self.default_options())
        self.advice = None
        self.acked_hands = 0
        self.notice = None
        self.error = None
        self.previous = None
        self.moved()

    def act(self, action: str) -> bool:
        """A human move: play it or show the rules' refusal; then let the computer players move."""
        if self.session is None or self.replay:
            return False
        answer = self.session.act(action, common.get_lang())
        if not answer["ok"]:
            self.error = str(answer["error"])
            self.render()
            return False
        self.error = None
        self.notice = None
        self.advice = None
        self.moved()
        return True

    def moved(self) -> None:
        """The game changed: save it, draw it, let the computer players go on."""
        self.save()
        self.render()
        self.schedule()

    def refuse(self, text: str) -> None:
        """Show ``text`` in the alert next to the hand (a move the table cannot make now)."""
        self.error = text
        self.render()

    def undo(self) -> None:
        """Take back to the human's previous decision."""
        if self.session is None or self.replay:
            return
        self._generation += 1
        self.running = False
        self.advice = None
        if self.session.undo():
            self.error = None
            self.save()
            played = self.hands_done(snapshot_of(self.session))
            self.acked_hands = min(self.acked_hands, played)
        self.render()
        self.schedule()

    def replay_step(self, position: int) -> None:
        """Show the replayed game after ``position`` actions."""
        if self.replay_full is None:
            return
        self.replay_pos = max(0, min(position, self.replay_full.move_count))
        self.session = self.replay_full.at_move(self.replay_pos)
        self.render()

    def confirm_new_game(self, snapshot: Snapshot) -> None:
        """Ask before abandoning a game in progress; start at once when it is over or untouched."""
        if snapshot["terminal"] or snapshot["moves"] < 4 or window.confirm(tr("table.confirm_new")):
            self.new_game()

    def can_undo(self, snapshot: Snapshot) -> bool:
        """Whether this table offers "undo": in practice games."""
        return self.practice(snapshot)

    # -- hand summaries ------------------------------------------------------------------------------
    def summary_waits(self, snapshot: Snapshot) -> bool:
        """Whether a finished hand's summary is waiting for the human's "Next hand"."""
        return self.hands_done(snapshot) > self.acked_hands

    def continue_after_summary(self) -> None:
        """The human has read the hand summary: the computer players go on with the next hand."""
        assert self.session is not None
        self.acked_hands = self.hands_done(snapshot_of(self.session, common.get_lang()))
        self.error = None
        self.render()
        self.schedule()

    # -- computer players ------------------------------------------------------------------------------
    def pause_before(self, snapshot: Snapshot) -> bool:
        """Whether the computer players wait for the human (by default: to read a hand summary)."""
        return self.summary_waits(snapshot)

    def schedule(self) -> None:
        """Start the computer players' loop unless it is running or nothing is due."""
        if self.running or self.session is None or self.replay or not self.session.pending():
            return
        self.running = True
        self._task = asyncio.ensure_future(self._run(self._generation))

    async def _run(self, generation: int) -> None:
        try:
            while self.session is not None and generation == self._generation and self.session.pending():
                snapshot = snapshot_of(self.session, common.get_lang())
                if self.pause_before(snapshot):
                    break
                chance = snapshot["to_act"] < 0
                await asyncio.sleep(0)  # a new turn: the last render's task ends here
                if generation != self._generation or self.session is None:
                    return
                started = time.monotonic()
                if not chance:
                    window.performance.mark(MOVE_MARK)
                if not await self.think(generation):
                    return
                if not chance:  # the thinking is over: the render below is a task of its own
                    window.performance.measure(MOVE_MARK, MOVE_MARK)
                    window.performance.clearMarks(MOVE_MARK)
                # the same delay for every move (T11): the thinking happened inside it
                thought = time.monotonic() - started
                await asyncio.sleep(max(0.0, (self.chance_delay if chance else self.bot_delay) - thought))
                if self.motion is not None:
                    await self.motion.idle()  # a finished trick on show: the same pause for every trick
                if generation != self._generation or self.session is None:
                    return
                self.save()
                self.render()
        except Exception:  # noqa: BLE001 - a failure must be visible, never a silent stall
            common.show_error(traceback.format_exc())
        finally:
            if generation == self._generation:
                self.running = False

    async def think(self, generation: int) -> bool:
        """Let the due computer (or chance) move be decided and made, one slice per event-loop
        turn; ``False`` if the loop went stale (undo, new game) or no such move was due.

        The move is made by the session at the end of the last slice, never after the
        generation changed: a stale decision is simply abandoned.
        """
        while True:
            if generation != self._generation or self.session is None:
                return False
            answer = self.session.think()
            if answer is None:
                return False
            if answer["done"]:
                return True
            await asyncio.sleep(0)  # one slice per turn: the page stays responsive

    # -- advice (practice) ----------------------------------------------------------------------------
    def advice_current(self, snapshot: Snapshot) -> str | None:
        """The advised action if it still applies to ``snapshot`` (the human's turn, same move)."""
        advice = self.advice
        if (
            advice is None
            or self.replay
            or not snapshot["human_turn"]
            or advice["moves"] != snapshot["moves"]
        ):
            return None
        return str(advice["action"])

    def suggest(self) -> None:
        """Ask the hard player for a move from the human's seat (practice): sliced, never played."""
        if self.session is None or self.replay or self.advising:
            return
        snapshot = snapshot_of(self.session, common.get_lang())
        if not self.advisable(snapshot) or not self.practice(snapshot):
            return
        self.advice = None
        self.advising = True
        self.render()
        self._advice_task = asyncio.ensure_future(self._advise(self._generation, snapshot["moves"]))

    async def _advise(self, generation: int, moves: int) -> None:
        """Run the advice to its end (or until the game moves on), then show it."""
        await asyncio.sleep(0)  # the click's own task (and its render) ends here
        try:
            await self._advice_slices(generation, moves)
        except Exception:  # noqa: BLE001 - a failure must be visible, never a silent stall
            common.show_error(traceback.format_exc())
        self.advising = False
        await asyncio.sleep(0)  # the advice is shown in a task of its own
        self.render()  # also after a new game or an undo: the button leaves its busy state

    async def _advice_slices(self, generation: int, moves: int) -> None:
        window.performance.mark(ADVICE_MARK)
        while True:
            session = self.session
            if generation != self._generation or session is None or session.move_count != moves:
                return
            answer = session.suggest()
            if answer is None:
                return
            if answer["done"]:
                window.performance.measure(ADVICE_MARK, ADVICE_MARK)
                window.performance.clearMarks(ADVICE_MARK)
                self.advice = {"action": answer["action"], "moves": answer["moves"]}
                self.show_advice(str(answer["action"]))
                return
            await asyncio.sleep(0)  # one slice per turn

    def advisable(self, snapshot: Snapshot) -> bool:
        """Whether "Suggest a move" may answer now: the human's turn at a real decision
        (subclasses leave out cuts and the like)."""
        return bool(snapshot["human_turn"])

    def show_advice(self, action: str) -> None:
        """Prepare the controls for the advised ``action`` without playing it (subclasses: e.g.
        fill in an amount or mark the cards to change)."""

    def advice_text(self, snapshot: Snapshot, action: str) -> str:
        """The advised action in words (subclasses; the default plays a card)."""
        return tr("table.suggest.play", card=action)

    def advice_targets(self, snapshot: Snapshot, action: str) -> list[str]:
        """CSS selectors of what to highlight for ``action`` (the default: the card to play)."""
        code = action.split(" ")[0]
        return [f'.hand-own [data-card="{code}"]']
