"""Computer players at the tables (issue 12): level setting, a page that never freezes, advice.

* ``test_hard_players_never_block_the_page``: at each table (``?fast``, reduced motion) three or
  four hard players make several moves while a ``longtask`` PerformanceObserver (registered after
  the app is ready) watches the main thread. The table measures each computer player's thinking
  from its first slice to the move made (``performance.measure("circolo-computer-move")``) and
  each "Suggest a move" the same way: no long task (> 50 ms) may overlap those windows, but for
  one below 120 ms (a garbage collection or a descheduled renderer on a loaded machine).
  A busy loop of 120 ms run at the end must be seen by the same observer (so the test can fail:
  an unsliced ``choose`` blocks for the whole 250 ms budget of every move). In the same game the
  human, in practice mode, asks for a suggestion: it is legal, highlighted, said in words, and
  playing the highlighted control plays exactly it.
* ``test_level_setting_is_remembered_recorded_and_shown``: the settings' level and mode.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from pyapp.session import TableSession
from tests.browser.tablecheck import one_screen, seed

OBSERVE = """() => {
  window.__longtasks = [];
  window.__observedFrom = performance.now();
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask'});
  return window.__observedFrom;
}"""

BLOCKED = """(names) => {
  const from = window.__observedFrom;
  const windows = names.flatMap(n => performance.getEntriesByName(n, 'measure'))
    .filter(m => m.startTime >= from).map(m => [m.name, m.startTime, m.startTime + m.duration]);
  const inside = [];
  for (const [s, d] of window.__longtasks) {
    const w = windows.find(([n, a, b]) => s < b && s + d > a);
    if (w) inside.push({ms: Math.round(d), in: w[0], at: Math.round(s - w[1]), of: Math.round(w[2] - w[1])});
  }
  return {windows: windows.length, longtasks: window.__longtasks.length, inside};
}"""

BUSY = (
    """() => setTimeout(() => { const t = performance.now(); while (performance.now() - t < 120) {} }, 0)"""
)

MARKS = ["circolo-computer-move", "circolo-advice"]

HUMAN = {"tressette": 2, "boston": 2, "poker": 0}

MOVES = 6
"""Hard decisions (more than one legal action) to watch at each table."""


def start_record(game: str) -> str:
    """A practice game with hard players where the computer players move first."""
    rng = random.Random(12)
    if game == "tressette":
        options: dict[str, str | int] = {"review": "practice"}
        table = TableSession.new(game, humans=(2,), bot="hard", options=options, rng=rng)
    else:
        table = TableSession.new(game, humans=(HUMAN[game],), bot="hard", rng=rng, tags={"Mode": "practice"})
    state = table.state
    if game == "tressette":
        while state.current_player() < 0:
            state.apply(state.chance_sample(rng))
        state.apply("nocut")
    elif game == "boston":
        state.apply("dealer S")  # West bids first, the human last
        state.apply(state.chance_sample(rng))
    else:
        state.apply("dealer 1")  # seat 2 speaks first, the human last
        state.apply(state.chance_sample(rng))
        state.apply("nocut")
    return table.save()


def hard_decisions(text: str, since: int) -> int:
    """Computer decisions with a real choice among the record's actions after the first ``since``."""
    table = TableSession.load(text)
    replay = table.at_move(0).state
    count = 0
    for index, action in enumerate(table.state.history):
        player = replay.current_player()
        if (
            index >= since
            and player >= 0
            and table.players[player] != "human"
            and len(replay.legal_actions()) > 1
        ):
            count += 1
        replay.apply(action)
    return count


def saved(page: Any, game: str) -> str:
    return str(page.evaluate("k => localStorage.getItem(k)", f"circolo.save.{game}") or "")


def human_move(page: Any) -> None:
    """A plain move for the human: the first playable card, else the first usual button."""
    if page.locator("#bidding").count():  # Boston: the hand is readable, not playable, while bidding
        bid = page.locator("#bid-passo")
        (bid if bid.count() else page.locator("#bidding .bid-button").first).click()
        return
    cards = page.locator(".hand-own .card-button:not([aria-disabled=true])")
    drawing = page.locator("#draw-submit").count()
    if cards.count() and not drawing:
        cards.first.click()
        if page.locator("#lead-card").count():
            page.locator("#lead-card").click()
        return
    for ident in (
        "#next-hand",
        "#no-cut",
        "#bid-passo",
        "#check",
        "#call",
        "#pass",
        "#serve",
        "#show",
        "#stay",
    ):
        if page.locator(ident).count():
            page.locator(ident).click()
            return


def follow_advice(page: Any, game: str) -> None:
    """Ask for a suggestion, check it, then play it by the highlighted control."""
    before = saved(page, game)
    snapshot = TableSession.load(before).snapshot("it")
    assert snapshot["human_turn"]
    button = page.locator("#suggest")
    assert button.is_enabled()
    button.focus()
    page.keyboard.press("Enter")  # keyboard accessible
    page.wait_for_selector("#advice[data-action]", timeout=30_000)
    action = page.locator("#advice").get_attribute("data-action")
    assert action in snapshot["legal"], f"{action} is not legal: {snapshot['legal']}"
    assert page.locator("#advice").inner_text().startswith("Suggerimento: ")
    lines = page.locator("#hand-log li").all_inner_texts()
    assert lines[-1].strip() == page.locator("#advice").inner_text().strip()  # said in the live log
    marked = page.locator("[data-suggested=true]")
    assert marked.count() >= 1
    assert saved(page, game) == before, "a suggestion plays nothing"
    assert one_screen(page) == []  # the advice fits beside the hand at the four screen sizes
    verb = action.split()[0]
    if game == "poker" and verb == "draw":
        pressed = page.locator(".hand-own .card-button[aria-pressed=true]").count()
        assert pressed == len(action.split()) - 1  # the advised changes are marked
        page.locator("#draw-submit").click()
    elif game == "poker" and verb in ("open", "bet", "raise"):
        assert page.locator("#amount").input_value() == action.split()[1]
        page.locator(f"#amount-form-{verb} [type=submit]").click()
    else:
        marked.first.click()
        if page.locator("#lead-card").count():  # an advised lead with declarations: ticked already
            page.locator("#lead-card").click()
    page.wait_for_function(
        "([k, b]) => localStorage.getItem(k) !== b", arg=[f"circolo.save.{game}", before], timeout=30_000
    )
    after = TableSession.load(saved(page, game))
    played = after.state.history[len(TableSession.load(before).state.history)]
    assert played == action


@pytest.mark.parametrize("game", ["tressette", "boston", "poker"])
def test_hard_players_never_block_the_page(game: str, open_page, new_context) -> None:
    context = new_context()
    seed(context, f"circolo.save.{game}", start_record(game))
    watch = open_page(f"{game}.html?fast", context=context)
    page = watch.page
    page.evaluate(OBSERVE)
    since = len(TableSession.load(saved(page, game)).state.history)
    advised = False
    deadline = time.time() + 60
    while time.time() < deadline:
        if advised and hard_decisions(saved(page, game), since) >= MOVES:
            break
        if page.locator("#next-hand").count():  # a hand summary waits for the human
            page.locator("#next-hand").click()
            continue
        if not page.locator(".tbl[data-turn=you]").count():
            page.wait_for_timeout(50)
            continue
        if not advised and page.locator("#suggest:not([disabled])").count():
            follow_advice(page, game)
            advised = True
            continue
        before = saved(page, game)
        human_move(page)
        page.wait_for_function(
            "([k, b]) => localStorage.getItem(k) !== b", arg=[f"circolo.save.{game}", before], timeout=30_000
        )
    decisions = hard_decisions(saved(page, game), since)
    assert advised and decisions >= MOVES, f"only {decisions} hard decisions (advice: {advised})"
    blocked = page.evaluate(BLOCKED, MARKS)
    assert blocked["windows"] >= MOVES
    # One slice is ~5 ms of work; a lone task up to 120 ms is tolerated as the machine's doing (a
    # garbage collection of the hard poker player's caches, a renderer descheduled on a loaded
    # 2-core machine): thinking in one piece blocks for a whole budget (~250 ms) at every move.
    inside = blocked["inside"]
    assert len(inside) <= 1 and all(task["ms"] < 120 for task in inside), (
        f"long tasks while the computer players thought: {blocked}"
    )
    # The observer does see a long task when there is one.
    page.evaluate(BUSY)
    page.wait_for_function("() => window.__longtasks.some(([s, d]) => d >= 100)", timeout=10_000)
    watch.assert_clean()


def test_level_setting_is_remembered_recorded_and_shown(open_page, new_context) -> None:
    context = new_context()
    record = TableSession.new("boston", humans=(2,), bot="easy").save()
    seed(context, "circolo.save.boston", record)
    watch = open_page("boston.html?fast", context=context)
    page = watch.page
    # a saved game keeps its own players, whatever the setting
    assert page.locator(".score-level").inner_text() == "Computer: Principiante"
    assert page.locator(".side-level").is_hidden()
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the bar has no room left
    assert page.locator(".score-level").is_hidden()
    assert page.locator(".side-level").inner_text() == "Computer: Principiante"
    page.set_viewport_size({"width": 1280, "height": 900})
    assert page.locator("#suggest").count() == 0 and page.locator("#undo").count() == 0
    page.locator("#settings-panel summary").click()
    assert page.locator("#table-level-medium").is_checked()  # the default
    page.locator("#table-level-hard").check()
    page.locator("#table-mode-practice").check()
    page.locator("#settings button[type=submit]").click()
    page.wait_for_function("() => (localStorage.getItem('circolo.save.boston') || '').includes('hard')")
    text = saved(page, "boston")
    assert "Players: hard hard human hard" in text and "Mode: practice" in text
    assert page.evaluate("localStorage.getItem('circolo.boston.level')") == "hard"
    assert page.locator(".score-level").inner_text() == "Computer: Esperto"
    assert page.locator("#suggest").count() == 1  # practice: suggestions (and undo)
    # remembered: a new game after a reload is again against experts, in practice mode
    page.reload()
    watch.wait_ready()
    page.on("dialog", lambda dialog: dialog.accept())  # "abandon the game in progress?"
    page.locator("#new-game").click()
    if page.locator(".score-level").inner_text() != "Computer: Esperto":
        pytest.fail("the level was not remembered")
    page.wait_for_function(
        "() => (localStorage.getItem('circolo.save.boston') || '').includes('Mode: practice')"
    )
    # the other tables remember their own level (default: intermediate)
    other = open_page("tressette.html?fast", context=context)
    assert other.page.locator(".score-level").inner_text() == "Computer: Intermedio"
    other.page.locator("#settings-panel summary").click()
    assert other.page.locator("#table-mode-practice").count() == 0  # Tressette: the rules' review option
    watch.assert_clean()
    other.assert_clean()
