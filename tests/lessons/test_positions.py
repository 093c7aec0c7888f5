"""Deals written as one line (``hands_of``) and answer keys registered by name (``answer_keys``)."""

from __future__ import annotations

import pytest

from pyapp.boston.deals import boston_deal
from pyapp.core import GameState
from pyapp.lessons.course import Answer, answer_keys
from pyapp.lessons.positions import PositionError, hands_of
from pyapp.tressette.deals import tressette_deal


def test_a_one_line_deal_gives_the_same_record_as_the_mapping() -> None:
    line = "S: Ac 2s Rs 5s 3d 7d Cb 4b 6c Fd | N: Rc 4s Ad 2d 3s 6d 7c Fb 3b Cd"
    mapping = {"S": "Ac 2s Rs 5s 3d 7d Cb 4b 6c Fd", "N": "Rc 4s Ad 2d 3s 6d 7c Fb 3b Cd"}
    assert tressette_deal(line, dealer="N") == tressette_deal(mapping, dealer="N")
    boston = "S: Jd As Kc Qc 9c 7h 5h 4h Ah 8d 6d 3s 2s | E: Ac Jc 7c 6c Kh Qh Ks Qs Kd Qd 9d 7d Tc"
    assert boston_deal(boston, trump="Tc") == boston_deal(hands_of(boston), trump="Tc")
    assert hands_of(" W:  5c   6s |E: 2c ") == {"W": "5c 6s", "E": "2c"}


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("Ac 2s Rs", "is not 'seat: cards'"),
        (": Ac 2s", "is not 'seat: cards'"),
        ("S: Ac | S: 2s", "seat S is given twice"),
        ("X: Ac", "unknown seat 'X'"),
        ("S: Ac | N: Ac", "Ac is given twice"),
    ],
)
def test_a_bad_one_line_deal_is_refused_with_the_reason(line: str, reason: str) -> None:
    with pytest.raises(PositionError, match=reason):
        tressette_deal(line)


def key_sample(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """A well-named key function."""
    return 0


def key_two(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """A well-named key function."""
    return 2


def test_answer_keys_are_named_after_their_functions() -> None:
    assert answer_keys(key_two, key_sample) == {"two": key_two, "sample": key_sample}
    unnamed = lambda state, args, shown: 0  # noqa: E731
    with pytest.raises(ValueError, match="key_<name>, not '<lambda>'"):
        answer_keys(key_two, unnamed)
