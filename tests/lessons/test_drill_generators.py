"""Every drill generator over 1,000 seeds (issue 19): each round is a sound question the engine
answers, and its position is plausible -- a pot in proportion to the players' chips, badges that
agree with the phase, the trick complete, the auction open."""

from __future__ import annotations

from typing import Any

import pytest

from pyapp.i18n import t
from pyapp.lessons import all_drills, engine
from pyapp.lessons.check import check_ask
from pyapp.lessons.drills import make_round, round_code
from pyapp.lessons.model import Drill, Multi, Number, PickCard, PickHand
from pyapp.lessons.questions import pick_card_options, right_answers
from pyapp.lessons.session import DrillRun
from pyapp.poker.course import MAX_POT, plausible

SEEDS = range(1000)


def page(drill: Drill, seed: int) -> dict[str, Any]:
    """What the drill page shows for round ``seed`` (opened from its link), in English."""
    run = DrillRun(drill.id)
    run.load(round_code(seed))
    return run.current("en")


def poker_round(step: Any, data: dict[str, Any]) -> None:
    """A pot-limit question: a real table's pot and chips; badges and prompt agree with the round."""
    state = engine.replay(step.position)
    view = state.view(None)
    assert plausible(state) and view["pot"] <= MAX_POT
    in_hand = [p for p in view["seats"] if p["in_hand"] and not p["folded"]]
    assert all(p["resto"] * 2 >= view["pot"] for p in in_hand)
    badges = [b for seat in data["picture"]["seats"] for b in seat["badges"]]
    you = state.view(state.current_player())
    if view["phase"] == "bet2":
        assert t("lessons.badge.opener", "en") not in badges
    if step.question.args == ("bet",):  # "nobody has bet yet in this round"
        assert not you.get("to_call")
        assert not any(p["bet"] for p in view["seats"] if view["phase"] == "bet2")
    else:
        assert step.question.args == ("raise",)


@pytest.mark.parametrize("drill", all_drills(), ids=lambda d: d.id)
def test_every_generator_makes_sound_plausible_rounds(drill: Drill) -> None:
    for seed in SEEDS:
        step = make_round(drill, seed)
        check_ask(step, drill.game)  # the engine computes the answer; every expected action is legal
        state = engine.replay(step.position) if step.position else None
        right = right_answers(step, state, drill.game)
        assert right, seed
        q = step.question
        if isinstance(q, PickCard):  # "which card takes it": the four cards of a finished trick
            assert state is not None
            assert len(pick_card_options(step, state, step.position)) == 4, seed
        elif isinstance(q, PickHand):
            cards = " ".join(q.hands).split()
            assert len(cards) == 10 == len(set(cards)), seed
        elif isinstance(q, Multi) and drill.game == "boston":  # the auction is open, a call is due
            assert state is not None and state.view(None)["phase"] == "bidding", seed
        elif isinstance(q, Multi):  # Tressette: South leads the card asked about, on an empty table
            assert state is not None and step.position is not None
            assert state.seat_label(state.current_player()) == step.position.seat == "S"
            assert (
                not state.view(None).get("trick") and q.args[0] in state.view(state.current_player())["hand"]
            )
        elif isinstance(q, Number) and q.key == "max_amount":
            poker_round(step, page(drill, seed) if seed % 10 == 0 else _data(drill, seed))
        elif isinstance(q, Number):
            assert 0 <= int(right[0]) <= 11, seed  # Tressette points of a handful of cards


def _data(drill: Drill, seed: int) -> dict[str, Any]:
    """The page data of round ``seed`` (drawn directly, without the link)."""
    run = DrillRun(drill.id)
    run.round = make_round(drill, seed)
    return run.current("en")
