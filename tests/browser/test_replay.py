"""The replay viewer in Chromium: every hand open, stepping by keyboard, deep links, play on from
here, sharing from a hand summary, bad links, and a replay embedded on another origin."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from pyapp.i18n import catalogs
from pyapp.links import hand_link, hand_spans, read_link
from pyapp.links.legacy import encode_fragment
from pyapp.record import read_record, write_record
from tests.browser.conftest import BOOT_TIMEOUT_MS, PageWatch, watch_context
from tests.browser.test_embed import CLUB_PAGE, FOLLOWS, club_site, origin  # noqa: F401 - a fixture
from tests.links.helpers import record_of

IT = catalogs()["it"]

TRESSETTE = record_of("tressette", 5, "rule", 0)
"""A whole match played by the computer players (the same every run)."""


def position(page: object) -> str:
    return page.locator(".viewer-pos").inner_text()  # type: ignore[attr-defined]


def open_cards(page: object, seat: str) -> int:
    return page.locator(f".felt .seat[data-seat='{seat}'] .open-hand li").count()  # type: ignore[attr-defined]


def test_viewer_shows_every_hand_and_steps_by_keyboard(open_page: Callable[..., PageWatch]) -> None:
    link = hand_link(TRESSETTE, 2)
    watch = open_page(f"replay.html?fast#{link}")
    page = watch.page
    # opened where the cards are dealt (after the shuffle and the cut): all four hands face up
    assert position(page) == "Mossa 2 di 42"
    assert [open_cards(page, seat) for seat in "NWE"] == [10, 10, 10]
    assert page.locator(".hand-own .card-button").count() == 10
    # a card clicked in a replay says so
    page.locator(".hand-own .card-button").first.click()
    assert "È una mano da rivedere" in page.locator("#table-alert").inner_text()
    # the keys: a move, a trick, back, Home, End; the address follows (a deep link)
    page.locator("body").press("ArrowRight")
    assert position(page) == "Mossa 3 di 42"
    assert page.url.endswith(f"#{link}.3")
    assert page.locator(".trick .played").count() == 1
    page.keyboard.press("ArrowDown")  # to the end of the first trick: the four cards, led and winner
    assert position(page) == "Mossa 6 di 42"
    assert page.locator(".trick .played").count() == 4
    assert page.locator(".trick .played.is-led").count() == 1
    assert page.locator(".trick .played.is-winning").count() == 1
    # the hands shrink as the cards are played
    assert (
        sum(open_cards(page, seat) for seat in "NWE") + page.locator(".hand-own .card-button").count() == 36
    )
    page.keyboard.press("ArrowDown")
    assert position(page) == "Mossa 10 di 42"
    page.keyboard.press("ArrowUp")
    assert position(page) == "Mossa 6 di 42"
    page.keyboard.press("ArrowLeft")
    assert position(page) == "Mossa 5 di 42"
    page.keyboard.press("Home")
    assert position(page) == "Mossa 0 di 42" and page.url.endswith(".0")
    page.keyboard.press("End")
    assert position(page) == "Mossa 42 di 42"
    # the hand's result at its end, with its own share action
    assert page.locator(".summary").count() == 1
    assert page.locator(".summary #share-hand-summary").count() == 1
    page.locator("#next-hand").click()
    assert page.locator(".summary").count() == 0
    # the record of what is viewed, as a file
    with page.expect_download() as download:
        page.locator("#download").click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert saved == read_link(link).record and "\nStart: dealer=" in saved
    # one seat's view: North's cards only
    page.locator("#replay-cards").select_option("N")
    page.keyboard.press("Home")
    page.locator("#replay-slider").fill("12")
    assert position(page) == "Mossa 12 di 42"
    assert open_cards(page, "N") > 0 and open_cards(page, "W") == 0 and open_cards(page, "E") == 0
    assert page.locator(".hand-own .card-button").count() == 0
    # autoplay moves on by itself, and stops
    page.locator("#replay-play").click()
    page.wait_for_function(
        "document.querySelector('.viewer-pos').textContent.startsWith('Mossa 1') &&"
        " !document.querySelector('.viewer-pos').textContent.startsWith('Mossa 12 ')"
    )
    page.locator("#replay-play").click()
    watch.assert_clean()
    # a deep link opens at its move, in English too
    watch.goto(f"replay.html?fast#{link}.17")
    assert position(page) == "Mossa 17 di 42"
    page.locator(".lang-button[data-lang='en']").click()
    page.wait_for_function("document.querySelector('.viewer-pos').textContent === 'Move 17 of 42'")
    watch.assert_clean()


def test_boston_and_poker_hands_open_with_contract_pot_and_bets(open_page: Callable[..., PageWatch]) -> None:
    boston = record_of("boston", 5, "rule", 0)
    state = read_record(boston).state
    played = next(s for s in hand_spans(state) if s.end - s.first > 20)  # a hand with a contract
    watch = open_page(f"replay.html?fast#{hand_link(boston, played.number, at=30)}")
    page = watch.page
    assert position(page).startswith("Mossa 30 di ")
    assert sum(open_cards(page, seat) for seat in "NWE") > 10
    assert page.locator(".felt").inner_text().count("Atout") == 1  # the trump and the Boston card
    assert page.locator(".felt .info-left, .felt .info-right").count() >= 1
    watch.assert_clean()

    poker = record_of("poker", 5, "rule", 0)
    watch = open_page(f"replay.html?fast#{hand_link(poker, 2)}")
    page = watch.page
    assert page.locator(".pk-open .card").count() == 4 * 5  # every opponent's five cards, face up
    page.keyboard.press("ArrowDown")
    assert page.locator("#pot").inner_text().startswith("Piatto")
    page.locator("#replay-cards").select_option("3")  # seat 3's view: the table turns to it
    assert page.locator(".pk-open .card").count() == 0
    assert page.locator(".dock .seat-name").inner_text() == "Giocatore 3"
    watch.assert_clean()


def test_bad_links_say_why_and_the_page_stays_usable(open_page: Callable[..., PageWatch]) -> None:
    link = hand_link(TRESSETTE, 1)
    damaged = link[:10] + ("A" if link[10] != "A" else "B") + link[11:]
    watch = open_page(f"replay.html?fast#{damaged}")
    page = watch.page
    assert "danneggiato" in page.locator("#link-error").inner_text()
    # a valid old link with junk appended is refused too, and so is a 100 KB fragment
    watch.goto(f"replay.html?fast#{encode_fragment(TRESSETTE)}junk")
    assert "prosegue oltre la fine" in page.locator("#link-error").inner_text()
    watch.goto(f"replay.html?fast#{link}{'x' * 100_000}")
    assert "danneggiato" in page.locator("#link-error").inner_text()
    # paste a record: it opens (the address becomes its link)
    page.locator("#open-text").fill(write_record(read_record(TRESSETTE).state))
    page.locator("#open-go").click()
    page.wait_for_selector(".viewer-pos", timeout=BOOT_TIMEOUT_MS)
    assert position(page) == "Mossa 3 di 421"
    assert read_link(page.url.split("#", 1)[1]).record == TRESSETTE
    # and something that is neither a record nor a link
    watch.goto("replay.html?fast")
    page.locator("#open-text").fill("buongiorno")
    page.locator("#open-go").click()
    assert page.locator("#open-error").inner_text().startswith("Questo collegamento non si può aprire")
    watch.assert_clean()


def test_play_on_from_here_starts_a_new_game_and_keeps_the_saved_one(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    state = read_record(record_of("tressette", 6, "rule", 0)).state
    in_progress = type(state).replay(state.history[:30], **state.options)
    saved = write_record(in_progress, {"Players": "rule rule human rule"})
    context = new_context()
    context.add_init_script(  # type: ignore[attr-defined]
        f"if (!localStorage.getItem('circolo.save.tressette'))"
        f" localStorage.setItem('circolo.save.tressette', {json.dumps(saved)});"
        " localStorage.setItem('circolo.tressette.level', 'hard');"  # the table's level setting
    )
    link = hand_link(TRESSETTE, 3, at=14)
    watch = open_page(f"replay.html?fast#{link}", context=context)
    page = watch.page
    assert position(page) == "Mossa 14 di 42"
    page.locator("#play-on").click()
    page.wait_for_url(re.compile(r"tressette\.html#playon$"))
    watch.wait_ready()
    page.wait_for_selector("#playon-back")
    stored = page.evaluate("localStorage.getItem('circolo.save.tressette.playon')")
    hand = read_record(read_link(link).record).state
    played_on = read_record(stored)
    assert played_on.tags["Start"] == read_record(read_link(link).record).tags["Start"]
    assert played_on.tags["Players"] == "hard hard human hard"  # the level the table remembers
    assert played_on.state.history[:14] == hand.history[:14]
    assert page.evaluate("localStorage.getItem('circolo.save.tressette')") == saved
    # the way back to the game saved in progress
    page.locator("#playon-back").click()
    watch.wait_ready()
    assert page.evaluate("localStorage.getItem('circolo.save.tressette')") == saved
    watch.assert_clean()


def test_share_this_hand_from_a_hand_summary(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    state = read_record(TRESSETTE).state
    span = hand_spans(state)[0]
    first_hand = type(state).replay(state.history[: span.end], **state.options)
    save = write_record(first_hand, {"Players": "rule rule human rule"})
    context = new_context(permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script(  # type: ignore[attr-defined]
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem('circolo.save.tressette', {json.dumps(save)}); }}"
    )
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    page.locator(".summary #share-hand").click()
    page.wait_for_function("document.querySelector('.table-notice') !== null")
    assert page.locator(".table-notice").inner_text() == IT["links.share.copied"]
    copied = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/replay\.html#v2\.[A-Za-z0-9_-]+", copied)
    assert len(copied.split("#", 1)[1]) <= 60
    link = read_link(copied.split("#", 1)[1])
    assert read_record(link.record).state.history == state.history[span.first : span.end]
    # the link opens the hand in the viewer
    page.goto(copied)
    watch.wait_ready()
    assert position(page) == "Mossa 2 di 42"
    watch.assert_clean()


def test_a_replay_embedded_on_another_origin(
    open_page: Callable[..., PageWatch],
    new_context: Callable[..., object],
    club_site: tuple[Path, str],  # noqa: F811 - the fixture imported above
    site_url: str,
) -> None:
    context = new_context(permissions=["clipboard-read", "clipboard-write"])
    watch = open_page(f"replay.html?fast#{hand_link(TRESSETTE, 4)}", context=context)
    page = watch.page
    page.locator("#embed-code").click()
    page.wait_for_function("document.querySelector('.table-notice') !== null")
    snippet = page.evaluate("navigator.clipboard.readText()")
    assert snippet.startswith(f'<iframe src="{site_url}replay.html?embed#v2.')
    frame_code, script = snippet.split("\n", 1)
    assert 'style="width:100%;height:720px;border:0"' in frame_code and " data-circolo " in frame_code
    assert f'data-circolo-offline="{IT["ui.embed.offline"]}"' in frame_code
    inline = page.evaluate("fetch('./static/embed-inline.js').then(r => r.text())").strip()
    assert script == f"<script>\n{inline}\n</script>"  # nothing fetched from our host to size it
    folder, club = club_site
    (folder / "club.html").write_text(CLUB_PAGE.format(snippet=snippet), encoding="utf-8")
    club_watch = watch_context(new_context(), club)
    club_page = club_watch.page
    club_page.goto(club + "club.html")
    frame = club_page.frame_locator("iframe")
    frame.locator(".viewer-pos").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert frame.locator(".viewer-pos").inner_text() == "Mossa 2 di 42"
    assert frame.locator("header.topbar").is_hidden() and frame.locator("footer.site-footer").is_hidden()
    club_page.wait_for_function("window.received.some(m => m.data && m.data.type === 'circolo:resize')")
    club_page.wait_for_function(FOLLOWS)
    ours = [m for m in club_page.evaluate("window.received") if m["data"].get("type") == "circolo:resize"]
    assert all(m["origin"] == origin(site_url) for m in ours)
    frame.locator("#replay-forward").click()
    assert frame.locator(".viewer-pos").inner_text() == "Mossa 3 di 42"
    # "Gioca da qui": the frame's storage is the club site's (or none), so a new tab of ours opens
    # the viewer at this move, which starts the game at the table there
    with club_page.context.expect_page() as opened:
        frame.locator("#play-on").click()
    tab = opened.value
    tab.wait_for_url(re.compile(r"tressette\.html#playon$"), timeout=BOOT_TIMEOUT_MS)
    tab.wait_for_selector("#playon-back", timeout=BOOT_TIMEOUT_MS)
    played_on = read_record(tab.evaluate("localStorage.getItem('circolo.save.tressette.playon')")).state
    hand = read_record(read_link(hand_link(TRESSETTE, 4)).record).state
    assert played_on.history[:3] == hand.history[:3]
    assert club_watch.foreign_requests == [] or all(
        origin(url) == origin(site_url) for url in club_watch.foreign_requests
    )
    assert club_page.context.cookies() == []
    watch.assert_clean()
