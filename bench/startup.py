#!/usr/bin/env python3
"""Start-up benchmark: a Circolo page against a bare PyScript + Pyodide "hello" page.

    python3 bench/startup.py [--runs 3] [--page tressette.html] [--compare-plain] [--mbps 20] [--json]
                             [--cpu-throttle 4] [--viewport 390x844] [--profile] [--skip-bare]
                             [--returning 10]

Builds the site, generates a bare page from the same pinned PyScript/Pyodide files into a
temporary folder (next to a copy of the runtime), serves both on 127.0.0.1 and measures in
Debian's Chromium the time to interactive:

* app: navigation start -> ``<html data-app-ready="true">`` (``window.circolo.readyAt``);
* bare: navigation start -> the bare page's one Python line has run.

"cold" is a fresh browser profile (nothing cached), "warm" the same profile loading the page again
(the app from its service worker, the bare page from the HTTP cache). Each is repeated ``--runs``
times, the pages alternating run by run (so that the machine's load weighs on both alike); the medians, the ratios app/bare, the first contentful paint (the progress bar and, on a
table page, the table's skeleton: static HTML), the bytes the server sent and the boot path of every run
(``snapshot`` or ``plain``, with the reason of a plain boot) are printed. Cold bytes are counted
once the app's offline copy is complete (``<html data-offline>``), so they include everything a
first visit downloads. ``--page`` times any page of the build (default: the landing page);
``--compare-plain`` adds the same page with the snapshot switched off (what a first visit that
boots plainly and fetches the snapshot in the background would take); ``--mbps N`` paces the
server to N megabits/s shared by all requests (a slower link). ``--cpu-throttle N`` slows every
page's CPU N times (CDP ``Emulation.setCPUThrottlingRate``, a phone-class CPU at 4), applied to the
app and to the bare page alike in the same run; ``--viewport WxH`` sets the window (a phone:
390x844). ``--profile`` prints where the app's time goes, cold and warm (medians of the marks the
boot leaves with ``performance.mark``, see docs/startup.md, and of the large files' resource
timings). ``--skip-bare`` times only the app (no ratios).

``--returning S`` also times a returning player's next session: a first visit in a browser
profile kept on disk, S seconds of play on a table page (the human plays the first card it may;
0 plays nothing), the browser closed, and the page loaded in a new browser on that profile, so
that only what the browser keeps on disk helps (the bare page: its first visit, then the same).
It reports whether that load took V8's compiled code for Pyodide's wasm from the code cache.
Not a test: record the figures in docs/startup.md.
"""

from __future__ import annotations

import argparse
import collections
import http.server
import json
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import build  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

BARE_HTML = """<!doctype html>
<html lang="en" data-app-ready="false">
<head>
<meta charset="utf-8">
<title>bare PyScript + Pyodide</title>
<link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script>
</head>
<body>
<p id="out">loading…</p>
<script type="py" config="./bare.json">
import js
from pyscript import document
document.getElementById("out").textContent = "hello from Python"
js.window.readyAt = js.performance.now()
document.documentElement.setAttribute("data-app-ready", "true")
</script>
</body>
</html>
"""

BARE_CONFIG = {"interpreter": "./pyodide/pyodide.mjs"}

READY_JS = "() => (window.circolo && window.circolo.readyAt) || window.readyAt || null"
PAINT_JS = "performance.getEntriesByName('first-contentful-paint').map((e) => e.startTime)[0] ?? null"
BOOT_JS = "() => (window.circolo && window.circolo.boot) || null"
OFFLINE_TIMEOUT_MS = 120_000

# What the boot marks (static/app.js, static/loader.mjs, static/entry.py) and the large files'
# resource timings, for --profile: {"marks": {name: ms}, "files": {name: [start, end, bytes]}}.
PROFILE_JS = """() => {
  const marks = {};
  for (const m of performance.getEntriesByType("mark")) if (m.name.startsWith("circolo:")) marks[m.name.slice(8)] = m.startTime;
  const files = {};
  for (const r of performance.getEntriesByType("resource")) {
    const name = r.name.split("?")[0].split("/").pop();
    if (/snapshot|pyodide\\.asm|python_stdlib|core.*\\.js$|pyodide-lock|\\.whl/.test(name))
      files[name.replace(/snapshot-[0-9a-f]+/, "snapshot").replace(/core-[\\w-]+/, "core")] = [r.startTime, r.responseEnd, r.transferSize];
  }
  const boot = (window.circolo && window.circolo.boot) || {};
  for (const [k, v] of Object.entries(boot.marks || {})) marks[k] = v;
  return { marks, files };
}"""


class Counter:
    """Bytes the benchmark server has sent since the last reset (thread-safe)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent = 0

    def add(self, n: int) -> None:
        with self.lock:
            self.sent += n

    def take(self) -> int:
        with self.lock:
            value, self.sent = self.sent, 0
            return value


COUNTER = Counter()


class Link:
    """An optional shared bandwidth limit for everything the benchmark servers send (``--mbps``)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes_per_s = 0.0
        self.free_at = 0.0

    def wait(self, n: int) -> None:
        """Sleep until ``n`` more bytes fit in the link (no-op when unlimited)."""
        if not self.bytes_per_s:
            return
        with self.lock:
            now = time.monotonic()
            start = max(now, self.free_at)
            self.free_at = start + n / self.bytes_per_s
            delay = self.free_at - now
        time.sleep(delay)


LINK = Link()
CHUNK = 64 * 1024


class CountingHandler(build.SiteHandler):
    """The build's handler, counting the bytes of every response body (and pacing them on a slow link)."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while True:
            chunk = source.read(CHUNK)
            if not chunk:
                break
            LINK.wait(len(chunk))
            outputfile.write(chunk)
            COUNTER.add(len(chunk))


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``root`` on a free port with the counting handler; return the server and its URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(CountingHandler, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def site_pages(root: Path) -> list[str]:
    """The HTML pages of a built site (any of them may be timed)."""
    return sorted(p.name for p in root.glob("*.html"))


def without_snapshot(root: Path) -> None:
    """Switch the snapshot off in a copy of the site (the loader's manifest becomes null)."""
    loader = root / "static" / "loader.mjs"
    text = loader.read_text(encoding="utf-8")
    text, count = re.subn(r"export const SNAPSHOT = \{.*?\};", "export const SNAPSHOT = null;", text)
    if count != 1:
        raise SystemExit("bench: cannot find the snapshot manifest in static/loader.mjs")
    loader.write_text(text, encoding="utf-8")
    worker = root / "static" / "inflate-worker.mjs"
    text, count = re.subn(
        r"const EARLY = \{.*?\};", "const EARLY = null;", worker.read_text(encoding="utf-8")
    )
    if count != 1:
        raise SystemExit("bench: cannot find the snapshot manifest in static/inflate-worker.mjs")
    worker.write_text(text, encoding="utf-8")
    sw = root / "sw.js"
    sw.write_text(re.sub(r'const VERSION = "[0-9a-f]+";', 'const VERSION = "noSnapshot";', sw.read_text()))


def prepare(workdir: Path, compare_plain: bool) -> dict[str, tuple[Path, str]]:
    """Build the site and write the bare page (and the optional variant); return {name: (root, page)}."""
    build.build()
    app_root = workdir / "app"
    shutil.copytree(build.DIST, app_root)
    bare_root = workdir / "bare"
    bare_root.mkdir()
    shutil.copytree(build.DIST / "pyscript", bare_root / "pyscript")
    # Pyodide's own files as its npm package ships them (the site's standard library is trimmed).
    (bare_root / "pyodide").mkdir()
    for name in (*build.PYODIDE_FILES, "pyodide-lock.json"):
        shutil.copy(build.NODE_MODULES / "pyodide" / name, bare_root / "pyodide" / name)
    (bare_root / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (bare_root / "bare.json").write_text(json.dumps(BARE_CONFIG), encoding="utf-8")
    pages = {"app": (app_root, ""), "bare": (bare_root, "bare.html")}
    if compare_plain:
        variant = workdir / "app-plain"
        shutil.copytree(build.DIST, variant)
        without_snapshot(variant)
        pages["app-plain"] = (variant, "")
    return pages


def boot_label(boot: dict[str, object] | None, bare: bool) -> str:
    """``snapshot``, ``plain`` or ``plain (reason)`` for one run."""
    if bare:
        return "plain"
    if not boot:
        return "unknown"
    path = str(boot.get("path"))
    reason = boot.get("reason")
    return f"{path} ({reason})" if path == "plain" and reason else path


def measure(
    browser: Browser,
    url: str,
    runs: int,
    is_app: bool,
    throttle: float = 1.0,
    viewport: tuple[int, int] | None = None,
) -> dict[str, list[Any]]:
    """Cold and warm time-to-interactive (ms), bytes sent, boot path and profile, ``runs`` times each.

    ``throttle`` > 1 slows the page's CPU that many times (set before the first navigation, kept
    for the reload); ``viewport`` is the window's (width, height).
    """
    keys = (
        "cold_ms",
        "warm_ms",
        "cold_paint",
        "warm_paint",
        "cold_bytes",
        "warm_bytes",
        "cold_path",
        "warm_path",
        "cold_profile",
        "warm_profile",
    )
    out: dict[str, list[Any]] = {k: [] for k in keys}
    for _ in range(runs):
        if viewport:
            context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        else:
            context = browser.new_context()
        page = context.new_page()
        if throttle > 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        COUNTER.take()
        page.goto(url)
        page.wait_for_function(READY_JS, timeout=120_000)
        out["cold_ms"].append(page.evaluate(READY_JS))
        out["cold_paint"].append(page.evaluate(PAINT_JS) or 0.0)
        out["cold_path"].append(boot_label(page.evaluate(BOOT_JS), not is_app))
        out["cold_profile"].append(page.evaluate(PROFILE_JS))
        if is_app:  # the offline copy is part of a first visit's bytes; warm runs need it done
            page.wait_for_selector("html[data-offline]", state="attached", timeout=OFFLINE_TIMEOUT_MS)
        time.sleep(0.5)
        out["cold_bytes"].append(COUNTER.take())
        page.goto(url)
        page.wait_for_function(READY_JS, timeout=120_000)
        out["warm_ms"].append(page.evaluate(READY_JS))
        out["warm_paint"].append(page.evaluate(PAINT_JS) or 0.0)
        out["warm_path"].append(boot_label(page.evaluate(BOOT_JS), not is_app))
        out["warm_profile"].append(page.evaluate(PROFILE_JS))
        time.sleep(0.3)
        out["warm_bytes"].append(COUNTER.take())
        context.close()
    return out


PLAYABLE = ".seat-south[data-turn=true] .hand-own .card-button:not([aria-disabled=true])"
"""A card the human may play now, on any table page."""
CODE_CACHE_HIT = "v8.wasm.moduleCacheHit"
"""Chromium's trace event when a wasm module's compiled code comes from its code cache."""


def play(page: Any, seconds: float) -> int:
    """Play for ``seconds`` on a table page as a hurried human: the first playable card each turn.

    Declines the cut, confirms a lead with declarations on offer and deals the next hand. Returns
    the number of cards played (0 on a page without a table).
    """
    played = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for ident in ("#lead-card", "#no-cut", "#next-hand"):
            button = page.locator(ident)
            if button.count() and button.first.is_visible():
                button.first.click(timeout=2_000)
        card = page.locator(PLAYABLE)
        if card.count():
            try:
                card.first.click(timeout=2_000)
                played += 1
            except Exception:  # the table moved on meanwhile (a bot's card, the end of a trick)
                pass
        else:
            page.wait_for_timeout(100)
    return played


def traced_load(context: Any, page: Any, url: str) -> tuple[float, bool]:
    """Load ``url`` in ``page`` traced: ms to interactive, and whether V8's wasm code cache was hit."""
    events: list[str] = []
    done: list[bool] = []
    cdp = context.new_cdp_session(page)
    cdp.on("Tracing.dataCollected", lambda e: events.extend(x.get("name", "") for x in e["value"]))
    cdp.on("Tracing.tracingComplete", lambda _e: done.append(True))
    config = {"includedCategories": ["disabled-by-default-devtools.timeline"]}
    cdp.send("Tracing.start", {"transferMode": "ReportEvents", "traceConfig": config})
    page.goto(url)
    page.wait_for_function(READY_JS, timeout=120_000)
    ms = float(page.evaluate(READY_JS))
    cdp.send("Tracing.end")
    deadline = time.monotonic() + 30
    while not done and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    return ms, CODE_CACHE_HIT in events


def measure_returning(
    playwright: Any,
    url: str,
    runs: int,
    play_s: float,
    throttle: float = 1.0,
    viewport: tuple[int, int] | None = None,
) -> dict[str, list[Any]]:
    """A returning player's next session, ``runs`` times: ms to interactive, code-cache hits, cards.

    Each run: a first visit in a new profile on disk (until the offline copy is complete), then
    ``play_s`` seconds of play, the browser closed; then, a second after a new browser started on
    that profile, the page, traced (CDP ``Tracing``) to see whether V8 took the wasm's compiled
    code from its cache.
    """
    out: dict[str, list[Any]] = {"returning_ms": [], "returning_hit": [], "played": []}
    options: dict[str, Any] = {"executable_path": "/usr/bin/chromium", "args": CHROMIUM_ARGS}
    if viewport:
        options["viewport"] = {"width": viewport[0], "height": viewport[1]}

    def open_page(context: Any) -> Any:
        page = context.pages[0] if context.pages else context.new_page()
        if throttle > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        return page

    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="circolo-profile-") as profile:
            context = playwright.chromium.launch_persistent_context(profile, **options)
            page = open_page(context)
            page.goto(url)
            page.wait_for_function(READY_JS, timeout=120_000)
            if page.evaluate("() => Boolean(window.circolo)"):
                page.wait_for_selector("html[data-offline]", state="attached", timeout=OFFLINE_TIMEOUT_MS)
                out["played"].append(play(page, play_s) if play_s > 0 else 0)
            time.sleep(1.0)
            context.close()
            context = playwright.chromium.launch_persistent_context(profile, **options)
            page = open_page(context)
            time.sleep(1.0)  # the player opens the browser, then the page: its start-up is over
            ms, hit = traced_load(context, page, url)
            out["returning_ms"].append(ms)
            out["returning_hit"].append(hit)
            context.close()
    return out


def snapshot_size(root: Path) -> int:
    """Bytes of the gzipped snapshot in a built site (0 when there is none)."""
    return sum(p.stat().st_size for p in (root / "pyodide").glob("snapshot-*.bin.gz"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", default="", help="page of the build to time (default: the landing page)")
    parser.add_argument(
        "--compare-plain", action="store_true", help="also time the page with the snapshot switched off"
    )
    parser.add_argument(
        "--mbps", type=float, default=0, help="limit the server to this many megabits/s (default: unlimited)"
    )
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument(
        "--cpu-throttle", type=float, default=1.0, help="slow the CPU N times (app and bare page alike)"
    )
    parser.add_argument("--viewport", default="", help="window size WxH, e.g. 390x844 (a phone)")
    parser.add_argument("--profile", action="store_true", help="print where the app's start-up time goes")
    parser.add_argument("--skip-bare", action="store_true", help="time only the app (no ratios)")
    parser.add_argument(
        "--returning",
        type=float,
        default=None,
        metavar="S",
        help="also time a returning player's next session in a new browser, after S s of play",
    )
    args = parser.parse_args()
    viewport: tuple[int, int] | None = None
    if args.viewport:
        try:
            width, height = (int(n) for n in args.viewport.lower().split("x"))
        except ValueError:
            parser.error(f"--viewport must be WxH, e.g. 390x844, not {args.viewport!r}")
        viewport = (width, height)
    LINK.bytes_per_s = args.mbps * 1e6 / 8

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="circolo-bench-") as tmp:
        pages = prepare(Path(tmp), args.compare_plain)
        app_root = pages["app"][0]
        if args.page and not (app_root / args.page.split("?")[0]).is_file():
            available = ", ".join(site_pages(app_root))
            print(f"bench: no page {args.page!r} in the build; pages: {available}", file=sys.stderr)
            return 2
        snapshot_bytes = snapshot_size(app_root)
        results: dict[str, dict[str, list[Any]]] = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            # Every page is served at once and the runs alternate (app, bare, app, bare...), so
            # that a change of the machine's load during the bench weighs on both sides alike.
            servers = {}
            try:
                for name, (root, page) in pages.items():
                    if name == "bare" and args.skip_bare:
                        continue
                    server, url = serve(root)
                    servers[name] = (server, url + (args.page if name != "bare" else page))
                for _ in range(args.runs):
                    for name, (_server, target) in servers.items():
                        one = measure(browser, target, 1, name != "bare", args.cpu_throttle, viewport)
                        if args.returning is not None:
                            one.update(
                                measure_returning(p, target, 1, args.returning, args.cpu_throttle, viewport)
                            )
                        for key, values in one.items():
                            results.setdefault(name, {}).setdefault(key, []).extend(values)
            finally:
                for server, _url in servers.values():
                    server.shutdown()
                    server.server_close()
            browser.close()

    if args.json:
        print(json.dumps(results, indent=1))
    numeric = ("cold_ms", "warm_ms", "cold_paint", "warm_paint", "cold_bytes", "warm_bytes")
    med = {name: {k: statistics.median(r[k]) for k in numeric} for name, r in results.items()}
    page_name = args.page or "index.html"
    link = f"{args.mbps:g} Mbit/s link" if args.mbps else "unlimited link"
    cpu = f"CPU throttled {args.cpu_throttle:g}x" if args.cpu_throttle > 1 else "CPU unthrottled"
    window = f"viewport {args.viewport}" if viewport else "default viewport"
    print(
        f"page: {page_name}; {link}; {cpu}; {window}; runs per figure: {args.runs} (medians); "
        "time to interactive and first contentful paint in ms; bytes sent"
    )
    print(
        f"{'page':<12}{'cold ms':>10}{'warm ms':>10}{'paint c/w':>12}{'cold bytes':>14}{'warm bytes':>12}"
        "  boot path (cold / warm)"
    )

    def tally(labels: list[str]) -> str:
        return ", ".join(f"{label} x{n}" for label, n in collections.Counter(labels).items())

    for name, m in med.items():
        paths = f"{tally(results[name]['cold_path'])} / {tally(results[name]['warm_path'])}"
        paint = f"{m['cold_paint']:.0f}/{m['warm_paint']:.0f}"
        print(
            f"{name:<12}{m['cold_ms']:>10.0f}{m['warm_ms']:>10.0f}{paint:>12}{m['cold_bytes']:>14,.0f}"
            f"{m['warm_bytes']:>12,.0f}  {paths}"
        )
    bare = med.get("bare")
    for name in med:
        if name == "bare" or bare is None:
            continue
        budget = bare["cold_bytes"] + snapshot_bytes
        print(
            f"ratio {name}/bare: cold {med[name]['cold_ms'] / bare['cold_ms']:.2f} (target <= 0.60), "
            f"warm {med[name]['warm_ms'] / bare['warm_ms']:.2f} (target <= 0.40), "
            f"cold bytes {med[name]['cold_bytes'] / budget:.2f} of bare + snapshot (target <= 1.05)"
        )
        print(
            f"first visit {name}: {med[name]['cold_bytes'] / 1e6:.2f} MB (target <= 14 MB), "
            f"bare page {bare['cold_bytes'] / 1e6:.2f} MB"
        )
    if args.returning is not None:
        played = f"after {args.returning:g} s of play" if args.returning > 0 else "without play"
        print(f"returning player's next session ({played}; a new browser on the first visit's profile):")
        for name, r in results.items():
            hits = sum(r["returning_hit"])
            cards = f", cards played {r['played']}" if r["played"] else ""
            print(
                f"  {name:<10}{statistics.median(r['returning_ms']):>8.0f} ms  "
                f"(runs {[round(x) for x in r['returning_ms']]}; wasm code cache hit in {hits} of "
                f"{len(r['returning_hit'])}{cards})"
            )
        if bare and "app" in results:
            ratio = statistics.median(results["app"]["returning_ms"]) / statistics.median(
                results["bare"]["returning_ms"]
            )
            print(f"  ratio app/bare: {ratio:.2f}")
    print(f"snapshot: {snapshot_bytes:,} bytes gzipped")
    if args.profile:
        for name in results:
            if name != "bare":
                print_profile(name, results[name])
    raw = {
        n: {
            k: [round(x) if isinstance(x, float) else x for x in v]
            for k, v in r.items()
            if not k.endswith("_profile")
        }
        for n, r in results.items()
    }
    print("raw:", json.dumps(raw))
    return 0


# The boot's phases for --profile: (label, from mark, to mark); a missing mark skips the line.
PHASES: tuple[tuple[str, str, str], ...] = (
    ("page start -> app.js running", "", "app"),
    ("app.js -> service worker in control (first visit gate)", "app", "gate"),
    ("snapshot: started by app.js -> first byte (network)", "snapshot-start", "snapshot-first-byte"),
    ("snapshot: download + inflate, in a worker", "snapshot-start", "snapshot-ready"),
    ("runtime: loadPyodide -> memory restored (wasm, restore)", "runtime", "restored"),
    ("after restore: fixes, .pyc, gc.freeze", "restored", "after-restore"),
    ("PyScript: app.js -> storage layer ready (IndexedDB probe)", "app", "storage"),
    ("PyScript: storage ready -> PyScript's core imported", "storage", "core"),
    ("PyScript: core imported -> PyScript asks for Pyodide", "core", "asked"),
    ("PyScript asks -> gets Pyodide (waiting for the boot)", "asked", "loaded"),
    ("PyScript: its own start until our script runs", "loaded", "entry"),
    ("first view: import + render", "entry", "ready"),
    ("total: page start -> interactive", "", "ready"),
)


def print_profile(name: str, result: dict[str, list[Any]]) -> None:
    """Print the medians of the boot's phases and of the large files' downloads, cold and warm."""
    for kind in ("cold", "warm"):
        profiles: list[dict[str, Any]] = result[f"{kind}_profile"]
        ready = result[f"{kind}_ms"]
        print(f"profile {name} {kind} (ms, medians of {len(profiles)} runs):")
        for label, start, end in PHASES:
            spans = []
            for profile, ready_ms in zip(profiles, ready, strict=True):
                marks = {**profile["marks"], "": 0.0, "ready": ready_ms}
                if start in marks and end in marks:
                    spans.append(marks[end] - marks[start])
            if spans:
                print(f"  {label:<58}{statistics.median(spans):>8.0f}")
        names = sorted({f for profile in profiles for f in profile["files"]})
        for file in names:
            rows = [p["files"][file] for p in profiles if file in p["files"]]
            begin = statistics.median(r[0] for r in rows)
            end = statistics.median(r[1] for r in rows)
            size = statistics.median(r[2] for r in rows)
            print(f"  file {file:<40} {begin:>7.0f} -> {end:>7.0f}  {size / 1e6:>6.2f} MB transferred")


if __name__ == "__main__":
    sys.exit(main())
