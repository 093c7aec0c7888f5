"""The site's Pyodide loader under Node: boots from the build's snapshot, or plainly when it cannot.

``tests/node/boot.mjs`` imports the built ``static/loader.mjs`` exactly as PyScript does in a
page (fetch is given file access to the built site), so the snapshot download, inflation,
checks and fallbacks run as in the browser, in a few seconds each. The browser tests
(tests/browser/test_startup.py) then prove the same paths end in a working table.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import build
from pyapp.lessons import all_lessons

pytestmark = pytest.mark.pyodide

BOOT = build.REPO / "tests" / "node" / "boot.mjs"

CHECK = """
import importlib.util, json, os, random, sys, zipimport
late_before = "difflib" in sys.modules
late = __import__("difflib").SequenceMatcher(None, "tressette", "tre sette").ratio()
marker = sys.modules.get("_circolo_snapshot")
pycs = getattr(marker, "PYC", {})
RESULT = json.dumps({
    "preloaded": sorted(m for m in sys.modules if m.startswith("pyapp")),
    "random": random.random(),
    "pyc_missing": sorted(
        p for p in pycs if not os.path.exists(importlib.util.cache_from_source(p)) and not os.path.exists(p + "c")
    ),
    "wheel_installed": os.path.exists(os.path.join(os.path.dirname(importlib.util.find_spec("pyapp").origin), "session.py")),
    "view_loader": type(importlib.util.find_spec("pyapp.views.tressette").loader).__name__,
    "frozen": __import__("gc").get_freeze_count() > 0,
    # What the loader ran after the restore: the snapshot's own compiled function (none when plain).
    "after_restore": marker and [marker.after_restore.__module__, marker.after_restore() == marker.WHEEL],
    "pyc_count": len(pycs),
    "sys_path_head": sys.path[:2],
    "env_underscore": os.environ.get("_"),
    "deal": __import__("pyapp.session", fromlist=["TableSession"]).TableSession.new("tressette", humans=(2,)).snapshot("it")["game"],
    "lessons": [lesson.id for lesson in __import__("pyapp.lessons", fromlist=["all_lessons"]).all_lessons()],
    "late_import": [late_before, round(late, 3)],
    # PyScript's package as its bundle writes it (PYSCRIPT, given by the test): the .pyc whose
    # source hash does not match it, which Python would ignore and compile the source instead.
    "pyscript_pyc_stale": sorted(
        path for path, pyc in pycs.items() if "/pyscript/" in path
        and pyc[8:16] != importlib.util.source_hash(PYSCRIPT["pyscript/" + path.rsplit("/", 1)[1]].encode())
    ),
    "pyscript_pyc_count": sum("/pyscript/" in path for path in pycs),
    # The standard library's directory: the snapshot's copy, of the shipped zip (not re-read).
    "zip_directory": [
        getattr(marker, "ZIP_DIRECTORY", None),
        zipimport._zip_directory_cache.get(ARCHIVE) == zipimport._read_directory(ARCHIVE),
    ],
})
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build of the site in a private folder (each test changes its own copy)."""
    target = tmp_path_factory.mktemp("site")
    build.build(target, quiet=True)
    return target


@pytest.fixture
def copy(site: Path, tmp_path: Path) -> Path:
    target = tmp_path / "site"
    shutil.copytree(site, target)
    return target


def boot(site: Path, tmp_path: Path) -> dict[str, object]:
    """Boot through the loader in ``site``; return {boot, warnings, result} from tests/node/boot.mjs."""
    check = tmp_path / "check.py"
    given = f"PYSCRIPT = {build.pyscript_package()!r}\n"
    given += 'ARCHIVE = next(p for p in __import__("sys").path if p.endswith(".zip"))\n'
    check.write_text(given + CHECK, encoding="utf-8")
    done = subprocess.run(
        ["node", str(BOOT), str(site), str(check)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def snapshot_file(site: Path) -> Path:
    (found,) = (site / "pyodide").glob("snapshot-*.bin.gz")
    return found


def test_boots_from_the_snapshot_with_the_engine_already_imported(site: Path, tmp_path: Path) -> None:
    first = boot(site, tmp_path)
    assert first["boot"]["path"] == "snapshot" and first["boot"]["reason"] is None  # type: ignore[index]
    result = first["result"]
    assert isinstance(result, dict)
    assert {"pyapp.session", "pyapp.tressette.rules", "pyapp.poker.evaluate"} <= set(result["preloaded"])
    assert result["deal"] == "tressette"  # the engine works on the restored interpreter
    # The lessons were read from their files when the snapshot was made (no file is read now).
    assert result["lessons"] == [lesson.id for lesson in all_lessons()]
    # The compiled views and PyScript package were written next to their sources.
    assert result["pyc_count"] >= 8 and result["pyc_missing"] == []
    # The snapshot holds all of pyapp: the wheel is neither downloaded nor installed, the views
    # are imported from the sourceless .pyc written from the snapshot.
    assert result["wheel_installed"] is False
    assert result["view_loader"] == "SourcelessFileLoader"
    assert result["frozen"] is True  # gc.freeze(): the restored engine is not walked again
    # The loader compiles no Python after the restore: it calls the snapshot's after_restore, which
    # returns the wheel hash the snapshot was made from (and may safely run again).
    assert result["after_restore"] == ["_circolo_snapshot", True]
    assert result["sys_path_head"] != ["", ""]
    assert result["env_underscore"] == "./this.program"  # nothing of the build machine leaks
    # A module the snapshot does not hold is imported from the shipped (deflated) standard library,
    # although the snapshot was made with the stored one (it holds the shipped zip's directory).
    assert result["late_import"] == [False, 0.889]
    # PyScript's package is imported from its .pyc: compiled from what PyScript writes.
    assert result["pyscript_pyc_count"] == len(build.pyscript_package())
    assert result["pyscript_pyc_stale"] == []
    # The snapshot knows the shipped zip's directory: nothing reads it again after the restore.
    assert result["zip_directory"] == [True, True]
    # Every boot gets its own random state, although the snapshot froze one.
    second = boot(site, tmp_path)
    assert second["boot"]["path"] == "snapshot"  # type: ignore[index]
    assert second["result"]["random"] != result["random"]  # type: ignore[index]


def test_missing_snapshot_boots_plainly(copy: Path, tmp_path: Path) -> None:
    snapshot_file(copy).unlink()
    report = boot(copy, tmp_path)
    assert report["boot"]["path"] == "plain"  # type: ignore[index]
    assert "HTTP 404" in report["boot"]["reason"]  # type: ignore[index]
    assert report["result"]["deal"] == "tressette"  # type: ignore[index]
    assert report["result"]["lessons"] == [lesson.id for lesson in all_lessons()]  # type: ignore[index]
    assert any("booting without the snapshot" in w for w in report["warnings"])  # type: ignore[union-attr]


def test_corrupt_snapshot_boots_plainly(copy: Path, tmp_path: Path) -> None:
    path = snapshot_file(copy)
    data = bytearray(path.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 64] = bytes(64)  # damaged in transit
    path.write_bytes(bytes(data))
    report = boot(copy, tmp_path)
    assert report["boot"]["path"] == "plain", report  # type: ignore[index]
    assert report["boot"]["reason"].startswith("snapshot unusable")  # type: ignore[index, union-attr]
    assert report["result"]["deal"] == "tressette"  # type: ignore[index]


def test_damaged_sparse_snapshot_boots_plainly(copy: Path, tmp_path: Path) -> None:
    path = snapshot_file(copy)
    stored = bytearray(gzip.decompress(path.read_bytes()))
    memory_size = int.from_bytes(stored[8:12], "little")
    stored[16:20] = (memory_size + 1).to_bytes(4, "little")  # its first run placed beyond the memory
    path.write_bytes(gzip.compress(bytes(stored), 1))
    report = boot(copy, tmp_path)
    assert report["boot"]["path"] == "plain", report  # type: ignore[index]
    assert report["boot"]["reason"] == "snapshot unusable: snapshot damaged: run 0 out of place"  # type: ignore[index]
    assert report["result"]["deal"] == "tressette"  # type: ignore[index]


def test_snapshot_of_another_runtime_build_boots_plainly(copy: Path, tmp_path: Path) -> None:
    path = snapshot_file(copy)
    raw = bytearray(build.dense_snapshot(gzip.decompress(path.read_bytes())))
    raw[16:48] = bytes(32)  # the build id of the Pyodide that made it: not this runtime's
    path.write_bytes(gzip.compress(build.sparse_snapshot(bytes(raw)), 1))
    report = boot(copy, tmp_path)
    assert report["boot"]["path"] == "plain"  # type: ignore[index]
    assert "build id mismatch" in report["boot"]["reason"]  # type: ignore[index, operator]
    assert report["result"]["deal"] == "tressette"  # type: ignore[index]


def test_snapshot_of_another_pyapp_wheel_is_not_even_downloaded(copy: Path, tmp_path: Path) -> None:
    loader = copy / "static" / "loader.mjs"
    text = loader.read_text(encoding="utf-8")
    text, count = re.subn(r'"wheel": "[0-9a-f]{64}"', '"wheel": "' + "0" * 64 + '"', text)
    assert count == 1
    loader.write_text(text, encoding="utf-8")
    report = boot(copy, tmp_path)
    assert report["boot"]["path"] == "plain"  # type: ignore[index]
    assert report["boot"]["reason"] == "snapshot made for another pyapp wheel"  # type: ignore[index]
