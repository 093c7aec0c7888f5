"""Rewrite ``golden/links.txt`` from the pinned records (only when the link format changes on
purpose, with a new version prefix): ``python3 tests/links/make_golden.py``."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from pyapp.links import game_link, hand_link  # noqa: E402
from pyapp.record import read_record  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"


def main() -> None:
    lines = []
    for path in sorted(GOLDEN.glob("*.txt")):
        if path.name == "links.txt":
            continue
        text = path.read_text(encoding="utf-8")
        link = (
            hand_link(text, 1)
            if read_record(text).tags.get("Start") and "-hand" in path.name
            else game_link(text)
        )
        lines.append(f"{path.name} {link}")
    (GOLDEN / "links.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
