"""The replay viewer, issue 19: the hand diagram (rows by suit, played cards struck, one line per
suit for a screen reader, the reader's choice remembered), poker stepping by round with the
hand's real end, and the labels and phone layouts the newcomer's walk found wanting.

The expected diagrams come from the engine (the cards held at a move and as dealt) and the
catalogs; the rank order of a suit row is the rules' trick order (T1 for Tressette).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pyapp.i18n import catalogs
from pyapp.links import hand_link, hand_spans
from pyapp.links.session import ReplaySession, open_link
from pyapp.record import read_record
from tests.browser.conftest import PageWatch
from tests.browser.tablecheck import axe, with_axe
from tests.links.helpers import record_of

IT = catalogs()["it"]
EN = catalogs()["en"]

TRESSETTE = record_of("tressette", 5, "rule", 0)
BOSTON = record_of("boston", 5, "rule", 0)
POKER = record_of("poker", 5, "rule", 0)

STRENGTH = {"tressette": "32ARCF7654", "boston": "AKQJT98765432"}
"""Strongest first: T1 (3 2 A R C F 7 6 5 4) and the French deck's order."""
SUITS = {"tressette": "dcsb", "boston": "shdc"}
DECK = {"tressette": "it", "boston": "fr"}
SEAT_NAMES = {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ovest"}

DIAGRAM = """() => {
  const out = {};
  for (const ul of document.querySelectorAll('.hand-diagram[data-seat]')) {
    const rows = {};
    for (const li of ul.querySelectorAll('li[data-suit]')) {
      rows[li.dataset.suit] = {
        order: [...li.querySelectorAll('.dg-card:not(.dg-void)')].map(e => e.textContent),
        kept: [...li.querySelectorAll('span.dg-card:not(.dg-void)')].map(e => e.textContent),
        gone: [...li.querySelectorAll('del.dg-card')].map(e => e.textContent),
        line: li.querySelector('.visually-hidden').textContent,
        hidden: li.querySelector('.dg-row').getAttribute('aria-hidden'),
      };
    }
    out[ul.dataset.seat] = rows;
  }
  return out;
}"""


def position(page: Any) -> str:
    return str(page.locator(".viewer-pos").inner_text())


def engine_hands(link: str, at: int) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(dealt, held): every seat's cards as dealt in the hand of ``link`` and as held at move ``at``."""
    session, _ = open_link(link)
    full: ReplaySession = session.at_move(session.total)
    held = full.at_move(at).snapshot("it")["hands"]
    for place in range(at + 1):
        dealt = full.at_move(place).snapshot("it")["hands"]
        if any(dealt.values()):
            return dealt, held
    raise AssertionError("no deal before the move")


def expected_line(game: str, seat: str, suit: str, kept: list[str], gone: list[str]) -> str:
    deck = DECK[game]

    def words(ranks: list[str]) -> str:
        return ", ".join(IT[f"card.{deck}.rank.{r}"].lower() for r in ranks)

    line = IT["links.viewer.diagram.line"].format(
        seat=SEAT_NAMES[seat],
        suit=IT[f"card.{deck}.suit.{suit}"],
        cards=words(kept) or IT["links.viewer.diagram.none"],
    )
    if gone:
        line += IT["links.viewer.diagram.played"].format(cards=words(gone))
    return line


def check_diagram(page: Any, game: str, link: str, at: int) -> None:
    """Every seat's rows agree with the engine: held cards plain, played ones struck, strongest first."""
    dealt, held = engine_hands(link, at)
    shown = page.evaluate(DIAGRAM)
    assert set(shown) == set(dealt) == {"N", "E", "S", "W"}
    struck = 0
    for seat, rows in shown.items():
        assert list(rows) == list(SUITS[game])
        for suit, row in rows.items():
            mine = sorted((c for c in dealt[seat] if c[1] == suit), key=lambda c: STRENGTH[game].index(c[0]))
            kept = [c[0] for c in mine if c in held[seat]]
            gone = [c[0] for c in mine if c not in held[seat]]
            assert row["order"] == [c[0] for c in mine], (seat, suit)
            assert row["kept"] == kept and row["gone"] == gone, (seat, suit)
            assert row["line"] == expected_line(game, seat, suit, kept, gone)
            assert row["hidden"] == "true"  # the letters are not read one by one
            struck += len(gone)
    assert struck == sum(len(c) for c in dealt.values()) - sum(len(c) for c in held.values()) > 0


def test_tressette_hand_diagram_at_both_sizes_with_axe(
    open_page: Callable[..., PageWatch], new_context: Callable[..., Any]
) -> None:
    link = hand_link(TRESSETTE, 2, at=14)
    watch = open_page(f"replay.html?fast#{link}", context=with_axe(new_context()))
    page = watch.page
    assert page.locator(".hand-diagram").count() == 0  # the cards view first
    assert page.locator("#hands-cards").get_attribute("aria-pressed") == "true"
    page.locator("#hands-diagram").click()
    assert page.locator("#hands-diagram").get_attribute("aria-pressed") == "true"
    assert (
        page.locator(".felt .open-hand").count() == 0 and page.locator(".hand-own .card-button").count() == 0
    )
    check_diagram(page, "tressette", link, 14)
    # the suit symbols of the Italian deck are their aces' art; played cards are struck, not only greyed
    assert page.locator(".hand-diagram .dg-suit-it img").count() == 16
    assert (
        page.locator(".hand-diagram del.dg-card").first.evaluate(
            "e => getComputedStyle(e).textDecorationLine"
        )
        == "line-through"
    )
    # the trick in the middle stays, and stepping redraws the rows
    assert page.locator(".trick .played").count() == 4
    page.keyboard.press("ArrowRight")
    assert position(page) == "Mossa 15 di 42"
    check_diagram(page, "tressette", link, 15)
    problems = axe(page, "diagram 1280x720")
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(80)
        problems += axe(page, f"diagram {width}x{height}")
        for seat in "NWES":  # a row of a side seat fits its column: no letter falls off the diagram
            box = page.locator(f".hand-diagram[data-seat='{seat}']").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert problems == []
    # one line per suit in the accessibility tree, seat by seat
    tree = page.locator(".seat-west .hand-diagram").aria_snapshot()
    items = [line for line in tree.splitlines() if line.strip().startswith("- listitem")]
    assert tree.splitlines()[0].startswith('- list "Mano di Ovest"')
    assert len(items) == 4 and all("Ovest, " in item for item in items), tree
    assert all(re.search(r"Ovest, (denari|coppe|spade|bastoni): ", item) for item in items)
    watch.assert_clean()


def test_the_choice_of_diagram_or_cards_is_remembered(
    open_page: Callable[..., PageWatch], new_context: Callable[..., Any]
) -> None:
    context = new_context()
    link = hand_link(TRESSETTE, 3, at=10)
    watch = open_page(f"replay.html?fast#{link}", context=context)
    page = watch.page
    page.locator("#hands-diagram").click()
    assert page.locator(".hand-diagram").count() == 4
    page.reload()
    watch.wait_ready()
    assert page.locator("#hands-diagram").get_attribute("aria-pressed") == "true"
    assert page.locator(".hand-diagram").count() == 4
    # another replay (another game) opens with the same choice
    watch.goto(f"replay.html?fast#{hand_link(BOSTON, 1)}")
    assert page.locator(".hand-diagram").count() == 4
    page.locator("#hands-cards").click()
    assert page.locator(".hand-diagram").count() == 0
    page.reload()
    watch.wait_ready()
    assert page.locator(".hand-diagram").count() == 0 and page.locator(".felt .open-hand").count() == 3
    assert page.locator("#hands-cards").get_attribute("aria-pressed") == "true"
    watch.assert_clean()


def boston_link() -> tuple[str, int]:
    state = read_record(BOSTON).state
    played = next(s for s in hand_spans(state) if s.end - s.first > 20)  # a hand with a contract
    return hand_link(BOSTON, played.number, at=30), 30


def lines_of(page: Any, selector: str) -> float:
    """How many lines of text ``selector`` takes (its height over its line height)."""
    return float(
        page.locator(selector).evaluate(
            "e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)"
        )
    )


IN_VIEW = """s => {
  const r = document.querySelector(s).getBoundingClientRect();
  return window.scrollY === 0 && r.width > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
}"""
"""Whether the element ``s`` is shown inside the viewport of the page scrolled to its top."""


def test_boston_diagram_and_compact_boxes_on_phones(
    open_page: Callable[..., PageWatch], new_context: Any
) -> None:
    link, at = boston_link()
    context = new_context(viewport={"width": 390, "height": 844})
    context.add_init_script("localStorage.setItem('circolo.replay.hands', 'diagram')")
    watch = open_page(f"replay.html?fast#{link}", context=context)
    page = watch.page
    check_diagram(page, "boston", link, at)
    symbols = page.locator(".hand-diagram[data-seat='N'] .dg-suit").all_inner_texts()
    assert symbols == ["\u2660", "\u2665", "\u2666", "\u2663"]
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(80)
        # the trump box in at most three short lines; the trick counter and the position on one line
        assert lines_of(page, ".trump-info .trump-lines") <= 3.2, (width, height)
        assert lines_of(page, ".trick-number") <= 1.2, (width, height)
        assert lines_of(page, ".viewer-pos") <= 1.2, (width, height)
    watch.assert_clean()


def test_trick_counter_does_not_wrap_on_phones(open_page: Callable[..., PageWatch], new_context: Any) -> None:
    link = hand_link(TRESSETTE, 2, at=40)  # trick 10 of 10: the longest counter
    watch = open_page(f"replay.html?fast#{link}", context=new_context(viewport={"width": 390, "height": 844}))
    page = watch.page
    counter = page.locator(".trick-number")
    # the full words for a screen reader, "10/10" to see
    assert counter.text_content() == IT["table.trick_n"].format(n=10, total=10) + "10/10"
    assert page.locator(".trick-number .trick-n-short").get_attribute("aria-hidden") == "true"
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(80)
        assert page.locator(".trick-number .trick-n-short").is_visible()
        long = page.locator(".trick-number .trick-n-long").bounding_box()
        assert long is not None and long["width"] <= 1 and long["height"] <= 1  # for screen readers only
        assert lines_of(page, ".trick-number") <= 1.2
        assert lines_of(page, ".viewer-pos") <= 1.2
        # the choice of cards or diagram is seen without scrolling
        page.evaluate("window.scrollTo(0, 0)")
        for toggle in ("#hands-cards", "#hands-diagram"):
            assert page.evaluate(IN_VIEW, toggle), (toggle, width, height)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_timeout(80)
    assert page.evaluate(IN_VIEW, "#hands-diagram")
    assert counter.inner_text() == IT["table.trick_n"].format(n=10, total=10)
    assert not page.locator(".trick-number .trick-n-short").is_visible()
    watch.assert_clean()


def poker_end(number: int) -> tuple[str, ReplaySession, dict[str, Any]]:
    link = hand_link(POKER, number)
    session, _ = open_link(link)
    last = session.at_move(session.total).snapshot("it")["view"]["last_hand"]
    return link, session, last


def test_poker_replay_steps_by_round_and_end_shows_the_showdown(open_page: Callable[..., PageWatch]) -> None:
    link, session, last = poker_end(2)
    assert last["outcome"] == "showdown"
    watch = open_page(f"replay.html?fast#{link}")
    page = watch.page
    assert page.locator("#replay-prev-trick").inner_text() == IT["links.viewer.prev_round"]
    assert page.locator("#replay-next-trick").inner_text() == IT["links.viewer.next_round"]
    assert "Presa" not in page.locator(".viewer-bar").inner_text()
    # ↓ goes round by round (the betting rounds and the draw), as the engine's stops say
    start = int(position(page).split()[1])
    for stop in [s for s in session.stops() if s > start][:3]:
        page.keyboard.press("ArrowDown")
        assert position(page) == f"Mossa {stop} di {session.total}"
    page.keyboard.press("End")
    assert page.locator(".summary").count() == 1
    page.locator("#next-hand").click()
    text = page.locator("#app").inner_text()
    assert IT["poker.ui.no_cards"] not in text
    # the showdown: the winner's hand, who won what, and every seat's chips after the award
    awards = page.locator("#hand-end p").all_inner_texts()
    expected = []
    for index, pot in enumerate(last["pots"]):
        key = "poker.ui.out.won" if index == 0 else "poker.ui.out.won_side"
        seat = IT["poker.ui.player"].format(n=pot["winner"])
        expected.append(IT[key].format(seat=seat, n=pot["amount"], combination=pot["combination"]["it"]))
    assert awards == expected
    for label, entry in last["shown"].items():
        names = page.locator(
            f".pk-seat[data-seat='{label}'] .pk-shown img, .dock .pk-hand img"
            if label == "1"
            else f".pk-seat[data-seat='{label}'] .pk-shown img"
        ).evaluate_all("els => els.map(e => e.alt)")
        assert len(names) == len(entry["cards"]) == 5
    for label, chips in last["resto"].items():
        if label != "1":
            assert f"Resto: {chips}" in page.locator(f".pk-seat[data-seat='{label}']").inner_text()
    assert f"Resto: {last['resto']['1']}" in page.locator(".dock").inner_text()
    # the same end as rows, in English too
    page.locator("#hands-diagram").click()
    row = page.locator(".dock .hand-diagram li .visually-hidden").inner_text()
    assert row.startswith("Giocatore 1: ") and len(row.split(", ")) == 5
    page.locator(".lang-button[data-lang='en']").click()
    page.wait_for_function("document.querySelector('#replay-next-trick').textContent === 'Round on'")
    assert page.locator("#replay-prev-trick").inner_text() == EN["links.viewer.prev_round"]
    watch.assert_clean()


def test_poker_end_of_an_uncalled_bet(open_page: Callable[..., PageWatch]) -> None:
    link, session, last = poker_end(3)
    assert last["outcome"] == "uncalled"
    watch = open_page(f"replay.html?fast#{link}")
    page = watch.page
    page.keyboard.press("End")
    page.locator("#next-hand").click()
    pot = last["pots"][0]
    seat = IT["poker.ui.player"].format(n=pot["winner"])
    assert page.locator("#hand-end").inner_text() == IT["poker.ui.out.uncalled"].format(
        seat=seat, n=pot["amount"]
    )
    assert IT["poker.ui.no_cards"] not in page.locator("#app").inner_text()
    assert page.locator(".pk-open .card, .dock .pk-hand img").count() > 0  # the hands as they were
    watch.assert_clean()


def test_tressette_summary_says_what_its_counts_are(open_page: Callable[..., PageWatch]) -> None:
    watch = open_page(f"replay.html?fast#{hand_link(TRESSETTE, 2)}")
    page = watch.page
    page.keyboard.press("End")
    assert page.locator(".summary").count() == 1
    for team, word in (("NS", "Noi"), ("EW", "Loro")):
        block = page.locator(f".summary .captured[data-team='{team}']")
        if block.count() == 0:
            continue
        count = block.locator(".captured-cards li").count()
        assert block.locator(".who").inner_text() == f"{word} (carte: {count})"
    watch.assert_clean()
