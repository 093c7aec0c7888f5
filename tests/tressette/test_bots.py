"""Computer players: Chitarrella beats the random player on duplicate deals, reads calls, T11 timing."""

from __future__ import annotations

import random
import statistics

from pyapp.core import Bot
from pyapp.tressette import CODES
from pyapp.tressette.bots import ChitarrellaBot, RandomTressetteBot, public_plays
from pyapp.tressette.declarations import canonical_declaration
from pyapp.tressette.rules import TressetteState

from .helpers import DRAW_N_DEALS, deal

CHIT, RAND = ChitarrellaBot(), RandomTressetteBot()


def choose(bot: Bot, s: TressetteState, rng: random.Random) -> str:
    """The bot's choice for the seat to act, from that seat's information state."""
    return bot.choose(s.info_state(s.current_player()), rng)


def play_one_hand(shuffle: str, bots: list, rng: random.Random) -> dict[str, int]:
    s = TressetteState()
    s.apply(DRAW_N_DEALS)
    s.apply(shuffle)
    s.apply(choose(bots[s.current_player()], s, rng))  # the cut
    while s.phase() == "play":
        s.apply(choose(bots[s.current_player()], s, rng))
    return s.result()["hands"][-1]["points"]


def test_chitarrella_beats_random_on_duplicate_deals():
    rng = random.Random(2024)
    margins = []
    for _ in range(300):
        order = [f"{r}{s}" for s in "dcsb" for r in "A234567FCR"]
        rng.shuffle(order)
        shuffle = "shuffle " + " ".join(order)
        ns = play_one_hand(shuffle, [CHIT, RAND, CHIT, RAND], rng)["NS"]
        ew = play_one_hand(shuffle, [RAND, CHIT, RAND, CHIT], rng)["EW"]
        margins.append(ns + ew - 11)  # Chitarrella's points minus the random players' on the same cards
    mean = statistics.mean(margins)
    t = mean / (statistics.stdev(margins) / len(margins) ** 0.5)
    assert mean > 2.0 and t > 8, (mean, t)


def test_chitarrella_declines_the_cut_random_cuts_legally():
    s = TressetteState()
    s.apply(DRAW_N_DEALS)
    s.apply(s.chance_sample(random.Random(0)))
    assert choose(CHIT, s, random.Random(0)) == "nocut"
    cuts = {choose(RAND, s, random.Random(k)) for k in range(20)}
    assert all(s.can(c) for c in cuts) and len(cuts) > 1


def test_chitarrella_leads_with_the_canonical_call():
    s = deal({"N": "3d 5d 6d Ac 4c 5c As 4s 5s 6s"})  # void in bastoni
    action = choose(CHIT, s, random.Random(0))
    card = action.split()[0]
    assert " ".join(action.split()[1:]) == canonical_declaration(s, card)
    assert "piombi=1" in action
    s.apply(action)


def test_chitarrella_answers_voglio_il_3():
    s = deal(
        {
            "N": "Ad 2d 5d 4c 5c 6c 4s 5s 6s 4b",
            "W": "4d 7c Fc Cc 7s Fs Cs 5b 6b 7b",
            "S": "3d 7d Rc 2s As 3s 2b 3b Ab Rb",
        }
    )
    s.apply("5d voglio_3")
    s.apply("4d")
    assert choose(CHIT, s, random.Random(0)) == "3d"


def test_chitarrella_gives_the_ace_to_partners_sure_trick_without_overtaking():
    s = deal(
        {
            "N": "3d 4c 5c 6c 7c 4s 5s 6s 4b 5b",
            "W": "4d 7d Fc Cc 7s Fs Cs 6b 7b Fb",
            "S": "Ad 5d Rc 2s As 3s 2b 3b Ab Rb",
        }
    )
    s.apply("3d busso" if s.can("3d busso") else "3d")
    s.apply("4d")
    assert choose(CHIT, s, random.Random(0)) == "Ad"


def test_chitarrella_discards_points_on_partners_sure_trick():
    s = deal(
        {
            "N": "3d 2d 4c 5c 6c 7c 4s 5s 6s 4b",
            "W": "4d 7d Fc Cc 7s Fs Cs 6b 7b Fb",
            "S": "Ac Rc 2s As 3s 2b 3b Ab Rb 5b",
        }
    )
    s.apply("3d")
    s.apply("4d")
    choice = choose(CHIT, s, random.Random(0))
    assert choice == "Ac"  # void in denari: the ace that is not a sure winner goes to the partner


def test_chitarrella_takes_the_trick_when_last():
    s = deal(
        {
            "N": "5d 4c 5c 6c 7c 4s 5s 6s 4b 5b",
            "W": "4d 7d Fc Cc 7s Fs Cs 6b 7b Fb",
            "S": "Rd 6d Rc 2s As 3s 2b 3b Ab Rb",
        }
    )
    for card in ("5d", "4d", "Rd"):  # S (an opponent of E) wins so far
        s.apply(card)
    assert s.seat_label(s.current_player()) == "E" and "Ad" in s.legal_actions()
    assert choose(CHIT, s, random.Random(0)) == "Ad"  # last to play: take it, with the most points


def test_chitarrella_does_not_overtake_partner_when_last():
    s = deal(
        {
            "N": "5d 4c 5c 6c 7c 4s 5s 6s 4b 5b",
            "W": "Rd 7d Fc Cc 7s Fs Cs 6b 7b Fb",
            "S": "4d 6d Rc 2s As 3s 2b 3b Ab Rb",
        }
    )
    for card in ("5d", "Rd", "6d"):  # W, E's partner, wins so far
        s.apply(card)
    assert choose(CHIT, s, random.Random(0)) == "Fd"  # a point that does not overtake the King


def test_bots_see_only_their_view():
    # deals with the same hand for N but different hidden hands: N's information states are equal
    # (the shuffles are masked but for N's cards), so are its choices
    rng = random.Random(7)
    north = "3d 5d 6d Ac 4c 5c As 4s 5s 6s"
    rest = [c for c in (f"{r}{s}" for s in "dcsb" for r in "A234567FCR") if c not in north.split()]
    base = deal({"N": north})
    for _ in range(10):
        rng.shuffle(rest)
        s = deal({"N": north, "E": " ".join(rest[:10]), "S": " ".join(rest[10:20])})
        assert s.history != base.history and s.info_state(0) == base.info_state(0)
        assert choose(CHIT, s, random.Random(0)) == choose(CHIT, base, random.Random(0))
        twin = base.clone()
        for k in range(8):  # later in the hand too, while the same public plays are possible in both
            action = choose(RAND, s, random.Random(k))
            if not twin.can(action):
                break
            s.apply(action)
            twin.apply(action)
            assert s.info_state(0) == twin.info_state(0)
            if s.current_player() == 0:
                assert choose(CHIT, s, random.Random(0)) == choose(CHIT, twin, random.Random(0))


def test_public_plays_match_the_table():
    rng = random.Random(5)
    s = TressetteState()
    s.apply(DRAW_N_DEALS)
    s.apply(s.chance_sample(rng))
    s.apply("nocut")
    for _ in range(17):
        s.apply(choose(CHIT, s, rng))
    plays = public_plays(s.info_state(0).history)
    assert len(plays) == 17
    trick = s.view(None)["trick"]
    assert [("NESW"[p], CODES[c]) for p, c, _ in plays[16:]] == [(x["seat"], x["card"]) for x in trick]


def test_T11_computer_players_wait_one_constant_delay_for_every_move():
    """T11: the tables wait a fixed delay before each computer move, whatever the hand.

    (Speed itself is measured in bench/tressette.py, not in a timed test.) The only real wait of
    the computer players' loop is ``asyncio.sleep(max(0, (chance_delay if chance else bot_delay)
    - thought))``: two class constants, less the time the player already spent thinking inside
    them (its slices run one per event-loop turn, ``sleep(0)``): nothing read from a hand or a
    view can change it.
    """
    import ast
    from pathlib import Path

    table = Path(__file__).resolve().parents[2] / "pyapp" / "views" / "table"  # the tables' package
    source = "\n".join(path.read_text(encoding="utf-8") for path in sorted(table.glob("*.py")))
    sleeps = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "sleep"
        and not (isinstance(node.args[0], ast.Constant) and node.args[0].value == 0)  # a turn
    ]
    assert len(sleeps) == 1
    names = {n.attr for n in ast.walk(sleeps[0].args[0]) if isinstance(n, ast.Attribute)}
    assert names == {"chance_delay", "bot_delay"}
    variables = {n.id for n in ast.walk(sleeps[0].args[0]) if isinstance(n, ast.Name)}
    assert variables <= {"max", "self", "chance", "thought"}
    constants = {
        target.id: node.value.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.AnnAssign)
        and isinstance(target := node.target, ast.Name)
        and isinstance(node.value, ast.Constant)
    }
    assert constants["bot_delay"] > 0 and constants["chance_delay"] > 0
