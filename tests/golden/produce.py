"""What the golden files pin: games played by the computer players on fixed seeds, and everything
the engine says about them (records, links, table and replay snapshots, lessons, drills, arena).

``make.py`` ran these functions on ``main`` before the redesign of issue 18 and saved their output
under ``tests/golden/data/``; ``test_golden.py`` runs them again and compares. A difference means
a behaviour changed: a bot chose another move, a link opens another game, a page shows other data.

Only the public entry points are used, so the same procedure runs on the code before and after.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from pyapp.bots import Budget, make_bot
from pyapp.core import CHANCE, TERMINAL, Bot
from pyapp.games import new_game
from pyapp.record import read_record, write_record

GAMES = ("tressette", "boston", "poker")

QUICK = Budget(ms=None, samples=2)
"""The hard players' budget in golden games: two sampled deals a move (no clock)."""

PLAYS: tuple[tuple[str, tuple[str, ...], int, int], ...] = (
    ("tressette", ("easy", "easy", "easy", "easy"), 1, 2000),
    ("tressette", ("medium", "medium", "medium", "medium"), 2, 2000),
    ("tressette", ("hard", "medium", "hard", "easy"), 3, 140),
    ("tressette", ("random", "random", "random", "random"), 4, 2000),
    ("boston", ("easy", "easy", "easy", "easy"), 1, 2000),
    ("boston", ("medium", "medium", "medium", "medium"), 2, 2000),
    ("boston", ("hard", "medium", "hard", "easy"), 3, 160),
    ("boston", ("random", "random", "random", "random"), 4, 2000),
    ("poker", ("easy", "easy", "easy", "easy", "easy"), 1, 600),
    ("poker", ("medium", "medium", "medium", "medium", "medium"), 2, 600),
    ("poker", ("hard", "medium", "easy", "hard", "medium"), 3, 160),
    ("poker", ("random", "random", "random", "random", "random"), 4, 600),
)
"""Golden games: the game, each seat's level, the seed, the most actions played."""


def play_name(game: str, levels: tuple[str, ...], seed: int) -> str:
    """The file name of a golden game."""
    return f"{game}-{'-'.join(levels)}-{seed}.txt"


def _bot(game: str, level: str) -> Bot:
    return make_bot(game, level, budget=QUICK) if level == "hard" else make_bot(game, level)


def play(game: str, levels: tuple[str, ...], seed: int, limit: int) -> str:
    """The record of a game played by computer players of ``levels``, chance and choices drawn
    from one generator seeded with ``seed``, stopped after ``limit`` actions."""
    rng = random.Random(seed)
    state = new_game(game, **({"players": len(levels)} if game == "poker" else {}))
    bots = [_bot(game, level) for level in levels]
    for _ in range(limit):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            state.apply(state.chance_sample(rng))
        else:
            state.apply(bots[player].choose(state.info_state(player), rng))
    return write_record(state, {"Players": " ".join(levels)})


def digest(value: object) -> str:
    """A short fingerprint of JSON data (key order kept: the order is behaviour too)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# -- what is said about one record ----------------------------------------------------------------


def viewer_of(game: str) -> int:
    """The seat the tables draw at the bottom (South; poker's first seat)."""
    return 0 if game == "poker" else 2


def record_facts(text: str) -> dict[str, Any]:
    """Checker report, links (game, hands, legacy), per-move table snapshots, replay snapshots."""
    from pyapp.__main__ import judge

    out: dict[str, Any] = {"check": digest(judge(text, "en"))}
    out.update(link_facts(text))
    out["table"] = table_digests(text)
    out["replay"] = replay_digests(out["game_link"])
    return out


def link_facts(text: str) -> dict[str, Any]:
    """The game link, every hand's link and record, and the legacy ``r=`` link read back."""
    from pyapp import links

    out: dict[str, Any] = {"game_link": links.game_link(text)}
    record = read_record(text)
    spans = links.hand_spans(record.state)
    out["hands"] = [
        {
            "number": s.number,
            "first": s.first,
            "end": s.end,
            "complete": s.complete,
            "start": s.start.text(),
            "link": links.hand_link(text, s.number),
            "record": digest(links.hand_record(text, s.number)),
        }
        for s in spans
    ]
    decoded = links.read_link(out["game_link"])
    out["reads_back"] = decoded.record == write_record(record.state, {})
    out["legacy"] = digest(legacy_record(text))
    return out


def legacy_record(text: str) -> str:
    """The record an old ``r=`` link of ``text`` opens."""
    from pyapp import links

    try:
        from pyapp.links.legacy import encode_fragment  # after the redesign
    except ImportError:
        from pyapp.session import encode_fragment  # type: ignore[no-redef]
    return links.read_link(encode_fragment(text)).record


def table_digests(text: str) -> list[str]:
    """The human's table snapshot (it and en) after every action, as fingerprints."""
    from pyapp.session import HUMAN, TableSession

    record = read_record(text)
    full = record.state
    game = full.game
    viewer = viewer_of(game)
    levels = record.tags["Players"].split()
    players = [HUMAN if p == viewer else levels[p] for p in range(full.num_players)]
    state = new_game(game, **full.options)
    session = TableSession(state=state, players=players, rng=random.Random(0))
    out = []
    for action in [None, *full.history]:
        if action is not None:
            session.state.apply(action)
        out.append(digest([session.snapshot("it"), session.snapshot("en")]))
    return out


def _links_session() -> Any:
    try:
        from pyapp.links import session as links_session  # after the redesign
    except ImportError:
        import pyapp.links_session as links_session  # type: ignore[no-redef]
    return links_session


def replay_digests(link: str) -> dict[str, Any]:
    """The replay viewer over a game link: stops, hand ends, and snapshots every few moves."""
    links_session = _links_session()
    session, opened = links_session.open_link(link)
    positions = range(0, session.total + 1, 5)
    return {
        "opened": opened,
        "stops": session.stops(),
        "hand_ends": session.hand_ends(),
        "snapshots": [digest(session.at_move(k).snapshot("en")) for k in positions],
        "hand_links": [session.link(k, scope="hand") for k in positions],
        "play_on": digest(session.play_on(session.total // 2, level="easy")),
    }


# -- lessons, drills, arena -----------------------------------------------------------------------


def lesson_facts() -> dict[str, Any]:
    """Every lesson step in both languages, every answer's verdict, and the solutions."""
    from pyapp.lessons.session import LessonRun, catalog, lesson_ids

    out: dict[str, Any] = {"catalog": digest([catalog("it"), catalog("en")])}
    for lesson_id in lesson_ids():
        run = LessonRun(lesson_id)
        steps = []
        for i in range(run.count):
            data: list[Any] = [run.step(i, "it"), run.step(i, "en")]
            step = run.step(i, "en")
            if step["kind"] == "ask":
                solution = run.solution(i, "en")
                data.append(solution)
                for answer in _answers(step, solution):
                    data.append([_safe(run.answer, i, answer, "it"), _safe(run.answer, i, answer, "en")])
            steps.append(digest(data))
        out[lesson_id] = steps
    return out


def _safe(call: Callable[..., Any], *args: Any) -> Any:
    """``call(*args)``, or the name of the exception it raises (an answer no page would send)."""
    try:
        return call(*args)
    except Exception as exc:  # noqa: BLE001 - the kind of failure is the fact pinned
        return {"raised": type(exc).__name__}


def _answers(step: dict[str, Any], solution: dict[str, Any]) -> list[str]:
    """Answers to try on an ask step: the right ones, every option offered, some wrong ones."""
    answers = [a["value"] for a in solution["answers"]]
    question = step.get("question") or {}
    for key in ("options", "cards", "legal"):
        for item in question.get(key) or []:
            answers.append(item["value"] if isinstance(item, dict) else str(item))
    picture = step.get("picture") or {}
    controls = picture.get("controls") or {}
    answers += [str(card) for card in controls.get("cards") or []]
    answers += [item["action"] for item in controls.get("buttons") or []]
    for item in controls.get("amounts") or []:
        answers += [f"{item['verb']} {item['min']}", f"{item['verb']} {item['max']}"]
    answers += ["0", "7", "xyz", "3d", "Ah"]
    seen: list[str] = []
    for a in answers:
        if a not in seen:
            seen.append(a)
    return seen


def drill_facts() -> dict[str, Any]:
    """Rounds of every drill on fixed seeds: the question, its code, solutions and verdicts."""
    from pyapp.lessons.session import DrillRun, drill_ids

    out: dict[str, Any] = {}
    for drill_id in drill_ids():
        rounds = []
        for seed in range(4):
            run = DrillRun(drill_id, random.Random(seed))
            for _ in range(3):
                data: list[Any] = [run.next("it"), run.current("en"), run.code()]
                solution = run.solution("en")
                data.append(solution)
                for answer in _answers(data[1], solution)[:8]:
                    data.append(_safe(run.answer, answer, "en"))
                rounds.append(digest(data))
        out[drill_id] = rounds
    return out


def play_on_facts() -> dict[str, Any]:
    """Every lesson's play-on steps played to the end by the computer on a fixed seed."""
    from pyapp.lessons.session import LessonRun, lesson_ids

    out: dict[str, Any] = {}
    for lesson_id in lesson_ids():
        run = LessonRun(lesson_id)
        for i in range(run.count):
            if run.step(i, "en")["kind"] != "play_on":
                continue
            play_run = run.play_on(i, rng=random.Random(i))
            views = []
            for _ in range(400):
                views.append(play_run.view("en"))
                if play_run.finished:
                    break
                if play_run.pending():
                    play_run.step()
                else:
                    legal = play_run.session.snapshot("en")["legal"]
                    views.append(play_run.act(legal[len(views) % len(legal)], "en"))
            out[f"{lesson_id}:{i}"] = [digest(views), digest(play_run.record())]
    return out


ARENA_RUNS: tuple[tuple[str, str, str, int], ...] = (
    ("tressette", "easy", "medium", 2),
    ("boston", "easy", "medium", 1),
    ("poker", "easy", "medium", 1),
    ("tressette", "hard", "random", 1),
)


def arena_facts() -> dict[str, Any]:
    """Short arena runs (hard players on the quick budget): everything but the timings."""
    from pyapp.arena import run

    out: dict[str, Any] = {}
    for game, a, b, deals in ARENA_RUNS:
        report = run(game, a, b, deals, seed=7, budget=QUICK).as_dict()
        for key in list(report):
            if key == "seconds" or key.startswith("ms_per_move"):
                report.pop(key)
        out[f"{game}:{a}:{b}"] = report
    return out


SECTIONS: dict[str, Callable[[], dict[str, Any]]] = {
    "lessons": lesson_facts,
    "drills": drill_facts,
    "play_on": play_on_facts,
    "arena": arena_facts,
}


def plays() -> Iterator[tuple[str, tuple[str, ...], int, int]]:
    """The golden games."""
    yield from PLAYS
