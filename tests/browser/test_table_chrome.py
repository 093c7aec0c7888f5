"""What every table shares: how-to-play panels, folded panels across redraws, the speed setting."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("game", ["tressette", "boston", "poker"])
def test_howto_panel_explains_the_game(game: str, open_page) -> None:
    watch = open_page(f"{game}.html?fast")
    page = watch.page
    panel = page.locator("#howto")
    panel.locator("summary").click()
    items = panel.locator("li")
    assert items.count() >= 5
    italian = items.first.inner_text()
    page.locator(".lang-button", has_text="EN").click()
    page.wait_for_function("t => document.querySelector('#howto li').innerText !== t", arg=italian)
    assert page.locator("#howto summary").inner_text() == "How to play"
    watch.assert_clean()


def test_open_panels_stay_open_when_the_table_redraws(open_page) -> None:
    watch = open_page("boston.html?fast")
    page = watch.page
    page.locator("#howto summary").click()
    page.locator(".lang-button", has_text="EN").click()  # every redraw rebuilds the table
    page.wait_for_function("document.querySelector('#howto summary').innerText === 'How to play'")
    assert page.locator("#howto").get_attribute("open") is not None
    page.locator("#howto summary").click()
    page.locator(".lang-button", has_text="IT").click()
    page.wait_for_function("document.querySelector('#howto summary').innerText === 'Come si gioca'")
    assert page.locator("#howto").get_attribute("open") is None
    watch.assert_clean()


def test_speed_setting_is_remembered_across_tables(open_page, new_context) -> None:
    context = new_context()
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    assert page.locator("#speed").input_value() == "normal"
    page.locator("#speed").select_option("slow")
    assert page.evaluate("localStorage.getItem('circolo.speed')") == "slow"
    watch.goto("poker.html?fast")
    assert page.locator("#speed").input_value() == "slow"
    watch.assert_clean()


@pytest.mark.parametrize(
    ("game", "choose", "option"),
    [
        ("poker", lambda page: page.locator("#opt-players").select_option("4"), "Option: players=4"),
        ("tressette", lambda page: page.locator("#opt-review-practice").check(), "Option: review=practice"),
        (
            "boston",
            lambda page: page.locator("#opt-boston_suit-natural").check(),
            "Option: boston_suit=natural",
        ),
    ],
)
def test_settings_start_a_new_game_and_are_remembered(game, choose, option, open_page, new_context) -> None:
    context = new_context()
    watch = open_page(f"{game}.html?fast", context=context)
    page = watch.page
    page.locator("#settings-panel > summary").click()
    choose(page)
    page.locator("#settings button[type=submit]").click()
    key = f"circolo.save.{game}"
    page.wait_for_function(f"(localStorage.getItem('{key}') || '').includes('{option}')")
    watch.goto(f"{game}.html?fast")
    page.wait_for_function(f"(localStorage.getItem('{key}') || '').includes('{option}')")
    page.locator("#settings-panel > summary").click()
    page.locator("#settings button[type=submit]").click()  # a new game keeps the remembered choice
    page.wait_for_function(f"(localStorage.getItem('{key}') || '').includes('{option}')")
    watch.assert_clean()
