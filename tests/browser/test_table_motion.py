"""Motion on the tables (issue 11): cards slide, tricks hold then sweep, chips fly; input never waits.

These tests ask for ``prefers-reduced-motion: no-preference``; the others run reduced, and the
whole-hand keyboard tests (test_tables_v2.py) check that no animation at all starts then. ``<html data-motion-count>`` counts the
animations a table started; ``document.getAnimations()`` shows their durations.
"""

from __future__ import annotations

import random
import time

from pyapp.session import TableSession, make_bot
from tests.browser.tablecheck import saved, seed
from tests.browser.test_poker_table import seeded_session
from tests.views.test_tricks import tressette_winning

MOTION = "Number(document.documentElement.dataset.motionCount || 0)"
DURATIONS = "window.__durations"
RECORD_DURATIONS = """
window.__durations = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__durations.push(typeof options === "number" ? options : options.duration);
  return animate.call(this, frames, options);
};
"""
"""Counts every animation's duration as it starts (finished animations leave ``getAnimations()``)."""


def south_wins_with_the_fourth_card() -> tuple[str, str]:
    """A saved match where S plays the fourth card of a trick and ``card`` wins it (S leads next)."""
    rng = random.Random(8)
    bot = make_bot("tressette", "rule")
    for _ in range(50):
        table = TableSession.new("tressette", humans=(2,), rng=rng)
        state = table.state
        while not state.is_terminal() and len(state.history) < 60:
            if state.current_player() == 2:
                snap = table.snapshot()
                current = snap["tricks"]["current"]
                if len(current) == 3:
                    for action in snap["legal"]:
                        card = action.split()[0]
                        if tressette_winning([*current, {"seat": "S", "card": card}]) == "S":
                            return table.save(), card
                state.apply(bot.choose(state.info_state(2), rng))
            else:
                table.step()
    raise AssertionError("no deal found where S wins a trick with the fourth card")


def test_cards_slide_the_trick_holds_and_the_human_may_lead_at_once(open_page, new_context) -> None:
    text, card = south_wins_with_the_fourth_card()
    context = new_context(reduced_motion="no-preference")
    context.add_init_script(RECORD_DURATIONS)
    seed(context, "circolo.save.tressette", text)
    seed(context, "circolo.tressette.prefs", "calls=never")
    watch = open_page("tressette.html", context=context)  # normal speed: the trick stays 1 s
    page = watch.page
    assert page.locator(".trick .played.is-led").count() == 1
    assert page.locator(".trick .played.is-winning").count() == 1
    page.locator(f".hand-own [data-card='{card}']").click()
    # The card slides in (320 ms at normal speed), then the finished trick is held, marked as S's.
    page.wait_for_function(f"{MOTION} >= 1")
    assert 320 in page.evaluate(DURATIONS)
    held = page.locator(".trick[data-state=held]")
    assert held.count() == 1 and held.locator(".played.is-winning[data-seat=S]").count() == 1
    assert "Prendi tu la presa." in page.locator("#hand-log").inner_text()
    # S leads at once: the held trick never delays a move the human may make.
    before = saved(page, "tressette")
    lead = page.locator(".hand-own .card-button:not([aria-disabled=true])").first
    code = lead.get_attribute("data-card")
    lead.click()
    page.wait_for_function(
        "([k, b]) => localStorage.getItem(k) !== b", arg=["circolo.save.tressette", before], timeout=600
    )  # well within the 1 s the finished trick stays on show
    assert f"\nS {code}\n" in saved(page, "tressette")
    page.wait_for_selector(f".trick[data-state=current] [data-card='{code}']")
    # When the next trick is finished it sweeps to its winner: copies fly in the motion layer.
    page.wait_for_selector(".motion-layer .flying", state="attached", timeout=30_000)
    watch.assert_clean()


def test_speed_scales_motion_and_chips_fly_to_the_pot(open_page, new_context) -> None:
    context = new_context(reduced_motion="no-preference")
    context.add_init_script(RECORD_DURATIONS)
    seed(context, "circolo.save.poker", seeded_session().save())
    watch = open_page("poker.html?fast", context=context)
    page = watch.page
    assert page.evaluate(MOTION) == 0
    page.locator("[data-quick=min]").click()
    page.locator("#amount-submit").click()
    page.wait_for_function(f"{MOTION} >= 2")
    chips = page.evaluate(DURATIONS)
    assert chips and max(chips) <= 520 * 0.3 + 1  # ?fast: the chips' 520 ms scaled down
    watch.assert_clean()


RECORD_CHIPS = """
window.__chips = [];
const animateChip = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  if (this.classList.contains('chip')) {
    const x = parseFloat(this.style.left) + 9, y = parseFloat(this.style.top) + 9;
    const m = /translate\\((-?[\\d.]+)px, (-?[\\d.]+)px\\)/.exec(frames[1].transform);
    const box = (n) => n && n.getBoundingClientRect().toJSON();
    const seats = Object.fromEntries([...document.querySelectorAll('.pk-seat')].map(n => [n.dataset.seat, box(n)]));
    window.__chips.push({x, y, to: [x + parseFloat(m[1]), y + parseFloat(m[2])], seats, pot: box(document.getElementById('pot'))});
  }
  return animateChip.call(this, frames, options);
};
"""
"""Where each chip starts its flight and where it ends, with where the seats and the pot were as it took
off (viewport coordinates, like the fixed flying layer): a seat's box changes size once the hand's
summary shows (a showdown's cards folded away), after the chips have taken aim at it."""


def test_the_pot_flies_to_its_winner(open_page, new_context) -> None:
    context = new_context(reduced_motion="no-preference")
    context.add_init_script(RECORD_CHIPS)
    seed(context, "circolo.save.poker", seeded_session().save())
    watch = open_page("poker.html?fast", context=context)
    page = watch.page
    winner = None
    deadline = time.time() + 100
    while time.time() < deadline:
        if page.locator("#next-hand").count():
            hands = TableSession.load(saved(page, "poker")).state.result()["hands"]
            winner = next((pot["winner"] for pot in hands[-1]["pots"] if pot.get("winner")), None)
            if winner:
                break
            page.evaluate("window.__chips = []")
            page.locator("#next-hand").click()  # nobody won a pot (passed, parola): the next hand
            continue
        if not page.locator(".dock[data-turn=true]").count():
            page.wait_for_timeout(50)
            continue
        if page.locator("#draw-submit").count():
            page.locator(".pk-hand .card-button").last.click()
            page.locator("#draw-submit").click()
        elif page.locator("#call, #show, #rebuy, #no-cut, #stay").count():
            page.locator("#call, #show, #rebuy, #no-cut, #stay").first.click()
        elif page.locator("[data-quick=min]").count():
            page.locator("[data-quick=min]").click()
            page.locator("#amount-submit").click()
        else:
            page.locator("#check, #pass").first.click()
        page.wait_for_timeout(100)
    assert winner is not None, "no pot was won"
    # When the hand is won, chips fly from the pot to the winner's seat: they land by that seat, while
    # a bet's chips land on the pot (both as they were when the chips took off).
    landed = page.evaluate(
        """(winner) => window.__chips.map(c => {
          const dist = (r, [x, y]) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
          return [Math.round(dist(c.seats[winner], c.to)), Math.round(dist(c.pot, c.to))];
        })""",
        winner,
    )
    to_winner = [(seat, pot) for seat, pot in landed if seat <= 40 and seat < pot]
    assert len(to_winner) >= 5, landed
    watch.assert_clean()
