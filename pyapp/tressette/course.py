"""Tressette's course: its lessons and drills, and how the lesson pages speak of Tressette."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from pyapp.core import PLAY, GameState
from pyapp.games import new_game
from pyapp.i18n import t
from pyapp.lessons import engine
from pyapp.lessons.course import Answer, Course, Scene, Seats, answer_keys
from pyapp.lessons.drills import MAX_TRIES, drill_text, play_until, position_of, trick_round
from pyapp.lessons.model import Ask, Drill, Multi, Number, Position, Question, T
from pyapp.lessons.picture import card_words, seat_name, team_name
from pyapp.tressette import CODES, INDEX, LAST_TRICK_THIRDS, STRENGTH, THIRDS
from pyapp.tressette.deals import tressette_deal
from pyapp.tressette.declarations import declaration_text, truthful_declarations
from pyapp.tressette.rules import TressetteState

SIMPLE_CALLS = (
    "busso",
    "ribusso",
    "liscio_busso",
    "voglio_25",
    "migliore",
    "voglio_3",
    "voglio_2",
    "piombo_pezzo",
    "volo",
    "voglio_asso",
)
"""Declaration tokens without a value, in the order the menu offers them."""

VALUED_CALLS = ("liscio", "re", "tre", "due", "asso")
"""Declarations that count the cards of the suit (``liscio=3``)."""

TRICK_ORDER = "4567FCRA23"
"""T1: the ranks in trick order, weakest first."""


def declaration_words(token: str, lang: str) -> str:
    """A declaration token as players say it."""
    return declaration_text(token, lang)


# -- answer keys ---------------------------------------------------------------------------------------


def key_card_points(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Points of the shown cards (T12, the engine's table of thirds); ``"last"`` adds the last trick."""
    thirds = sum(THIRDS[INDEX[c]] for c in shown) + (LAST_TRICK_THIRDS if "last" in args else 0)
    return thirds // 3


def key_true_declarations(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The offered declaration tokens the engine accepts with the lead of ``args[0]``."""
    if state is None:
        raise ValueError("this question needs a position")
    card = args[0]
    return frozenset(tok for tok in shown if state.can(f"{card} {tok}"))


def key_partita_winner(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The team that won the last partita (T14), or ``none`` when it is still open."""
    if state is None:
        raise ValueError("this question needs a position")
    partite = state.result().get("partite", [])
    if partite and partite[-1].get("winner"):
        return str(partite[-1]["winner"])
    return "none"


# -- drills ----------------------------------------------------------------------------------------------


def _tricks_done(state: GameState) -> int:
    won = state.view(None).get("tricks_won") or {}
    return int(won.get("NS", 0)) + int(won.get("EW", 0))


def _card_name(code: str) -> Callable[[str], str]:
    return lambda lang: card_words(code, "tressette", lang)


def trick_drill(rng: random.Random) -> Ask:
    """A trick just completed in a random hand: which card takes it (T8, T9)?"""
    return trick_round("tressette", rng, 9, _tricks_done)


def points_drill(rng: random.Random) -> Ask:
    """A random hand played out: how many points do N-S make with the cards they took (T12)?"""
    state = new_game("tressette", review="practice")
    if not play_until(state, rng, lambda s: engine.hands_finished(s) >= 1):
        raise RuntimeError("the hand did not end")
    tricks = state.view(None).get("tricks") or []
    cards = [c["card"] for trick in tricks if trick["winner"] in ("N", "S") for c in trick["cards"]]
    last = bool(tricks) and tricks[-1]["winner"] in ("N", "S")
    key = "lessons.drill.points.prompt_last" if last else "lessons.drill.points.prompt"
    return Ask(
        prompt=drill_text(key),
        question=Number("hand_points", ("NS",), tuple(cards)),
        position=position_of(state, "S"),
        wrong=drill_text("lessons.drill.points.wrong"),
    )


def declare_drill(rng: random.Random) -> Ask:
    """South is to lead a random card of a random hand: which calls are true with it (D1-DP)?"""
    for _ in range(MAX_TRIES):
        state = new_game("tressette")
        lead_at = rng.randint(0, 4)

        def stop(s: GameState, lead_at: int = lead_at) -> bool:
            view = s.view(None)
            return (
                view.get("phase") == PLAY
                and s.current_player() == 2
                and not view.get("trick")
                and _tricks_done(s) >= lead_at
            )

        if not play_until(state, rng, stop):
            continue
        assert isinstance(state, TressetteState)
        hand = state.hand_of(2)
        card: str = rng.choice(hand)
        n = sum(1 for c in hand if c[1] == card[1])
        true = truthful_declarations(state, card)
        pool = list(SIMPLE_CALLS) + [f"{name}={n}" for name in VALUED_CALLS]
        if n < 2:
            pool = list(SIMPLE_CALLS)
        false = [tok for tok in pool if tok not in true]
        rng.shuffle(false)
        offered = [tok for tok in pool if tok in true or tok in false[: max(2, 6 - len(true))]]
        offered += [tok for tok in true if tok not in offered]
        return Ask(
            prompt=drill_text("lessons.drill.declare.prompt", card=_card_name(card)),
            question=Multi(tuple(offered), "true_declarations", (card,)),
            position=position_of(state, "S"),
        )
    raise RuntimeError("no lead found")


DRILLS: tuple[Drill, ...] = (
    Drill(
        "tressette-trick",
        "tressette",
        T("Chi prende la presa?", "Which card takes the trick?"),
        T(
            "Una presa appena giocata in una mano a caso: scegli la carta che la prende.",
            "A trick just played in a random hand: pick the card that takes it.",
        ),
        trick_drill,
    ),
    Drill(
        "tressette-points",
        "tressette",
        T("Quanti punti?", "How many points?"),
        T(
            "Le carte prese dalla tua coppia in una mano: conta i punti (a terzi).",
            "The cards your pair took in a hand: count the points (in thirds).",
        ),
        points_drill,
    ),
    Drill(
        "tressette-declare",
        "tressette",
        T("Cosa puoi dichiarare?", "What may you declare?"),
        T(
            "Esci con una carta della tua mano: scegli tutte le dichiarazioni vere.",
            "You lead a card of your hand: pick every true declaration.",
        ),
        declare_drill,
    ),
)


# -- the course ---------------------------------------------------------------------------------------


class TressetteCourse(Course):
    """Tressette: six lessons (T1-T17, D1-DP) and three drills."""

    game = "tressette"
    lesson_file = "lessons.toml"
    drill_list = DRILLS
    keys = answer_keys(key_card_points, key_true_declarations, key_partita_winner)
    stateless_keys = frozenset({"card_points"})
    offers_cards = True

    def deal(self, args: Mapping[str, Any]) -> Position:
        """A lesson file's deal: :func:`~pyapp.tressette.deals.tressette_deal`."""
        return tressette_deal(**args)

    def action_label(self, action: str, lang: str) -> str:
        head, *rest = action.split()
        if head not in INDEX:
            return action
        text = card_words(head, self.game, lang)
        if rest:
            text += ": " + ", ".join(declaration_words(tok, lang) for tok in rest)
        return text

    def option_label(self, value: str, lang: str) -> str | None:
        if value in SIMPLE_CALLS or "=" in value:
            return declaration_words(value, lang)
        return None

    def sort_hand(self, codes: list[str], view: Mapping[str, Any]) -> list[str]:
        """By suit (denari, coppe, spade, bastoni), strongest first."""
        suits = "dcsb"
        return sorted(codes, key=lambda c: (suits.index(c[1]), -TRICK_ORDER.index(c[0])))

    def describe(self, scene: Scene, seats: Seats, out: dict[str, Any]) -> None:
        """Dealer and first leader, the trick, the declarations, tricks and totals; the hand's points."""
        view, lang = scene.view, scene.lang
        counts = view.get("hand_counts") or {}
        won = view.get("tricks_won") or {}
        first_trick = not (won.get("NS") or won.get("EW"))
        for label, entry in seats.items():
            entry["count"] = counts.get(label, 0)
            if label == view.get("dealer"):
                entry["badges"].append(t("lessons.badge.dealer", lang))
            if label == view.get("first_leader") and first_trick:  # later, the last trick's taker leads
                entry["badges"].append(t("lessons.badge.mano", lang))
        info = []
        if view.get("trick_number"):
            info.append(t("lessons.info.trick_number", lang, n=view["trick_number"]))
        for decl in view.get("declarations") or []:
            if decl.get("trick") == view.get("trick_number"):
                calls = ", ".join(declaration_words(tok, lang) for tok in decl["calls"])
                info.append(t("lessons.info.declared", lang, seat=seat_name(decl["seat"], lang), calls=calls))
        if won.get("NS") or won.get("EW"):
            info.append(t("lessons.info.tricks_teams", lang, ns=won.get("NS", 0), ew=won.get("EW", 0)))
        totals = view.get("totals") or {}
        if view.get("hands"):
            info.append(
                t(
                    "lessons.info.totals",
                    lang,
                    ns=totals.get("NS", 0),
                    ew=totals.get("EW", 0),
                    target=view.get("target", 31),
                )
            )
        out["info"] = info
        summary = []
        if view.get("phase") in ("hand_over", "match_over") and view.get("hands"):
            last = view["hands"][-1]
            if "penalty" not in last:
                summary.append(
                    t(
                        "lessons.summary.tressette",
                        lang,
                        ns=last["points"]["NS"],
                        ew=last["points"]["EW"],
                        last=team_name(last["last_trick"], lang),
                    )
                )
        out["summary"] = summary

    def declare_menu(self, scene: Scene) -> dict[str, list[dict[str, str]]]:
        """Per card of a lead: the declaration tokens offered (all plausible ones, or the true ones)."""
        state, view, hand, legal, lang = scene.state, scene.view, scene.hand, scene.legal, scene.lang
        full = scene.full_menu
        if view.get("phase") != PLAY or view.get("trick"):
            return {}
        menu: dict[str, list[dict[str, str]]] = {}
        context = state.lead_context() if isinstance(state, TressetteState) else None
        first_trick = bool(context and context[2])
        for card in hand:
            if full:
                n = sum(1 for c in hand if c[1] == card[1])
                tokens = list(SIMPLE_CALLS)
                if n >= 2:
                    tokens += [f"{name}={n}" for name in VALUED_CALLS]
                if n >= 3 and context is not None:
                    tokens += [f"voglio={code}" for code in _asks(card[1], hand, context[1])]
                if first_trick:
                    tokens += [f"piombi={m}" for m in (1, 2, 3)]
            else:
                tokens = []
                for action in legal:
                    head, *rest = action.split()
                    if head == card and rest:
                        for tok in rest:
                            if tok not in tokens:
                                tokens.append(tok)
                if not tokens and isinstance(state, TressetteState):
                    tokens = truthful_declarations(state, card)
            if tokens:
                menu[card] = [{"token": tok, "label": declaration_words(tok, lang)} for tok in tokens]
        return menu

    def side_of(self, state: GameState, seat: str) -> set[str]:
        """Partners: N-S or E-W."""
        labels = [state.seat_label(p) for p in range(state.num_players)]
        i = labels.index(seat)
        return {labels[i], labels[(i + 2) % 4]}

    def candidate_actions(self, state: GameState) -> list[str]:
        """Every legal action, plus each single true declaration with a lead when the engine's list
        leaves declarations out (the full list of the engine, whatever its version)."""
        legal = state.legal_actions()
        if any(" " in a for a in legal):
            return legal
        if not isinstance(state, TressetteState) or state.lead_context() is None:
            return legal
        out = list(legal)
        for card in legal:
            out += [
                f"{card} {tok}" for tok in truthful_declarations(state, card) if state.can(f"{card} {tok}")
            ]
        return out

    def simplest(self, answers: list[str]) -> list[str]:
        """``answers`` without the leads that only add declarations to another one in the list.

        ``"Ac voglio_3"`` stands for ``"Ac ribusso voglio_3"`` and every other combination of true
        calls with it (several true calls may go with one lead): the right answers a page lists.
        """
        split = [(a.split()[:1], frozenset(a.split()[1:])) for a in answers]
        return [
            answer
            for answer, (card, calls) in zip(answers, split, strict=True)
            if not any(other == card and fewer < calls for other, fewer in split)
        ]

    def option_action(self, question: Question, value: str) -> str:
        """A declaration offered with a lead stands for that lead."""
        if isinstance(question, Multi) and question.key == "true_declarations":
            return f"{question.args[0]} {value}"
        return value


def _asks(suit: str, hand: list[str], played: int) -> list[str]:
    """The cards a D7b "voglio" could name on a lead of ``suit``: the three strongest of the suit not
    played yet (``played``: the engine's bit set), less those in ``hand``; true or not, the engine
    judges."""
    unplayed = [c for c in CODES if c[1] == suit and not played >> INDEX[c] & 1]
    top = sorted(unplayed, key=lambda c: -STRENGTH[INDEX[c]])[:3]
    return [c for c in top if c not in hand]
