"""Checks shared by the table browser tests: the one-screen rule, axe, the hand's log, keyboard focus.

``one_screen(page)`` resizes the page to each of :data:`SIZES` and returns what needed for the
human's turn (the hand, the enabled controls of the dock or summary, the prompt and any refusal)
lies outside the viewport or needs scrolling. ``axe(page)`` runs axe-core (pinned in
package.json, injected by :func:`with_axe` before any page script, never shipped in dist/) and
returns the serious and critical violations.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import build

SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1366, 768), (390, 844), (360, 740))
"""The four screens of the one-screen rule (issue 11)."""

AXE = build.NODE_MODULES / "axe-core" / "axe.min.js"

OFF_SCREEN = """({sel, wide}) => {
  const out = [];
  const W = window.innerWidth, H = window.innerHeight;
  for (const s of sel) {
    for (const el of document.querySelectorAll(s)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > H + 0.5 || r.right > W + 0.5) {
        out.push(`${s} ${el.id || el.dataset.card || el.textContent.trim().slice(0, 30)} ` +
                 `[${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.right)}x${Math.round(r.bottom)}] in ${W}x${H}`);
      }
    }
  }
  if (wide && document.scrollingElement.scrollWidth > W + 0.5)
    out.push(`${document.scrollingElement.scrollWidth}px wide in ${W}x${H}`);
  if (window.scrollY !== 0) out.push(`page scrolled to ${window.scrollY}`);
  return out;
}"""
"""What of the elements matching the selectors ``sel`` lies outside the viewport, and whether the
page is scrolled (``wide``: also whether it needs scrolling sideways); one line each."""

NEEDED = (
    """() => {
  const out = ("""
    + OFF_SCREEN
    + """)({sel: [
    '.hand-own .card-button', '.hand-own .pk-card', '#status', '#table-alert:not(:empty)',
    '.dock button:not([disabled])', '.dock input', '.dock select',
    '.summary-actions button',
  ], wide: false});
  const W = window.innerWidth, H = window.innerHeight;
  // Bubbles, badges and the other seats' cards stay on the felt; nothing covers the trick counter.
  const felt = document.querySelector('.felt');
  if (felt) {
    const f = felt.getBoundingClientRect();
    for (const el of felt.querySelectorAll('.calls, .badge, .seat .backs')) {
      const r = el.getBoundingClientRect();
      if (r.left < f.left - 0.5 || r.right > f.right + 0.5 || r.top < f.top - 0.5 || r.bottom > f.bottom + 0.5)
        out.push(`off the felt: ${el.className} ${el.textContent.trim()} in ${W}x${H}`);
    }
    const counter = felt.querySelector('.trick-number');
    if (counter) {
      const c = counter.getBoundingClientRect();
      for (const el of felt.querySelectorAll('.seat .backs, .seat .seat-tags, .trick .played')) {
        const r = el.getBoundingClientRect();
        if (r.width && r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top)
          out.push(`the trick counter is covered by ${el.className} in ${W}x${H}`);
      }
    }
  }
  const hand = document.querySelectorAll('.hand-own .card-button, .hand-own .pk-card').length
    + document.querySelectorAll('.dock button:not([disabled])').length;
  return {out, hand};
}"""
)
"""The human's turn at a table: the hand, the enabled controls, the prompt and any refusal on screen,
the felt's boxes on the felt; ``{out, hand}`` (what is wrong, how many cards and controls there are)."""


def at_sizes(
    page: Any, check: Callable[[], list[str]], sizes: tuple[tuple[int, int], ...] = SIZES
) -> list[str]:
    """``check()`` at each size, the page scrolled to its top; what it found, the size restored."""
    original = page.viewport_size
    problems: list[str] = []
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(60)  # the resize listener fits the board to the new viewport
        problems += check()
    page.set_viewport_size(original)
    page.wait_for_timeout(60)
    return problems


def one_screen(page: Any, sizes: tuple[tuple[int, int], ...] = SIZES) -> list[str]:
    """What falls outside the viewport at each size (empty when the rule holds); restores the size."""

    def check() -> list[str]:
        found = page.evaluate(NEEDED)
        assert found["hand"] > 0 or page.locator(".summary").count(), "nothing to check: no hand, no control"
        return list(found["out"])

    return at_sizes(page, check, sizes)


def with_axe(context: Any) -> Any:
    """Make axe-core available in every page of ``context`` (an init script, outside the site)."""
    assert AXE.is_file(), "axe-core is missing: run `python3 build.py test` (npm ci installs it)"
    context.add_init_script(path=str(AXE))
    return context


def axe(page: Any, where: str) -> list[str]:
    """Serious and critical axe violations on the page now, described for an assertion message."""
    found = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => `${v.id} (${v.impact}): ` + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
        }"""
    )
    return [f"{where}: {line}" for line in found]


def axe_on_phone(page: Any, where: str) -> list[str]:
    """:func:`axe` at 390x844 with the "how to play" and settings panels open, then back as it was."""
    original = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(60)
    opened = []
    for panel in ("#howto", "#settings-panel"):
        if page.locator(f"{panel}:not([open])").count():
            page.locator(f"{panel} > summary").click()
            opened.append(panel)
    found = axe(page, f"{where} (phone, panels open)")
    for panel in opened:
        page.locator(f"{panel} > summary").click()
    page.set_viewport_size(original)
    page.wait_for_timeout(60)
    return found


BAD_WORDING = re.compile(
    r"\bda:? Tu\b|\bTu vince\b|\bvince Tu\b|\(Tu\)|\bvince (loro|noi)\b|[+\u2212-]1 mani\b|\b1 prese\b"
    r"|-0[.,]\d|\bby:? You\b|\bYou wins\b|\b1 tricks\b"
)
"""The wordings issue 11 found: «vinta da Tu», «Tu vince», «mazziere (Tu)», «vince loro», «+1 mani»,
"-0.01" (a hyphen, not a minus), "won by You", "You wins"; and «1 prese» / "1 tricks"."""

TEXTS = """() => {
  const out = document.body.innerText.split('\\n');
  for (const el of document.querySelectorAll('[aria-label], [alt], [title]'))
    for (const a of ['aria-label', 'alt', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  for (const el of document.querySelectorAll('#score-sheet :is(th, td, p, li, h3)')) out.push(el.textContent);
  return out;
}"""
"""Every line of the page's text, every accessible name, and the score sheet's cells (open or not)."""


def bad_wording(page: Any) -> list[str]:
    """What the page says (text, accessible names, the score sheet) in a wording issue 11 forbids."""
    return [line.strip() for line in page.evaluate(TEXTS) if BAD_WORDING.search(line)]


def bad_wording_it_en(page: Any) -> list[str]:
    """:func:`bad_wording` in Italian, then again after switching the page to English (left so)."""
    found = [f"it: {line}" for line in bad_wording(page)]
    page.locator(".lang-button[data-lang=en]").click()
    page.wait_for_function(
        "document.getElementById('score-open').getAttribute('aria-label') === 'Score sheet'"
    )
    return found + [f"en: {line}" for line in bad_wording(page)]


def seed(context: Any, key: str, text: str) -> None:
    """Put ``text`` under ``localStorage[key]`` before the first page load (not after reloads)."""
    context.add_init_script(
        f"if (!sessionStorage.getItem('seeded:{key}')) {{ localStorage.setItem({json.dumps(key)}, {json.dumps(text)});"
        f" sessionStorage.setItem('seeded:{key}', '1'); }}"
    )


def log_lines(page: Any) -> list[str]:
    """The lines of the hand's log (the live region)."""
    return [line.strip() for line in page.locator("#hand-log li").all_inner_texts()]


def mark_log(page: Any) -> None:
    """Tag the live region's node, to prove later that it was never replaced."""
    page.evaluate("document.getElementById('hand-log').dataset.testMark = 'kept'")


def log_was_kept(page: Any) -> bool:
    """Whether the live region is still the node tagged by :func:`mark_log`."""
    return bool(page.evaluate("document.getElementById('hand-log').dataset.testMark === 'kept'"))


def tab_to(page: Any, selector: str, limit: int = 60) -> bool:
    """Press Tab (only the keyboard) until the focused element matches ``selector``."""
    for _ in range(limit):
        if page.evaluate(
            f"!!document.activeElement && document.activeElement.matches({json.dumps(selector)})"
        ):
            return True
        page.keyboard.press("Tab")
    return False


def saved(page: Any, game: str) -> str:
    """The game's save in the page's ``localStorage``."""
    return str(page.evaluate(f"localStorage.getItem('circolo.save.{game}')") or "")


def site_file_list(dist: Path) -> list[str]:
    """Every file of a built site, as relative paths."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
