// Make Circolo's Pyodide memory snapshot (run by build.py under Node 20; not shipped).
//
//   node tools/snapshot.mjs PYODIDE_DIR OUT_FILE [--pyscript PACKAGE_JSON] [--shipped-stdlib ZIP]
//
// PYODIDE_DIR is the built dist/pyodide/ folder: the pinned Pyodide files, pyodide-lock.json and
// the pyapp wheel it registers. The script boots that Pyodide with `_makeSnapshot`, installs the
// pyapp wheel exactly as the page does (by name, from the lock file), imports the engine (every
// pyapp module except pyapp.views.* and pyapp.__main__, which need the browser) and the standard
// library modules PyScript and the views use, records what it holds in a small `_circolo_snapshot`
// module, then writes the memory snapshot gzipped (level 9, no timestamp) to OUT_FILE.
//
// Code that cannot be imported here (pyapp.views.*, which need `pyscript`, and PyScript's own
// Python package, which PyScript writes at every start: --pyscript's PACKAGE_JSON maps each file's
// path in the working directory to its source, byte for byte as PyScript writes it, made by
// build.py from PyScript's generated src/stdlib/pyscript.js) is compiled instead:
// the snapshot keeps checked-hash .pyc files of it, which static/loader.mjs writes next to the
// sources after a boot, so Python imports them without compiling (and ignores any whose source
// differs).
//
// --shipped-stdlib: the standard library zip the site ships, when the snapshot is made with
// another copy of it (same modules, other offsets: build.py ships it deflated, and makes the
// snapshot with the stored copy, see make_snapshot). Once everything is imported, the snapshot's
// import system is given that zip's directory (ZIP_DIRECTORY in `_circolo_snapshot`), so a page
// need not read it again after the restore.
//
// A module that fails to import, or that leaves Python holding a JavaScript object (the snapshot
// cannot hold one), is left out with its reason and the snapshot is made again without it, so a
// change in the engine never breaks the build: it only makes the snapshot hold less.
//
// `complete` says whether every engine module was imported or compiled: then a page booting from
// the snapshot needs none of the wheel's files (static/loader.mjs writes the compiled views as
// sourceless .pyc and does not download the wheel).
//
// Prints one JSON line on stdout: {raw, gz, wheel, pyodide, modules, stdlib, compiled, skipped,
// complete, ms}.
// Exit status 0 on success, 1 with a one-line reason on stderr otherwise.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

// Standard library modules the page imports on top of the engine's own: PyScript's Python
// package (pyscript/*.py), static/entry.py and pyapp/views/*. Importing them here saves their
// import time on every boot. Missing names are skipped (and reported), never an error.
const STDLIB = [
  "asyncio", "base64", "collections", "copy", "dataclasses", "enum", "functools", "html",
  "importlib", "importlib.metadata", "inspect", "io", "itertools", "json", "math", "pathlib",
  "random", "re", "string", "textwrap", "time", "traceback", "types", "typing", "unicodedata",
  "weakref",
];

// Engine modules that need the browser: never imported here.
const BROWSER_ONLY = (name) => name === "pyapp.views" || name.startsWith("pyapp.views.") || name === "pyapp.__main__";

const MAX_ATTEMPTS = 6;

function fail(message) {
  process.stderr.write(`snapshot: ${String(message).split("\n")[0].slice(0, 300)}\n`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { pyscript: { type: "string" }, "shipped-stdlib": { type: "string" } },
  });
} catch (err) {
  fail(err.message);
}
const [dirArg, outArg] = args.positionals;
const { pyscript: pyscriptArg, "shipped-stdlib": shippedStdlibArg } = args.values;
if (!dirArg || !outArg || args.positionals.length > 2) {
  fail("usage: node tools/snapshot.mjs PYODIDE_DIR OUT_FILE [--pyscript PACKAGE_JSON] [--shipped-stdlib ZIP]");
}
const pyodideDir = resolve(dirArg) + "/";
const outFile = resolve(outArg);

// PyScript's Python package, as PyScript writes it into the working directory at every start
// ({"pyscript/web.py": source, ...}).
let pyscriptSources = {};
if (pyscriptArg) {
  try {
    pyscriptSources = JSON.parse(readFileSync(pyscriptArg, "utf8"));
  } catch (err) {
    fail(`cannot read PyScript's Python package in ${pyscriptArg}: ${err.message}`);
  }
}

let shippedStdlib = null;
if (shippedStdlibArg) {
  try {
    shippedStdlib = readFileSync(shippedStdlibArg);
  } catch (err) {
    fail(`cannot read the shipped standard library ${shippedStdlibArg}: ${err.message}`);
  }
}

let lock;
try {
  lock = JSON.parse(readFileSync(join(pyodideDir, "pyodide-lock.json"), "utf8"));
} catch (err) {
  fail(`cannot read ${pyodideDir}pyodide-lock.json: ${err.message}`);
}
const wheel = lock.packages?.pyapp?.sha256;
if (!wheel) fail("pyodide-lock.json registers no pyapp wheel");

let loadPyodide, version;
try {
  ({ loadPyodide, version } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href));
} catch (err) {
  fail(`cannot import ${pyodideDir}pyodide.mjs: ${err.message}`);
}

// Python helpers, defined once per attempt. They return plain strings/JSON so that Python never
// receives a JavaScript object.
const HELPERS = `
def _circolo_engine_modules():
    import json, os, pyapp
    root = os.path.dirname(pyapp.__file__)
    names = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(folder, os.path.dirname(root)).replace(os.sep, ".")
        for name in sorted(files):
            if name.endswith(".py"):
                names.append(rel if name == "__init__.py" else rel + "." + name[:-3])
    return json.dumps(sorted(names))

def _circolo_import(name):
    import importlib, traceback
    try:
        importlib.import_module(name)
    except BaseException as exc:
        return "".join(traceback.format_exception_only(exc)).strip().splitlines()[-1]
    return ""

_circolo_pycs = {}

def _circolo_compile(path, source=None):
    """Keep a checked-hash .pyc of \`\`path\`\` (read from disk unless \`\`source\`\` is given)."""
    import importlib.util
    from importlib._bootstrap_external import _code_to_hash_pyc
    if source is None:
        with open(path, "rb") as fh:
            data = fh.read()
    else:
        data = source.encode("utf-8")
    try:
        code = compile(data, path, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return f"does not compile: {exc}"
    _circolo_pycs[path] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True))
    return ""

def _circolo_module_path(name):
    import os, pyapp
    parts = name.split(".")
    base = os.path.join(os.path.dirname(os.path.dirname(pyapp.__file__)), *parts)
    return os.path.join(base, "__init__.py") if os.path.isdir(base) else base + ".py"

def _circolo_stdlib_zip():
    import sys
    return next((p for p in sys.path if p.endswith(".zip")), "")

_circolo_shipped_directory = None

def _circolo_read_zip_directory(archive):
    """Read the directory of \`\`archive\`\` (the shipped zip, written in its place for this)."""
    import zipimport
    global _circolo_shipped_directory
    _circolo_shipped_directory = zipimport._read_directory(archive)
    return len(_circolo_shipped_directory)

def _circolo_use_zip_directory(archive):
    """Give the import system the shipped zip's directory: no import may follow."""
    import zipimport
    zipimport._zip_directory_cache[archive] = _circolo_shipped_directory

def _circolo_after_restore():
    """What a restored snapshot must redo in its new page; returns the pyapp wheel hash it holds.

    The loader (static/loader.mjs) calls it once, right after the restore: compiled here, with the
    snapshot, it costs the page no parsing or compiling. What the snapshot froze but must differ
    per visit or per machine, and the files the page's fresh file system lacks.
    """
    import importlib, importlib.util, os, random, sys, time
    random.seed()  # the snapshot froze one random state: every visit gets its own
    if hasattr(time, "tzset"):
        time.tzset()  # the browser's time zone, not the build machine's
    while sys.path[:2] == ["", ""]:
        del sys.path[0]  # Pyodide adds "" at every start, the snapshot had it already
    marker = sys.modules["_circolo_snapshot"]
    # Compiled code of what the snapshot could not import (the views, PyScript's package): written
    # next to the sources, Python imports it without compiling (checked against the source's hash).
    # Without the wheel's files (a snapshot boot that did not install it), pyapp's modules are
    # written as sourceless .pyc where their source would be.
    for source, data in marker.PYC.items():
        try:
            if "/site-packages/" in source and not os.path.exists(source):
                target = source + "c"
            else:
                target = importlib.util.cache_from_source(source)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as fh:
                fh.write(data)
        except OSError:
            pass  # only slower: that module is compiled when imported
    # New files in a fresh file system: the finders forget what they listed. The standard
    # library's zip directory is kept when the snapshot cached the shipped zip's (ZIP_DIRECTORY:
    # it was made with the stored copy, the site ships it deflated), else it is re-read.
    import zipimport
    kept = dict(zipimport._zip_directory_cache) if marker.ZIP_DIRECTORY else {}
    importlib.invalidate_caches()
    zipimport._zip_directory_cache.update(kept)
    import gc
    gc.freeze()  # what this page made so far is permanent too (the snapshot's heap already is)
    return marker.WHEEL

def _circolo_seal(wheel, modules, stdlib, skipped, zip_directory):
    import gc, json, os, sys, types
    marker = types.ModuleType("_circolo_snapshot", "What Circolo's memory snapshot holds (made by tools/snapshot.mjs).")
    marker.WHEEL = wheel
    marker.MODULES = tuple(json.loads(modules))
    marker.STDLIB = tuple(json.loads(stdlib))
    marker.SKIPPED = json.loads(skipped)
    marker.PYC = dict(_circolo_pycs)  # absolute source path -> checked-hash .pyc bytes
    marker.ZIP_DIRECTORY = bool(zip_directory)  # the zip directory cached is the shipped zip's
    after = _circolo_after_restore
    marker.after_restore = types.FunctionType(after.__code__, marker.__dict__, "after_restore")
    marker.after_restore.__doc__ = after.__doc__
    marker.after_restore.__qualname__ = "after_restore"
    marker.after_restore.__module__ = marker.__name__
    sys.modules["_circolo_snapshot"] = marker
    os.environ["_"] = "./this.program"  # as in a browser boot, not the build machine's script path
    for name in [n for n in globals() if n.startswith("_circolo_")]:
        del globals()[name]
    gc.collect()
    # The heap as it is now is permanent: the collector never walks it again, and the page need not
    # move it into the permanent generation itself (gc.freeze() walks every object: 5-15 ms).
    gc.freeze()
`;

async function attempt(excluded) {
  const started = performance.now();
  const py = await loadPyodide({ indexURL: pyodideDir, _makeSnapshot: true, packages: ["pyapp"] });
  const booted = performance.now();
  // Pyodide lists loaded packages in a JS object the snapshot insists is empty; the page installs
  // the wheel again anyway (its files live in the JS-side file system, which no snapshot holds).
  for (const key of Object.keys(py.loadedPackages)) delete py.loadedPackages[key];
  const api = py._api;
  const serializable = () => {
    try {
      api.serializeHiwireState();
      return true;
    } catch {
      return false;
    }
  };
  if (!serializable()) throw new Error("a fresh Pyodide cannot be snapshotted (unexpected runtime)");
  py.runPython(HELPERS);
  // The shipped standard library's directory, read first (its buffers are reused by the imports
  // that follow rather than left in memory that would otherwise stay zero), then the made one back.
  let archive = "";
  if (shippedStdlib) {
    archive = py.runPython("_circolo_stdlib_zip()");
    if (!archive) throw new Error("no standard library zip on sys.path");
    const made = py.FS.readFile(archive);
    py.FS.writeFile(archive, shippedStdlib);
    const read = py.globals.get("_circolo_read_zip_directory");
    try {
      read(archive);
    } finally {
      read.destroy();
      py.FS.writeFile(archive, made);
    }
  }
  const engine = JSON.parse(py.runPython("_circolo_engine_modules()")).filter((n) => !BROWSER_ONLY(n));
  const imported = { modules: [], stdlib: [] };
  const skipped = {};
  const importOne = py.globals.get("_circolo_import");
  try {
    for (const [kind, names] of [["stdlib", STDLIB], ["modules", engine]]) {
      for (const name of names) {
        if (excluded.has(name)) {
          skipped[name] = excluded.get(name);
          continue;
        }
        const error = importOne(name);
        if (error) {
          skipped[name] = `import failed: ${error}`;
          continue;
        }
        if (!serializable()) return { taint: name };
        imported[kind].push(name);
      }
    }
  } finally {
    importOne.destroy();
  }
  // What cannot be imported here is compiled: the views, the modules left out, PyScript's package.
  const compiled = [];
  const compileOne = py.globals.get("_circolo_compile");
  const pathOf = py.globals.get("_circolo_module_path");
  try {
    const engineAll = JSON.parse(py.runPython("_circolo_engine_modules()"));
    for (const name of engineAll.filter((n) => !imported.modules.includes(n))) {
      const error = compileOne(pathOf(name));
      if (error) skipped[name] = `${skipped[name] ? skipped[name] + "; " : ""}${error}`;
      else compiled.push(name);
    }
    const home = py.runPython("import os; os.getcwd()");
    for (const [name, source] of Object.entries(pyscriptSources)) {
      if (!name.endsWith(".py")) continue;
      const error = compileOne(`${home}/${name}`, source);
      if (error) skipped[name] = error;
      else compiled.push(name);
    }
  } finally {
    compileOne.destroy();
    pathOf.destroy();
  }
  // Every engine module imported or compiled: a page can boot without the wheel's files.
  const complete = JSON.parse(py.runPython("_circolo_engine_modules()")).every(
    (name) => imported.modules.includes(name) || compiled.includes(name),
  );
  // The shipped standard library's directory in the import system's cache: the page's file system
  // holds the shipped zip, so its import system must know that one.
  if (archive) {
    py.FS.writeFile(archive, shippedStdlib);
    py.runPython(`_circolo_use_zip_directory(${JSON.stringify(archive)})`);
  }
  const seal = py.globals.get("_circolo_seal");
  seal(wheel, JSON.stringify(imported.modules), JSON.stringify(imported.stdlib), JSON.stringify(skipped), Boolean(archive));
  seal.destroy();
  const imports = performance.now();
  const raw = py.makeMemorySnapshot();
  const made = performance.now();
  return {
    raw,
    info: { ...imported, compiled, skipped, complete },
    ms: { boot: booted - started, imports: imports - booted, snapshot: made - imports },
  };
}

const excluded = new Map();
let result = null;
for (let round = 0; round < MAX_ATTEMPTS && !result; round++) {
  let outcome;
  try {
    outcome = await attempt(excluded);
  } catch (err) {
    fail(err?.message ?? err);
  }
  if (outcome.taint) {
    excluded.set(outcome.taint, "leaves a JavaScript object in Python: cannot be in a snapshot");
  } else {
    result = outcome;
  }
}
if (!result) fail(`gave up after ${MAX_ATTEMPTS} attempts: ${[...excluded.keys()].join(", ")}`);

const zipStart = performance.now();
const gz = gzipSync(result.raw, { level: 9, memLevel: 9 });
const zipped = performance.now();
const tmp = `${outFile}.tmp-${process.pid}`;
writeFileSync(tmp, gz);
renameSync(tmp, outFile);
process.stdout.write(
  JSON.stringify({
    raw: result.raw.length,
    gz: gz.length,
    wheel,
    pyodide: version,
    ...result.info,
    ms: { ...result.ms, gzip: zipped - zipStart },
  }) + "\n",
);
process.exit(0);
