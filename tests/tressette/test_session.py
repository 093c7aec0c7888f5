"""The Tressette table through the session boundary: declarations offered to a human leader."""

from __future__ import annotations

import random

from pyapp.session import TableSession


def human_lead() -> TableSession:
    """A session where the human (S) is about to lead."""
    table = TableSession.new("tressette", humans=(2,), rng=random.Random(3))
    for _ in range(500):
        while table.pending():
            table.step()
        snap = table.snapshot("it")
        if snap["view"]["phase"] == "play" and not snap["view"]["trick"]:
            return table
        table.act(snap["legal"][0])  # the cut, or a card on someone else's lead
    raise AssertionError("no lead for the human found")


def test_offered_declarations_compose_listed_actions():
    table = human_lead()
    snap = table.snapshot("en")
    offers = snap["extras"]["declarations"]
    assert offers, "every lead has a true call (volo, or the count of the suit)"
    legal = set(snap["legal"])
    for card, offer in offers.items():
        calls = offer["calls"]
        # what the view does: the ticked calls in the offered order, after the card
        for picked in (calls, calls[:1], calls[-1:], offer["canonical"].split()):
            action = " ".join([card, *[c for c in calls if c in picked]])
            assert action in legal, action
        assert all(a.split()[0] in offers or a.split()[0] in legal for a in legal)
    card, offer = next(iter(offers.items()))
    wrong = " ".join([card, *reversed(offer["calls"])])
    if len(offer["calls"]) > 1:
        answer = table.act(wrong, "en")
        assert answer["ok"] is False and "canonical" in answer["error"]
    answer = table.act(" ".join([card, *offer["calls"]]), "en")
    assert answer["ok"] is True
