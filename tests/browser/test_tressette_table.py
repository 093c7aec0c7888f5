"""The Tressette table in Chromium: a whole hand played by clicking, with a declaration (issue 3)."""

from __future__ import annotations

import json
import random
import time

from pyapp.session import TableSession
from pyapp.tressette.rules import TressetteState
from tests.browser.tablecheck import one_screen

SAVE_KEY = "circolo.save.tressette"


def south_leads_first_record(review: str = "tournament") -> str:
    """A saved match (4 of denari leads, T7 option) where S, the human, is to lead trick 1."""
    rng = random.Random(2024)
    for _ in range(500):
        options = {"first_lead": "four_of_denari", "review": review}
        table = TableSession.new("tressette", humans=(2,), options=options, rng=rng)
        state = table.state
        while state.current_player() < 0:
            state.apply(state.chance_sample(rng))
        state.apply("nocut")
        if state.current_player() == 2:
            return table.save()
    raise AssertionError("no deal found where S holds the 4 of denari")


def seed_save(context: object, text: str) -> None:
    context.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(text)});"
        " sessionStorage.setItem('seeded', '1'); }"
    )


def test_T9_whole_hand_by_clicking_with_a_declaration(open_page, new_context) -> None:
    context = new_context()
    seed_save(context, south_leads_first_record())
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    declared = False
    plays = 0
    deadline = time.time() + 240
    while time.time() < deadline:
        if page.locator("#next-hand").count():
            break
        lead_button = page.locator("#lead-card")
        if lead_button.count():
            box = page.locator("#declarations input[type=checkbox]").first
            box.check()
            token = box.get_attribute("value")
            lead_button.click()
            declared = declared or bool(token)
            plays += 1
            continue
        playable = page.locator(".hand-own .card-button:not([aria-disabled=true])")
        if page.locator(".seat-south[data-turn=true]").count() and playable.count():
            playable.first.click()
            if not page.locator("#lead-card").count():
                plays += 1
            continue
        page.wait_for_timeout(100)
    assert page.locator("#next-hand").count() == 1, "the hand did not end"
    assert plays == 10
    assert declared
    # The declaration is public: it is listed in the hand's calls with the human as author.
    assert page.locator(".call-log li", has_text="Tu").count() >= 1
    summary = page.locator(".summary").inner_text()
    assert "Punti della mano" in summary
    saved = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    record = TableSession.load(saved)
    hands = record.state.result()["hands"]
    assert len(hands) == 1 and sum(hands[0]["points"].values()) in (10, 11)
    assert isinstance(record.state, TressetteState)
    watch.assert_clean()


def test_T4_human_cuts_with_the_slider(open_page, new_context) -> None:
    rng = random.Random(7)
    for _ in range(500):
        table = TableSession.new("tressette", humans=(2,), rng=rng)
        state = table.state
        while state.current_player() < 0:
            state.apply(state.chance_sample(rng))
        if state.view(None)["dealer"] == "E":  # S sits on E's left and cuts
            break
    else:
        raise AssertionError("no lot found where E deals")
    context = new_context()
    seed_save(context, table.save())
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    assert one_screen(page) == []  # the cut form and the hand fit every screen
    # The prompt is said once, by the status line next to the hand (not again over the cut form).
    assert page.locator(".dock").inner_text().count("Sei alla sinistra del mazziere") == 1
    page.locator("#cut-point").fill("12")
    page.locator("#do-cut").click()
    page.wait_for_selector(".hand-own .card-button")
    saved = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert "\nS cut 12\n" in saved
    watch.assert_clean()


def test_corrupt_save_is_reported_and_set_aside(open_page, new_context) -> None:
    context = new_context()
    seed_save(context, "Game: tressette\n\n* shuffle nonsense\n")
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    notice = page.locator(".table-notice").inner_text()
    assert "messa da parte" in notice and "riga 3" in notice
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('circolo.corrupt.tressette'))")
    assert len(kept) == 1
    assert page.locator(".hand-own, .controls").count() >= 1
    watch.assert_clean()


def south_must_follow_record() -> str:
    """A saved match where S must follow suit and also holds cards of other suits."""
    rng = random.Random(99)
    table = TableSession.new("tressette", humans=(2,), rng=rng)
    state = table.state
    for _ in range(10_000):
        player = state.current_player()
        if player == 2:
            view = state.view(2)
            led = view["trick"][0]["card"][1] if view["trick"] else None
            suits = {code[1] for code in view["hand"]}
            if view["phase"] == "play" and led in suits and len(suits) > 1:
                return table.save()
            state.apply(state.legal_actions()[0])
        else:
            table.step() if player >= 0 else state.apply(state.chance_sample(rng))
    raise AssertionError("S never had to follow suit with other suits in hand")


def test_T8_refusal_is_shown_and_nothing_changes_then_keyboard_play(open_page, new_context) -> None:
    context = new_context()
    seed_save(context, south_must_follow_record())
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    page.wait_for_selector(".seat-south[data-turn=true]")
    before = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    page.locator(".hand-own .card-button[aria-disabled=true]").first.click(
        force=True
    )  # aria-disabled, still clickable
    alert = page.locator("#table-alert")
    assert "Devi rispondere" in alert.inner_text()
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") == before
    # Keyboard: focus the first playable card, move with the arrows and play with Enter.
    playable = page.locator(".hand-own .card-button:not([aria-disabled=true])")
    code = playable.first.get_attribute("data-card")
    index = int(playable.first.get_attribute("data-index"))
    page.locator(".hand-own .card-button").last.focus()
    page.keyboard.press("Home")
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == code
    page.keyboard.press("Enter")
    page.wait_for_function(f"localStorage.getItem({json.dumps(SAVE_KEY)}) !== {json.dumps(before)}")
    saved = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert saved.startswith(before) and f"\nS {code}\n" in saved[len(before) - 1 :]
    watch.assert_clean()


def test_language_switch_translates_the_table(open_page, new_context) -> None:
    context = new_context()
    seed_save(context, south_leads_first_record())
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    assert "Tocca a te" in page.locator("#status").inner_text()
    page.locator(".lang-button", has_text="EN").click()
    page.wait_for_function("document.querySelector('#status').innerText.includes('Your turn')")
    assert "Your cards" == page.locator(".hand-own").get_attribute("aria-label")
    label = page.locator(".hand-own .card-button").first.get_attribute("aria-label")
    assert " of " in label
    watch.assert_clean()


def test_replay_link_opens_read_only_and_steps(open_page) -> None:
    from pyapp.links.legacy import encode_fragment

    text = south_must_follow_record()
    moves = len(TableSession.load(text).state.history)
    watch = open_page("tressette.html?fast#" + encode_fragment(text))
    page = watch.page
    assert page.locator(".replay-pos").inner_text() == f"Mossa {moves} di {moves}"
    assert page.locator("#new-game").count() == 0
    page.locator("#replay-back").click()
    assert page.locator(".replay-pos").inner_text() == f"Mossa {moves - 1} di {moves}"
    page.locator("#replay-start").click()
    assert page.locator(".replay-pos").inner_text() == f"Mossa 0 di {moves}"
    # Replays never overwrite the player's own saved game.
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") is None
    watch.assert_clean()


def test_broken_replay_link_says_why(open_page) -> None:
    watch = open_page("tressette.html?fast#r=not-a-record")
    notice = watch.page.locator(".table-notice").inner_text()
    assert "link della partita" in notice
    assert watch.page.locator(".hand-own").count() == 1  # a fresh game is ready to play: no dead end
    watch.assert_clean()


def near_match_end_record() -> tuple[str, str]:
    """A saved match one human card away from its end, and the winner it will have."""
    from pyapp.session import make_bot

    rng = random.Random(31)
    table = TableSession.new("tressette", humans=(2,), rng=rng)
    bot = make_bot("tressette", "rule")
    state = table.state
    marks: list[int] = []
    while not state.is_terminal():
        player = state.current_player()
        if player == 2:
            marks.append(len(state.history))
            state.apply(bot.choose(state.info_state(state.current_player()), rng))
        else:
            table.step()
    winner = state.result()["winner"]
    return table.at_move(marks[-1]).save(), winner


def test_T15_match_plays_to_its_end_with_a_summary(open_page, new_context) -> None:
    text, winner = near_match_end_record()
    context = new_context()
    seed_save(context, text)
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    page.locator(".hand-own .card-button:not([aria-disabled=true])").first.click()
    if page.locator("#lead-card").count():
        page.locator("#lead-card").click()
    page.wait_for_selector("#new-match", timeout=60_000)
    title = page.locator("#summary-title").inner_text()
    assert title == ("Avete vinto l'incontro!" if winner == "NS" else "Hanno vinto gli avversari.")
    assert page.locator(".partite li").count() >= 2
    page.locator("#new-match").click()
    page.wait_for_selector(".scorebar")
    saved = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert TableSession.load(saved).state.result()["winner"] is None
    watch.assert_clean()


def test_T10_practice_mode_shows_every_trick_and_undoes(open_page, new_context) -> None:
    start = south_leads_first_record(review="practice")
    context = new_context()
    seed_save(context, start)
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    assert page.locator("#undo").is_disabled() is False
    page.locator(".hand-own .card-button").first.click()
    if page.locator("#lead-card").count():
        page.locator("#lead-card").click()
    # The three computer players answer; the finished trick stays in the hand's log (practice).
    page.wait_for_selector("#hand-log li.log-trick", state="attached")
    page.locator("#undo").click()
    page.wait_for_function(f"localStorage.getItem({json.dumps(SAVE_KEY)}) === {json.dumps(start)}")
    assert page.locator(".hand-own .card-button").count() == 10
    watch.assert_clean()


def test_T10_tournament_mode_has_no_full_history_nor_undo(open_page, new_context) -> None:
    context = new_context()
    seed_save(context, south_leads_first_record())
    watch = open_page("tressette.html?fast", context=context)
    page = watch.page
    page.locator(".hand-own .card-button").first.click()
    if page.locator("#lead-card").count():
        page.locator("#lead-card").click()
    page.wait_for_selector(".trick-number:has-text('Presa 2 di 10')")
    assert page.locator("#undo").count() == 0
    watch.assert_clean()
