"""The snapshot is stored sparse: build.py leaves out its zero pages, static/inflate.mjs puts them back.

The same memories go through ``build.sparse_snapshot`` and then ``expand`` of the built-in
inflate module under Node, which must give back every byte, and refuse a damaged file by saying
what is wrong with it.
"""

from __future__ import annotations

import base64
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import build

PAGE = build.SPARSE_PAGE

EXPAND = """
import { readFileSync } from "node:fs";
const { expand } = await import(process.argv[1]);
const out = [];
for (const [file, raw] of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  const stored = new Uint8Array(readFileSync(file));
  try {
    const memory = expand(stored, raw);
    out.push({ ok: Buffer.from(memory).toString("base64") });
  } catch (err) {
    out.push({ error: err.message });
  }
}
console.log(JSON.stringify(out));
"""


def memories() -> dict[str, bytes]:
    """Memories with zero pages at the start, the middle, the end, none at all, and only zeros."""
    rng = random.Random(7)
    data = lambda n: bytes(rng.randrange(1, 256) for _ in range(n))  # noqa: E731
    return {
        "zeros first": bytes(3 * PAGE) + data(2 * PAGE),
        "zeros between": data(PAGE) + bytes(2 * PAGE) + data(PAGE + 5),
        "zeros last, short page": data(PAGE) + bytes(PAGE + 100),
        "one byte in a zero page": bytes(PAGE + 7) + b"\x01" + bytes(PAGE - 8) + bytes(PAGE),
        "no zero page": data(3 * PAGE),
        "only zeros": bytes(4 * PAGE),
    }


def expand_in_node(tmp_path: Path, files: list[tuple[bytes, int]]) -> list[dict[str, str]]:
    """Run static/inflate.mjs's expand on each (stored, memory size); its results in order."""
    listed = []
    for i, (stored, raw) in enumerate(files):
        path = tmp_path / f"stored-{i}.bin"
        path.write_bytes(stored)
        listed.append([str(path), raw])
    (tmp_path / "files.json").write_text(json.dumps(listed))
    module = (build.REPO / "static" / "inflate.mjs").as_uri()
    done = subprocess.run(
        ["node", "--input-type=module", "-e", EXPAND, module, str(tmp_path / "files.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result: list[dict[str, str]] = json.loads(done.stdout)
    return result


def test_sparse_snapshot_leaves_out_zero_pages_and_gives_back_the_memory() -> None:
    for name, memory in memories().items():
        stored = build.sparse_snapshot(memory)
        assert build.dense_snapshot(stored) == memory, name
        pages = [memory[at : at + PAGE] for at in range(0, len(memory), PAGE)]
        kept = sum(len(page) for page in pages if any(page))
        runs = int.from_bytes(stored[12:16], "little")
        # The header, one (offset, length) per run, and the bytes of the pages that are not all zeros.
        assert len(stored) == 16 + 8 * runs + kept, name
        assert runs <= len(pages), name
        if name == "only zeros":
            assert stored == build.SPARSE_MAGIC + len(memory).to_bytes(4, "little") + bytes(4)
        if name == "no zero page":
            assert runs == 1


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_page_expands_what_the_build_stored(tmp_path: Path) -> None:
    cases = list(memories().values())
    results = expand_in_node(tmp_path, [(build.sparse_snapshot(m), len(m)) for m in cases])
    assert [base64.b64decode(r["ok"]) for r in results] == cases


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_page_refuses_a_damaged_sparse_snapshot(tmp_path: Path) -> None:
    memory = memories()["zeros between"]
    stored = build.sparse_snapshot(memory)
    runs = int.from_bytes(stored[12:16], "little")
    assert runs == 2
    beyond = bytearray(stored)
    beyond[24:28] = (len(memory)).to_bytes(4, "little")  # the second run starts at the memory's end
    overlapping = bytearray(stored)
    overlapping[24:28] = (0).to_bytes(4, "little")  # the second run over the first
    results = expand_in_node(
        tmp_path,
        [
            (b"PK\x03\x04" + stored[4:], len(memory)),  # not this format at all
            (stored, len(memory) + PAGE),  # made for another memory size
            (stored[:20], len(memory)),  # cut inside its table of runs
            (bytes(beyond), len(memory)),
            (bytes(overlapping), len(memory)),
            (stored[:-1], len(memory)),  # its last run cut short
            (stored + b"\x00", len(memory)),  # a byte too many
        ],
    )
    assert results == [
        {"error": "snapshot damaged: not a sparse snapshot"},
        {"error": f"snapshot damaged: {len(memory)} bytes of memory, not {len(memory) + PAGE}"},
        {"error": "snapshot damaged: its table of runs is cut short"},
        {"error": "snapshot damaged: run 1 out of place"},
        {"error": "snapshot damaged: run 1 out of place"},
        {"error": "snapshot damaged: run 1 out of place"},
        {"error": "snapshot damaged: 1 stray byte(s) after its last run"},
    ]
