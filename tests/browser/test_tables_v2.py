"""Tables v2 (issue 11): a whole hand of each game by keyboard only, on one screen, announced, axe-clean.

Each test boots one table (``?fast``, reduced motion) and, at every turn of the human: checks the
one-screen rule at the four sizes, plays with the keyboard only, and reads the one live region
(the hand's log). At the start, mid-hand and at the summary axe-core must find no serious or
critical violation. The score sheet is then opened and compared with the saved record.
"""

from __future__ import annotations

import re
import time

from pyapp.session import TableSession
from tests.browser.tablecheck import (
    axe,
    axe_on_phone,
    bad_wording,
    bad_wording_it_en,
    log_lines,
    log_was_kept,
    mark_log,
    one_screen,
    saved,
    seed,
    tab_to,
    with_axe,
)
from tests.browser.test_boston_table import dealt_record
from tests.browser.test_poker_table import seeded_session
from tests.browser.test_tressette_table import south_leads_first_record

PLAYABLE = ".hand-own .card-button:not([aria-disabled=true])"


def wait_changed(page: object, game: str, before: str) -> None:
    page.wait_for_function(
        "([k, b]) => localStorage.getItem(k) !== b", arg=[f"circolo.save.{game}", before], timeout=30_000
    )


def test_tressette_whole_hand_by_keyboard_on_one_screen(open_page, new_context) -> None:
    start = south_leads_first_record()
    context = with_axe(new_context())
    seed(context, "circolo.save.tressette", start)
    seed(context, "circolo.tressette.prefs", "calls=canonical")  # a lead is one key, with the standard call
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    problems = axe(page, "tressette at start") + axe_on_phone(page, "tressette at start")
    mark_log(page)
    turns = 0
    deadline = time.time() + 150
    while time.time() < deadline and not page.locator("#next-hand").count():
        mine = page.locator(".dock[data-turn=true]").count() and page.locator(PLAYABLE).count()
        if not mine:
            page.wait_for_timeout(40)
            continue
        assert log_lines(page)[-1] == "Tocca a te."
        problems += [f"turn {turns + 1}: {p}" for p in one_screen(page)]
        if turns == 4:
            problems += axe(page, "tressette mid-hand")
        before = saved(page, "tressette")
        index = int(page.locator(PLAYABLE).first.get_attribute("data-index"))
        assert tab_to(page, ".hand-own .card-button")
        page.keyboard.press("Home")
        for _ in range(index):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        wait_changed(page, "tressette", before)
        problems += [f"after turn {turns + 1}: {line}" for line in bad_wording(page)]  # "giocata da: Tu"
        # focus stays in the hand (the next card), never falls to the page body
        assert page.evaluate("document.activeElement.matches('.hand-own .card-button')") or turns == 9
        turns += 1
    assert page.locator("#next-hand").count() == 1, "the hand did not end"
    assert turns == 10
    problems += [f"summary: {p}" for p in one_screen(page)]
    problems += axe(page, "tressette summary") + axe_on_phone(page, "tressette summary")
    assert problems == [], "\n".join(problems)
    record = TableSession.load(saved(page, "tressette"))
    snapshot = record.snapshot()
    # The first lead carried the standard call, in one key press.
    first = next(line for line in saved(page, "tressette").splitlines() if line.startswith("S "))[2:]
    offers = TableSession.load(start).snapshot()["extras"]["declarations"]
    card = first.split()[0]
    if card in offers:
        assert first == f"{card} {offers[card]['canonical']}".strip()
    # The summary: the last trick and the counting cards each side took.
    summary = page.locator(".summary")
    assert summary.locator(".trick-row li").count() == 4
    counting = {"NS": 0, "EW": 0}
    for trick in snapshot["tricks"]["history"]:
        team = "NS" if trick["winner"] in "NS" else "EW"
        counting[team] += sum(1 for e in trick["cards"] if e["card"][0] in "A32RCF")
    for team, count in counting.items():
        assert summary.locator(f".captured[data-team={team}] .captured-cards li").count() == count
    # The log announced moves, tricks and the score, in one region that was never replaced.
    lines = log_lines(page)
    assert any(re.fullmatch(r"(Nord|Est|Ovest) gioca (il|la|l')\s?.+\.", line) for line in lines)
    assert any(line in ("Prendi tu la presa.",) or line.endswith("prende la presa.") for line in lines)
    assert any(line.startswith("Punti della mano: noi ") for line in lines)
    assert page.locator("#app [aria-live]").count() == 1 and log_was_kept(page)
    assert "Tu" not in " ".join(lines).replace("Tu,", "")  # never "vinta da Tu" / "Tu vince"
    # The score sheet: one hand, with the record's points.
    assert tab_to(page, "#score-open")
    page.keyboard.press("Enter")
    assert page.locator("#score-sheet[open]").count() == 1
    rows = page.locator("#sheet-hands tbody tr")
    assert rows.count() == 1
    points = record.state.result()["hands"][0]["points"]
    cells = rows.first.locator("td").all_inner_texts()
    assert cells[0] == str(points["NS"]) and cells[1] == str(points["EW"])
    problems = axe(page, "tressette score sheet")
    assert problems == [], "\n".join(problems)
    page.keyboard.press("Escape")
    assert page.locator("#score-sheet[open]").count() == 0
    # prefers-reduced-motion (the default of these tests): no animation ran in the whole hand
    assert page.evaluate("document.documentElement.dataset.motionCount") is None
    assert page.evaluate("document.getAnimations().length") == 0
    # No "vinta da Tu" / "You wins it" anywhere: text, accessible names, the score sheet.
    assert bad_wording_it_en(page) == []
    watch.assert_clean()


def test_boston_whole_hand_by_keyboard_on_one_screen(open_page, new_context) -> None:
    context = with_axe(new_context())
    seed(context, "circolo.save.boston", dealt_record("E"))  # the human bids first
    watch = open_page("boston.html?fast", context=context)
    page = watch.page
    page.wait_for_selector("#bidding")
    problems = axe(page, "boston bidding") + axe_on_phone(page, "boston bidding")
    problems += [f"bidding: {p}" for p in one_screen(page)]
    # The hand is readable during the auction: not greyed, not disabled.
    assert page.locator(".hand-own .card-button[aria-disabled=true]").count() == 0
    assert page.locator(".hand-own .card").first.evaluate("n => getComputedStyle(n).filter") == "none"
    mark_log(page)
    assert tab_to(page, "#bid-chiedo")
    before = saved(page, "boston")
    page.keyboard.press("Enter")
    wait_changed(page, "boston", before)
    assert "Dici CHIEDO." in log_lines(page)
    turns = 0
    deadline = time.time() + 150
    while time.time() < deadline and not page.locator("#next-hand").count():
        if page.locator("#bidding").count():
            assert tab_to(page, "#bidding .bid-button")
            before = saved(page, "boston")
            page.keyboard.press("Enter")
            wait_changed(page, "boston", before)
            continue
        mine = page.locator(".dock[data-turn=true]").count() and page.locator(PLAYABLE).count()
        if not mine:
            page.wait_for_timeout(40)
            continue
        if turns in (0, 6, 12):
            problems += [f"turn {turns + 1}: {p}" for p in one_screen(page)]
        if turns == 6:
            problems += axe(page, "boston mid-hand")
        before = saved(page, "boston")
        index = int(page.locator(PLAYABLE).first.get_attribute("data-index"))
        assert tab_to(page, ".hand-own .card-button")
        page.keyboard.press("Home")
        for _ in range(index):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        wait_changed(page, "boston", before)
        problems += [f"after turn {turns + 1}: {line}" for line in bad_wording(page)]
        turns += 1
    assert page.locator("#next-hand").count() == 1, "the hand did not end"
    assert turns == 13
    problems += [f"summary: {p}" for p in one_screen(page)]
    problems += axe(page, "boston summary") + axe_on_phone(page, "boston summary")
    assert problems == [], "\n".join(problems)
    text = page.locator("#app").inner_text()
    assert "ancora da dichiarare" not in text
    # "Tu" on the score bar is marked, not red (red means a negative score)
    colors = page.locator(".scorebar .is-you").evaluate(
        "n => [...n.querySelectorAll('*')].map(e => getComputedStyle(e).color)"
    )
    assert "rgb(163, 22, 43)" not in colors
    assert not re.search(r"[+\u2212-]1 mani\b", text)
    assert page.locator(".summary .trick-row li").count() == 4  # the last trick
    lines = log_lines(page)
    assert any(line.endswith("prende la presa.") or line == "Prendi tu la presa." for line in lines)
    assert any(line.startswith("Punti della mano:") for line in lines)
    assert log_was_kept(page)
    record = TableSession.load(saved(page, "boston"))
    hand = record.state.result()["hands"][-1]
    page.locator("#score-open").click()
    row = page.locator("#sheet-hands tbody tr").first
    assert page.locator("#sheet-hands tbody tr").count() == 1
    assert "Chiedi tu" in row.inner_text() or "Tu e " in row.inner_text()
    you = row.locator("td").nth(3).inner_text()  # the columns: contract, N, E, S(you), W
    points = hand["points"]["S"]
    assert you.startswith(
        ("+" if points > 0 else "\u2212" if points < 0 else "0") + str(abs(points)).lstrip("0")
    )
    page.keyboard.press("Escape")
    assert bad_wording_it_en(page) == []
    watch.assert_clean()


def test_poker_whole_hand_by_keyboard_on_one_screen(open_page, new_context) -> None:
    context = with_axe(new_context())
    seed(context, "circolo.save.poker", seeded_session().save())
    watch = open_page("poker.html?fast", context=context)
    page = watch.page
    problems = axe(page, "poker opening") + axe_on_phone(page, "poker opening")
    mark_log(page)
    steps = 0
    deadline = time.time() + 120
    while time.time() < deadline and not page.locator("#next-hand").count():
        if not page.locator(".dock[data-turn=true]").count():
            if not page.locator(".badge.all-in").count():
                assert page.locator(".pk-pots").count() == 0  # no "side pot" when nobody is all-in
            page.wait_for_timeout(40)
            continue
        problems += [f"step {steps + 1}: {p}" for p in one_screen(page)]
        if steps == 1:
            problems += axe(page, "poker mid-hand")
        before = saved(page, "poker")
        if page.locator("#draw-submit").count():
            assert tab_to(page, ".pk-hand .card-button")
            page.keyboard.press("End")
            page.keyboard.press("Enter")  # mark the last card to change
            assert page.locator(".pk-hand .card-button[aria-pressed=true]").count() == 1
            assert tab_to(page, "#draw-submit")
        elif page.locator("[data-quick=min]").count() and page.locator("#pass").count():
            assert tab_to(page, "[data-quick=min]")
            page.keyboard.press("Enter")
            assert tab_to(page, "#amount-submit")
        else:
            for ident in ("#check", "#call", "#show", "#pass", "#stay", "#rebuy", "#no-cut"):
                if page.locator(ident).count():
                    assert tab_to(page, ident)
                    break
        page.keyboard.press("Enter")
        wait_changed(page, "poker", before)
        steps += 1
    assert page.locator("#next-hand").count() == 1, "the hand did not end"
    problems += [f"summary: {p}" for p in one_screen(page)]
    problems += axe(page, "poker summary") + axe_on_phone(page, "poker summary")
    assert problems == [], "\n".join(problems)
    assert page.evaluate("document.documentElement.dataset.motionCount") is None
    lines = log_lines(page)
    assert any(line.startswith("Tu: Apre di") for line in lines)
    assert any(line.startswith("Giocatore ") for line in lines)
    assert not any("Tu vince" in line or "Tu vinci" in line for line in lines)
    assert log_was_kept(page)
    record = TableSession.load(saved(page, "poker"))
    result = record.state.result()
    page.locator("#score-open").click()
    rows = page.locator("#sheet-hands tbody tr")
    assert rows.count() == len(result["hands"])
    cells = rows.last.locator("td").all_inner_texts()
    resto = result["hands"][-1]["resto"]
    assert [c.split()[0] for c in cells] == [str(resto[str(k)]) for k in range(1, len(cells) + 1)]
    page.keyboard.press("Escape")
    assert bad_wording_it_en(page) == []
    watch.assert_clean()
