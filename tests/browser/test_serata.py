"""The poker evening page in Chromium, at 1280x720 and 390x844: sign-ups, the draw, a hand played
at the formed table on poker.html and its ledger back, a departure and the first in surplus
taking the seat, a refusal beside the entry, undo, the settlement, reload, print and the
read-only link; axe at 0 serious or critical throughout."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest

from pyapp.i18n import catalogs
from pyapp.poker.serata.cli import judge
from tests.browser.conftest import PageWatch, watch_context
from tests.browser.tablecheck import axe, with_axe

IT = catalogs()["it"]
SAVE_KEY = "circolo.serata"
TABLE_KEY = "circolo.save.poker.serata"
"""The poker table's slot for a table of the evening (poker.html#serata)."""
PLAYON_KEY = "circolo.save.poker.playon"
"""The replay viewer's slot ("play on from here"), which an evening's table must leave alone."""
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
VIEWPORTS = {"laptop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}


def saved(page: object) -> str:
    return page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")  # type: ignore[attr-defined]


def state(page: object) -> dict[str, object]:
    """The saved evening as the checker reads it (the page saved exactly what it shows)."""
    status, report = judge(saved(page), "it")
    assert status == 0, report
    return report


def play_one_hand(page: object) -> None:
    """At poker.html: answer whatever the human is asked until a hand is over."""
    deadline = time.time() + 120
    while time.time() < deadline:
        if page.locator("#next-hand").count():  # type: ignore[attr-defined]
            return
        for selector in ("#no-cut", "#pass", "#call", "#check", "#show", "#serve", "#rebuy", "#stay"):
            if page.locator(selector).count() and page.locator(selector).is_enabled():  # type: ignore[attr-defined]
                page.locator(selector).click()  # type: ignore[attr-defined]
                break
        else:
            if page.locator("#amount-submit").count():  # type: ignore[attr-defined]
                page.locator("[data-quick=min]").first.click()  # type: ignore[attr-defined]
                page.locator("#amount-submit").click()  # type: ignore[attr-defined]
            else:
                page.wait_for_timeout(100)  # type: ignore[attr-defined]
    raise AssertionError("no hand finished")


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_an_evening_from_the_sign_ups_to_the_settlement(
    size: str, site_url: str, new_context: Callable[..., object]
) -> None:
    context = with_axe(new_context(viewport=VIEWPORTS[size]))
    context.add_init_script("window.print = () => { window.__printed = (window.__printed || 0) + 1; };")
    watch: PageWatch = watch_context(context, site_url).goto("serata.html?fast")
    page = watch.page
    problems = axe(page, f"{size}: empty evening")

    # PE1: sign-ups in order; PE2: five make a table, the sixth waits
    for name in NAMES:
        page.fill("#signup-name", name)
        page.click("#signup-add")
    assert page.locator(".signup-list li").count() == 6
    assert page.locator("#table-1 .table-forming").count() == 1
    assert page.locator(".waiting-list li").all_inner_texts() == ["Fabio"]
    for _ in NAMES:
        page.locator("#signups button", has_text=IT["serata.ui.arrive"]).first.click()
    assert page.locator("#signups button", has_text=IT["serata.ui.arrive"]).count() == 0

    # PE7: the draw; the outcome is recorded, seat 1 is the first dealer
    page.click("#draw-1")
    page.wait_for_selector("#table-1 .table-playing")
    drawn = [e for e in state(page)["tables"] if e["number"] == 1][0]
    assert sorted(drawn["seats"]) == NAMES[:5] and drawn["first_dealer"] == drawn["seats"][0]
    assert "draw " in page.locator("#record-list").inner_text()
    assert page.locator("#table-1 .seat.is-first").count() == 1
    problems += axe(page, f"{size}: table drawn")

    # a hand played at the formed table: poker.html with computer players in the other seats, in a
    # save slot of its own (a game the replay viewer handed over stays as it was)
    page.evaluate(f"localStorage.setItem({json.dumps(PLAYON_KEY)}, 'a game played on from a replay')")
    me = drawn["seats"][2]
    page.select_option("#play-me-1", me)
    page.click("#play-1")
    page.wait_for_url("**/poker.html?fast#serata")
    watch.wait_ready()
    back = page.locator("#serata-back")
    assert back.count() == 1 and page.locator(".playon-note").count() == 0
    assert (
        page.evaluate(f"localStorage.getItem({json.dumps(PLAYON_KEY)})") == "a game played on from a replay"
    )
    assert page.evaluate(f"localStorage.getItem({json.dumps(TABLE_KEY)})")
    # the seats carry the evening's names (the human's own seat says "Tu")
    seat_names = page.locator(".seat-name").all_inner_texts()
    assert sorted(n for n in seat_names if n != IT["poker.ui.you"]) == sorted(
        n for n in drawn["seats"] if n != me
    )
    assert not any(n.startswith("Giocatore") for n in seat_names)
    play_one_hand(page)
    back.click()
    page.wait_for_url("**/serata.html")
    watch.wait_ready()
    notice = page.locator(".serata-notice").inner_text()
    assert notice.startswith("Dal tavolo 1:"), notice
    after = state(page)
    assert after["tables"][0]["hands"] >= 1 and after["balanced"]
    chips = {p["name"]: p["chips"] for p in after["players"]}
    bought = sum(p["passate"] for p in after["players"])
    assert sum(chips[n] for n in drawn["seats"]) + after["tables"][0]["carried"] == 100 * bought
    assert page.evaluate(f"localStorage.getItem({json.dumps(TABLE_KEY)})") is None  # never twice
    assert (
        page.evaluate(f"localStorage.getItem({json.dumps(PLAYON_KEY)})") == "a game played on from a replay"
    )

    # a departure: before the minimum hour it is a warning (PE6), the seat goes to Fabio (PE5, PE9)
    # (the one who leaves has not lost a whole passata in the hand played, so PE6 warns: the
    # richest of the others, who cannot have lost it)
    ledger = {p["name"]: p for p in after["players"]}
    index, leaver = max(
        ((i, n) for i, n in enumerate(drawn["seats"]) if n != me), key=lambda s: ledger[s[1]]["chips"]
    )
    assert ledger[leaver]["chips"] > 0
    page.locator("#table-1 .table-rows li", has_text=leaver).get_by_role(
        "button", name=IT["serata.ui.quit"]
    ).click()
    alert = page.locator("#table-1 .serata-alert")
    assert "PE6" in alert.inner_text()
    page.locator("#table-1 button", has_text="Fabio").first.click()
    assert page.locator(f"#table-1 .seat.s{index + 1} .seat-name").inner_text() == "Fabio"

    # a refusal beside the entry, the record unchanged; then undo
    before = saved(page)
    page.fill("#entry-text", "sit 23:59 Zeno 1 2")
    page.click("#entry-add")
    refusal = page.locator("#record .serata-alert")
    assert "Zeno" in refusal.inner_text() and saved(page) == before
    italian = refusal.inner_text()
    page.locator(".lang-button[data-lang=en]").click()  # said again in English, then in Italian
    page.wait_for_function(
        "t => { const n = document.querySelector('#record .serata-alert');"
        " return n && n.innerText !== t && n.innerText.includes('Zeno'); }",
        arg=italian,
    )
    page.locator(".lang-button[data-lang=it]").click()
    page.wait_for_function(
        "t => document.querySelector('#record .serata-alert').innerText === t", arg=italian
    )
    page.fill("#entry-text", "signup 23:59 Gino")
    page.click("#entry-add")
    assert "Gino" in saved(page)
    page.click("#undo")
    assert saved(page) == before
    problems += axe(page, f"{size}: refusal shown")

    # settlement (PE14): counts that add up, the evening closed, who pays whom
    carried = state(page)["tables"][0]["carried"]
    if carried:  # a pot left in the middle: the evening does not close until it is given out
        page.locator("#close-evening").click()
        assert "PE14" in page.locator("#settlement .serata-alert").inner_text()
        winner = state(page)["tables"][0]["seats"][0]
        own = {p["name"]: p["chips"] for p in state(page)["players"]}[winner]
        for line in (f"chips 23:59 {winner} {own + carried}", "pot 23:59 1 0"):
            page.fill("#entry-text", line)
            page.click("#entry-add")
    page.locator("#close-evening").click()
    report = state(page)
    assert report["closed"] and sum(p["cents"] for p in report["players"]) == 0
    shown = page.locator("#transfers li").all_inner_texts() if report["transfers"] else []
    assert len(shown) == len(report["transfers"])
    assert page.locator("#signup-name").count() == 0  # a closed evening takes no more entries

    # reload survival
    text = saved(page)
    page.reload()
    watch.wait_ready()
    assert saved(page) == text and page.locator("#transfers li").all_inner_texts() == shown

    # print: the button prints; on paper no buttons, the tables, ledger and settlement
    page.click("#print")
    assert page.evaluate("window.__printed") == 1
    page.emulate_media(media="print")
    assert page.locator(".serata-toolbar").is_hidden() and page.locator("#settlement").is_visible()
    assert page.locator(".topbar").is_hidden() and page.locator(".print-only").is_visible()
    page.emulate_media(media="screen")

    # the read-only link shows the same evening and changes nothing
    page.click("#share")
    link = page.locator("#share-link").input_value()
    assert "#s=" in link
    other = watch_context(with_axe(new_context(viewport=VIEWPORTS[size])), site_url)
    other.page.goto(link)
    other.wait_ready()
    assert other.page.locator(".serata-readonly").count() == 1
    assert other.page.locator("#transfers li").all_inner_texts() == shown
    assert other.page.locator("form").count() == 0 and other.page.locator("#undo").count() == 0
    assert other.page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") is None
    problems += axe(other.page, f"{size}: read-only link")
    problems += axe(page, f"{size}: closed evening")
    assert problems == []
    watch.assert_clean()
    other.assert_clean()


def test_a_damaged_save_is_set_aside_and_its_good_entries_kept(
    site_url: str, new_context: Callable[..., object]
) -> None:
    record = "Club: serata\nGame: poker\n\nsignup 20:00 Anna\nsignup 20:01 Bruno\nsignup 19:00 Carla\n"
    context = new_context(viewport=VIEWPORTS["laptop"])
    context.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(record)});"
        " sessionStorage.setItem('seeded', '1'); }"
    )
    watch = watch_context(context, site_url).goto("serata.html")
    page = watch.page
    assert "riga 6" in page.locator(".serata-notice").inner_text()
    assert page.locator(".signup-list li").all_inner_texts()[0].startswith("Anna")
    assert page.locator(".signup-list li").count() == 2
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('circolo.corrupt.serata.')).map(k => localStorage.getItem(k))"
    )
    assert kept == [record]
    watch.assert_clean()
