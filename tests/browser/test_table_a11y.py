"""Accessibility of every page and state (issue 11): axe-core finds no serious or critical violation.

The keyboard tests check the tables at start (also at phone size, panels open), mid-hand, at the
summary and with the score sheet open; this file adds the landing page, a replay, the declarations menu,
and checks that axe-core (a test-only npm package) never reaches the built site.
"""

from __future__ import annotations

from pathlib import Path

from pyapp.links.legacy import encode_fragment
from pyapp.session import TableSession
from tests.browser.tablecheck import axe, one_screen, saved, seed, site_file_list, with_axe
from tests.browser.test_tressette_table import south_leads_first_record, south_must_follow_record


def test_axe_core_is_a_test_tool_never_shipped(dist_dir: Path) -> None:
    files = site_file_list(dist_dir)
    assert files and not [f for f in files if "axe" in f.lower()]
    assert "axe" not in (dist_dir / "sw.js").read_text(encoding="utf-8")


def test_landing_page_and_a_replay_are_axe_clean(open_page, new_context) -> None:
    context = with_axe(new_context())
    watch = open_page("index.html", context=context)
    problems = axe(watch.page, "landing")
    text = south_must_follow_record()
    watch.goto("tressette.html?fast#" + encode_fragment(text))
    page = watch.page
    assert page.locator(".replay-pos").count() == 1
    problems += axe(page, "replay")
    page.locator("#replay-back").click()
    problems += axe(page, "replay, one move back")
    # The replay controls are our own SVG icons, with words for assistive technology.
    assert page.locator("#replay-start svg.icon path").count() == 1
    assert page.locator("#replay-start").inner_text().strip() == "Inizio"
    assert problems == [], "\n".join(problems)
    watch.assert_clean()


def test_declarations_setting_ask_canonical_never(open_page, new_context) -> None:
    start = south_leads_first_record(review="practice")
    offers = TableSession.load(start).snapshot()["extras"]["declarations"]
    code, offer = next(iter(offers.items()))
    context = with_axe(new_context())
    seed(context, "circolo.save.tressette", start)
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    card = page.locator(f".hand-own [data-card='{code}']")
    # Ask me (the default): the first click opens the calls, the standard one ticked.
    card.click()
    menu = page.locator("#declarations")
    assert menu.count() == 1 and saved(page, "tressette") == start
    for token in offer["calls"]:
        box = menu.locator(f"input[value='{token}']")
        assert box.is_checked() == (token in offer["canonical"].split())
    assert one_screen(page) == []
    problems = axe(page, "declarations menu")
    assert problems == [], "\n".join(problems)
    page.locator("#choose-other").click()
    assert menu.count() == 0
    # Never: a lead is one click, with no call.
    page.locator("#settings-panel > summary").click()
    page.locator("#pref-calls").select_option("never")
    card.click()
    page.wait_for_function("s => localStorage.getItem('circolo.save.tressette') !== s", arg=start)
    assert f"\nS {code}\n" in saved(page, "tressette")
    page.locator("#undo").click()
    page.wait_for_function("s => localStorage.getItem('circolo.save.tressette') === s", arg=start)
    # Always the standard call: one click again, the canonical call made.
    page.locator("#pref-calls").select_option("canonical")
    page.locator(f".hand-own [data-card='{code}']").click()
    page.wait_for_function("s => localStorage.getItem('circolo.save.tressette') !== s", arg=start)
    assert f"\nS {code} {offer['canonical']}\n" in saved(page, "tressette")
    assert page.evaluate("localStorage.getItem('circolo.tressette.prefs')") == "calls=canonical"
    watch.assert_clean()
