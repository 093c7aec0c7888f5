"""Poker's course: its lessons and drills, and how the lesson pages speak of Poker all'italiana."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pyapp.cards import Card
from pyapp.core import GameState
from pyapp.games import new_game
from pyapp.i18n import t
from pyapp.lessons.course import Answer, Course, Scene, Seats, Verdict, answer_keys, need_position
from pyapp.lessons.drills import MAX_TRIES, drill_text, modest_action, play_until, position_of
from pyapp.lessons.judge import amounts_of
from pyapp.lessons.model import Ask, Drill, Number, PickHand, Position, Question, T
from pyapp.lessons.picture import card_words, seat_name
from pyapp.poker.actions import PokerAction
from pyapp.poker.deals import poker_deal, poker_shuffle
from pyapp.poker.evaluate import (
    category,
    evaluate,
    hand_name,
    lowest_rank_for,
    significant_ranks,
    significant_suits,
    stripped_deck,
)
from pyapp.poker.rules import PokerState

RANK_ORDER = "23456789TJQKA"
OPENING = "opening"


def _key(hand: str, players: int) -> int:
    """The evaluator's key of a hand (its codes) at a table of ``players``."""
    return evaluate([Card.parse(c, "fr") for c in hand.split()], lowest_rank_for(players))


# -- answer keys ---------------------------------------------------------------------------------------


def key_deck_size(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Cards in the deck for ``args[0]`` players (P2), as the engine builds it."""
    return len(PokerState(players=int(args[0])).cards)


def key_pot(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Chips in the middle now (P5)."""
    return int(need_position(state).view(None)["pot"])


def key_side_pot(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The amount of pot number ``args[0]`` (0 = the main pot) now (P3, all'altezza)."""
    pots = need_position(state).view(None).get("pots") or []
    index = int(args[0])
    if index >= len(pots):
        raise ValueError(f"there is no pot {index} here")
    return int(pots[index]["amount"])


def key_requirement(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The opening requirement of the hand (P7, P8): ``J``, ``Q`` or ``K``."""
    return str(need_position(state).view(None)["requirement"])


def key_can_open(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """``yes`` when the player to act may open now (P7), ``no`` otherwise."""
    return "yes" if amounts_of(need_position(state), "open") else "no"


def key_best_hand(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The index of the best hand among ``args`` (P16, P17, the engine's evaluator); ``shown``
    holds the table size as its only item."""
    players = int(shown[0]) if shown else 5
    keys = [_key(hand, players) for hand in args]
    return str(keys.index(max(keys)))


# -- drills ----------------------------------------------------------------------------------------------


def which_wins_drill(rng: random.Random) -> Ask:
    """Two hands from the 36-card deck of a table of five: which one wins (P16, P17)?"""
    deck = [c.code for c in stripped_deck(lowest_rank_for(5))]
    close = rng.random() < 0.5
    for _ in range(MAX_TRIES):
        drawn = rng.sample(deck, 10)
        a, b = drawn[:5], drawn[5:]
        ka = evaluate([Card.parse(c, "fr") for c in a], "6")
        kb = evaluate([Card.parse(c, "fr") for c in b], "6")
        if close and category(ka) != category(kb):
            continue
        if not close and category(ka) < 1 and category(kb) < 1:
            continue
        return Ask(
            prompt=drill_text("lessons.drill.which.prompt"),
            question=PickHand((" ".join(a), " ".join(b)), 5),
        )
    raise RuntimeError("no pair of hands found")


def plausible(state: GameState) -> bool:
    """Whether a betting position looks like a real table's: the pot within a few times the
    stake, and every player still in the hand with a resto of at least half the pot."""
    view = state.view(None)
    pot = int(view.get("pot", 0))
    in_hand = [p for p in view.get("seats") or [] if p.get("in_hand") and not p.get("folded")]
    return pot <= MAX_POT and all(int(p["resto"]) * 2 >= pot for p in in_hand)


MAX_POT = 60
"""The largest pot of a drill's position (the resto at the start is about 100)."""


def max_raise_drill(rng: random.Random) -> Ask:
    """A betting round of one of the first hands, played by cautious players: what is the largest
    bet or raise the player to act may make (P9)?"""
    for _ in range(MAX_TRIES):
        state = new_game("poker", hands=3)
        want_raise = rng.random() < 0.6

        def stop(s: GameState, want_raise: bool = want_raise) -> bool:
            if s.view(None).get("phase") not in ("bet1", "bet2") or s.current_player() < 0:
                return False
            verb_name = "raise" if want_raise else "bet"
            return bool(amounts_of(s, verb_name))

        if not play_until(state, rng, stop, choose=modest_action) or not plausible(state):
            continue
        verb_name = "raise" if amounts_of(state, "raise") else "bet"
        seat = state.seat_label(state.current_player())
        view = state.view(state.current_player())
        top = max(amounts_of(state, verb_name))
        params = {"pot": view["pot"], "call": view.get("to_call", 0), "n": top}
        resto_limited = top < int(view["pot"]) + int(view.get("to_call", 0))
        explain = "lessons.drill.raise.why_resto" if resto_limited else f"lessons.drill.raise.why_{verb_name}"
        return Ask(
            prompt=drill_text(f"lessons.drill.raise.prompt_{verb_name}"),
            question=Number("max_amount", (verb_name,)),
            position=position_of(state, seat),
            right=drill_text(explain, **params),
            wrong=drill_text(explain, **params),
        )
    raise RuntimeError("no betting round found")


DRILLS: tuple[Drill, ...] = (
    Drill(
        "poker-which-wins",
        "poker",
        T("Quale mano vince?", "Which hand wins?"),
        T(
            "Due mani di poker all'italiana (mazzo da 36): scegli quella che vince.",
            "Two hands of Italian poker (36-card deck): pick the one that wins.",
        ),
        which_wins_drill,
    ),
    Drill(
        "poker-max-raise",
        "poker",
        T("Il rilancio più alto", "The largest raise"),
        T(
            "Un giro di puntate a limite di piatto: qual è la cifra più alta che puoi mettere?",
            "A pot-limit betting round: what is the largest amount you may put in?",
        ),
        max_raise_drill,
    ),
)


# -- the course ---------------------------------------------------------------------------------------


class PokerCourse(Course):
    """Poker all'italiana: seven lessons (P1-P18) and two drills."""

    game = "poker"
    lesson_file = "lessons.toml"
    drill_list = DRILLS
    keys = answer_keys(key_deck_size, key_pot, key_side_pot, key_requirement, key_can_open, key_best_hand)
    stateless_keys = frozenset({"deck_size", "best_hand"})

    def deal(self, args: Mapping[str, Any]) -> Position:
        """A lesson file's deal: :func:`~pyapp.poker.deals.poker_deal`."""
        return poker_deal(**args)

    def shuffle(self, args: Mapping[str, Any]) -> str:
        """A lesson file's later shuffle: :func:`~pyapp.poker.deals.poker_shuffle`."""
        return poker_shuffle(**args)

    def action_label(self, action: str, lang: str) -> str:
        head, *rest = action.split()
        if head == "draw":
            return t("lessons.act.draw", lang, cards=", ".join(card_words(c, self.game, lang) for c in rest))
        if rest and rest[0].isdigit():
            return t(f"lessons.act.{head}_n", lang, n=rest[0])
        return t(f"lessons.act.{head}", lang)

    def sort_hand(self, codes: list[str], view: Mapping[str, Any]) -> list[str]:
        """Highest rank first, equal ranks in the order hearts, diamonds, clubs, spades."""
        return sorted(codes, key=lambda c: (-RANK_ORDER.index(c[0]), "hdcs".index(c[1])))

    def describe(self, scene: Scene, seats: Seats, out: dict[str, Any]) -> None:
        """Chips, bets and last words of each seat, hands shown; the pots and the requirement."""
        view, lang = scene.view, scene.lang
        for info in view.get("seats") or []:
            entry = seats[info["seat"]]
            entry["count"] = info["cards"]
            entry["chips"] = info["resto"]
            if info["seat"] == view.get("dealer"):
                entry["badges"].append(t("lessons.badge.dealer", lang))
            if info["seat"] == view.get("opener"):  # after the draw the opener speaks first (P13)
                badge = (
                    "lessons.badge.opener_first" if view.get("phase") == "bet2" else "lessons.badge.opener"
                )
                entry["badges"].append(t(badge, lang))
            entry["notes"].append(t("lessons.info.resto", lang, n=info["resto"]))
            if info["bet"]:
                entry["notes"].append(t("lessons.info.bet", lang, n=info["bet"]))
            if info["folded"]:
                entry["notes"].append(t("lessons.info.folded", lang))
            elif info["all_in"]:
                entry["notes"].append(t("lessons.info.all_in", lang))
            elif info["last"]:
                entry["notes"].append(self.action_label(str(info["last"]).replace("draw ", "drew "), lang))
            if info.get("shown"):
                entry["cards"] = self.sort_hand(list(info["shown"]), view)
                entry["notes"].append(str(info["combination"][lang]))
        info_lines = [t("lessons.info.pot", lang, n=view.get("pot", 0))]
        pots = view.get("pots") or []
        players = view.get("seats") or []
        all_in = any(p.get("all_in") and p.get("in_hand") and not p.get("folded") for p in players)
        if len(pots) > 1 and all_in:  # side pots exist only when someone is all'altezza (P3), as at the table
            for k, pot in enumerate(pots):
                who = ", ".join(seat_name(s, lang) for s in pot["eligible"])
                key = "lessons.info.main_pot" if k == 0 else "lessons.info.side_pot"
                info_lines.append(t(key, lang, n=pot["amount"], who=who))
        if view.get("phase") == OPENING:
            info_lines.append(t(f"lessons.info.requirement.{view['requirement']}", lang))
        if view.get("to_call"):
            info_lines.append(t("lessons.info.to_call", lang, n=view["to_call"]))
        if view.get("combination"):
            info_lines.append(t("lessons.info.you_hold", lang, hand=view["combination"][lang]))
        out["info"] = info_lines
        summary = []
        last = view.get("last_hand")
        if last and out["hands_done"]:
            summary.append(_summary(last, lang))
        out["summary"] = summary

    def menu(self, scene: Scene, words: list[str], amounts: dict[str, list[int]]) -> list[str]:
        """Serving (standing pat) beside the draw; the opening amounts, legal or not, when the
        engine is to explain refusals (an opening is an amount, never a button)."""
        view = scene.view
        words = [w for w in words if w != "open"]
        if any(PokerAction.parse(a).verb == "draw" for a in scene.legal) and "serve" not in words:
            words.insert(0, "serve")
        if scene.full_menu and view.get("phase") == OPENING and "open" not in amounts:
            low, high = int(view.get("min") or 0), int(view.get("max") or 0)
            if high >= low > 0:
                amounts["open"] = [low, high]
        return words

    def why_choice(self, step: Ask, question: Question, answer: str, key: str) -> Verdict | None:
        """Why another hand does not win: its name, or the cards or suits that decide (P16, P17)."""
        if not isinstance(question, PickHand):
            return None
        mine = _key(question.hands[int(answer)], question.players)
        best = _key(question.hands[int(key)], question.players)
        if hand_name(mine, "en") == hand_name(best, "en"):
            return _why_same_hand(mine, best, question.hands[int(key)].split())
        return Verdict(
            "wrong",
            "lessons.why.pick_hand",
            {"mine": lambda lang: hand_name(mine, lang), "best": lambda lang: hand_name(best, lang)},
        )


def _why_same_hand(mine: int, best: int, best_cards: list[str]) -> Verdict:
    """Two hands of the same name (P17): the other cards decide, or, all ranks equal, the suit."""
    name: dict[str, object] = {"name": lambda lang: hand_name(best, lang)}
    if category(mine) != category(best) or significant_ranks(mine) != significant_ranks(best):
        return Verdict("wrong", "lessons.why.pick_hand_kickers", name)
    # all ranks equal: the suit of the deciding card (the first in order of significance) decides
    suit = significant_suits(best)[0]
    rank = significant_ranks(best)[0]
    card = next(c for c in best_cards if c[1] == suit and Card.parse(c, "fr").rank_index == rank)
    return Verdict(
        "wrong",
        "lessons.why.pick_hand_suit",
        {**name, "card": lambda lang: card_words(card, "poker", lang)},
    )


def _summary(last: Mapping[str, Any], lang: str) -> str:
    """The last hand in one line: passed, carried (parola), or who won how much with what."""
    outcome = last["outcome"]
    if outcome in ("passed", "parola"):
        return t(f"lessons.summary.poker_{outcome}", lang, n=last["pot"])
    award = last["pots"][0]
    combo = award.get("combination")
    hand = combo[lang] if combo else t("lessons.summary.poker_uncalled_hand", lang)
    return t(
        "lessons.summary.poker_won", lang, who=seat_name(award["winner"], lang), n=last["pot"], hand=hand
    )
