#!/usr/bin/env python3
"""Build, serve and test Circolo's static offline site (standard library only, Python >= 3.11).

    python3 build.py                 build the site into dist/
    python3 build.py serve [--port N]  build, then serve dist/ on http://127.0.0.1:N/
    python3 build.py test [ARGS...]  install test dependencies, build, run pytest (ARGS go to pytest)
    python3 build.py screenshots     build, then write PNGs of every table into docs/screenshots/

The build copies the pinned Pyodide and PyScript runtime out of ``node_modules`` (running
``npm ci`` when it is missing), packages ``pyapp/`` as a pure wheel registered in
``pyodide-lock.json`` next to a locally served micropip, renders the HTML pages in Italian from
their i18n keys, writes the card SVGs, the catalogs as JSON, the web app manifest and the service
worker with its precache list. Running it twice leaves ``dist/`` unchanged (files are rewritten
only when their content changes; stale files are removed).
"""

from __future__ import annotations

import argparse
import ast
import base64
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent
DIST = REPO / "dist"
CACHE = REPO / "build-cache"
NODE_MODULES = REPO / "node_modules"
STATIC = REPO / "static"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
MICROPIP_VERSION = "0.11.1"
FAKE_INDEXEDDB_VERSION = "6.2.8"
"""npm ``fake-indexeddb`` (Apache-2.0): the in-memory IndexedDB that static/storage.mjs hands to
PyScript where the browser refuses a real one (a frame on another site)."""
FAKE_INDEXEDDB_ENTRY = "build/esm/fakeIndexedDB.js"
"""Its ES module build's entry point; build.py copies it and every module it imports, nothing else."""
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"

PAGES: tuple[str, ...] = (
    "index.html",
    "tressette.html",
    "boston.html",
    "poker.html",
    "learn.html",
    "embed.html",
    "replay.html",
    "club.html",
    "serata.html",
)
"""The HTML pages of the site (sources at the repository root, rendered into dist/)."""

PYODIDE_FILES: tuple[str, ...] = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The files of the npm ``pyodide`` package the browser needs (no wheels ship with it)."""

PRECOMPRESSED: tuple[str, ...] = (
    "pyodide/pyodide.asm.wasm",
    "pyodide/pyodide.asm.mjs",
)
"""Large runtime files also shipped gzipped (``<file>.gz``): the service worker downloads the
``.gz`` and inflates it with DecompressionStream (no server configuration needed), keeping the
inflated copy; without a worker the browser fetches the plain file. Not python_stdlib.zip: the
site ships it with deflated entries already (:func:`deflate_zip`)."""

PRECOMPRESSED_ALSO: tuple[str, ...] = ("cards/", "vendor/", "i18n/en.json")
"""Smaller files shipped gzipped too (prefixes), because a page never needs them before the
service worker controls it: the card images (drawn by the views), the in-memory IndexedDB (used
only where there is no worker) and the second language's catalog."""


def precompressed(rel: str) -> bool:
    """Whether ``rel`` of dist/ is also shipped as ``rel.gz`` for the service worker."""
    return (rel in PRECOMPRESSED or rel.startswith(PRECOMPRESSED_ALSO)) and not rel.endswith(".gz")


GZIP_CACHE = CACHE / "gzip"
"""Gzipped copies made by earlier builds, keyed by the hash of what they compress."""

STATIC_SKIP_DIRS: frozenset[str] = frozenset({"partials", "__pycache__"})
"""Folders of static/ that are build inputs only and are not copied to dist/."""

STATIC_TO_ROOT: tuple[str, ...] = ("sw.js", "pyscript.json")
"""Files of static/ that belong at the site root (the worker's scope, the PyScript config)."""

OFFLINE_SKIP: tuple[str, ...] = (
    "pyscript/codemirror",
    "pyscript/xterm",
    "pyscript/zip-",
    "pyodide/micropip-",
)
"""Files of dist/ left out of the offline copy (prefixes): PyScript's code editor, terminal and
archive unpacking, and micropip, which no page uses. They stay in dist/ for a page that would use
them online."""

SNAPSHOT_SCRIPT = REPO / "tools" / "snapshot.mjs"
"""The Node script that makes the Pyodide memory snapshot (see :func:`snapshot_step`)."""

PYSCRIPT_PY_DIR = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
"""PyScript's own Python package, readable sources: what it imports (see :func:`site_imports`)."""

PYSCRIPT_PACKAGE = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
"""PyScript's own Python package exactly as its core writes it at every start (minified, unlike
:data:`PYSCRIPT_PY_DIR`; the bundle in dist/pyscript/ holds these strings): compiled into the
snapshot, whose checked .pyc Python uses only while the source on disk is byte for byte this."""

SNAPSHOT_CACHE = CACHE / "snapshots"
"""Snapshots made by earlier builds, keyed by everything they are made from."""

SNAPSHOT_TIMEOUT = 600
"""Seconds the snapshot step may take before the build gives up on it (it takes ~5 s here)."""

MIME_TYPES: dict[str, str] = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".png": "image/png",
}

_ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A build step that cannot go on; its message is the one-line reason shown to the user."""


# -- small helpers ---------------------------------------------------------------------------------


def sha256_hex(data: bytes) -> str:
    """Hex SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def log(message: str) -> None:
    """Print a build progress line."""
    print(f"build: {message}", flush=True)


def pyapp_version() -> str:
    """``pyapp.__version__``, read from the source without importing the package."""
    text = (REPO / "pyapp" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    if not match:
        raise BuildError("pyapp/__init__.py defines no __version__")
    return match.group(1)


def _import_pyapp() -> None:
    """Make the repository's ``pyapp`` importable by the build (it is pure standard library)."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))


class Output:
    """The files written into dist/ by one build: writes only changed content, prunes the rest."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: dict[str, bytes | Path] = {}
        self.changed = 0

    def write(self, rel: str, data: bytes | str) -> None:
        """Write ``data`` at ``dist/rel`` unless the file already holds exactly that."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        target = self.root / rel
        self.written[rel] = raw
        if target.is_file() and target.stat().st_size == len(raw) and target.read_bytes() == raw:
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_bytes(raw)
        os.replace(tmp, target)
        self.changed += 1

    def copy(self, source: Path, rel: str) -> None:
        """Copy ``source`` to ``dist/rel`` (content-compared, so unchanged copies are skipped)."""
        self.write(rel, source.read_bytes())

    def content(self, rel: str) -> bytes:
        """The bytes written at ``rel`` by this build."""
        value = self.written[rel]
        return value if isinstance(value, bytes) else value.read_bytes()

    def prune(self, keep: Callable[[str], bool] = lambda rel: False) -> int:
        """Delete files of dist/ this build did not write (except those ``keep`` accepts)."""
        removed = 0
        for path in sorted(self.root.rglob("*"), reverse=True):
            rel = path.relative_to(self.root).as_posix()
            if path.is_file() and rel not in self.written and not keep(rel):
                path.unlink()
                removed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
        return removed


# -- the pinned runtime ----------------------------------------------------------------------------


def ensure_node_modules() -> None:
    """Install the pinned npm packages with ``npm ci`` when they are missing or of another version."""
    wanted = {
        "pyodide": PYODIDE_VERSION,
        "@pyscript/core": PYSCRIPT_VERSION,
        "fake-indexeddb": FAKE_INDEXEDDB_VERSION,
        **dev_npm_packages(),
    }
    if all(_installed_npm_version(name) == version for name, version in wanted.items()):
        return
    if shutil.which("node") is None:
        raise BuildError("node is not installed: install Node.js 20 (Debian: apt-get install -y nodejs npm)")
    if shutil.which("npm") is None:
        raise BuildError("npm is not installed: install it (Debian: apt-get install -y npm)")
    if not (REPO / "package-lock.json").is_file():
        raise BuildError("package-lock.json is missing: cannot install the pinned runtime with npm ci")
    log("npm ci (installing the pinned Pyodide and PyScript)")
    done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise BuildError(f"npm ci failed: {last}")
    for name, version in wanted.items():
        found = _installed_npm_version(name)
        if found != version:
            raise BuildError(f"npm installed {name}@{found}, expected {version}: check package.json")


def dev_npm_packages() -> dict[str, str]:
    """The test-only npm packages of package.json (``devDependencies``, e.g. axe-core): never shipped."""
    try:
        data = json.loads((REPO / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return dict(data.get("devDependencies") or {})


def _installed_npm_version(name: str) -> str | None:
    path = NODE_MODULES / name / "package.json"
    try:
        version = json.loads(path.read_text(encoding="utf-8")).get("version")
        return str(version) if version is not None else None
    except (OSError, ValueError):
        return None


def micropip_wheel() -> Path:
    """The micropip wheel from PyPI, downloaded once into build-cache/."""
    target = CACHE / MICROPIP_WHEEL
    if target.is_file():
        return target
    CACHE.mkdir(exist_ok=True)
    log(f"downloading micropip {MICROPIP_VERSION} from PyPI")
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        f"micropip=={MICROPIP_VERSION}",
        "--no-deps",
        "--python-version",
        "3.13",
        "--only-binary=:all:",
        "--dest",
        str(CACHE),
        "--quiet",
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    except OSError as exc:
        raise BuildError(f"cannot run pip to download micropip: {exc}") from None
    if done.returncode != 0 or not target.is_file():
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise BuildError(f"pip could not download {MICROPIP_WHEEL}: {last}")
    return target


PYAPP_FILES: tuple[str, ...] = ("*.py", "*.toml")
"""What the pyapp wheel holds: the package's sources and its data files (each game's ``lessons.toml``)."""


def build_pyapp_wheel(version: str) -> tuple[str, bytes, list[str]]:
    """A reproducible pure wheel of ``pyapp/**/*.py`` and the data files beside them
    (:data:`PYAPP_FILES`): (file name, bytes, top-level imports)."""
    sources = sorted(
        p for pattern in PYAPP_FILES for p in (REPO / "pyapp").rglob(pattern) if "__pycache__" not in p.parts
    )
    dist_info = f"pyapp-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\nName: pyapp\n"
        f"Version: {version}\nSummary: Circolo game engine and browser views\nRequires-Python: >=3.11\n"
    )
    wheel_meta = "Wheel-Version: 1.0\nGenerator: circolo-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries: list[tuple[str, bytes]] = [(p.relative_to(REPO).as_posix(), p.read_bytes()) for p in sources]
    entries += [
        (f"{dist_info}/METADATA", metadata.encode()),
        (f"{dist_info}/WHEEL", wheel_meta.encode()),
        (f"{dist_info}/top_level.txt", b"pyapp\n"),
    ]
    record_lines = []
    for name, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{name},sha256={digest},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return f"pyapp-{version}-py3-none-any.whl", buffer.getvalue(), ["pyapp"]


def pyodide_lock(micropip: bytes, app_name: str, app: bytes, version: str) -> str:
    """The site's ``pyodide-lock.json``: Pyodide's own info plus micropip and pyapp only."""
    original = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    micropip_entry = dict(original["packages"]["micropip"])
    micropip_entry.update(file_name=MICROPIP_WHEEL, sha256=sha256_hex(micropip), version=MICROPIP_VERSION)
    lock = {
        "info": original["info"],
        "packages": {
            "micropip": micropip_entry,
            "pyapp": {
                "name": "pyapp",
                "version": version,
                "file_name": app_name,
                "install_dir": "site",
                "sha256": sha256_hex(app),
                "package_type": "package",
                "imports": ["pyapp"],
                "depends": [],
                "unvendored_tests": False,
            },
        },
    }
    return json.dumps(lock, indent=1, sort_keys=True) + "\n"


_ES_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^'"]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']""", re.M
)


def module_closure(entry: Path) -> list[Path]:
    """``entry`` and every ES module it imports, transitively (static imports, relative paths only).

    Refuses a bare or absolute import (``from "pkg"``, ``from "/x.js"``): what is copied must
    run as plain static files served from the site's own origin.
    """
    root = entry.parent
    seen: dict[Path, None] = {}
    todo = [entry.resolve()]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        if not path.is_file():
            raise BuildError(f"{path.relative_to(NODE_MODULES)} is missing (imported by the copied modules)")
        seen[path] = None
        for match in _ES_IMPORT.finditer(path.read_text(encoding="utf-8")):
            spec = match[1] or match[2]
            if not spec.startswith(("./", "../")):
                raise BuildError(f"{path.relative_to(NODE_MODULES)} imports {spec!r}: not a relative module")
            target = (path.parent / spec).resolve()
            if root.resolve() not in target.parents:
                raise BuildError(f"{path.relative_to(NODE_MODULES)} imports {spec!r}, outside its folder")
            todo.append(target)
    return sorted(seen)


# -- the memory snapshot ---------------------------------------------------------------------------


SPARSE_MAGIC = b"CIRCSPRS"
"""The first bytes of a sparse snapshot (:func:`sparse_snapshot`); static/inflate.mjs checks them."""

SPARSE_PAGE = 4096
"""The sparse snapshot leaves out the pages of this many bytes that hold only zeros."""


def sparse_snapshot(memory: bytes) -> bytes:
    """Pyodide's memory snapshot without its pages of zeros: what the site serves and caches.

    A third of the memory is zeros; a warm start reads the cached copy, so it reads ~20 MB instead
    of 31.5 MB. Layout (little-endian), read by ``runsOf`` and ``restoreInto`` in
    static/inflate.mjs: the magic, the memory's size (u32), the number of runs (u32), each run's
    offset and length (u32, u32), then the runs' bytes in order. A run is a stretch of whole pages (the last one may be shorter) in
    which no page is all zeros.
    """
    zero = bytes(SPARSE_PAGE)
    runs: list[tuple[int, int]] = []
    for at in range(0, len(memory), SPARSE_PAGE):
        page = memory[at : at + SPARSE_PAGE]
        if page == zero[: len(page)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == at:
            runs[-1] = (runs[-1][0], runs[-1][1] + len(page))
        else:
            runs.append((at, len(page)))
    head = [SPARSE_MAGIC, len(memory).to_bytes(4, "little"), len(runs).to_bytes(4, "little")]
    head += [at.to_bytes(4, "little") + length.to_bytes(4, "little") for at, length in runs]
    return b"".join(head + [memory[at : at + length] for at, length in runs])


def dense_snapshot(stored: bytes) -> bytes:
    """The memory a sparse snapshot describes (the inverse of :func:`sparse_snapshot`)."""
    if stored[:8] != SPARSE_MAGIC:
        raise ValueError("not a sparse snapshot")
    size = int.from_bytes(stored[8:12], "little")
    count = int.from_bytes(stored[12:16], "little")
    memory = bytearray(size)
    src = 16 + 8 * count
    for i in range(count):
        at = int.from_bytes(stored[16 + 8 * i : 20 + 8 * i], "little")
        length = int.from_bytes(stored[20 + 8 * i : 24 + 8 * i], "little")
        memory[at : at + length] = stored[src : src + length]
        src += length
    if src != len(stored):
        raise ValueError(f"{len(stored) - src} bytes after the last run")
    return bytes(memory)


def snapshot_key(out: Output, stdlib: bytes | None = None) -> str:
    """Hash of everything the snapshot is made from: Pyodide, the lock file, the wheel, the script
    (and ``stdlib``, the standard library it is made with, see :func:`make_snapshot`)."""
    digest = hashlib.sha256()
    if stdlib is not None:
        digest.update(f"stdlib\0{sha256_hex(stdlib)}\0".encode())
    inputs = sorted(rel for rel in out.written if rel.startswith("pyodide/") and "snapshot" not in rel)
    for rel in inputs:
        digest.update(f"{rel}\0{sha256_hex(out.content(rel))}\0".encode())
    digest.update(SNAPSHOT_SCRIPT.read_bytes())
    digest.update(SPARSE_MAGIC)  # the stored format (sparse_snapshot)
    if PYSCRIPT_PACKAGE.is_file():
        digest.update(PYSCRIPT_PACKAGE.read_bytes())
    return digest.hexdigest()


def pyscript_package(path: Path = PYSCRIPT_PACKAGE) -> dict[str, str]:
    """PyScript's Python package as its core writes it into a page's working directory:
    {path relative to it, e.g. ``pyscript/web.py``: source}.

    Read from ``path``, the module PyScript generates from its sources (a JSON object of folders
    and files after ``export default``). Raises :class:`BuildError` when it is missing or not
    of that shape.
    """
    try:
        text = path.read_text(encoding="utf-8")
        tree = json.loads(text.split("export default", 1)[1].strip().removesuffix(";"))
    except (OSError, IndexError, ValueError) as exc:
        raise BuildError(f"cannot read PyScript's Python package in {path}: {exc}") from None
    files: dict[str, str] = {}

    def walk(folder: str, node: object) -> None:
        if not isinstance(node, dict):
            raise BuildError(f"{path}: {folder or 'the package'} is not a folder of files")
        for name, value in node.items():
            where = f"{folder}/{name}" if folder else str(name)
            if isinstance(value, str):
                files[where] = value
            else:
                walk(where, value)

    walk("", tree)
    return files


def make_snapshot(
    pyodide_dir: Path, target: Path, stdlib: bytes | None = None, shipped_stdlib: Path | None = None
) -> dict[str, object]:
    """Run tools/snapshot.mjs on a built ``pyodide_dir``; write the gzipped snapshot to ``target``.

    ``stdlib``: the standard library zip to make it with instead of ``pyodide_dir``'s (the site's
    stored one: importing from it leaves no inflated buffers in the memory, which would make the
    snapshot larger). Once all is imported, the snapshot's import system is given the directory of
    ``shipped_stdlib``, the zip the site ships (``pyodide_dir``'s, when ``stdlib`` is given), so
    the page need not read it after the restore. Returns the script's report (sizes, what it
    imported, what it left out, timings); raises :class:`BuildError` with the script's one-line
    reason when it fails.
    """
    if shutil.which("node") is None:
        raise BuildError("node is not installed")
    if stdlib is not None:
        with tempfile.TemporaryDirectory(prefix="circolo-snapshot-") as tmp:
            here = Path(tmp)
            for path in pyodide_dir.iterdir():
                if path.name != "python_stdlib.zip":
                    (here / path.name).symlink_to(path.resolve())
            (here / "python_stdlib.zip").write_bytes(stdlib)
            return make_snapshot(here, target, shipped_stdlib=(pyodide_dir / "python_stdlib.zip").resolve())
    with tempfile.TemporaryDirectory(prefix="circolo-pyscript-") as tmp:
        command = ["node", str(SNAPSHOT_SCRIPT), str(pyodide_dir), str(target)]
        if PYSCRIPT_PACKAGE.is_file():
            package = Path(tmp) / "pyscript-package.json"
            package.write_text(json.dumps(pyscript_package(), sort_keys=True), encoding="utf-8")
            command += ["--pyscript", str(package)]
        if shipped_stdlib is not None:
            command += ["--shipped-stdlib", str(shipped_stdlib)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=SNAPSHOT_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise BuildError(f"tools/snapshot.mjs took more than {SNAPSHOT_TIMEOUT} s") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise BuildError(last[:300])
    try:
        report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise BuildError("tools/snapshot.mjs printed no report") from None
    return report


def snapshot_step(
    out: Output, dist: Path, say: Callable[[str], None], stdlib: bytes | None = None
) -> dict[str, object] | None:
    """Add the gzipped Pyodide memory snapshot to the build; return the loader's manifest, or None.

    Needs the runtime, the lock file and the wheel already written into ``dist/pyodide``. The
    snapshot is reused from build-cache/ when none of its inputs changed (same Pyodide, same
    wheel, same script), so a build that changes no Python costs nothing here. When it cannot be
    made, the build goes on without it (the pages then boot plainly) and says why.
    """
    key = snapshot_key(out, stdlib)
    cached = SNAPSHOT_CACHE / f"{key[:24]}.bin.gz"
    report_path = cached.with_suffix("").with_suffix(".json")
    report: dict[str, object]
    if cached.is_file() and report_path.is_file():
        report = json.loads(report_path.read_text(encoding="utf-8"))
        how = "reused from build-cache"
    else:
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        try:
            report = make_snapshot(dist / "pyodide", cached, stdlib)
        except BuildError as exc:
            say(f"warning: no memory snapshot ({exc}); the pages will boot without it")
            return None
        memory = gzip.decompress(cached.read_bytes())
        stored = sparse_snapshot(memory)
        if dense_snapshot(stored) != memory:
            raise BuildError("the sparse snapshot does not give back Pyodide's memory")
        report["stored"] = len(stored)
        cached.write_bytes(gzip.compress(stored, compresslevel=9, mtime=0))
        report["build_seconds"] = round(time.monotonic() - started, 2)
        tmp = report_path.with_name(f"{report_path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, report_path)
        _prune_snapshot_cache(keep=4)
        how = f"made in {report['build_seconds']} s"
    data = cached.read_bytes()
    name = f"pyodide/snapshot-{sha256_hex(data)[:12]}.bin.gz"
    out.write(name, data)
    modules = report.get("modules")
    skipped = report.get("skipped")
    left_out = f"; left out: {', '.join(skipped)}" if isinstance(skipped, dict) and skipped else ""
    say(
        f"memory snapshot {name}: {len(data) / 1e6:.1f} MB gzipped ({int(str(report['raw'])) / 1e6:.1f} MB raw, "
        f"{int(str(report['stored'])) / 1e6:.1f} MB without its zero pages), "
        f"{len(modules) if isinstance(modules, list) else 0} engine modules, {how}{left_out}"
    )
    out.write("pyodide/snapshot.json", json.dumps({**report, "file": name}, indent=1, sort_keys=True) + "\n")
    return {
        "url": f"../{name}",
        "inflated": f"../{name.removesuffix('.gz')}",  # served by the service worker only
        "bytes": len(data),
        "raw": report["raw"],
        "stored": report["stored"],
        "pyodide": report["pyodide"],
        "wheel": report["wheel"],
        "complete": bool(report.get("complete")),  # no wheel download on a snapshot boot
    }


def _prune_snapshot_cache(keep: int) -> None:
    """Delete all but the ``keep`` newest snapshots of build-cache/ (each is ~7 MB)."""
    files = sorted(SNAPSHOT_CACHE.glob("*.bin.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[keep:]:
        for path in (old, old.with_suffix("").with_suffix(".json")):
            path.unlink(missing_ok=True)


def render_loader(template: str, manifest: dict[str, object] | None, lock: str | None = None) -> str:
    """static/loader.mjs with the snapshot's manifest (or null) and the lock file built in.

    With ``lock`` (the text of pyodide-lock.json) the loader does not fetch the lock file.
    """
    if "/*SNAPSHOT*/null" not in template:
        raise BuildError("static/loader.mjs lacks the /*SNAPSHOT*/null placeholder")
    if "/*LOCK*/null" not in template:
        raise BuildError("static/loader.mjs lacks the /*LOCK*/null placeholder")
    text = template.replace("/*SNAPSHOT*/null", json.dumps(manifest, sort_keys=True))
    return text.replace("/*LOCK*/null", json.dumps(lock) if lock is not None else "null")


def render_inflate_worker(template: str, manifest: dict[str, object] | None) -> str:
    """static/inflate-worker.mjs with the snapshot it downloads when a page starts it early.

    Only the names and the sizes (``url``, ``inflated``, ``raw``, ``stored``), or null without a
    snapshot.
    """
    if "/*SNAPSHOT*/null" not in template:
        raise BuildError("static/inflate-worker.mjs lacks the /*SNAPSHOT*/null placeholder")
    early = {key: manifest[key] for key in ("url", "inflated", "raw", "stored")} if manifest else None
    return template.replace("/*SNAPSHOT*/null", json.dumps(early, sort_keys=True))


def compact_script(source: str) -> str:
    """A script without its comment lines, blank lines and indentation (the inline embed code).

    Made for ``static/embed.js``, whose code lines carry no trailing or block comment: a ``//`` or
    ``/*`` left on a code line is a build error rather than a guess at where a string ends.
    """
    lines = []
    for number, raw in enumerate(source.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if "//" in line or "/*" in line:
            raise BuildError(
                f"static/embed.js:{number}: a comment on a code line (keep comments on lines of their own)"
            )
        lines.append(line)
    return "\n".join(lines) + "\n"


# -- pages and i18n --------------------------------------------------------------------------------

_INCLUDE = re.compile(r"<!--\s*include:\s*([\w./-]+)\s*-->")
_I18N_ELEMENT = re.compile(
    r'<(?P<tag>[a-zA-Z][\w-]*)(?P<attrs>[^<>]*?\sdata-i18n="(?P<key>[\w.-]+)"[^<>]*)>(?P<body>)</(?P=tag)>'
)
_I18N_ATTR = re.compile(r'\sdata-i18n-attr="(?P<spec>[^"]*)"')


def render_page(source: str, table: dict[str, str]) -> str:
    """Expand ``<!-- include: partials/x.html -->`` and fill the i18n keys with ``table``'s texts.

    ``<h1 data-i18n="ui.landing.title"></h1>`` gets the text of that key (the element must be
    empty in the source), with ``data-i18n-params='{"n": 2}'`` filling its ``{n}``;
    ``data-i18n-attr="aria-label=ui.key;title=ui.other"`` sets attributes.
    Unknown keys are a build error, so a typo never reaches the page.
    """

    def include(match: re.Match[str]) -> str:
        path = STATIC / match.group(1)
        if not path.is_file():
            raise BuildError(f"include not found: static/{match.group(1)}")
        return path.read_text(encoding="utf-8").rstrip("\n")

    for _ in range(3):  # partials may include partials, a little
        source = _INCLUDE.sub(include, source)

    def lookup(key: str) -> str:
        if key not in table:
            raise BuildError(f"unknown i18n key in HTML: {key}")
        return table[key]

    def element(match: re.Match[str]) -> str:
        text = _fill(lookup(match["key"]), _i18n_params(match["attrs"]))
        return f"<{match['tag']}{match['attrs']}>{_escape(text)}</{match['tag']}>"

    def attributes(match: re.Match[str]) -> str:
        out = match.group(0)
        for part in filter(None, match["spec"].split(";")):
            name, _, key = part.partition("=")
            out += f' {name.strip()}="{_escape(lookup(key.strip()), quote=True)}"'
        return out

    empty = {m.start("key") for m in _I18N_ELEMENT.finditer(source)}
    for m in re.finditer(r'data-i18n="(?P<key>[\w.-]+)"', source):
        if m.start("key") not in empty:
            raise BuildError(f"element with data-i18n={m['key']!r} must be empty in the source")
    source = _I18N_ELEMENT.sub(element, source)
    source = _I18N_ATTR.sub(attributes, source)
    return source


_I18N_PARAMS = re.compile(r"""\sdata-i18n-params=(?:'(?P<single>[^']*)'|"(?P<double>[^"]*)")""")


def _i18n_params(attrs: str) -> dict[str, object]:
    """The ``data-i18n-params`` JSON of an element (``{}`` when it has none; bad JSON is an error)."""
    match = _I18N_PARAMS.search(attrs)
    if not match:
        return {}
    raw = match["single"] if match["single"] is not None else match["double"].replace("&quot;", '"')
    try:
        params = json.loads(raw)
    except ValueError:
        raise BuildError(f"data-i18n-params is not JSON: {raw!r}") from None
    if not isinstance(params, dict):
        raise BuildError(f"data-i18n-params must be a JSON object: {raw!r}")
    return params


def _fill(template: str, params: dict[str, object]) -> str:
    """``{name}`` placeholders of a catalog text filled from ``params`` (as static/app.js does)."""
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m[1]]) if m[1] in params else m[0], template)


def _escape(text: str, quote: bool = False) -> str:
    out = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return out.replace('"', "&quot;") if quote else out


def i18n_keys_in(html: str) -> set[str]:
    """Every i18n key an HTML source names (elements and attributes)."""
    keys = set(re.findall(r'data-i18n="([\w.-]+)"', html))
    for spec in re.findall(r'data-i18n-attr="([^"]*)"', html):
        keys.update(part.partition("=")[2].strip() for part in spec.split(";") if part.strip())
    return keys


def _static_files() -> Iterator[Path]:
    for path in sorted(STATIC.rglob("*")):
        rel = path.relative_to(STATIC)
        if path.is_file() and not (set(rel.parts[:-1]) & STATIC_SKIP_DIRS) and path.suffix != ".pyc":
            yield path


# -- Content Security Policy -----------------------------------------------------------------------

CSP_REQUIRED: dict[str, tuple[str, ...]] = {
    "default-src": ("'self'",),
    "script-src": ("'self'", "'wasm-unsafe-eval'"),
    "object-src": ("'none'",),
    "base-uri": ("'self'",),
}
"""Directives every page's policy must contain (static/partials/head.html holds the policy)."""

_CSP_META = re.compile(
    r'<meta\s+http-equiv="Content-Security-Policy"\s+content="(?P<policy>[^"]*)"\s*/?>', re.I
)


def content_security_policy(html: str) -> dict[str, list[str]]:
    """The directives of a page's ``<meta http-equiv="Content-Security-Policy">`` (``{}``: none)."""
    match = _CSP_META.search(html)
    if not match:
        return {}
    policy: dict[str, list[str]] = {}
    for part in match["policy"].split(";"):
        name, *sources = part.split()
        policy[name.lower()] = sources
    return policy


def check_csp(page: str, html: str) -> None:
    """Refuse a page without the shared policy, or with it after a script or a stylesheet.

    Every page gets the policy by including ``partials/head.html`` first in its ``<head>``; a page
    that does not (or loads something before it, where the policy would not apply yet) is a build
    error, so a new page cannot ship without it.
    """
    match = _CSP_META.search(html)
    if not match:
        raise BuildError(
            f"{page}: no Content-Security-Policy meta (include partials/head.html first in <head>)"
        )
    first = re.search(r"<script\b|<link\b[^>]*rel=\"?(?:stylesheet|modulepreload|preload)", html, re.I)
    if first and first.start() < match.start():
        raise BuildError(
            f"{page}: the Content-Security-Policy meta must come before any script or stylesheet"
        )
    policy = content_security_policy(html)
    for directive, sources in CSP_REQUIRED.items():
        missing = [s for s in sources if s not in policy.get(directive, [])]
        if missing:
            raise BuildError(f"{page}: Content-Security-Policy {directive} lacks {' '.join(missing)}")


# -- service worker and manifest -------------------------------------------------------------------


STDLIB_DROP: tuple[str, ...] = (
    "pdb", "pydoc", "pydoc_data", "doctest", "unittest", "multiprocessing", "xmlrpc", "_pyrepl",
    "http.server", "socketserver", "ftplib", "ctypes", "sqlite3", "wsgiref", "imaplib", "smtplib",
    "poplib", "mailbox", "xml", "tarfile", "bz2", "lzma", "cProfile", "profile", "pstats", "bdb",
    "code", "codeop", "rlcompleter", "pty", "tty", "curses", "dbm", "shelve", "pickletools",
    "webbrowser", "netrc", "plistlib", "compression.bz2", "compression.lzma", "compression.zstd",
    "zoneinfo", "ssl", "_ssl", "_pyio", "turtle", "antigravity", "__hello__",
    "__phello__", "getpass", "trace", "timeit", "cmd", "filecmp", "fileinput", "graphlib",
    "modulefinder", "optparse", "pyclbr", "sched", "shlex", "symtable", "tabnanny", "this", "uuid",
    "wave", "zipapp", "idlelib", "tkinter", "ensurepip", "venv", "lib2to3", "encodings",
    "concurrent.futures.process",
)  # fmt: skip
"""Standard library modules (and their submodules) left out of the site's python_stdlib.zip:
debuggers, test tools, servers, mail, XML, archives, terminals... which neither the engine, the
views nor PyScript import. ``encodings`` keeps only :data:`STDLIB_ENCODINGS` (looked up by name)."""

STDLIB_ENCODINGS: tuple[str, ...] = (
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
    "encodings.latin_1", "encodings.cp437", "encodings.cp1252", "encodings.charmap", "encodings.idna",
    "encodings.punycode", "encodings.raw_unicode_escape", "encodings.unicode_escape",
    "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be", "encodings.utf_32",
    "encodings.utf_32_le", "encodings.utf_32_be",
)  # fmt: skip
"""The codecs the trimmed standard library keeps (UTF-8/16/32, Latin-1, ASCII, zip's cp437...)."""

STDLIB_ROOTS: tuple[str, ...] = (
    "_pyodide", "pyodide", "site", "sysconfig", "_sysconfigdata__emscripten_wasm32-emscripten",
    "codecs", "io", "abc", "os", "stat", "posixpath", "genericpath", "_collections_abc",
    "_sitebuiltins", "zipimport", "importlib", "importlib.metadata", "warnings", "traceback",
    "linecache", "tokenize", "asyncio",
)  # fmt: skip
"""What Pyodide itself needs to start and to report errors, besides what the site's code imports."""


STDLIB_NOT_IN_BROWSER: dict[str, str] = {
    "multiprocessing": "pyapp/arena.py: the bot arena's process pool, run from the command line only",
}
"""Left-out modules the site's code may import anyway, with where and why that never runs in a page."""


def _module_imports(source: bytes, module: str, is_package: bool) -> tuple[set[str], set[str]]:
    """The module names ``source`` imports, absolute: (at import time, inside functions only)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # newer syntax than the build's Python: read the import lines instead
        return _scan_imports(source.decode("utf-8", "replace"), module, is_package)
    eager: set[str] = set()
    lazy: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        found = lazy if in_function else eager
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = module.split(".")[: None if is_package else -1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            inner = True  # `if __name__ == "__main__":` runs only as a script
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, False)
    return eager, lazy - eager


_IMPORT_LINE = re.compile(
    r"^(\s*)(?:import\s+([\w.]+(?:\s*,\s*[\w.]+)*)|from\s+(\.*)([\w.]*)\s+import\b(.*))"
)
_BLOCK_LINE = re.compile(r"^(\s*)(async\s+def|def|class)\b")


def _scan_imports(text: str, module: str, is_package: bool) -> tuple[set[str], set[str]]:
    """:func:`_module_imports` for a source the build's Python cannot parse: line by line, an
    import indented under a ``def`` counts as made inside a function."""
    eager: set[str] = set()
    lazy: set[str] = set()
    blocks: list[tuple[int, bool]] = []  # (indent, inside a function) of the enclosing def/class
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        while blocks and blocks[-1][0] >= indent:
            blocks.pop()
        in_function = any(function for _, function in blocks)
        block = _BLOCK_LINE.match(line)
        if block:
            blocks.append((indent, in_function or block.group(2) != "class"))
            continue
        found = _IMPORT_LINE.match(line)
        if not found:
            continue
        names: set[str] = set()
        if found.group(2):
            names = {name.strip() for name in found.group(2).split(",")}
        else:
            level = len(found.group(3))
            base = found.group(4)
            if level:
                parts = module.split(".")[: None if is_package else -1]
                parts = parts[: len(parts) - (level - 1)]
                base = ".".join([*parts, *([base] if base else [])])
            tail = found.group(5).split("#")[0].strip(" ()\\")
            names = {base} | {f"{base}.{name.split()[0]}" for name in tail.split(",") if name.strip()}
        (lazy if in_function else eager).update(names)
    return eager, lazy - eager


def site_imports() -> set[str]:
    """The modules the site's Python imports: pyapp, static/entry.py, PyScript's package."""
    sources = [
        *sorted((REPO / "pyapp").rglob("*.py")),
        STATIC / "entry.py",
        *sorted(PYSCRIPT_PY_DIR.glob("*.py")),
    ]
    found: set[str] = set()
    for path in sources:
        eager, lazy = _module_imports(path.read_bytes(), "pyapp", False)
        found |= eager | lazy
    return found


def _dropped(name: str) -> bool:
    return any(name == drop or name.startswith(f"{drop}.") for drop in STDLIB_DROP)


def trim_stdlib(data: bytes, needed: set[str]) -> tuple[bytes, list[str]]:
    """Pyodide's python_stdlib.zip cut to what ``needed`` imports (transitively), stored.

    Follows every import of every kept module: all those made at import time, and those inside
    functions unless they lead into :data:`STDLIB_DROP`; keeps :data:`STDLIB_ROOTS` and
    :data:`STDLIB_ENCODINGS`. Raises
    :class:`BuildError` when the site itself imports a left-out module. Returns the new zip
    (stored entries: the snapshot is made with it, see :func:`make_snapshot`; the site ships it
    deflated, :func:`deflate_zip`) and the names of the modules kept.
    """
    source = zipfile.ZipFile(io.BytesIO(data))
    files = {}
    for name in source.namelist():
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".").removesuffix(".__init__")
            files[module] = name
    refused = sorted(
        name
        for name in needed
        if _dropped(name) and name.split(".")[0] in files and name.split(".")[0] not in STDLIB_NOT_IN_BROWSER
    )
    if refused:
        raise BuildError(
            f"the site imports {', '.join(refused)}, left out of the standard library (STDLIB_DROP)"
        )
    kept = {name for name in STDLIB_ENCODINGS if name in files}
    todo = [(name, _dropped(name) and name.split(".")[0] in STDLIB_NOT_IN_BROWSER) for name in needed]
    todo += [(name, False) for name in STDLIB_ROOTS]
    todo += [
        (name, False) for name in files if name.split(".")[0] in ("_pyodide", "pyodide")
    ]  # imported from C
    while todo:
        name, optional = todo.pop()
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            module = ".".join(parts[:end])
            if module in files and module not in kept and not (optional and _dropped(module)):
                kept.add(module)
                path = files[module]
                eager, lazy = _module_imports(source.read(path), module, path.endswith("__init__.py"))
                own = module.split(".")[0] in ("_pyodide", "pyodide")  # Pyodide's: all it may import
                todo += [(n, False) for n in eager] + [(n, _dropped(n) and not own) for n in lazy]
    keep = {files[module] for module in kept}
    for name in source.namelist():  # data files (py.typed...) of the packages kept
        if not name.endswith((".py", "/")) and not _dropped(name.split("/")[0]) and "/" in name:
            if any(k.startswith(name.rsplit("/", 1)[0] + "/") for k in keep):
                keep.add(name)
    folders = {"/".join(name.split("/")[:i]) + "/" for name in keep for i in range(1, name.count("/") + 1)}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for name in sorted(keep | folders):
            target.writestr(
                zipfile.ZipInfo(name, _ZIP_DATE), b"" if name.endswith("/") else source.read(name)
            )
    return out.getvalue(), sorted(kept)


def deflate_zip(data: bytes) -> bytes:
    """The zip ``data`` with its files' entries deflated (level 9), same names, order and dates.

    The site's standard library: a warm start reads 1.4 MB from the cache instead of 5.2 MB (on
    the page's main thread, with Pyodide's copy into its file system), and the zip needs no .gz
    of its own; Python inflates the few modules it imports after the snapshot's restore.
    """
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            folder = info.filename.endswith("/")
            entry.compress_type = zipfile.ZIP_STORED if folder else zipfile.ZIP_DEFLATED
            target.writestr(entry, source.read(info), compresslevel=None if folder else 9)
    return out.getvalue()


def gzipped(data: bytes) -> bytes:
    """``data`` gzipped at level 9 without a timestamp, made once and kept in build-cache/gzip."""
    key = GZIP_CACHE / f"{sha256_hex(data)[:32]}.gz"
    if key.is_file():
        return key.read_bytes()
    packed = gzip.compress(data, compresslevel=9, mtime=0)
    GZIP_CACHE.mkdir(parents=True, exist_ok=True)
    tmp = key.with_name(f"{key.name}.{os.getpid()}.tmp")
    tmp.write_bytes(packed)
    os.replace(tmp, key)
    return packed


def precache_list(
    out: Output, inflated: Mapping[str, tuple[str, bytes]] | None = None, leave_out: Iterable[str] = ()
) -> list[list[str]]:
    """``[[url, content hash(, gzipped url)], ...]`` for every file of the build plus ``./``.

    A file shipped gzipped (:data:`PRECOMPRESSED`, and the snapshot: ``inflated`` maps its
    inflated name to (the gzipped file, the inflated bytes)) is listed once, under its inflated
    name with the hash of its inflated content and the ``.gz`` the worker downloads instead.
    Not listed: the worker itself, :data:`OFFLINE_SKIP` and ``leave_out`` (the pyapp wheel when
    the snapshot holds all of it: only a plain boot, online, installs it).
    """
    inflated = dict(inflated or {})
    skip = set(leave_out)
    for rel in list(out.written):
        if precompressed(rel) and f"{rel}.gz" in out.written:
            inflated[rel] = (f"{rel}.gz", out.content(rel))
    packed = {gz for gz, _ in inflated.values()}
    entries = [["./", sha256_hex(out.content("index.html"))[:16]]]
    for rel in sorted({*out.written, *inflated}):
        if rel == "sw.js" or rel.startswith(OFFLINE_SKIP) or rel in packed or rel in skip:
            continue
        if rel in inflated:
            gz, data = inflated[rel]
            entries.append([f"./{rel}", sha256_hex(data)[:16], f"./{gz}"])
        else:
            entries.append([f"./{rel}", sha256_hex(out.content(rel))[:16]])
    return entries


def service_worker(template: str, entries: list[list[str]]) -> tuple[str, str]:
    """The worker source with its precache list and version filled in: (source, version)."""
    listing = json.dumps(entries, separators=(",", ":"))
    version = sha256_hex(listing.encode())[:12]
    if "/*PRECACHE*/[]" not in template or '/*VERSION*/"dev"' not in template:
        raise BuildError('static/sw.js lacks the /*PRECACHE*/[] or /*VERSION*/"dev" placeholder')
    source = template.replace("/*PRECACHE*/[]", listing).replace('/*VERSION*/"dev"', json.dumps(version))
    return source, version


def manifest(table: dict[str, str]) -> str:
    """The web app manifest (Italian texts, our SVG icon)."""
    data = {
        "name": table["ui.site.name"],
        "short_name": table["ui.site.name"],
        "description": table["ui.site.description"],
        "lang": "it",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#f6f1e4",
        "theme_color": "#0d4a2f",
        "icons": [
            {"src": "./icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": "./icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "maskable"},
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# -- the build -------------------------------------------------------------------------------------


def build(dist: Path = DIST, quiet: bool = False) -> dict[str, object]:
    """Build the whole site into ``dist``; return a summary (version, file count, changed files)."""
    say = (lambda message: None) if quiet else log
    ensure_node_modules()
    _import_pyapp()
    from pyapp.i18n import DEFAULT_LANG, catalogs

    try:
        from pyapp import cardart
    except ModuleNotFoundError as exc:
        if exc.name != "pyapp.cardart":
            raise
        raise BuildError("pyapp/cardart.py is missing: the card SVGs cannot be written") from None

    dist.mkdir(parents=True, exist_ok=True)
    out = Output(dist)
    version = pyapp_version()

    # Runtime: Pyodide, micropip, our wheel and the lock file; PyScript's dist/ without maps.
    stdlib: bytes | None = None
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":  # trimmed to what the site imports (see trim_stdlib)
            stdlib, _ = trim_stdlib((NODE_MODULES / "pyodide" / name).read_bytes(), site_imports())
            out.write(f"pyodide/{name}", deflate_zip(stdlib))
        else:
            out.copy(NODE_MODULES / "pyodide" / name, f"pyodide/{name}")
    micropip = micropip_wheel().read_bytes()
    out.write(f"pyodide/{MICROPIP_WHEEL}", micropip)
    app_name, app_bytes, _ = build_pyapp_wheel(version)
    out.write(f"pyodide/{app_name}", app_bytes)
    out.write("pyodide/pyodide-lock.json", pyodide_lock(micropip, app_name, app_bytes, version))
    snapshot = snapshot_step(out, dist, say, stdlib)
    inflated: dict[str, tuple[str, bytes]] = {}
    if snapshot:
        gz_name = str(snapshot["url"]).removeprefix("../")
        inflated[str(snapshot["inflated"]).removeprefix("../")] = (
            gz_name,
            gzip.decompress(out.content(gz_name)),
        )
    core_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    for path in sorted(core_dist.rglob("*")):
        if path.is_file() and not path.name.endswith(".map"):
            out.copy(path, f"pyscript/{path.relative_to(core_dist).as_posix()}")

    # The in-memory IndexedDB for browsers that refuse a real one (static/storage.mjs).
    fake_idb = NODE_MODULES / "fake-indexeddb"
    fake_entry = fake_idb / FAKE_INDEXEDDB_ENTRY
    for path in module_closure(fake_entry):
        out.copy(path, f"vendor/fake-indexeddb/{path.relative_to(fake_entry.parent).as_posix()}")
    out.copy(fake_idb / "LICENSE", "vendor/fake-indexeddb/LICENSE")

    # Catalogs for the page's JavaScript.
    tables = catalogs()
    for lang, table in tables.items():
        out.write(f"i18n/{lang}.json", json.dumps(table, ensure_ascii=False, sort_keys=True, indent=0) + "\n")
    italian = tables[DEFAULT_LANG]

    # Card art and the icon.
    from pyapp.cards import french_deck, italian_deck

    for card in (*italian_deck(), *french_deck()):
        out.write(f"cards/{card.deck}/{card.code}.svg", cardart.card_svg(card))
    for deck_name in ("it", "fr"):
        out.write(f"cards/{deck_name}/back.svg", cardart.back_svg(deck_name))
    out.write("icon.svg", cardart.icon_svg())
    out.write("manifest.webmanifest", manifest(italian))

    # Static assets and pages.
    sw_template = None
    for path in _static_files():
        rel = path.relative_to(STATIC).as_posix()
        if rel == "sw.js":
            sw_template = path.read_text(encoding="utf-8")
        elif rel == "embed.js":
            out.copy(path, "static/embed.js")
            out.write("static/embed-inline.js", compact_script(path.read_text(encoding="utf-8")))
        elif rel == "inflate-worker.mjs":
            out.write(
                "static/inflate-worker.mjs", render_inflate_worker(path.read_text(encoding="utf-8"), snapshot)
            )
        elif rel == "loader.mjs":
            lock_text = out.content("pyodide/pyodide-lock.json").decode("utf-8")
            out.write(
                "static/loader.mjs", render_loader(path.read_text(encoding="utf-8"), snapshot, lock_text)
            )
        elif rel in STATIC_TO_ROOT:
            out.copy(path, rel)
        else:
            out.copy(path, f"static/{rel}")
    if sw_template is None:
        raise BuildError("static/sw.js is missing")
    for page in PAGES:
        source = (REPO / page).read_text(encoding="utf-8")
        html = render_page(source, italian)
        check_csp(page, html)
        out.write(page, html)

    # Gzipped copies for the service worker (see PRECOMPRESSED), then the worker: it lists (and
    # hashes) everything above.
    for rel in sorted(out.written):
        if precompressed(rel):
            out.write(f"{rel}.gz", gzipped(out.content(rel)))
    wheel_held = {f"pyodide/{app_name}"} if snapshot and snapshot.get("complete") else set()
    sw_source, sw_version = service_worker(sw_template, precache_list(out, inflated, wheel_held))
    out.write("sw.js", sw_source)
    removed = out.prune()
    say(
        f"dist/ ready: {len(out.written)} files, {out.changed} written, {removed} removed, cache {sw_version}"
    )
    return {"version": sw_version, "files": len(out.written), "changed": out.changed, "removed": removed}


# -- serving ---------------------------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ with the MIME types the site needs and revalidation on every load."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    port: int = 8000, directory: Path = DIST, quiet: bool = True
) -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``directory`` on 127.0.0.1:``port`` (0 = a free port), not yet started."""
    handler = partial(type("Handler", (SiteHandler,), {"quiet": quiet}), directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path = DIST, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a quiet server in a daemon thread; return it and its base URL (for tests, benches)."""
    server = make_server(port, directory)
    threading.Thread(target=server.serve_forever, name="circolo-http", daemon=True).start()
    host, bound = server.server_address[:2]
    assert isinstance(host, str)
    return server, f"http://{host}:{bound}/"


def serve(port: int) -> None:
    """Build, then serve dist/ until interrupted."""
    build()
    try:
        server = make_server(port, DIST, quiet=False)
    except OSError as exc:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror}") from None
    print(f"Serving Circolo at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()


# -- testing ---------------------------------------------------------------------------------------


def test_requirements() -> list[str]:
    """The ``test`` extra of pyproject.toml (pip requirement strings)."""
    import tomllib

    with open(REPO / "pyproject.toml", "rb") as fh:
        project = tomllib.load(fh)["project"]
    return list(project.get("optional-dependencies", {}).get("test", []))


def _satisfied(requirement: str) -> bool:
    from importlib import metadata

    name, sep, pinned = requirement.partition("==")
    if not sep:
        return False
    try:
        return metadata.version(name.strip()) == pinned.strip()
    except metadata.PackageNotFoundError:
        return False


TEST_BROWSERS: dict[str, tuple[str, ...]] = {
    "chromium": ("/usr/bin/chromium",),
    "firefox-esr": ("/usr/bin/firefox-esr",),
    "webkit2gtk-driver": ("/usr/bin/WebKitWebDriver", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"),
    "xvfb": ("/usr/bin/xvfb-run",),
}
"""Debian packages of the browser tests and the files each must provide: Chromium (the suite),
Firefox ESR and WebKitGTK's MiniBrowser with its WebDriver (the smoke suite,
tests/browser/test_other_browsers.py), and xvfb-run, since MiniBrowser has no headless mode."""


def install_test_dependencies() -> None:
    """pip-install the pinned test extra (skipped when already there) and the test browsers (apt)."""
    missing = [r for r in test_requirements() if not _satisfied(r)]
    if missing:
        log(f"pip install {' '.join(missing)}")
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *missing])
        if done.returncode != 0:
            raise BuildError(f"pip install failed for: {' '.join(missing)}")
    packages = [name for name, files in TEST_BROWSERS.items() if not all(Path(f).exists() for f in files)]
    if packages:
        if shutil.which("apt-get") is None:
            raise BuildError(f"{', '.join(packages)} missing and apt-get is not available to install them")
        log(f"apt-get install {' '.join(packages)}")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in (["apt-get", "update"], ["apt-get", "install", "-y", *packages]):
            if subprocess.run(command, env=env).returncode != 0:
                raise BuildError(f"{' '.join(command)} failed: cannot install {', '.join(packages)}")


def run_tests(pytest_args: list[str]) -> int:
    """Install test dependencies, build, run pytest over tests/; return pytest's exit status."""
    install_test_dependencies()
    build()
    command = [sys.executable, "-m", "pytest", *(pytest_args or ["tests"])]
    log(" ".join(command[1:]))
    return subprocess.run(command, cwd=REPO).returncode


# -- screenshots -----------------------------------------------------------------------------------

SCREENSHOTS = REPO / "docs" / "screenshots"
SCREEN_SIZES: dict[str, tuple[int, int]] = {"desktop": (1280, 720), "phone": (390, 844)}
"""The screens of ``build.py screenshots`` (two of the four of the one-screen rule)."""


def _demo_save(game: str, human: int, seed: int, ready: Callable[[Mapping[str, Any]], bool]) -> str:
    """A reproducible saved game of ``game`` at the human's turn where ``ready(snapshot)`` holds.

    The human's moves are drawn at random among the legal ones (seeded), the others are the
    computer players': the record, not the seed, is what the page loads.
    """
    import random

    _import_pyapp()
    from pyapp.session import TableSession

    rng = random.Random(seed)
    table = TableSession.new(game, humans=(human,), rng=rng)
    for _ in range(5000):
        if table.pending():
            table.step()
            continue
        snapshot = table.snapshot()
        if snapshot["terminal"]:
            break
        if ready(snapshot):
            return table.save()
        table.act(rng.choice(snapshot["legal"]))
    raise BuildError(f"no {game} position for a screenshot (seed {seed})")


def screenshot_states() -> list[tuple[str, str, str]]:
    """``(file stem, game, saved record)`` of the positions shown in the README."""

    def tressette(s: Mapping[str, Any]) -> bool:
        return s["view"]["phase"] == "play" and len(s["view"]["trick"]) == 2 and len(s["view"]["hand"]) == 7

    def tressette_end(s: Mapping[str, Any]) -> bool:
        return s["view"]["phase"] == "play" and len(s["view"]["hand"]) == 1 and len(s["view"]["trick"]) == 3

    def boston(s: Mapping[str, Any]) -> bool:
        return s["view"]["phase"] == "play" and len(s["view"]["trick"]) == 1 and len(s["view"]["hand"]) == 9

    def boston_bid(s: Mapping[str, Any]) -> bool:
        return s["view"]["phase"] == "bidding" and len(s["view"]["bids"]) >= 2

    def poker(s: Mapping[str, Any]) -> bool:
        return s["view"]["phase"] in ("bet1", "bet2") and bool(s["view"].get("to_call"))

    return [
        ("tressette", "tressette", _demo_save("tressette", 2, 4, tressette)),
        ("tressette-summary", "tressette", _demo_save("tressette", 2, 4, tressette_end)),
        ("boston-bidding", "boston", _demo_save("boston", 2, 3, boston_bid)),
        ("boston", "boston", _demo_save("boston", 2, 3, boston)),
        ("poker", "poker", _demo_save("poker", 0, 2, poker)),
    ]


def screenshots(out: Path = SCREENSHOTS) -> list[Path]:
    """Build the site and write a PNG of every table on a desktop and a phone screen into ``out``."""
    install_test_dependencies()
    build(quiet=True)
    from playwright.sync_api import sync_playwright

    states = screenshot_states()
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    server, url = serve_in_thread(DIST)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            for stem, game, record in states:
                for device, (width, height) in SCREEN_SIZES.items():
                    context = browser.new_context(
                        viewport={"width": width, "height": height},
                        reduced_motion="reduce",
                        device_scale_factor=1,
                    )
                    context.add_init_script(
                        f"localStorage.setItem('circolo.save.{game}', {json.dumps(record)});"
                        f"localStorage.setItem('circolo.{game}.prefs', 'calls=never');"
                    )
                    page = context.new_page()
                    page.goto(f"{url}{game}.html?fast", timeout=120_000)
                    page.wait_for_selector("html[data-app-ready='true']", state="attached", timeout=120_000)
                    if stem.endswith("-summary"):
                        page.locator(".hand-own .card-button:not([aria-disabled=true])").first.click()
                        page.wait_for_selector("#next-hand", timeout=60_000)
                    page.wait_for_timeout(1200)  # the start-up loader folds away
                    target = out / f"{stem}-{device}.png"
                    page.screenshot(path=str(target))
                    written.append(target)
                    log(f"wrote {target.relative_to(REPO)}")
                    context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return written


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit status."""
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build the site into dist/ (the default)")
    serve_cmd = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    test_cmd = sub.add_parser("test", help="install test dependencies, build and run pytest")
    test_cmd.add_argument("pytest_args", nargs=argparse.REMAINDER, help="arguments passed on to pytest")
    sub.add_parser("screenshots", help="build, then write PNGs of every table into docs/screenshots/")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command == "serve":
            serve(args.port)
            return 0
        if args.command == "test":
            return run_tests([*extra, *args.pytest_args])
        if args.command == "screenshots":
            screenshots()
            return 0
        build()
        return 0
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
