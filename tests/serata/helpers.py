"""Building evenings in tests: a record from a few lines, and the refusal an entry meets."""

from __future__ import annotations

from pyapp.club.record import ClubRecordError, split_entry
from pyapp.poker.serata.evening import Evening, read_evening
from pyapp.poker.serata.report import state_json

NAMES = [
    "Anna",
    "Bruno",
    "Carla",
    "Dario",
    "Elena",
    "Fabio",
    "Gino",
    "Ivo",
    "Luca",
    "Meri",
    "Nino",
    "Olga",
    "Pia",
]


def evening(*lines: str, **options: str) -> Evening:
    """The evening of ``lines`` (entries) with ``options``; every entry must be accepted."""
    head = ["Club: serata", "Game: poker", *(f"Option: {k}={v}" for k, v in options.items()), ""]
    return read_evening("\n".join([*head, *lines]) + "\n")


def signups(count: int, start: int = 0, arrive: bool = True, stake: str = "") -> list[str]:
    """Sign-up lines (and arrivals) for ``NAMES[start:start+count]`` from 20:00."""
    out = []
    for i, name in enumerate(NAMES[start : start + count]):
        out.append(f"signup 20:{i:02d} {name}" + (f" {stake}" if stake else ""))
    if arrive:
        out += [f"arrive 20:30 {name}" for name in NAMES[start : start + count]]
    return out


def refusal(ev: Evening, line: str) -> ClubRecordError:
    """The refusal ``line`` meets on ``ev`` (fails if accepted); ``ev`` is unchanged."""
    before = ev.text()
    error = ev.check(split_entry(line))
    assert error is not None, f"accepted: {line}"
    try:
        ev.apply(split_entry(line))
    except ClubRecordError as exc:
        assert exc.key == error.key
    else:  # pragma: no cover - check and apply disagree
        raise AssertionError(f"apply accepted {line}")
    assert ev.text() == before
    return error


def add(ev: Evening, *lines: str) -> Evening:
    """Apply ``lines`` to ``ev``."""
    for line in lines:
        ev.apply(split_entry(line))
    return ev


def tables(ev: Evening) -> list[dict[str, object]]:
    """The tables of the evening's JSON state."""
    return list(state_json(ev, "en")["tables"])  # type: ignore[arg-type]


def table_sizes(ev: Evening) -> list[int]:
    """The number of names at each table (drawn or forming)."""
    return [sum(1 for s in t["seats"] if s) for t in tables(ev)]  # type: ignore[union-attr]


def waiting(ev: Evening) -> list[str]:
    """The waiting list of the evening's JSON state."""
    return list(state_json(ev, "en")["waiting"])  # type: ignore[arg-type]


def player(ev: Evening, name: str) -> dict[str, object]:
    """One player's row of the evening's JSON state."""
    rows = state_json(ev, "en")["players"]
    return next(p for p in rows if p["name"] == name)  # type: ignore[union-attr,index]
