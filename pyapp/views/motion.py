"""Motion on the tables: cards that slide, tricks that sweep, chips that fly (Web Animations).

Every animation here is decoration: it never blocks a click or a key (the nodes stay live, and
flying copies live in a layer that ignores the pointer). Durations scale with the table's speed
setting; ``prefers-reduced-motion: reduce`` turns all of it off. Each animation started bumps
``<html data-motion-count>``, which tests read to tell that motion happened (or did not).
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

SLIDE_MS = 320.0
"""A played card travelling from its seat to the trick."""
HOLD_S = 1.0
"""How long a finished trick stays on the table before it sweeps to its winner."""
SWEEP_MS = 480.0
"""A finished trick travelling to its winner."""
CHIP_MS = 520.0
"""Chips travelling to the pot, or the pot to its winner."""

Rect = tuple[float, float, float, float]
"""``(left, top, width, height)`` in viewport pixels."""


def _js(value: object) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


def rect_of(node: Any) -> Rect | None:
    """The on-screen box of ``node`` (``None`` when it is missing or not laid out)."""
    if not node:
        return None
    box = node.getBoundingClientRect()
    if float(box.width) == 0 and float(box.height) == 0:
        return None
    return float(box.left), float(box.top), float(box.width), float(box.height)


class Motion:
    """The animations of one table page, scaled by ``factor`` (0 = none)."""

    def __init__(self) -> None:
        self.factor = 1.0
        self.busy_until = 0.0
        self._layer: Any = None
        self._tasks: set[Any] = set()
        self._query = window.matchMedia("(prefers-reduced-motion: reduce)")

    @property
    def enabled(self) -> bool:
        """Whether animations run: motion not reduced by the user and a non-zero speed factor."""
        return self.factor > 0 and not bool(self._query.matches)

    def hold_seconds(self) -> float:
        """How long a finished trick stays (scaled by the speed; shorter without motion)."""
        return HOLD_S * self.factor

    def sweep_seconds(self) -> float:
        """How long the sweep of a finished trick takes (0 without motion)."""
        return SWEEP_MS * self.factor / 1000 if self.enabled else 0.0

    def keep_busy(self, seconds: float) -> None:
        """Ask the computer players to wait ``seconds`` from now (a trick on show, chips flying)."""
        self.busy_until = max(self.busy_until, time.monotonic() + seconds)

    async def idle(self) -> None:
        """Wait until the table's motion of the moment is over (a constant for every trick, T11)."""
        left = self.busy_until - time.monotonic()
        if left > 0:
            await asyncio.sleep(left)

    def later(self, seconds: float, callback: Callable[[], None]) -> Any:
        """Call ``callback`` after ``seconds`` (on the page's event loop); returns the task."""

        async def wait_then() -> None:
            await asyncio.sleep(seconds)
            try:
                callback()
            except Exception:  # noqa: BLE001 - a failure must be visible, never silent
                from pyapp.views.common import show_error

                show_error(traceback.format_exc())

        task = asyncio.ensure_future(wait_then())
        self._tasks.add(task)  # keep it referenced until it ran
        task.add_done_callback(self._tasks.discard)
        return task

    # -- helpers -------------------------------------------------------------------------------------
    def _count(self) -> None:
        root = document.documentElement
        root.setAttribute("data-motion-count", str(int(root.getAttribute("data-motion-count") or 0) + 1))

    def layer(self) -> Any:
        """A fixed, pointer-transparent layer above the page for flying copies."""
        if self._layer is None or not self._layer.isConnected:
            layer = document.createElement("div")
            layer.className = "motion-layer"
            layer.setAttribute("aria-hidden", "true")
            document.body.appendChild(layer)
            self._layer = layer
        return self._layer

    # -- animations ----------------------------------------------------------------------------------
    def slide_in(self, node: Any, source: Rect | None, ms: float = SLIDE_MS) -> None:
        """Move ``node`` from ``source`` to where it now is (FLIP): a card reaching the trick."""
        target = rect_of(node)
        if not self.enabled or source is None or target is None:
            return
        dx = source[0] + source[2] / 2 - (target[0] + target[2] / 2)
        dy = source[1] + source[3] / 2 - (target[1] + target[3] / 2)
        scale = max(0.3, min(1.6, source[2] / target[2])) if target[2] else 1.0
        frames = [
            {"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale({scale:.2f})", "opacity": 0.6},
            {"transform": "none", "opacity": 1},
        ]
        node.animate(_js(frames), _js({"duration": ms * self.factor, "easing": "cubic-bezier(.2,.7,.3,1)"}))
        self._count()

    def fly(self, nodes: list[Any], target: Rect | None, ms: float = SWEEP_MS) -> None:
        """Copies of ``nodes`` travel from where they are to ``target`` and fade: a trick swept away."""
        if not self.enabled or target is None:
            return
        layer = self.layer()
        tx, ty = target[0] + target[2] / 2, target[1] + target[3] / 2
        for node in nodes:
            box = rect_of(node)
            if box is None:
                continue
            copy = node.cloneNode(True)
            copy.removeAttribute("id")
            copy.classList.add("flying")
            style = copy.style
            style.left = f"{box[0]:.1f}px"
            style.top = f"{box[1]:.1f}px"
            style.width = f"{box[2]:.1f}px"
            style.height = f"{box[3]:.1f}px"
            layer.appendChild(copy)
            dx, dy = tx - (box[0] + box[2] / 2), ty - (box[1] + box[3] / 2)
            frames = [
                {"transform": "none", "opacity": 1},
                {"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale(0.35)", "opacity": 0.15},
            ]
            animation = copy.animate(
                _js(frames), _js({"duration": ms * self.factor, "easing": "ease-in", "fill": "forwards"})
            )
            animation.onfinish = _remover(copy)
            self._count()

    def chips(self, source: Rect | None, target: Rect | None, count: int = 3, ms: float = CHIP_MS) -> None:
        """A few chips travel from ``source`` to ``target`` (a bet to the pot, the pot to a winner)."""
        if not self.enabled or source is None or target is None:
            return
        layer = self.layer()
        sx, sy = source[0] + source[2] / 2, source[1] + source[3] / 2
        tx, ty = target[0] + target[2] / 2, target[1] + target[3] / 2
        for k in range(max(1, min(count, 6))):
            chip = document.createElement("span")
            chip.className = "chip flying"
            chip.style.left = f"{sx - 9 + 5 * k:.1f}px"
            chip.style.top = f"{sy - 9 - 3 * k:.1f}px"
            layer.appendChild(chip)
            frames = [
                {"transform": "none", "opacity": 1},
                {"transform": f"translate({tx - sx:.1f}px, {ty - sy:.1f}px)", "opacity": 0.9},
            ]
            animation = chip.animate(
                _js(frames),
                _js(
                    {
                        "duration": ms * self.factor,
                        "delay": 60 * k * self.factor,
                        "easing": "ease-in-out",
                        "fill": "forwards",
                    }
                ),
            )
            animation.onfinish = _remover(chip)
            self._count()


def _remover(node: Any) -> Any:
    """A JavaScript callback that removes ``node`` (kept alive until it ran)."""
    from pyodide.ffi import create_once_callable

    return create_once_callable(lambda *_args: node.remove())
