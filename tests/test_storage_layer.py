"""The storage layer (``static/storage.mjs``) under Node, with the browser's storage made to fail.

``tests/node/storage.mjs`` gives the layer what a browser would (a localStorage whose getter
throws SecurityError, an IndexedDB that fails to open, throws or never answers, a refused
service worker, a full disk) and reports what the layer then does. The browser tests
(``tests/browser/test_embed.py``) prove the same paths in real cross-site frames.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import build

SCRIPT = build.REPO / "tests" / "node" / "storage.mjs"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The layer and the in-memory IndexedDB laid out as in dist/ (the copy build.py makes)."""
    if shutil.which("node") is None:
        pytest.fail("node is not installed: install Node.js 20")
    build.ensure_node_modules()
    root = tmp_path_factory.mktemp("layer")
    (root / "static").mkdir()
    shutil.copy(build.STATIC / "storage.mjs", root / "static" / "storage.mjs")
    entry = build.NODE_MODULES / "fake-indexeddb" / build.FAKE_INDEXEDDB_ENTRY
    for path in build.module_closure(entry):
        target = root / "vendor" / "fake-indexeddb" / path.relative_to(entry.parent)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    return root


def run(site: Path, case: str) -> dict[str, Any]:
    done = subprocess.run(["node", str(SCRIPT), str(site), case], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def test_a_frame_refused_all_storage_keeps_working_in_memory(site: Path) -> None:
    report = run(site, "blocked")
    status = report["status"]
    # localStorage: the getter throws; values live in memory, and setItem says they are not kept
    assert report["items"] == {"kept": False, "read": "uno", "afterRemove": None, "missing": None}
    assert status["localStorage"] == "memory" and status["persistent"] is False
    assert status["problems"]["localStorage"].startswith("SecurityError: Access is denied")
    # IndexedDB: the failed open is caught and an in-memory IndexedDB takes its place, which works
    assert report["idb"] == "memory" and status["indexedDB"] == "memory"
    assert status["problems"]["indexedDB"].startswith("UnknownError: The user denied permission")
    assert report["roundTrip"] == "valore"
    # the service worker: all storage refused, so no worker either (not even asked: Firefox would
    # log the refusal as a console error), no offline copy here, and nothing thrown
    assert report["registration"] is None and report["asked"] == 0
    assert status["serviceWorker"] == "blocked" and status["offline"] is False
    assert (
        status["problems"]["serviceWorker"]
        == "storage refused (SecurityError: Access is denied for this document.)"
    )
    assert report["events"] and set(report["events"]) == {"circolo:storage"}


def test_a_browser_with_storage_turned_off_keeps_working_in_memory(site: Path) -> None:
    """WebKit with local storage, IndexedDB and service workers turned off: ``window.localStorage``
    is null (no error to catch), ``indexedDB`` and ``navigator.serviceWorker`` are missing. The
    layer counts the null as unavailable storage (memory, with a problem to tell), not as a
    context without it."""
    report = run(site, "turnedOff")
    status = report["status"]
    assert report["items"] == {"kept": False, "read": "uno", "afterRemove": None, "missing": None}
    assert status["localStorage"] == "memory" and status["persistent"] is False
    assert status["problems"]["localStorage"] == "window.localStorage is null: local storage is turned off"
    assert report["idb"] == "memory" and report["roundTrip"] == "valore"
    assert status["problems"]["indexedDB"] == "no IndexedDB"
    assert report["registration"] is None and report["supported"] is False
    assert status["serviceWorker"] == "absent" and status["offline"] is False
    assert "circolo:storage" in report["events"]


def test_working_storage_is_used_as_it_is(site: Path) -> None:
    report = run(site, "working")
    assert report["items"] == {"kept": True, "read": "uno", "afterRemove": None, "missing": None}
    assert report["idb"] == "persistent" and report["untouched"] is True
    status = report["status"]
    assert status["localStorage"] == "persistent" and status["persistent"] is True
    assert status["problems"] == {} and report["events"] == []
    assert status["serviceWorker"] == "absent"  # Node has no service workers: nothing to refuse
    assert status["broadcastChannel"] == "ok"  # Node's own works


def test_a_full_disk_keeps_the_values_of_this_page_in_memory(site: Path) -> None:
    report = run(site, "quota")
    assert report["items"] == {"kept": False, "read": "uno", "afterRemove": None, "missing": None}
    assert report["status"]["localStorage"] == "memory"
    assert report["status"]["problems"]["localStorage"].startswith("QuotaExceededError")
    assert report["idb"] == "memory"  # a browser without IndexedDB at all gets one in memory too


def test_an_indexeddb_that_throws_is_replaced(site: Path) -> None:
    report = run(site, "openThrows")
    assert report["idb"] == "memory" and report["roundTrip"] == "valore"
    assert report["status"]["problems"]["indexedDB"].startswith("InvalidStateError")


def test_an_indexeddb_that_never_answers_is_replaced_after_the_probe_wait(site: Path) -> None:
    report = run(site, "openHangs")
    assert report["idb"] == "memory" and report["roundTrip"] == "valore"
    assert 2900 <= report["waited"] <= 10_000
    assert "no answer from IndexedDB" in report["status"]["problems"]["indexedDB"]


def test_a_refused_broadcast_channel_becomes_one_within_the_page(site: Path) -> None:
    report = run(site, "channelRefused")
    assert report["heard"] == [["b", {"n": 1}]]  # same name, another object; closed ones hear nothing
    assert report["closed"] == "InvalidStateError" and report["name"] == "uno"
    assert report["replaced"] == "PageChannel"
    assert report["status"]["broadcastChannel"] == "page"
    assert report["status"]["problems"]["broadcastChannel"].startswith("SecurityError")


def test_a_refused_service_worker_is_no_error(site: Path) -> None:
    report = run(site, "workerRefused")
    assert report["registration"] is None and report["asked"] == 1
    status = report["status"]
    assert (
        status["serviceWorker"] == "blocked" and status["offline"] is False and status["persistent"] is True
    )
    assert status["problems"]["serviceWorker"].startswith("NotSupportedError: The user denied permission")
