"""The club's tournaments page in Chromium: the organiser's flow at 1280x720 and 390x844 (create,
enter and correct results with refusals shown next to the entry, undo, reload, print on one A4
page, share link), a Boston round with a bye, bad saves and links, and the standings embedded on
another site."""

from __future__ import annotations

import functools
import http.server
import json
import random
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pyapp.bots import make_bot
from pyapp.club.session import ClubSession
from pyapp.core import play_out
from pyapp.i18n import catalogs
from pyapp.record import write_record
from pyapp.tressette.rules import TressetteState
from tests.browser.conftest import BOOT_TIMEOUT_MS, PageWatch, watch_context
from tests.browser.tablecheck import axe, with_axe
from tests.browser.test_embed import CLUB_PAGE, FOLLOWS, QuietHandler, origin

IT = catalogs()["it"]
EN = catalogs()["en"]
REPO = Path(__file__).resolve().parents[2]
EXAMPLE = (REPO / "docs" / "notation" / "examples" / "club-tressette.txt").read_text(encoding="utf-8")
BOSTON_EXAMPLE = (REPO / "docs" / "notation" / "examples" / "club-boston.txt").read_text(encoding="utf-8")

VIEWPORTS = {"laptop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}
TEAMS = [
    ("Assi", "Mario", "Luigi"),
    ("Coppe", "Anna", "Bruno"),
    ("Spade", "Carla", "Dario"),
    ("Bastoni", "Elena", "Franco"),
]


def entries(page: object) -> list[str]:
    """The record's entries as the history shows them, oldest first."""
    texts = page.locator("#entry-list .entry-text").all_inner_texts()  # type: ignore[attr-defined]
    return list(reversed(texts))


def wait_entries(page: object, count: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#entry-list .entry').length === {count}")  # type: ignore[attr-defined]


def alert_text(page: object, form: str) -> str:
    return page.locator(f"#{form}-alert").inner_text()  # type: ignore[attr-defined]


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF that Chromium wrote (each page object says /Type /Page)."""
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def enter_hand(page: object, a: int) -> None:
    """Type team A's points; team B's follow (11 in all); enter the hand."""
    page.fill("#hand-a", str(a))  # type: ignore[attr-defined]
    page.dispatch_event("#hand-a", "input")  # type: ignore[attr-defined]
    assert page.input_value("#hand-b") == str(11 - a)  # type: ignore[attr-defined]
    page.click("#hand-add")  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_tressette_organiser_flow(size: str, new_context: Callable[..., object], site_url: str) -> None:
    context = with_axe(
        new_context(viewport=VIEWPORTS[size], permissions=["clipboard-read", "clipboard-write"])
    )
    watch = watch_context(context, site_url).goto("club.html?fast")
    page = watch.page
    problems = axe(page, "new tournament")
    # create
    page.fill("#new-title", "Torneo del martedì")
    page.click("#new-create")
    page.wait_for_selector("#team-name")
    assert page.locator("h1").inner_text() == "Torneo del martedì"
    for count, (name, p1, p2) in enumerate(TEAMS, start=1):
        page.fill("#team-name", name)
        page.fill("#team-p1", p1)
        page.fill("#team-p2", p2)
        page.click("#team-add")
        wait_entries(page, count)
    # a refusal is said next to the form that sent it, and nothing is lost
    page.fill("#team-name", "assi")
    page.fill("#team-p1", "Pia")
    page.fill("#team-p2", "Lia")
    page.click("#team-add")
    page.wait_for_function("document.querySelector('#team-form-alert').innerText.length > 0")
    assert alert_text(page, "team-form") == IT["club.tressette.team_exists"].format(team="assi")
    assert len(entries(page)) == 4
    problems += axe(page, "teams")
    page.click("#groups-draw")
    page.wait_for_selector("#meeting-card")
    assert entries(page)[-1].startswith("draw A ")
    a, b = page.locator("#meeting-title").inner_text().split(" – ")
    # 12 points in a hand: refused with the rule, next to the hand form
    page.fill("#hand-a", "12")
    page.fill("#hand-b", "0")
    page.click("#hand-add")
    page.wait_for_function("document.querySelector('#hand-form-alert').innerText.length > 0")
    assert alert_text(page, "hand-form") == IT["club.tressette.hand_points"].format(value=12, total=11)
    assert len(entries(page)) == 5
    # the refusal on screen is said again in the other language when the language switches
    for lang, catalog in (("en", EN), ("it", IT)):
        page.locator(f".lang-button[data-lang={lang}]").click()
        said = json.dumps(catalog["club.tressette.hand_points"].format(value=12, total=11))
        page.wait_for_function(f"document.querySelector('#hand-form-alert').innerText === {said}")
    for n in range(6):  # six hands 6-5: the first team wins partita 1 36-30 (T14)
        enter_hand(page, 6)
        wait_entries(page, 6 + n)
    assert page.locator("#hand-form-alert").inner_text() == ""
    page.wait_for_function("document.querySelector('#meeting-state').innerText.startsWith('Partita 2')")
    page.click("#penalty-b")
    wait_entries(page, 12)
    assert entries(page)[-1] == f"penalty {a} {b} 2 {b}"
    problems += axe(page, "scorekeeper")
    # correct the first hand: an impossible correction is refused next to that entry
    first = 6
    page.click(f"#correct-{first}")
    page.fill(f"#fix-{first}-text", f"hand {a} {b} 1 12 0")
    page.click(f"#fix-{first} button[type=submit]")
    page.wait_for_function(f"document.querySelector('#fix-{first}-alert').innerText.length > 0")
    assert "T12" in alert_text(page, f"fix-{first}")
    page.fill(f"#fix-{first}-text", f"hand {a} {b} 1 5 6")
    page.click(f"#fix-{first} button[type=submit]")
    wait_entries(page, 13)
    assert entries(page)[-1] == f"correct {first} hand {a} {b} 1 5 6"
    assert (
        IT["club.ui.history.corrected"].format(n=13, now=f"hand {a} {b} 1 5 6")
        in page.locator(f"#entry-{first}").inner_text()
    )
    # cancel the penalty, then undo the cancellation
    page.click("#cancel-12")
    wait_entries(page, 14)
    assert page.locator("#entry-12.is-struck").count() == 1
    page.click("#club-undo")
    wait_entries(page, 13)
    assert page.locator("#entry-12.is-struck").count() == 0
    standings = page.locator("#club-standings").inner_text()
    history = entries(page)
    # reload: the tournament is still there
    page.reload()
    watch.wait_ready()
    page.wait_for_selector("#entry-list")
    assert entries(page) == history
    assert page.locator("#club-standings").inner_text() == standings
    # print: only the standings and the results grid, on one A4 page
    page.emulate_media(media="print")
    assert page.locator("#club-print").is_visible()
    assert page.locator("#club-history").is_hidden() and page.locator("#club-score").is_hidden()
    assert page.locator(".topbar").is_hidden()
    assert page.locator("#club-grid").is_visible()
    if size == "laptop":
        assert pdf_pages(page.pdf(format="A4")) == 1
    page.emulate_media(media="screen")
    # share the standings: a link that opens them read-only
    page.click("#club-share")
    page.wait_for_function("document.querySelector('#club-notice').innerText.length > 0")
    assert page.locator("#club-notice").inner_text() == IT["club.ui.link_copied"]
    link = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/club\.html#c=[A-Za-z0-9_-]+", link)
    shared = watch_context(with_axe(new_context(viewport=VIEWPORTS[size])), site_url)
    shared.page.goto(link)
    shared.wait_ready()
    shared.page.wait_for_selector(".club-readonly")
    assert shared.page.locator("#club-standings").inner_text() == standings
    assert shared.page.locator("#hand-form, #club-undo").count() == 0
    problems += axe(shared.page, "shared standings")
    shared.page.click("#edit-copy")
    shared.page.wait_for_selector("#meeting-card")
    assert shared.page.evaluate("location.hash") == ""
    shared.assert_clean()
    problems += axe(page, "end")
    assert problems == []
    watch.assert_clean()


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_boston_round_with_a_bye_and_refusals(
    size: str, new_context: Callable[..., object], site_url: str
) -> None:
    context = with_axe(new_context(viewport=VIEWPORTS[size]))
    watch = watch_context(context, site_url).goto("club.html?fast")
    page = watch.page
    page.check("#new-game-boston")
    page.wait_for_selector("#new-rounds")
    page.fill("#new-rounds", "1")
    page.click("#new-create")
    for count, name in enumerate(["Anna", "Bruno", "Carla", "Dario", "Elena"], start=1):
        page.fill("#player-name", name)
        page.click("#player-add")
        wait_entries(page, count)
    # the bye the app suggests is ticked; with none, the round is refused next to its form
    ticked = page.locator("input[name=round-bye]:checked")
    assert ticked.count() == 1
    bye = ticked.get_attribute("value")
    ticked.uncheck()
    page.click("#round-start")
    page.wait_for_function("document.querySelector('#round-form-alert').innerText.length > 0")
    assert alert_text(page, "round-form") == IT["club.boston.byes_needed"].format(players=5, byes=1)
    page.check(f"input[name=round-bye][value='{bye}']")
    page.click("#round-start")
    page.wait_for_selector("#table-1")
    assert f"bye {bye}" in entries(page)
    players = [p for p in ["Anna", "Bruno", "Carla", "Dario", "Elena"] if p != bye]
    # 14 tricks: refused with the rule
    page.select_option("#hand-1-player", players[0])
    page.fill("#hand-1-tricks", "14")
    page.click("#hand-1-add")
    page.wait_for_function("document.querySelector('#hand-1-alert').innerText.length > 0")
    assert alert_text(page, "hand-1") == IT["club.entry.range"].format(
        what=IT["club.what.tricks"], value=14, low=0, high=13
    )
    problems = axe(page, "boston table")
    # a redeal, then four CHIEDO made with 5 tricks: the points are computed, never typed
    page.select_option("#hand-1-contract", "passo")
    page.wait_for_function("!document.querySelector('#hand-1-tricks')")
    page.click("#hand-1-add")
    page.select_option("#hand-1-contract", "chiedo")
    page.wait_for_selector("#hand-1-tricks")
    for who in players:
        page.select_option("#hand-1-player", who)
        page.fill("#hand-1-tricks", "5")
        page.click("#hand-1-add")
    page.wait_for_function("document.querySelector('#club-status').innerText.includes('concluso')")
    assert page.locator("#club-standings tbody tr").count() == 5
    cells = page.locator("#club-standings tbody tr", has_text=bye).locator("td").all_inner_texts()
    assert cells[1:7] == [bye, "0", "0", "0", "0", "1"]  # the bye: 0 points, 0 mani, no game, one bye
    assert page.locator("#lot-draw").count() == 1  # four players equal on everything: the lot decides
    page.click("#lot-draw")
    page.wait_for_selector("#lot-draw", state="detached")
    wait_entries(page, 5 + 1 + 1 + 1 + 1 + 4 + 1)
    assert entries(page)[-1].startswith("lot ")
    problems += axe(page, "boston standings")
    assert problems == []
    watch.assert_clean()


def test_a_corrupted_save_is_set_aside_and_a_bad_link_explained(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    context = new_context()
    broken = "Club: tournament\nGame: tressette\n\nteam Assi a b\nhand Assi Coppe 1 6 5\n"
    context.add_init_script(  # type: ignore[attr-defined]
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem('circolo.club.current', {json.dumps(broken)}); }}"
    )
    watch = open_page("club.html?fast", context=context)
    page = watch.page
    problem = page.locator("#club-problem").inner_text()
    assert "riga 5" in problem and "TT2" in problem
    page.locator(".lang-button[data-lang=en]").click()  # said again in English
    page.wait_for_function(
        "document.querySelector('#club-problem').innerText.includes('line 5')"
        " && document.querySelector('#club-problem').innerText.includes('TT2')"
    )
    page.locator(".lang-button[data-lang=it]").click()
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('circolo.corrupt.club.')).map(k => localStorage.getItem(k))"
    )
    assert kept == [broken]
    assert page.locator("#new-form").count() == 1  # the page stays usable
    page.goto(watch.base_url + "club.html?fast#c=eJxLzs8FAAKMAUk")
    prefix = IT["club.link.bad"].split("{")[0]
    page.wait_for_function(
        f"document.querySelector('#club-problem').innerText.startsWith({json.dumps(prefix)})"
    )
    watch.assert_clean()


@pytest.fixture
def other_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """The club's own site on another *site*: ``localhost`` (Circolo is served on ``127.0.0.1``)."""
    handler = functools.partial(QuietHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield tmp_path, f"http://localhost:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("where", ["cross-site", "same-site"])
def test_standings_embedded_on_a_club_site(
    where: str,
    new_context: Callable[..., object],
    site_url: str,
    other_site: tuple[Path, str],
) -> None:
    folder, club = other_site
    if where == "same-site":
        club = club.replace("localhost", "127.0.0.1")
    link = ClubSession.load(EXAMPLE).fragment()
    context = new_context(permissions=["clipboard-read", "clipboard-write"])
    watch = watch_context(context, site_url).goto(f"club.html?fast#{link}")
    page = watch.page
    page.click("#club-embed")
    page.wait_for_function("document.querySelector('#club-notice').innerText.length > 0")
    snippet = page.evaluate("navigator.clipboard.readText()")
    assert snippet.startswith(f'<iframe src="{site_url}club.html?embed#c=')
    # the inline kind: the resize script travels in the snippet, nothing is fetched from our host
    assert "data-circolo " in snippet and "\n<script>\n" in snippet and "static/embed" not in snippet
    (folder / "club.html").write_text(CLUB_PAGE.format(snippet=snippet), encoding="utf-8")
    club_watch = watch_context(with_axe(new_context()), club)
    club_page = club_watch.page
    club_page.goto(club + "club.html")
    frame = club_page.frame_locator("iframe")
    frame.locator(".standings-table").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert frame.locator(".embed-title").inner_text() == "Torneo del martedì"
    assert frame.locator("header.topbar").is_hidden() and frame.locator("#club-history").count() == 0
    club_page.wait_for_function("window.received.some(m => m.data && m.data.type === 'circolo:resize')")
    club_page.wait_for_function(FOLLOWS)
    ours = [m for m in club_page.evaluate("window.received") if m["data"].get("type") == "circolo:resize"]
    assert all(m["origin"] == origin(site_url) for m in ours)
    # a new link loaded in the frame: the standings follow it
    other = ClubSession.load(BOSTON_EXAMPLE).fragment()
    club_page.evaluate(
        "(link) => { const f = document.querySelector('iframe'); f.src = f.src.split('#')[0] + '#' + link; }",
        other,
    )
    frame.locator(".embed-title", has_text="Boston del giovedì").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert "Dario" in frame.locator(".standings-table").inner_text()
    club_page.wait_for_function(FOLLOWS)
    allowed = {origin(site_url), origin(club)}
    assert [
        u for u in club_watch.requests if origin(u) not in allowed and not u.startswith(("data:", "blob:"))
    ] == []
    assert club_page.context.cookies() == []
    watch.assert_clean()


def test_a_meeting_entered_from_its_circolo_game_record(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    save = "Club: tournament\nGame: tressette\n\n" + "".join(f"team {n} {p} {q}\n" for n, p, q in TEAMS)
    save += "group A Assi Coppe Spade Bastoni\n"
    context = new_context()
    context.add_init_script(  # type: ignore[attr-defined]
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem('circolo.club.current', {json.dumps(save)}); }}"
    )
    game = TressetteState()
    play_out(game, [make_bot("tressette", "medium") for _ in range(4)], random.Random(8))
    record = write_record(game)
    watch = open_page("club.html?fast", context=context)
    page = watch.page
    a, b = page.locator("#meeting-title").inner_text().split(" – ")
    page.locator("#game-box > summary").click()
    page.fill("#game-form-text", "Game: poker\n\n")
    page.click("#game-form button[type=submit]")
    page.wait_for_function("document.querySelector('#game-form-alert').innerText.length > 0")
    assert len(entries(page)) == 5
    page.fill("#game-form-text", record)
    page.click("#game-form button[type=submit]")
    page.wait_for_function(
        f"document.querySelector('#meeting-title').innerText !== {json.dumps(f'{a} – {b}')}"
    )
    added = entries(page)[5:]
    assert added[0].startswith(f"dealer {a} {b} ") and all(
        e.startswith((f"hand {a} {b} ", f"penalty {a} {b} ")) for e in added[1:]
    )
    partite = game.result()["partite"]
    grid = page.locator("#club-grid").inner_text()
    wins = [sum(1 for p in partite if p["winner"] == side) for side in ("NS", "EW")]
    assert f"{wins[0]}–{wins[1]}" in grid
    watch.assert_clean()


@pytest.mark.parametrize("fixture", ["club-tressette-16.txt", "club-boston-12.txt"])
def test_print_fits_one_a4_page(fixture: str, open_page: Callable[..., PageWatch]) -> None:
    """16 teams in 4 groups with a knockout, or 12 Boston players over 3 rounds: one A4 page."""
    link = ClubSession.load((REPO / "tests" / "data" / fixture).read_text(encoding="utf-8")).fragment()
    watch = open_page(f"club.html?fast#{link}")
    page = watch.page
    page.wait_for_selector("#club-grid")
    assert pdf_pages(page.pdf(format="A4")) == 1
    page.emulate_media(media="print")
    assert page.locator("#club-standings").is_visible() and page.locator("#club-grid").is_visible()
    assert page.locator(".club-readonly").is_hidden()
    watch.assert_clean()
