#!/usr/bin/env python3
"""Start-up benchmark: Circolo's pages against a bare PyScript + Pyodide "hello" page.

    python3 bench/startup.py [--runs 3] [--page index.html] [--compare-micropip] [--json]

Builds the site, generates a bare page from the same pinned PyScript/Pyodide files into a
temporary folder (next to a copy of the runtime), serves both on 127.0.0.1 and measures in
Debian's Chromium the time to interactive:

* app: navigation start -> ``<html data-app-ready="true">`` (``window.circolo.readyAt``);
* bare: navigation start -> the bare page's one Python line has run.

"cold" is a fresh browser profile (nothing cached), "warm" the same profile loading the page again
(the app from its service worker, the bare page from the HTTP cache). Each is repeated ``--runs``
times; the medians, the ratio app/bare and the bytes the server sent are printed. Not a test:
record the figures in docs/startup.md.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

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


class CountingHandler(build.SiteHandler):
    """The build's handler, counting the bytes of every response body."""

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        COUNTER.add(source.tell() - start)


def serve(root: Path) -> tuple[object, str]:
    import http.server
    from functools import partial

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(CountingHandler, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def prepare(workdir: Path, compare_micropip: bool) -> dict[str, tuple[Path, str]]:
    """Build the site and write the bare page (and optional variants); return {name: (root, page)}."""
    build.build()
    app_root = workdir / "app"
    shutil.copytree(build.DIST, app_root)
    bare_root = workdir / "bare"
    bare_root.mkdir()
    shutil.copytree(build.DIST / "pyscript", bare_root / "pyscript")
    shutil.copytree(build.DIST / "pyodide", bare_root / "pyodide")
    (bare_root / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (bare_root / "bare.json").write_text(json.dumps(BARE_CONFIG), encoding="utf-8")
    pages = {"app": (app_root, ""), "bare": (bare_root, "bare.html")}
    if compare_micropip:
        variant = workdir / "app-micropip"
        shutil.copytree(build.DIST, variant)
        config = json.loads((variant / "pyscript.json").read_text())
        config.pop("packages_cache", None)
        (variant / "pyscript.json").write_text(json.dumps(config))
        pages["app-micropip"] = (variant, "")
    return pages


def measure(browser: object, url: str, runs: int, settle_sw: bool) -> dict[str, list[float]]:
    """Cold and warm time-to-interactive (ms) and bytes sent, ``runs`` times each."""
    out: dict[str, list[float]] = {"cold_ms": [], "warm_ms": [], "cold_bytes": [], "warm_bytes": []}
    ready_js = "() => (window.circolo && window.circolo.readyAt) || window.readyAt || null"
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        COUNTER.take()
        page.goto(url)
        page.wait_for_function(ready_js, timeout=120_000)
        out["cold_ms"].append(page.evaluate(ready_js))
        if settle_sw:  # let the offline precache finish so the warm run is really warm
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        time.sleep(0.5)
        out["cold_bytes"].append(COUNTER.take())
        page.goto(url)
        page.wait_for_function(ready_js, timeout=120_000)
        out["warm_ms"].append(page.evaluate(ready_js))
        time.sleep(0.3)
        out["warm_bytes"].append(COUNTER.take())
        context.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", default="", help="app page to time (default: the landing page)")
    parser.add_argument(
        "--compare-micropip", action="store_true", help="also time the app with micropip installs"
    )
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="circolo-bench-") as tmp:
        pages = prepare(Path(tmp), args.compare_micropip)
        results: dict[str, dict[str, list[float]]] = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for name, (root, page) in pages.items():
                server, url = serve(root)
                try:
                    target = url + (args.page if name != "bare" else page)
                    results[name] = measure(browser, target, args.runs, settle_sw=name != "bare")
                finally:
                    server.shutdown()
                    server.server_close()
            browser.close()

    if args.json:
        print(json.dumps(results, indent=1))
    med = {name: {k: statistics.median(v) for k, v in r.items()} for name, r in results.items()}
    print(f"runs per figure: {args.runs} (medians); time to interactive in ms; bytes sent by the server")
    print(f"{'page':<14}{'cold ms':>10}{'warm ms':>10}{'cold bytes':>14}{'warm bytes':>12}")
    for name, m in med.items():
        print(
            f"{name:<14}{m['cold_ms']:>10.0f}{m['warm_ms']:>10.0f}{m['cold_bytes']:>14,.0f}{m['warm_bytes']:>12,.0f}"
        )
    for name in med:
        if name != "bare":
            print(
                f"ratio {name}/bare: cold {med[name]['cold_ms'] / med['bare']['cold_ms']:.2f}, "
                f"warm {med[name]['warm_ms'] / med['bare']['warm_ms']:.2f}"
            )
    print(
        "raw:", json.dumps({n: {k: [round(x) for x in v] for k, v in r.items()} for n, r in results.items()})
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
