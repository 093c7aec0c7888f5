"""build.py: a complete, local, reproducible site; correct MIME types; clear failures; CI wrapper."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build
from pyapp.cards import french_deck, italian_deck
from pyapp.i18n import catalogs

REPO = build.REPO


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build in a temporary folder (dist/ itself is left alone)."""
    target = tmp_path_factory.mktemp("dist")
    build.build(target, quiet=True)
    return target


def _files(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_build_is_idempotent(dist: Path) -> None:
    before = _files(dist)
    (dist / "stale.txt").write_text("left over from an older build")
    summary = build.build(dist, quiet=True)
    assert summary["changed"] == 0
    assert summary["removed"] == 1
    assert _files(dist) == before


def test_runtime_is_pinned_and_local(dist: Path) -> None:
    for name in build.PYODIDE_FILES:
        if name == "python_stdlib.zip":
            continue  # trimmed: test_standard_library_is_trimmed_to_what_the_site_imports
        assert (dist / "pyodide" / name).read_bytes() == (
            REPO / "node_modules" / "pyodide" / name
        ).read_bytes()
    pyodide_pkg = json.loads((REPO / "node_modules" / "pyodide" / "package.json").read_text())
    core_pkg = json.loads((REPO / "node_modules" / "@pyscript" / "core" / "package.json").read_text())
    assert pyodide_pkg["version"] == "314.0.7" and core_pkg["version"] == "0.7.31"
    package = json.loads((REPO / "package.json").read_text())
    assert package["dependencies"] == {
        "pyodide": "314.0.7",
        "@pyscript/core": "0.7.31",
        "fake-indexeddb": "6.2.8",
    }
    assert (dist / "pyscript" / "core.js").is_file()
    assert not list(dist.rglob("*.map"))
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./static/loader.mjs"  # wraps ./pyodide/pyodide.mjs (snapshot boot)
    # No packages for PyScript to resolve against its package graph: the loader provides pyapp
    # (from the snapshot, or its wheel on a plain boot).
    assert "packages" not in config
    # Our own files never point at another origin.
    for path in [*dist.glob("*.html"), *dist.glob("static/*"), dist / "pyscript.json", dist / "sw.js"]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//""", text), path
        assert "cdn." not in text and "jsdelivr" not in text, path


def test_lock_file_registers_micropip_and_pyapp(dist: Path) -> None:
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.14")
    assert set(lock["packages"]) == {"micropip", "pyapp"}
    for entry in lock["packages"].values():
        wheel = dist / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
        assert entry["install_dir"] == "site" and entry["package_type"] == "package"
    micropip = lock["packages"]["micropip"]
    assert micropip["file_name"] == "micropip-0.11.1-py3-none-any.whl" and micropip["version"] == "0.11.1"
    app = lock["packages"]["pyapp"]
    assert app["name"] == "pyapp" and app["imports"] == ["pyapp"] and app["depends"] == []
    assert app["version"] == build.pyapp_version()


def test_wheel_holds_exactly_the_package_sources(dist: Path) -> None:
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    with zipfile.ZipFile(dist / "pyodide" / lock["packages"]["pyapp"]["file_name"]) as zf:
        names = zf.namelist()
        assert zf.testzip() is None
        record = zf.read(f"pyapp-{build.pyapp_version()}.dist-info/RECORD").decode()
    code = sorted(n for n in names if not n.startswith("pyapp-"))
    expected = sorted(
        p.relative_to(REPO).as_posix()
        for pattern in ("*.py", "*.toml")
        for p in (REPO / "pyapp").rglob(pattern)
        if "__pycache__" not in p.parts
    )
    assert code == expected
    assert "pyapp/views/common.py" in code and "pyapp/cards.py" in code
    assert {f"pyapp/{game}/lessons.toml" for game in ("boston", "poker", "tressette")} <= set(code)
    assert all(n.endswith((".py", ".toml")) for n in code)
    assert all(f"{n},sha256=" in record for n in code)


def test_pages_are_rendered_in_italian(dist: Path) -> None:
    italian = catalogs()["it"]
    for page in build.PAGES:
        html = (dist / page).read_text(encoding="utf-8")
        assert "<!-- include:" not in html
        assert '<html lang="it" data-app-ready="false">' in html
        for key, text in re.findall(r'data-i18n="([\w.-]+)">([^<]*)<', html):
            assert text == build._escape(italian[key]), key
        assert 'id="loader"' in html and 'id="error-panel"' in html and 'id="app"' in html
        assert 'src="./static/entry.py"' in html
    assert 'data-view="landing"' in (dist / "index.html").read_text(encoding="utf-8")
    for game in ("tressette", "boston", "poker"):
        assert f'<body data-view="{game}">' in (dist / f"{game}.html").read_text(encoding="utf-8")
        assert f'href="./{game}.html"' in (dist / "index.html").read_text(encoding="utf-8")


def test_render_page_rejects_unknown_and_filled_keys() -> None:
    with pytest.raises(build.BuildError, match="ui.nope"):
        build.render_page('<p data-i18n="ui.nope"></p>', {"ui.yes": "sì"})
    with pytest.raises(build.BuildError, match="must be empty"):
        build.render_page('<p data-i18n="ui.yes">inline text</p>', {"ui.yes": "sì"})
    out = build.render_page('<b data-i18n="k" data-i18n-attr="title=t"></b>', {"k": "a<b", "t": 'say "hi"'})
    assert out == '<b data-i18n="k" data-i18n-attr="title=t" title="say &quot;hi&quot;">a&lt;b</b>'


def test_catalogs_cards_icon_manifest(dist: Path) -> None:
    for lang, table in catalogs().items():
        assert json.loads((dist / "i18n" / f"{lang}.json").read_text(encoding="utf-8")) == table
    for card in (*italian_deck(), *french_deck()):
        svg = (dist / "cards" / card.deck / f"{card.code}.svg").read_text(encoding="utf-8")
        assert svg.lstrip().startswith(("<svg", "<?xml")) and "</svg>" in svg
    assert (dist / "cards" / "it" / "back.svg").is_file() and (dist / "cards" / "fr" / "back.svg").is_file()
    assert "<svg" in (dist / "icon.svg").read_text(encoding="utf-8")
    manifest = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Circolo" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./index.html"
    for icon in manifest["icons"]:
        assert (dist / icon["src"]).is_file()


def test_service_worker_precaches_every_file(dist: Path) -> None:
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw).group(1))
    version = re.search(r'const VERSION = "([0-9a-f]{12})";', sw).group(1)
    urls = {entry[0]: entry[1] for entry in precache}
    packed = {entry[0]: entry[2] for entry in precache if len(entry) == 3}
    (wheel,) = (rel for rel in _files(dist) if rel.startswith("pyodide/pyapp-"))
    files = {f"./{rel}" for rel in _files(dist) if not rel.startswith(build.OFFLINE_SKIP)} - {"./sw.js"}
    # The large runtime files and the snapshot are listed inflated, with the .gz the worker
    # downloads instead; the wheel is left out, the snapshot holds all of pyapp.
    snapshot = _loader_manifest(dist)
    assert snapshot is not None and snapshot["complete"] is True
    inflated_snapshot = "./" + str(snapshot["inflated"]).removeprefix("../")
    assert {url: gz for url, gz in packed.items() if url.startswith("./pyodide/")} == {
        "./pyodide/pyodide.asm.wasm": "./pyodide/pyodide.asm.wasm.gz",
        "./pyodide/pyodide.asm.mjs": "./pyodide/pyodide.asm.mjs.gz",
        inflated_snapshot: inflated_snapshot + ".gz",
    }
    # Also gzipped: what a page asks for only once its worker controls it (cards, English...).
    others = {url for url in packed if not url.startswith("./pyodide/")}
    assert "./cards/it/back.svg" in others and "./i18n/en.json" in others
    assert "./i18n/it.json" not in packed and "./static/app.js" not in packed  # needed at once
    assert all(gz == url + ".gz" for url, gz in packed.items())
    assert set(urls) == (files - set(packed.values()) - {f"./{wheel}"}) | {"./", inflated_snapshot}
    # Left out: PyScript's editor/terminal/archive chunks and micropip, which no page loads.
    skipped = {rel for rel in _files(dist) if rel.startswith(build.OFFLINE_SKIP)}
    assert skipped and all(rel.startswith(("pyscript/", "pyodide/micropip-")) for rel in skipped)
    assert not any(
        rel.startswith(build.OFFLINE_SKIP) for rel in ("pyscript/core.js", "pyodide/pyodide.asm.wasm")
    )
    for url, digest in urls.items():
        if url in packed:  # the hash is the inflated content's
            data = gzip.decompress((dist / packed[url][2:]).read_bytes())
        else:
            data = (dist / ("index.html" if url == "./" else url[2:])).read_bytes()
        assert hashlib.sha256(data).hexdigest().startswith(digest), url
    for url, gz in packed.items():
        if url != inflated_snapshot:  # without a worker the page fetches the plain file
            assert gzip.decompress((dist / gz[2:]).read_bytes()) == (dist / url[2:]).read_bytes()
    listing = json.dumps(precache, separators=(",", ":"))
    assert version == hashlib.sha256(listing.encode()).hexdigest()[:12]


def test_server_mime_types(dist: Path) -> None:
    server, url = build.serve_in_thread(dist)
    try:
        expected = {
            "pyodide/pyodide.asm.wasm": "application/wasm",
            "pyodide/pyodide.mjs": "text/javascript",
            "static/app.js": "text/javascript",
            "icon.svg": "image/svg+xml",
            "i18n/it.json": "application/json",
            "manifest.webmanifest": "application/manifest+json",
            "index.html": "text/html",
        }
        for path, mime in expected.items():
            with urllib.request.urlopen(url + path, timeout=10) as response:
                assert response.headers["Content-Type"].split(";")[0] == mime, path
        assert url.startswith("http://127.0.0.1:")
    finally:
        server.shutdown()
        server.server_close()


def test_missing_node_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path / "node_modules")
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    assert build.main(["build"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "node is not installed" in err


def test_test_extra_is_read_from_pyproject() -> None:
    requirements = build.test_requirements()
    assert any(r.startswith("pytest==") for r in requirements)
    assert any(r.startswith("playwright==") for r in requirements)
    assert any(r.startswith("selenium==") for r in requirements)  # the WebKit smoke suite


def test_the_test_browsers_are_installed_from_debian() -> None:
    assert set(build.TEST_BROWSERS) == {"chromium", "firefox-esr", "webkit2gtk-driver", "xvfb"}
    files = {f for paths in build.TEST_BROWSERS.values() for f in paths}
    assert {
        "/usr/bin/chromium",
        "/usr/bin/firefox-esr",
        "/usr/bin/WebKitWebDriver",
        "/usr/bin/xvfb-run",
    } <= files


def test_the_in_memory_indexeddb_is_copied_as_its_module_closure(dist: Path) -> None:
    entry = build.NODE_MODULES / "fake-indexeddb" / build.FAKE_INDEXEDDB_ENTRY
    folder = dist / "vendor" / "fake-indexeddb"
    copied = sorted(  # each also gzipped for the service worker (build.PRECOMPRESSED_ALSO)
        p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and p.suffix != ".gz"
    )
    assert all((folder / f"{rel}.gz").is_file() for rel in copied)
    closure = [p.relative_to(entry.parent).as_posix() for p in build.module_closure(entry)]
    assert copied == sorted(["LICENSE", *closure])
    assert "fakeIndexedDB.js" in copied and "index.js" not in copied  # only what the entry imports
    for path in folder.rglob("*.js"):
        for spec in re.findall(r"""\bfrom\s*["']([^"']+)["']""", path.read_text(encoding="utf-8")):
            assert spec.startswith("./") or spec.startswith("../"), (path, spec)
            assert (path.parent / spec).resolve().is_file(), (path, spec)
    listed = {
        entry[0]
        for entry in json.loads(
            re.search(r"const PRECACHE = (\[.*?\]);", (dist / "sw.js").read_text()).group(1)
        )
    }
    assert "./vendor/fake-indexeddb/fakeIndexedDB.js" in listed  # offline too


def test_module_closure_refuses_what_cannot_be_served_as_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path)
    (tmp_path / "a.js").write_text('import b from "./b.js";\nexport { c } from "./lib/c.js";\n')
    (tmp_path / "b.js").write_text("export default 1;\n")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "c.js").write_text('import "../b.js";\nexport const c = 2;\n')
    assert [p.name for p in build.module_closure(tmp_path / "a.js")] == ["a.js", "b.js", "c.js"]
    (tmp_path / "b.js").write_text('import x from "some-package";\n')
    with pytest.raises(build.BuildError, match="imports 'some-package': not a relative module"):
        build.module_closure(tmp_path / "a.js")
    (tmp_path / "b.js").write_text('import x from "./missing.js";\n')
    with pytest.raises(build.BuildError, match="missing.js is missing"):
        build.module_closure(tmp_path / "a.js")


def test_the_inline_embed_code_is_embed_js_without_comments(dist: Path, tmp_path: Path) -> None:
    inline = (dist / "static" / "embed-inline.js").read_text(encoding="utf-8")
    assert inline == build.compact_script((build.STATIC / "embed.js").read_text(encoding="utf-8"))
    assert (dist / "static" / "embed.js").read_bytes() == (build.STATIC / "embed.js").read_bytes()
    lines = inline.splitlines()
    assert all(line == line.strip() and line for line in lines)
    assert "//" not in inline and "/*" not in inline and "</script" not in inline
    assert len(inline) < 3000  # short enough to paste
    script = tmp_path / "inline.js"
    script.write_text(inline, encoding="utf-8")
    assert subprocess.run(["node", "--check", str(script)], capture_output=True).returncode == 0


def test_compact_script_refuses_a_comment_on_a_code_line() -> None:
    assert (
        build.compact_script("// a comment\n  var a = 1;\n\n  // another\n  a += 1;\n")
        == "var a = 1;\na += 1;\n"
    )
    with pytest.raises(build.BuildError, match=r"embed.js:2: a comment on a code line"):
        build.compact_script("// fine\nvar a = 1; // not fine\n")


def test_pages_start_pyscript_after_the_storage_layer(dist: Path) -> None:
    """app.js imports PyScript's core once storage is known; the page only preloads it."""
    for page in build.PAGES:
        html = (dist / page).read_text(encoding="utf-8")
        assert '<link rel="modulepreload" href="./pyscript/core.js">' in html, page
        assert not re.search(r"<script[^>]*core\.js", html), page
    app = (dist / "static" / "app.js").read_text(encoding="utf-8")
    assert 'import("../pyscript/core.js")' in app and "storage.indexedDBReady" in app


def test_ci_run_calls_the_readme_test_command() -> None:
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "python3 build.py test" in script and "python3 build.py test" in readme
    assert "set -euo pipefail" in script


# -- the memory snapshot --------------------------------------------------------------------------


def _loader_manifest(dist: Path) -> dict[str, object] | None:
    text = (dist / "static" / "loader.mjs").read_text(encoding="utf-8")
    match = re.search(r"^export const SNAPSHOT = (.*);$", text, re.M)
    assert match, "static/loader.mjs has no SNAPSHOT manifest"
    value: dict[str, object] | None = json.loads(match.group(1))
    return value


def test_snapshot_is_built_gzipped_and_described(dist: Path) -> None:
    snapshots = sorted((dist / "pyodide").glob("snapshot-*.bin.gz"))
    assert len(snapshots) == 1, snapshots
    data = snapshots[0].read_bytes()
    assert data[:2] == b"\x1f\x8b"  # gzip: inflated in the page by DecompressionStream
    stored = gzip.decompress(data)
    raw = build.dense_snapshot(stored)  # stored without its zero pages: a third of it
    assert int.from_bytes(raw[:4], "little") == 1886286592  # Pyodide's snapshot magic number
    assert len(stored) < 0.7 * len(raw) and build.sparse_snapshot(raw) == stored
    manifest = _loader_manifest(dist)
    assert manifest is not None
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    assert manifest == {
        "url": f"../pyodide/{snapshots[0].name}",
        "inflated": f"../pyodide/{snapshots[0].name.removesuffix('.gz')}",
        "complete": True,
        "bytes": len(data),
        "raw": len(raw),
        "stored": len(stored),
        "pyodide": "314.0.7",
        "wheel": lock["packages"]["pyapp"]["sha256"],
    }
    # The inflate worker, which a page starts before the loader (inflate.mjs's startEarly), names
    # the same snapshot, relative to the same folder (static/).
    worker = (dist / "static" / "inflate-worker.mjs").read_text(encoding="utf-8")
    early = re.search(r"^const EARLY = (.*);$", worker, re.M)
    assert early, "static/inflate-worker.mjs has no snapshot manifest"
    assert json.loads(early.group(1)) == {key: manifest[key] for key in ("url", "inflated", "raw", "stored")}
    report = json.loads((dist / "pyodide" / "snapshot.json").read_text())
    assert report["file"] == f"pyodide/{snapshots[0].name}" and report["raw"] == len(raw)
    # The engine is imported; the views (they need the browser) and PyScript's package are compiled.
    for module in ("pyapp.session", "pyapp.tressette.rules", "pyapp.boston.rules", "pyapp.poker.rules"):
        assert module in report["modules"], module
    assert not any(m.startswith("pyapp.views") for m in report["modules"])
    assert "pyapp.views.common" in report["compiled"] and "pyscript/__init__.py" in report["compiled"]
    assert {"asyncio", "json"} <= set(report["stdlib"])
    assert report["skipped"] == {}


def test_snapshot_compiles_pyscript_as_its_bundle_writes_it(dist: Path) -> None:
    """PyScript's package is compiled from the sources its bundle writes at every start.

    Those are minified, unlike src/stdlib/pyscript/*.py. Python uses a checked .pyc only while
    the source on disk is byte for byte the one it was compiled from: any other copy would make
    every start compile PyScript's package again.
    """
    package = build.pyscript_package()
    assert "pyscript/__init__.py" in package and all(path.startswith("pyscript/") for path in package)
    bundle = "".join(path.read_text(encoding="utf-8") for path in (dist / "pyscript").glob("core-*.js"))
    for path, source in package.items():
        assert json.dumps(source, ensure_ascii=False)[1:-1] in bundle, f"{path} is not what PyScript writes"
    readable = (build.PYSCRIPT_PY_DIR / "util.py").read_text(encoding="utf-8")
    assert readable != package["pyscript/util.py"]  # the readable source is not what a page holds
    report = json.loads((dist / "pyodide" / "snapshot.json").read_text())
    compiled = sorted(name for name in report["compiled"] if name.startswith("pyscript/"))
    assert compiled == sorted(path for path in package if path.endswith(".py"))


def test_pyscript_package_refuses_a_file_of_another_shape(tmp_path: Path) -> None:
    with pytest.raises(build.BuildError, match="cannot read PyScript's Python package"):
        build.pyscript_package(tmp_path / "missing.js")
    odd = tmp_path / "pyscript.js"
    odd.write_text('export default {"pyscript": ["__init__.py"]};\n', encoding="utf-8")
    with pytest.raises(build.BuildError, match="pyscript is not a folder of files"):
        build.pyscript_package(odd)
    nested = tmp_path / "nested.js"
    nested.write_text(
        '// made\nexport default {"a": {"b": {"c.py": "x = 1"}}, "d.py": ""};\n', encoding="utf-8"
    )
    assert build.pyscript_package(nested) == {"a/b/c.py": "x = 1", "d.py": ""}


def test_render_fills_i18n_params() -> None:
    html = build.render_page(
        """<b data-i18n="k" data-i18n-params='{"n": 3}'></b>""", {"k": "Giocatore {n} di {total}"}
    )
    assert ">Giocatore 3 di {total}</b>" in html
    with pytest.raises(build.BuildError, match="not JSON"):
        build.render_page("""<b data-i18n="k" data-i18n-params='{n: 3}'></b>""", {"k": "x"})


def test_build_goes_on_without_a_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(
        pyodide_dir: Path, target: Path, stdlib: bytes | None = None, shipped_stdlib: Path | None = None
    ) -> dict[str, object]:
        raise build.BuildError("snapshot: simulated failure")

    monkeypatch.setattr(build, "make_snapshot", broken)
    monkeypatch.setattr(build, "SNAPSHOT_CACHE", tmp_path / "cache")
    build.build(tmp_path / "site")
    assert "warning: no memory snapshot (snapshot: simulated failure)" in capsys.readouterr().out
    assert _loader_manifest(tmp_path / "site") is None  # the pages boot plainly
    assert not list((tmp_path / "site" / "pyodide").glob("snapshot*"))


def _wheel_with(extra: dict[str, str], wheel: Path, target: Path) -> str:
    """A copy of the pyapp wheel with ``extra`` modules added; returns its sha256."""
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for item in src.infolist():
            out.writestr(item, src.read(item.filename))
        for name, code in extra.items():
            out.writestr(name, code)
    return hashlib.sha256(target.read_bytes()).hexdigest()


@pytest.mark.pyodide
def test_snapshot_leaves_out_modules_it_cannot_hold(dist: Path, tmp_path: Path) -> None:
    """An engine module that fails to import, or keeps a JavaScript object, is left out: no broken build."""
    pyodide_dir = tmp_path / "pyodide"
    shutil.copytree(dist / "pyodide", pyodide_dir, ignore=shutil.ignore_patterns("snapshot*"))
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    wheel = pyodide_dir / lock["packages"]["pyapp"]["file_name"]
    extra = {
        "pyapp/zz_broken.py": "raise RuntimeError('not importable on purpose')\n",
        "pyapp/zz_holds_js.py": "import js\nHELD = js.Object.new()\n",
    }
    lock["packages"]["pyapp"]["sha256"] = _wheel_with(extra, wheel, tmp_path / "pyapp.whl")
    shutil.move(tmp_path / "pyapp.whl", wheel)
    lock_path.write_text(json.dumps(lock))
    report = build.make_snapshot(pyodide_dir, tmp_path / "snapshot.bin.gz")
    assert "RuntimeError: not importable on purpose" in report["skipped"]["pyapp.zz_broken"]
    assert "JavaScript object" in report["skipped"]["pyapp.zz_holds_js"]
    assert "pyapp.session" in report["modules"] and "pyapp.zz_holds_js" not in report["modules"]
    assert gzip.decompress((tmp_path / "snapshot.bin.gz").read_bytes())[:4] == (1886286592).to_bytes(
        4, "little"
    )


# -- Content Security Policy ------------------------------------------------------------------------


def test_every_page_carries_the_policy(dist: Path) -> None:
    pages = sorted(p.name for p in dist.glob("*.html"))
    assert set(build.PAGES) <= set(pages)
    docs = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = docs.split("## Content Security Policy", 1)[1].split("\n## ", 1)[0]
    for page in pages:
        html = (dist / page).read_text(encoding="utf-8")
        build.check_csp(page, html)  # present, before any script or stylesheet, required directives
        policy = build.content_security_policy(html)
        assert policy["object-src"] == ["'none'"] and "frame-ancestors" not in policy  # clubs may frame us
        # Every source beyond the required ones is justified in docs/architecture.md.
        for directive, sources in policy.items():
            for source in sources:
                if source not in build.CSP_REQUIRED.get(directive, ()):
                    assert f"`{directive} {source}`" in section, f"{directive} {source} is not justified"


def test_a_page_without_the_policy_is_refused() -> None:
    with pytest.raises(build.BuildError, match="no Content-Security-Policy"):
        build.check_csp("new.html", "<html><head><title>x</title></head></html>")
    late = (
        '<head><script type="module" src="./x.js"></script>'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'"></head>'
    )
    with pytest.raises(build.BuildError, match="before any script"):
        build.check_csp("late.html", late)
    weak = '<head><meta http-equiv="Content-Security-Policy" content="default-src \'self\'"></head>'
    with pytest.raises(build.BuildError, match="script-src lacks"):
        build.check_csp("weak.html", weak)


def test_standard_library_is_trimmed_to_what_the_site_imports(dist: Path) -> None:
    """The shipped python_stdlib.zip holds every module the site imports, and much less than Pyodide's."""
    original = zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip")
    trimmed = zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip")

    def modules(archive: zipfile.ZipFile) -> set[str]:
        return {
            n[:-3].replace("/", ".").removesuffix(".__init__")
            for n in archive.namelist()
            if n.endswith(".py")
        }

    available, kept = modules(original), modules(trimmed)
    assert kept < available and len(kept) < 0.6 * len(available)
    # Every module of the standard library the site's Python imports is there (and its parents).
    wanted = {
        name
        for name in build.site_imports()
        if name in available and name.split(".")[0] not in build.STDLIB_NOT_IN_BROWSER
    }
    assert {"asyncio", "json", "random", "dataclasses", "traceback", "inspect"} <= wanted
    assert wanted <= kept, sorted(wanted - kept)
    # Pyodide's own Python (its package loader unpacks wheels with zipfile and tarfile) is whole.
    assert {m for m in available if m.split(".")[0] in ("_pyodide", "pyodide")} <= kept
    assert {"tarfile", "zipfile", "encodings.utf_8"} <= kept
    assert not {"pdb", "unittest", "pydoc", "xml", "sqlite3", "encodings.cp1250"} & kept
    # Deflated (it needs no .gz of its own): a warm start reads a quarter of the stored size.
    assert {i.compress_type for i in trimmed.infolist() if not i.is_dir()} == {zipfile.ZIP_DEFLATED}
    assert not (dist / "pyodide" / "python_stdlib.zip.gz").exists()


def test_the_build_refuses_to_leave_out_a_module_the_site_imports() -> None:
    data = (build.NODE_MODULES / "pyodide" / "python_stdlib.zip").read_bytes()
    with pytest.raises(build.BuildError, match="the site imports pdb"):
        build.trim_stdlib(data, {"json", "pdb"})
    # An import made only inside a function of a kept module follows into a left-out one only
    # when nothing else needs it: xml stays out although some kept module could import it lazily.
    trimmed, kept = build.trim_stdlib(data, {"json"})
    assert "json" in kept and "xml" not in kept


def test_import_scanner_reads_sources_newer_than_the_build_python() -> None:
    source = (
        "import os, sys\n"
        "from . import sibling\n"
        "def f():\n"
        "    import pdb\n"
        "    type X = int\n"
        "class C:\n"
        "    import json\n"
        "if __name__ == '__main__':\n"
        "    pass\n"
    )
    eager, lazy = build._scan_imports(source, "pkg.mod", False)
    assert eager == {"os", "sys", "pkg", "pkg.sibling", "json"} and lazy == {"pdb"}
