"""Write ``tests/golden/data/`` from the code as it is: ``python3 tests/golden/make.py``.

Run on ``main`` before the redesign of issue 18 (commit cc331a1); rerun only for a behaviour
change made on purpose, and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE.parent))

from golden.produce import SECTIONS, play, play_name, plays, record_facts  # noqa: E402

DATA = HERE / "data"


def main(only: list[str]) -> None:
    DATA.mkdir(exist_ok=True)
    facts: dict[str, object] = {}
    for game, levels, seed, limit in plays():
        name = play_name(game, levels, seed)
        if only and name not in only:
            continue
        text = play(game, levels, seed, limit)
        (DATA / name).write_text(text, encoding="utf-8")
        facts = record_facts(text)
        (DATA / (name[:-4] + ".json")).write_text(json.dumps(facts, indent=1) + "\n", encoding="utf-8")
        print(name, len(text.splitlines()), "lines", flush=True)
    for section, produce in SECTIONS.items():
        if only and section not in only:
            continue
        (DATA / f"{section}.json").write_text(json.dumps(produce(), indent=1) + "\n", encoding="utf-8")
        print(section, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
