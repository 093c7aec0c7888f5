"""The Poker all'italiana table in Chromium: a hand through the draw to the showdown by clicking."""

from __future__ import annotations

import json
import random
import time

from pyapp.poker.rules import PokerState
from pyapp.session import TableSession

SAVE_KEY = "circolo.save.poker"


def seeded_session(dealer: str = "5", cut: bool = True) -> TableSession:
    """A session of 5 where the human (seat 1) holds jacks and seat 2 three kings.

    With dealer 5 the human speaks first in the opening round; with dealer 2 the human cuts.
    """
    table = TableSession.new("poker", humans=(0,), rng=random.Random(5))
    state = table.state
    state.apply(f"dealer {dealer}")
    deck = [c.code for c in state.cards]  # type: ignore[attr-defined]
    hands = {0: ["Jh", "Jd", "9c", "7s", "Ac"], 1: ["Kh", "Kd", "Ks", "6c", "8h"]}
    rest = [c for c in deck if c not in hands[0] + hands[1]]
    random.Random(11).shuffle(rest)
    for seat in (2, 3, 4):
        hands[seat] = [rest.pop() for _ in range(5)]
    first = (int(dealer)) % 5  # the dealer's left receives the first card
    order = [hands[(first + seat) % 5][i] for i in range(5) for seat in range(5)]
    state.apply("shuffle " + " ".join(order + rest))
    if cut:
        state.apply("nocut")
    return table


def seed_save(context: object, text: str) -> None:
    context.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(text)});"
        " sessionStorage.setItem('seeded', '1'); }"
    )


def saved(page: object) -> str:
    return page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")


def test_P11_P15_hand_through_the_draw_to_the_showdown(open_page, new_context) -> None:
    table = seeded_session()
    assert table.state.current_player() == 0 and table.state.view(0)["can_open"]
    context = new_context()
    seed_save(context, table.save())
    watch = open_page("poker.html?fast", context=context)
    page = watch.page
    assert page.locator(".pk-requirement").get_attribute("data-requirement") == "J"
    assert "fanti" in page.locator(".pk-requirement").inner_text()
    # Open for the minimum with the quick button.
    page.locator("[data-quick=min]").click()
    assert page.locator("#amount").input_value() == "1"
    page.locator("#amount-submit").click()
    drew = False
    deadline = time.time() + 100
    while time.time() < deadline:
        if page.locator("#next-hand").count():
            summary = page.locator(".pk-summary")
            if drew and summary.get_attribute("data-outcome") == "showdown":
                break
            page.locator("#next-hand").click()  # everybody folded: play the next hand
            continue
        if page.locator("#draw-submit").count():
            cards = page.locator(".pk-hand .card-button")
            assert cards.count() == 5
            assert page.locator("#draw-submit").is_disabled()
            cards.nth(2).click()
            cards.nth(3).click()
            assert page.locator(".pk-hand .card-button[aria-pressed=true]").count() == 2
            assert page.locator("#draw-submit").get_attribute("data-count") == "2"
            page.locator("#draw-submit").click()
            drew = True
            continue
        clicked = False
        for button in ("#show", "#call", "#rebuy", "#no-cut"):
            if page.locator(button).count():
                page.locator(button).click()
                clicked = True
                break
        if clicked:
            continue
        if page.locator("#amount-submit").count():
            page.locator("[data-quick=min]").first.click()
            page.locator("#amount-submit").click()
            continue
        if page.locator("#pass").count():
            page.locator("#pass").click()
            continue
        page.wait_for_timeout(100)
    summary = page.locator(".pk-summary")
    assert summary.count() == 1 and summary.get_attribute("data-outcome") == "showdown", "no showdown reached"
    # The winning combination is named, and every shown hand too.
    award = page.locator(".pk-award").first.inner_text()
    assert " con " in award
    assert page.locator(".pk-summary [data-combination]").count() >= 2
    assert "Carte cambiate" in summary.inner_text()
    record = TableSession.load(saved(page))
    assert isinstance(record.state, PokerState)
    hands = record.state.result()["hands"]
    last = hands[-1]
    assert last["outcome"] == "showdown" and last["draws"].get("1") == 2
    names = {entry["it"] for entry in last["shown"].values()}
    assert any(name in award for name in names)
    # The standings show the net result of every player in units and passate.
    assert page.locator(".pk-standings tbody tr").count() == 5
    watch.assert_clean()


def test_P9_amount_above_the_pot_limit_is_refused(open_page, new_context) -> None:
    context = new_context()
    seed_save(context, seeded_session().save())
    watch = open_page("poker.html?fast", context=context)
    page = watch.page
    amount = page.locator("#amount")
    assert amount.get_attribute("min") == "1" and amount.get_attribute("max") == "6"
    assert page.locator("#amount-range-input").get_attribute("max") == "6"
    before = saved(page)
    amount.fill("999")
    page.locator("#amount-submit").click()
    alert = page.locator("#table-alert")
    assert "al massimo pari al piatto (6)" in alert.inner_text()
    assert saved(page) == before
    assert page.locator(".pk-own[data-turn=true]").count() == 1
    # A legal amount then goes through, and the session survives a reload.
    page.locator("#amount").fill("6")
    page.locator("#amount-submit").click()
    page.wait_for_selector(".pk-log li")
    assert "\n1 open 6\n" in saved(page)
    page.reload()
    watch.wait_ready()
    assert "Tu: Apre di 6" in page.locator(".pk-log").inner_text()
    watch.assert_clean()


def test_P6_the_human_cuts_and_may_end_an_open_session(open_page, new_context) -> None:
    table = seeded_session(dealer="2", cut=False)
    assert table.state.current_player() == 0
    context = new_context()
    seed_save(context, table.save())
    watch = open_page("poker.html?fast", context=context)
    page = watch.page
    assert page.locator("#end-session").count() == 1  # hands=0: the cutter may end the session
    page.locator("#cut-point").fill("10")
    page.locator("#do-cut").click()
    page.wait_for_selector(".pk-hand .pk-card")
    assert "\n1 cut 10\n" in saved(page)
    watch.assert_clean()


def _deal(state: PokerState, hands: dict[int, str]) -> None:
    """A ``shuffle`` giving the seats in ``hands`` those five cards (the others the leftovers), then ``nocut``."""
    order = [q for q in ((state.dealer + i) % state.n for i in range(1, state.n + 1)) if state.seated[q]]
    named = {q: v.split() for q, v in hands.items()}
    spare = [c.code for c in state.cards if c.code not in {x for v in named.values() for x in v}]
    for q in order:
        if q not in named:
            named[q], spare = spare[:5], spare[5:]
    state.apply("shuffle " + " ".join([named[q][i] for i in range(5) for q in order] + spare))
    state.apply("nocut")


def test_P3_the_human_adds_a_passata_between_hands(open_page, new_context) -> None:
    table = TableSession.new("poker", humans=(0,), options={"topup": "on"}, rng=random.Random(5))
    table.state.apply("dealer 5")
    assert table.state.current_player() == 0 and table.state.legal_actions()[0] == "stay"
    context = new_context()
    seed_save(context, table.save())
    watch = open_page("poker.html?fast", context=context)
    page = watch.page
    assert page.locator(".pk-buyin").get_attribute("data-kind") == "topup"
    assert page.locator("#topup").inner_text() == "Aggiungi una passata (+100)"
    assert page.locator("#stay").count() == 1
    page.locator("#topup").click()
    page.wait_for_selector("#buyins")
    assert "\n1 rebuy 1\n" in saved(page)
    assert "aumenta il resto (+100)" in page.locator("#buyins").text_content()
    assert page.locator(".pk-standings tr[data-seat='1'] td").nth(1).inner_text() == "2"
    watch.assert_clean()


def test_P4_the_human_sits_down_again_with_a_doppia_passata(open_page, new_context) -> None:
    table = TableSession.new(
        "poker", humans=(0,), options={"topup": "on", "joiners": "on", "passata": 20}, rng=random.Random(5)
    )
    s = table.state
    s.apply("dealer 5")
    for _ in range(5):
        s.apply("stay")
    trash = {2: "7d 9c Tc Kc 6d", 3: "8c 9d Td Ks 6c", 4: "7h 8h 9s Qd 6h"}
    _deal(s, trash | {0: "Jh Jd 7c 8d Ts", 1: "Kh Kd 7s 8s 9h"})
    for action in (
        "open 6",
        "call",
        "fold",
        "fold",
        "fold",
        "serve",
        "serve",
        "bet 13",
        "call",
        "show",
        "show",
    ):
        s.apply(action)
    assert s.resto[0] == 0
    for action in ("stay", "rebuy 1", "stay", "stay", "leave"):  # seats 2, 3 (a second passata), 4, 5, 1
        s.apply(action)
    _deal(s, {1: "7d 9c Tc Kc 6d", 2: "8c 9d Td Ks 6c", 3: "7h 8h 9s Qd 6h", 4: "7c 8d Ts Qc 6s"})
    while s.phase() == "opening":
        s.apply("pass")
    s.apply("stay")  # seat 4; seat 5 and then the human's empty seat follow
    assert s.seat_label(s.current_player()) == "5"
    context = new_context()
    seed_save(context, table.save())
    watch = open_page("poker.html?fast", context=context)
    page = watch.page
    page.wait_for_selector("#join")
    assert page.locator("#join").inner_text() == "Un nuovo giocatore si siede (2 passate)"
    assert page.locator("[data-double=true]").count() == 1
    assert "40 gettoni" in page.locator(".pk-buyin").inner_text()
    page.locator("#join").click()
    page.wait_for_function(f"(localStorage.getItem({json.dumps(SAVE_KEY)}) || '').includes('\\n1 join 2\\n')")
    rows = page.locator(".pk-standings tr[data-seat='1']")
    assert rows.count() == 2 and "2º al posto" in rows.nth(1).inner_text()
    assert "si siede con doppia passata (40)" in page.locator("#buyins").text_content()
    watch.assert_clean()
