"""The snapshot is stored sparse: build.py leaves out its zero pages, static/inflate.mjs puts them back.

The same memories go through ``build.sparse_snapshot`` and then ``runsOf`` and ``restoreInto`` (which
writes them into Pyodide's memory) and ``sliceOf`` of the built-in inflate module under Node, which
must give back every byte, and refuse a damaged file by saying what is wrong with it.
"""

from __future__ import annotations

import base64
import json
import random
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

import build

PAGE = build.SPARSE_PAGE

EXPAND = """
import { readFileSync } from "node:fs";
const { restoreInto, runsOf } = await import(process.argv[1]);
const out = [];
for (const [file, raw] of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  const stored = new Uint8Array(readFileSync(file));
  try {
    const memory = new Uint8Array(raw);
    restoreInto(memory, stored, runsOf(stored, raw), raw, 0);
    out.push({ ok: Buffer.from(memory).toString("base64") });
  } catch (err) {
    out.push({ error: err.message });
  }
}
console.log(JSON.stringify(out));
"""


RESTORE = """
import { readFileSync } from "node:fs";
const { restoreInto, runsOf, sliceOf } = await import(process.argv[1]);
const out = [];
for (const [file, raw, offset, size, fill, slices] of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  const stored = new Uint8Array(readFileSync(file));
  const memory = new Uint8Array(new WebAssembly.Memory({ initial: Math.ceil(size / 65536) || 1 }).buffer, 0, size);
  for (let i = 0; i < size; i++) memory[i] = fill ? (i * 7 + 1) % 251 + 1 : 0;
  try {
    const runs = runsOf(stored, raw);
    restoreInto(memory, stored, runs, raw, offset);
    out.push({
      ok: Buffer.from(memory).toString("base64"),
      slices: slices.map(([a, b]) => Buffer.from(sliceOf(stored, runs, a, b)).toString("base64")),
    });
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


def run_in_node(
    tmp_path: Path, script: str, cases: Sequence[tuple[bytes, *tuple[object, ...]]]
) -> list[dict[str, object]]:
    """Run `script` on static/inflate.mjs under Node for each case (stored bytes, then its arguments).

    Each case's stored bytes go to a file of their own; the script reads the list of
    [file, arguments...] and prints one result per case, in order.
    """
    listed = []
    for i, (stored, *rest) in enumerate(cases):
        path = tmp_path / f"stored-{i}.bin"
        path.write_bytes(stored)
        listed.append([str(path), *rest])
    (tmp_path / "cases.json").write_text(json.dumps(listed))
    module = (build.REPO / "static" / "inflate.mjs").as_uri()
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script, module, str(tmp_path / "cases.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result: list[dict[str, object]] = json.loads(done.stdout)
    return result


def expand_in_node(tmp_path: Path, files: list[tuple[bytes, int]]) -> list[dict[str, object]]:
    """Restore each (stored, memory size) into a zeroed memory; the results in order."""
    return run_in_node(tmp_path, EXPAND, files)


def restore_in_node(
    tmp_path: Path, cases: list[tuple[bytes, int, int, int, bool, list[tuple[int, int]]]]
) -> list[dict[str, object]]:
    """Run restoreInto (and sliceOf) on each (stored, raw, offset, memory size, fill, slices).

    The memory is a fresh WebAssembly memory's first `size` bytes, all zeros or (`fill`) all
    bytes that are not zero, as Pyodide's would be where its start-up wrote.
    """
    return run_in_node(tmp_path, RESTORE, cases)


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
    assert [base64.b64decode(str(r["ok"])) for r in results] == cases


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


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_restore_writes_the_memory_exactly_whatever_was_there(tmp_path: Path) -> None:
    """restoreInto leaves Pyodide's memory equal to the snapshot's from `offset` on, zeros and all.

    Its zero pages are only checked, so a memory that held something there must still come out
    right; what lies past the snapshot's end is left as it was (as Pyodide's own restore does).
    """
    cases = []
    expected = []
    for memory in memories().values():
        stored = build.sparse_snapshot(memory)
        # Offset 0; Pyodide's (its header before the memory, not a multiple of 4); a page and more.
        for offset in (0, 192 % len(memory), PAGE + 3):
            if offset >= len(memory):
                continue
            size = len(memory) - offset + 10  # 10 bytes past the snapshot's end
            for fill in (False, True):
                cases.append(
                    (stored, len(memory), offset, size, fill, [(0, 8), (3, PAGE + 9), (0, len(memory))])
                )
                tail = bytes((i * 7 + 1) % 251 + 1 for i in range(size - 10, size)) if fill else bytes(10)
                expected.append((memory[offset:] + tail, [memory[0:8], memory[3 : PAGE + 9], memory]))
    results = restore_in_node(tmp_path, cases)
    for result, (memory, slices) in zip(results, expected, strict=True):
        assert "error" not in result, result
        assert base64.b64decode(str(result["ok"])) == memory
        assert [base64.b64decode(s) for s in result["slices"]] == slices  # type: ignore[attr-defined]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_restore_refuses_a_memory_too_small(tmp_path: Path) -> None:
    memory = memories()["zeros between"]
    stored = build.sparse_snapshot(memory)
    results = restore_in_node(tmp_path, [(stored, len(memory), 16, len(memory) - 17, True, [])])
    assert results == [{"error": f"snapshot of {len(memory) - 16} bytes, memory of {len(memory) - 17}"}]
