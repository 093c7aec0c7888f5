"""Boston's course: its lessons and drills, and how the lesson pages speak of Boston."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pyapp.boston.actions import BIDS
from pyapp.boston.deals import boston_deal
from pyapp.core import COMPASS, PLAY, GameState
from pyapp.games import new_game
from pyapp.i18n import t
from pyapp.lessons.course import Answer, Course, Params, Scene, Seats, Verdict, answer_keys, need_position
from pyapp.lessons.drills import MAX_TRIES, drill_text, play_until, position_of, trick_round
from pyapp.lessons.model import Ask, Drill, Multi, PickCard, Position, Question, T
from pyapp.lessons.picture import card_words, seat_name

RANK_ORDER = "23456789TJQKA"
"""B1: the ranks, lowest first."""

BIDDING = "bidding"


# -- answer keys ---------------------------------------------------------------------------------------


def key_boston_card(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The Boston of the hand being played (B2)."""
    boston = need_position(state).view(None).get("boston")
    if not boston:
        raise ValueError("no hand has been dealt")
    return str(boston)


def key_hand_mani(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Mani of a seat in the last counted hand (B12)."""
    hands = [
        h
        for h in need_position(state).result().get("hands", [])
        if h.get("points") and h.get("counted", True)
    ]
    if not hands:
        raise ValueError("no hand has been scored in this position")
    return int(hands[-1]["mani"][args[0]])


def key_contract_needed(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Tricks the contract needs (B9)."""
    contract = need_position(state).view(None).get("contract")
    if not contract:
        raise ValueError("no contract yet")
    return int(contract["needed"])


# -- drills ----------------------------------------------------------------------------------------------


def _tricks_done(state: GameState) -> int:
    return len(state.view(None).get("tricks") or [])


def trick_drill(rng: random.Random) -> Ask:
    """A trick just completed in a random Boston hand: which card takes it (B3, B10)?"""
    return trick_round("boston", rng, 12, _tricks_done)


def calls_drill(rng: random.Random) -> Ask:
    """A random auction in progress: which calls may the player to speak make now (B6-B8)?"""
    for _ in range(MAX_TRIES):
        state = new_game("boston")
        bids = rng.randint(0, 4)

        def stop(s: GameState, bids: int = bids) -> bool:
            return s.view(None).get("phase") == BIDDING and len(s.view(None).get("bids") or []) >= bids

        if not play_until(state, rng, stop):
            continue
        if state.view(None).get("phase") != BIDDING:
            continue
        seat = state.seat_label(state.current_player())
        return Ask(
            prompt=drill_text("lessons.drill.calls.prompt"),
            question=Multi(BIDS, "legal_calls"),
            position=position_of(state, seat),
        )
    raise RuntimeError("no auction found")


DRILLS: tuple[Drill, ...] = (
    Drill(
        "boston-trick",
        "boston",
        T("Chi prende? (Boston)", "Which card takes it? (Boston)"),
        T(
            "Atout, Boston e seme di uscita: scegli la carta che prende la presa.",
            "Trumps, the Boston and the suit led: pick the card that takes the trick.",
        ),
        trick_drill,
    ),
    Drill(
        "boston-calls",
        "boston",
        T("Quali dichiarazioni sono possibili?", "Which calls are legal?"),
        T(
            "Una dichiarazione in corso: scegli tutte le chiamate possibili adesso.",
            "An auction in progress: pick every call that may be made now.",
        ),
        calls_drill,
    ),
)


# -- the course ---------------------------------------------------------------------------------------


class BostonCourse(Course):
    """Boston: six lessons (B1-B13) and two drills."""

    game = "boston"
    lesson_file = "lessons.toml"
    drill_list = DRILLS
    keys = answer_keys(key_boston_card, key_hand_mani, key_contract_needed)
    offers_cards = True

    def deal(self, args: Mapping[str, Any]) -> Position:
        """A lesson file's deal: :func:`~pyapp.boston.deals.boston_deal`."""
        return boston_deal(**args)

    def hands_finished(self, state: GameState) -> int:
        """The hands counted: a four-pass redeal is not a hand played (B5)."""
        return int(state.result()["counted_hands"])

    def action_label(self, action: str, lang: str) -> str:
        head = action.split()[0]
        if head in BIDS:
            return t(f"boston.ui.call.{head}", lang)
        return card_words(head, self.game, lang)

    def option_label(self, value: str, lang: str) -> str | None:
        return t(f"boston.ui.call.{value}", lang) if value in BIDS else None

    def sort_hand(self, codes: list[str], view: Mapping[str, Any]) -> list[str]:
        """Trumps first (the Boston leading them), then the other suits, strongest first."""
        trump = view.get("trump_suit") or ""
        boston = view.get("boston")
        order = [trump] + [s for s in "shdc" if s != trump]

        def key(c: str) -> tuple[int, int]:
            if c == boston:
                return (0, -100)
            return (order.index(c[1]), -RANK_ORDER.index(c[0]))

        return sorted(codes, key=key)

    def describe(self, scene: Scene, seats: Seats, out: dict[str, Any]) -> None:
        """Dealer, bids and tricks of each seat; trump, the Boston and the contract; the hand's score."""
        view, lang = scene.view, scene.lang
        counts = view.get("counts") or {}
        won = view.get("tricks_won") or {}
        bids: dict[str, list[str]] = {}
        for seat, bid in view.get("bids") or []:
            bids.setdefault(seat, []).append(t(f"boston.ui.call.{bid}", lang))
        contract = view.get("contract")
        for label, entry in seats.items():
            entry["count"] = counts.get(label, 0)
            if label == view.get("dealer"):
                entry["badges"].append(t("lessons.badge.dealer", lang))
            if label in bids:
                entry["notes"].append(" · ".join(bids[label]))
            if contract and view.get("phase") == PLAY:
                entry["notes"].append(t("lessons.info.tricks_seat", lang, n=won.get(label, 0)))
        info = []
        if view.get("trump_card"):
            suit = t(f"card.fr.suit.{view['trump_suit']}", lang)
            info.append(
                t("lessons.info.trump", lang, suit=suit, card=card_words(view["trump_card"], self.game, lang))
            )
            info.append(t("lessons.info.boston", lang, card=card_words(view["boston"], self.game, lang)))
        if contract:
            players = [seat_name(p, lang) for p in contract["players"]]
            info.append(
                t(
                    f"lessons.info.contract.{contract['type']}",
                    lang,
                    who=" + ".join(players),
                    needed=contract["needed"],
                    tricks=contract["tricks"],
                )
            )
        out["info"] = info
        if view.get("trump_card_in_hand") and view.get("dealer"):
            out["turned"] = {"seat": view["dealer"], "card": view["trump_card"]}
        summary = []
        played = [h for h in view.get("hands_played") or [] if h.get("counted")]
        if view.get("phase") in ("hand_over", "game_over") and played:
            last = played[-1]
            c = last["contract"]
            key = "lessons.summary.boston_made" if last["made"] else "lessons.summary.boston_failed"
            summary.append(t(key, lang, tricks=c["tricks"], needed=c["needed"]))
            summary.append(", ".join(f"{seat_name(s, lang)} {last['points'][s]:+d}" for s in COMPASS))
        out["summary"] = summary

    def menu(self, scene: Scene, words: list[str], amounts: dict[str, list[int]]) -> list[str]:
        """Every call during the auction, legal or not, when the engine is to explain refusals."""
        return list(BIDS) if scene.full_menu and scene.view.get("phase") == BIDDING else words

    def side_of(self, state: GameState, seat: str) -> set[str]:
        """The contract's side or its opponents (alone before a contract)."""
        contract = state.view(None).get("contract")
        if contract:
            labels = {state.seat_label(p) for p in range(state.num_players)}
            players = set(contract["players"])
            return players if seat in players else labels - players
        return {seat}

    def effective_suit(self, state: GameState, card: str) -> str:
        """B3: the Boston counts as a trump (unless the natural option)."""
        view = state.view(None)
        if card == view.get("boston") and state.options.get("boston_suit") == "trump":
            return str(view.get("trump_suit"))
        return super().effective_suit(state, card)

    def why_trick(self, state: GameState, card: str, winner: str, led: str, params: Params) -> Verdict | None:
        """The Boston takes every trick; a trump beats the suit led; the higher trump takes."""
        view = state.view(None)
        trump = view.get("trump_suit")
        if winner == view.get("boston"):
            return Verdict("wrong", "lessons.why.trick.boston", params)
        if winner[1] == trump and card[1] != trump:
            return Verdict("wrong", "lessons.why.trick.trumped", params)
        if winner[1] == trump and led != trump:  # both trumped the suit led: the higher trump takes
            return Verdict("wrong", "lessons.why.trick.overtrumped", params)
        return None

    def why_choice(self, step: Ask, question: Question, answer: str, key: str) -> Verdict | None:
        """Picking another card than the Boston."""
        if isinstance(question, PickCard) and question.key == "boston_card":
            return Verdict(
                "wrong", "lessons.why.not_boston", {"card": lambda lang: card_words(answer, self.game, lang)}
            )
        return None
