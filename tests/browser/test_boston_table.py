"""The Boston table in Chromium: bid and play a whole hand by clicking; only legal calls are offered."""

from __future__ import annotations

import json
import random
import time

from pyapp.boston.rules import BostonState
from pyapp.session import TableSession
from tests.browser.tablecheck import one_screen

SAVE_KEY = "circolo.save.boston"


def dealt_record(dealer: str, bids: tuple[str, ...] = (), seed: int = 5) -> str:
    """A saved game (human at S) just after the lot for ``dealer`` and the first deal, plus ``bids``."""
    rng = random.Random(seed)
    table = TableSession.new("boston", humans=(2,), rng=rng)
    state = table.state
    state.apply(f"dealer {dealer}")
    state.apply(state.chance_sample(rng))
    for bid in bids:
        state.apply(bid)
    return table.save()


def seed_save(context: object, text: str) -> None:
    context.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(text)});"
        " sessionStorage.setItem('seeded', '1'); }"
    )


def offered_calls(page: object) -> list[str]:
    return page.eval_on_selector_all("#bidding .bid-button", "nodes => nodes.map(n => n.dataset.call)")


def test_B6_B10_bid_and_play_a_whole_hand_by_clicking(open_page, new_context) -> None:
    context = new_context()
    seed_save(context, dealt_record("E"))  # S sits on the dealer's left: the human bids first
    watch = open_page("boston.html?fast", context=context)
    page = watch.page
    page.wait_for_selector("#bidding")
    # The turned card is public (the dealer's 13th card) and the Boston is named.
    assert page.locator(".trump-info .turned-card").count() == 1
    assert page.locator(".seat-east .seat-turned").count() == 1
    assert page.locator("[data-boston]").count() == 1
    assert page.locator(".seat-south[data-turn=true]").count() == 1
    page.click("#bid-chiedo")
    # Keyboard: S leads the first trick; arrows move along the hand, Enter plays the focused card.
    page.wait_for_selector(".seat-south[data-turn=true] .hand-own .card-button:not([aria-disabled=true])")
    page.locator(".hand-own .card-button").first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.index") == "1"
    chosen = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    page.wait_for_selector(f".trick [data-card='{chosen}']", state="attached")
    plays = 1
    deadline = time.time() + 90
    while time.time() < deadline and not page.locator("#next-hand").count():
        playable = page.locator(".hand-own .card-button:not([aria-disabled=true])")
        if page.locator(".seat-south[data-turn=true]").count() and not page.locator("#bidding").count():
            if playable.count():
                # Cards that cannot follow suit say why in their accessible name.
                for blocked in page.locator(".hand-own .card-button[aria-disabled=true]").all():
                    assert "non giocabile" in (blocked.get_attribute("aria-label") or "")
                playable.first.click()
                plays += 1
                continue
        page.wait_for_timeout(80)
    assert page.locator("#next-hand").count() == 1, "the hand did not end"
    assert plays == 13
    summary = page.locator(".summary")
    assert summary.get_attribute("data-counted") == "true"
    assert "Fine della mano 1 di 4" in summary.inner_text()
    assert page.locator(".summary .hand-table tbody tr").count() == 4
    saved = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    record = TableSession.load(saved)
    assert isinstance(record.state, BostonState)
    result = record.state.result()
    assert result["counted_hands"] == 1
    hand = result["hands"][-1]
    assert hand["counted"] and hand["contract"]["players"][0] == "S"
    assert sum(hand["points"].values()) == 0 and sum(hand["tricks"].values()) == 13
    # A reload shows the same summary again (the game is restored from localStorage).
    page.reload()
    watch.wait_ready()
    page.wait_for_selector("#next-hand")
    # The computer players wait for "Next hand"; then the next deal comes.
    moves = len(record.state.history)
    page.wait_for_timeout(400)
    assert (
        len(TableSession.load(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")).state.history)
        == moves
    )
    page.click("#next-hand")
    page.wait_for_function(
        f"!localStorage.getItem({json.dumps(SAVE_KEY)}).trim().endsWith({json.dumps(record.state.history[-1])})"
    )
    watch.assert_clean()


def test_B6_B7_bidding_panel_offers_only_legal_calls(open_page, new_context) -> None:
    context = new_context()
    seed_save(context, dealt_record("E"))
    watch = open_page("boston.html?fast", context=context)
    page = watch.page
    page.wait_for_selector("#bidding")
    assert offered_calls(page) == ["passo", "chiedo", "solo"]  # no ACCETTO before any CHIEDO
    assert page.locator("#bid-accetto").count() == 0
    for call in ("passo", "chiedo", "solo"):
        assert page.locator(f"#explain-{call}").inner_text().strip()
    # Clicking a card during the bidding is refused with the engine's reason; nothing is saved.
    before = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    page.locator(".hand-own .card-button").first.click(force=True)  # aria-disabled: Playwright would wait
    assert "Prima si dichiara" in page.locator("#table-alert").inner_text()
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") == before
    watch.assert_clean()

    # After East's CHIEDO (dealer N: E speaks first, then S): ACCETTO, no second CHIEDO.
    context = new_context()
    seed_save(context, dealt_record("N", ("chiedo",)))
    watch = open_page("boston.html?fast", context=context)
    page = watch.page
    page.wait_for_selector("#bidding")
    assert offered_calls(page) == ["passo", "accetto", "solo"]
    assert "Est" in page.locator("#explain-accetto").inner_text()
    assert "CHIEDO" in page.locator(".seat-east .bid-bubble").inner_text()
    assert "Est dice CHIEDO." in page.locator("#hand-log").inner_text()
    # The bubble and the side seats' cards stay on the felt, even on a short phone (360x740).
    assert one_screen(page) == []
    # English: the same panel, translated.
    page.click(".lang-button[data-lang=en]")
    page.wait_for_selector("#bidding legend:has-text('Your call')")
    assert "8 tricks together" in page.locator("#explain-accetto").inner_text()
    # Keyboard: the calls are buttons; focus one and press Enter.
    page.focus("#bid-accetto")
    page.keyboard.press("Enter")
    page.wait_for_function(f"localStorage.getItem({json.dumps(SAVE_KEY)}).includes('S accetto')")
    watch.assert_clean()


def test_B5_four_passes_redeal_is_explained(open_page, new_context) -> None:
    context = new_context()
    seed_save(context, dealt_record("S", ("passo", "passo", "passo")))  # S, the dealer, speaks last
    watch = open_page("boston.html?fast", context=context)
    page = watch.page
    page.click("#bid-passo")
    page.wait_for_selector(".summary[data-counted=false]")
    assert "Tutti hanno passato" in page.locator(".summary").inner_text()
    record = TableSession.load(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))
    result = record.state.result()
    assert result["counted_hands"] == 0 and result["hands"][0]["counted"] is False
    # The score sheet says who dealt again, in the human's own words (never "ridata da Tu").
    page.click("#score-open")
    assert page.locator("#sheet-hands tbody tr").first.inner_text().strip().endswith("mano ridata da te")
    page.keyboard.press("Escape")
    page.click("#next-hand")
    page.wait_for_selector(".hand-own .card-button")  # the same dealer deals again
    page.wait_for_function(f"localStorage.getItem({json.dumps(SAVE_KEY)}).split('* shuffle').length === 3")
    watch.assert_clean()
