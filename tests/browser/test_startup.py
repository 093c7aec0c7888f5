"""Start-up in Chromium: skeleton at first paint, snapshot boot, plain fallback, one download per file.

Both boot paths end in a working table: a seeded Tressette game where the human leads, and a card
played by clicking. The Node tests (tests/test_snapshot_boot.py) cover every fallback reason in
detail; here the browser proves the paths the users take.
"""

from __future__ import annotations

import gzip
import http.server
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest

import build
from pyapp.i18n import catalogs
from tests.browser.conftest import PageWatch, watch_context
from tests.browser.test_tressette_table import seed_save, south_leads_first_record

IT = catalogs()["it"]

FIRST_PAINT_SCRIPT = """
window.__atDCL = null;
window.__firstProgress = null;
addEventListener("py:progress", () => { window.__firstProgress ??= performance.now(); });
document.addEventListener("DOMContentLoaded", () => {
  window.__atDCL = {
    at: performance.now(),
    ready: document.documentElement.dataset.appReady,
    loader: !!document.getElementById("loader"),
    names: [...document.querySelectorAll("[data-skeleton] .seat-name")].map((n) => n.textContent.trim()),
  };
});
"""


def snapshot_file(root: Path) -> Path:
    (found,) = (root / "pyodide").glob("snapshot-*.bin.gz")
    return found


def play_a_card(watch: PageWatch) -> str:
    """Lead the first playable card of the human's hand; return its code once it is on the table."""
    page = watch.page
    card = page.locator(".seat-south[data-turn=true] .hand-own .card-button:not([aria-disabled=true])").first
    card.wait_for()
    code = card.get_attribute("data-card")
    card.click()
    if page.locator("#lead-card").count():  # leading with declarations on offer: confirm the lead
        page.locator("#lead-card").click()
    page.wait_for_selector(f".trick [data-card='{code}']", state="attached")
    return str(code)


def open_tressette(context: object, base_url: str) -> PageWatch:
    """The Tressette table with a seeded game where the human leads, not yet waited for."""
    seed_save(context, south_leads_first_record())
    context.add_init_script(FIRST_PAINT_SCRIPT)
    return watch_context(context, base_url).goto("tressette.html?fast", wait_ready=False)


def test_skeleton_at_first_paint_then_snapshot_boot_and_a_move(
    site_url: str, new_context: Callable[..., object]
) -> None:
    watch = open_tressette(new_context(reduced_motion="reduce"), site_url)
    page = watch.page
    page.wait_for_function("window.__atDCL !== null")
    early = page.evaluate("window.__atDCL")
    # Static HTML: the progress bar and the seats with the players' names, before Python exists.
    assert early["ready"] == "false" and early["loader"]
    north = f"{IT['seat.N']} · {IT['table.tressette.partner']}"
    assert early["names"] == [
        north,
        f"{IT['seat.W']} · {IT['table.tressette.opponent']}",
        f"{IT['seat.E']} · {IT['table.tressette.opponent']}",
        IT["table.you"],
    ]
    watch.wait_ready()
    # It is painted before PyScript even starts loading Pyodide (bench/startup.py times it: < 0.5 s).
    paint = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint').map(e => e.startTime)[0] ?? null"
    )
    assert paint is not None and paint < page.evaluate("window.__firstProgress"), paint
    assert page.locator("html").get_attribute("data-boot") == "snapshot"
    boot = page.evaluate("window.circolo.boot")
    assert boot["path"] == "snapshot" and boot["reason"] is None
    assert page.locator("[data-skeleton]").count() == 0  # the view replaced it
    assert page.locator(".seat-north .seat-name").inner_text() == north
    play_a_card(watch)
    watch.assert_clean()


def test_missing_snapshot_falls_back_to_a_plain_boot(
    site_copy: tuple[Path, str], new_context: Callable[..., object]
) -> None:
    root, url = site_copy
    name = snapshot_file(root).name
    snapshot_file(root).unlink()
    watch = open_tressette(new_context(), url)
    watch.wait_ready()
    assert watch.page.locator("html").get_attribute("data-boot") == "plain"
    assert "HTTP 404" in watch.page.evaluate("window.circolo.boot.reason")
    play_a_card(watch)
    # The only complaints are the missing file's own (asked for gzipped or, through the service
    # worker, inflated: snapshot-<hash>.bin).
    assert [r for r in watch.failed_requests if name.removesuffix(".gz") not in r] == []
    assert [e for e in watch.console_errors if "404" not in e] == []
    watch.failed_requests.clear()
    watch.console_errors.clear()
    watch.assert_clean()


def test_snapshot_of_another_runtime_falls_back_to_a_plain_boot(
    site_copy: tuple[Path, str], new_context: Callable[..., object]
) -> None:
    root, url = site_copy
    path = snapshot_file(root)
    raw = bytearray(build.dense_snapshot(gzip.decompress(path.read_bytes())))
    raw[16:48] = bytes(32)  # another Pyodide build id
    path.write_bytes(gzip.compress(build.sparse_snapshot(bytes(raw)), 1))
    watch = open_tressette(new_context(), url)
    watch.wait_ready()
    assert watch.page.locator("html").get_attribute("data-boot") == "plain"
    assert "build id mismatch" in watch.page.evaluate("window.circolo.boot.reason")
    play_a_card(watch)
    watch.assert_clean()


MEASURE = """() => {
  const box = (selector) => {
    const node = document.querySelector(selector);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  };
  return {
    skeleton: !!document.querySelector("[data-skeleton]"),
    names: [...document.querySelectorAll("#app .seat-name")].map((n) => n.textContent.trim()),
    scorebar: box("#app .scorebar"),
    board: box("#app .board"),
    felt: box("#app .felt, #app .pk-felt"),
    dock: box("#app .dock"),
    side: box("#app .tbl-side"),
  };
}"""

SKELETON_NAMES = {
    "tressette": [
        f"{IT['seat.N']} · {IT['table.tressette.partner']}",
        f"{IT['seat.W']} · {IT['table.tressette.opponent']}",
        f"{IT['seat.E']} · {IT['table.tressette.opponent']}",
        IT["table.you"],
    ],
    "boston": [IT["seat.N"], IT["seat.W"], IT["seat.E"], IT["boston.ui.you"]],
    "poker": [*(IT["poker.ui.player"].format(n=n) for n in (2, 3, 4, 5)), IT["poker.ui.you"]],
}


def close_to(a: dict[str, float] | None, b: dict[str, float] | None, keys: str = "xywh") -> bool:
    """Whether two boxes agree within 2 CSS px on the given sides (x, y, w(idth), h(eight))."""
    if a is None or b is None:
        return False
    names = {"x": "x", "y": "y", "w": "width", "h": "height"}
    return all(abs(a[names[k]] - b[names[k]]) <= 2 for k in keys)


SIZES = (("laptop", {"width": 1280, "height": 720}), ("phone", {"width": 390, "height": 844}))

FITTED = """() => {
  const board = document.querySelector("#app .board");
  return !!board && Math.abs(board.getBoundingClientRect().bottom - (innerHeight - 6.4)) < 2;
}"""
"""Whether the board reaches down to 0.4rem above the viewport's bottom (``fit()`` has run)."""


FIRST_FRAME = f"""
window.__firstFrame = null;
new MutationObserver((_records, observer) => {{
  if (!document.querySelector("#app .board") || document.querySelector("[data-skeleton]")) return;
  observer.disconnect();
  window.__firstFrame = {{ ...({MEASURE})(), fitted: ({FITTED})() }};
}}).observe(document, {{ childList: true, subtree: true }});
"""
"""Record :data:`MEASURE` (and whether the board is fitted) when the live table replaces the skeleton.

A mutation observer's callback runs once the view's synchronous render (patch, then ``fit()``) has
returned, so this is the table's first frame, before any move of the game can change it (a human
cut, for one, adds a form to the dock).
"""


def measure(
    page: object, sizes: tuple[tuple[str, dict[str, int]], ...] = SIZES
) -> dict[str, dict[str, object]]:
    """:data:`MEASURE` at each of ``sizes``, once the board is fitted to the viewport."""
    found = {}
    for size, viewport in sizes:
        page.set_viewport_size(viewport)
        page.wait_for_function(FITTED)
        found[size] = page.evaluate(MEASURE)
    return found


@pytest.mark.parametrize("game", ["tressette", "boston", "poker"])
def test_each_skeleton_is_its_table_first_frame(
    game: str, site_url: str, new_context: Callable[..., object]
) -> None:
    """The live table replaces the skeleton without moving: same names, score bar, board and felt.

    The skeleton is held on screen by refusing PyScript in one page; the live table's first frame
    (a new game) is measured in another page of the same profile: on a laptop at the moment the
    skeleton is replaced (:data:`FIRST_FRAME`), then on a phone. The felt's height is compared on
    the laptop only: on a phone the dealt hand takes two rows in the skeleton, and the first frame
    has not been dealt yet. The side column's height is its content's (the log grows).
    """
    context = new_context(viewport=SIZES[0][1])
    held = context.new_page()
    held.route("**/pyscript/core.js", lambda route: route.abort())
    held.goto(f"{site_url}{game}.html")
    skeletons = measure(held)
    held.close()
    context.add_init_script(FIRST_FRAME)
    watch = watch_context(context, site_url).goto(f"{game}.html")
    first = watch.page.evaluate("window.__firstFrame")
    assert first is not None and first.pop("fitted"), f"{game}: first frame {first}"
    lives = {SIZES[0][0]: first, **measure(watch.page, SIZES[1:])}
    for size, _viewport in SIZES:
        skeleton, live = skeletons[size], lives[size]
        where = f"{game} on a {size}: skeleton {skeleton} / live {live}"
        assert skeleton["skeleton"] and not live["skeleton"], where
        assert skeleton["names"] == live["names"] == SKELETON_NAMES[game], where
        assert close_to(skeleton["scorebar"], live["scorebar"]), f"score bar moved: {where}"
        assert close_to(skeleton["board"], live["board"]), f"board moved: {where}"
        assert close_to(skeleton["side"], live["side"], "xyw"), f"side column moved: {where}"
        assert close_to(skeleton["felt"], live["felt"], "xyw" if size == "phone" else "xywh"), where
    watch.assert_clean()


class _Counting(build.SiteHandler):
    """Counts the response bodies sent per path (class attribute set per server)."""

    sent: Counter[str]
    lock = threading.Lock()

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        start = source.tell()
        super().copyfile(source, outputfile)
        with self.lock:
            if source.tell() > start:
                self.sent[self.path.split("?")[0]] += 1


@pytest.fixture
def counted_site(dist_dir: Path) -> Iterator[tuple[str, Counter[str]]]:
    """The built site on its own server that counts how often each path's body is sent."""
    sent: Counter[str] = Counter()
    handler = type("Handler", (_Counting,), {"sent": sent})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(dist_dir)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", sent
    finally:
        server.shutdown()
        server.server_close()


def wasm_sources(watch: PageWatch) -> list[str]:
    """Where each response of Pyodide's wasm came from, as Chromium reports it (CDP), from now on.

    "cache-storage" is the service worker answering with its cache's entry, the only response V8's
    compiled code is kept beside; "network" or "fallback-code" a response the worker made itself.
    """
    sources: list[str] = []
    cdp = watch.context.new_cdp_session(watch.page)
    cdp.send("Network.enable")

    def on_response(event: dict) -> None:
        response = event["response"]
        if response["url"].split("?")[0].endswith("/pyodide/pyodide.asm.wasm"):
            sources.append(str(response.get("serviceWorkerResponseSource")))

    cdp.on("Network.responseReceived", on_response)
    return sources


def test_first_visit_downloads_every_file_once(
    counted_site: tuple[str, Counter[str]], new_context: Callable[..., object], dist_dir: Path
) -> None:
    url, sent = counted_site
    watch = watch_context(new_context(), url)
    wasm_from = wasm_sources(watch)
    watch.goto("tressette.html?fast")
    # The first visit already compiled the wasm from the worker's cache (sw.js, serveKept): V8's
    # optimised code is kept beside that entry for the next visit.
    assert wasm_from == ["cache-storage"], wasm_from
    watch.page.wait_for_selector("html[data-offline]", state="attached")
    assert watch.page.locator("html").get_attribute("data-offline") == "ready"
    summary = watch.page.evaluate("window.circolo.offline")
    assert summary["ok"] and summary["failed"] == []
    twice = {path: n for path, n in sent.items() if n > 1}
    assert twice == {}, f"downloaded more than once: {twice}"
    snapshot = f"/pyodide/{snapshot_file(dist_dir).name}"
    # The large files come gzipped, once; their plain copies (for a page without the service
    # worker) and the pyapp wheel (the snapshot holds pyapp) are never downloaded.
    for big in ("/pyodide/pyodide.asm.wasm", "/pyodide/pyodide.asm.mjs"):
        assert sent[big + ".gz"] == 1 and big not in sent, big
    assert sent["/pyodide/python_stdlib.zip"] == 1  # deflated inside: no .gz of its own
    assert sent[snapshot] == 1
    # The snapshot's download started as the page did (app.js), not once the service worker had
    # taken over (the loader's gate); its inflated copy was kept by that download (the reload
    # below downloads nothing).
    marks = watch.page.evaluate("window.circolo.boot.marks")
    assert marks["snapshot-start"] <= marks["gate"], marks
    assert not any(path.startswith(("/pyodide/pyapp-", "/pyodide/micropip-")) for path in sent), dict(sent)
    # The offline copy is complete: every listed file came once (pages and cards not shown too).
    assert sent["/pyodide/pyodide-lock.json"] == 1 and sent["/cards/it/back.svg.gz"] == 1
    assert "/cards/it/back.svg" not in sent
    assert not any(path.startswith(tuple("/" + p for p in build.OFFLINE_SKIP)) for path in sent)
    # A second visit downloads nothing but the worker script's update check.
    sent.clear()
    watch.page.reload()
    watch.wait_ready()
    assert watch.page.locator("html").get_attribute("data-boot") == "snapshot"
    assert set(sent) <= {"/sw.js"}, dict(sent)
    assert wasm_from == ["cache-storage", "cache-storage"], wasm_from
    watch.assert_clean()


def test_first_visit_boots_when_the_wasm_cannot_be_kept(
    site_copy: tuple[Path, str], new_context: Callable[..., object]
) -> None:
    root, url = site_copy
    # The worker's listing expects other content for the wasm (the site changed meanwhile): its
    # copy is refused, and the worker answers the bytes it downloaded as they are.
    sw = root / "sw.js"
    source = sw.read_text(encoding="utf-8")
    listed = '["./pyodide/pyodide.asm.wasm","'
    start = source.index(listed) + len(listed)
    digest = source[start : source.index('"', start)]
    sw.write_text(source.replace(listed + digest, listed + "0" * len(digest)), encoding="utf-8")
    context = new_context()
    seed_save(context, south_leads_first_record())
    watch = watch_context(context, url)
    wasm_from = wasm_sources(watch)
    watch.goto("tressette.html?fast")
    assert watch.page.locator("html").get_attribute("data-boot") == "snapshot"
    assert len(wasm_from) == 1 and wasm_from != ["cache-storage"], wasm_from
    watch.page.wait_for_selector("html[data-offline]", state="attached")
    assert watch.page.locator("html").get_attribute("data-offline") == "partial"
    assert watch.page.evaluate("window.circolo.offline.failed") == [url + "pyodide/pyodide.asm.wasm"]
    play_a_card(watch)


WORKER_PAGE = """<!doctype html>
<meta charset="utf-8"><title>worker boot</title>
<script type="module" src="./worker-start.js"></script>
"""
WORKER_START = """
const worker = new Worker("./worker-boot.mjs", { type: "module" });
worker.onmessage = (event) => { window.workerResult = event.data; };
worker.onerror = (event) => { window.workerResult = { error: String(event.message) }; };
"""
WORKER_BOOT = """
import { loadPyodide } from "./static/loader.mjs";
try {
  const pyodide = await loadPyodide({ packages: ["pyapp"] });
  const game = pyodide.runPython(
    "import sys; from pyapp.session import TableSession; "
    + "('pyapp.session' in sys.modules, TableSession.new('boston', humans=(2,)).snapshot('it')['game'])"
  ).toJs();
  postMessage({ boot: globalThis.circoloBoot, preloaded: game[0], game: game[1] });
} catch (err) {
  postMessage({ error: String(err) });
}
"""


def test_loader_boots_from_the_snapshot_in_a_worker(
    site_copy: tuple[Path, str], new_context: Callable[..., object]
) -> None:
    root, url = site_copy
    (root / "worker.html").write_text(WORKER_PAGE, encoding="utf-8")
    (root / "worker-start.js").write_text(WORKER_START, encoding="utf-8")
    (root / "worker-boot.mjs").write_text(WORKER_BOOT, encoding="utf-8")
    page = new_context().new_page()
    page.goto(url + "worker.html")
    page.wait_for_function("window.workerResult !== undefined", timeout=120_000)
    result = page.evaluate("window.workerResult")
    assert "error" not in result, result
    assert result["boot"]["path"] == "snapshot" and result["preloaded"] is True
    assert result["game"] == "boston"
