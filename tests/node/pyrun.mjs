// Run a Python file inside the pinned Pyodide under Node 20, with the repo's `pyapp` importable.
//
//   node tests/node/pyrun.mjs SCRIPT.py [ARGS...]
//
// The repository's `pyapp/**/*.py` files are copied into Pyodide's file system under
// /home/pyodide (first on sys.path) and the repository itself is mounted read-only at /repo
// (NODEFS) so scripts can read data files from it. SCRIPT runs as `__main__` with sys.argv =
// [SCRIPT, ...ARGS]; its stdout/stderr are forwarded unbuffered and the process exits with the
// script's status (SystemExit code, 1 on an uncaught exception, 2 on a loader failure).
import { readFileSync, readdirSync, statSync, writeSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const pyodideDir = join(repo, "node_modules", "pyodide");

function die(message) {
  writeSync(2, `pyrun: ${message}\n`);
  process.exit(2);
}

function pythonFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === "__pycache__") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...pythonFiles(path));
    else if (name.endsWith(".py")) out.push(path);
  }
  return out;
}

const [script, ...args] = process.argv.slice(2);
if (!script) die("usage: node tests/node/pyrun.mjs SCRIPT.py [ARGS...]");
let source;
try {
  source = readFileSync(script, "utf8");
} catch (err) {
  die(`cannot read ${script}: ${err.message}`);
}

let loadPyodide;
try {
  ({ loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href));
} catch (err) {
  die(`cannot load ${pyodideDir}/pyodide.mjs (run \`npm ci\` or \`python3 build.py\`): ${err.message}`);
}

const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const encoder = new TextEncoder();
const rawWriter = (fd) => ({
  write(buffer) {
    writeSync(fd, buffer);
    return buffer.length;
  },
});
pyodide.setStdout(rawWriter(1));
pyodide.setStderr(rawWriter(2));

const { FS } = pyodide;
for (const path of pythonFiles(join(repo, "pyapp"))) {
  const target = "/home/pyodide/" + relative(repo, path).split("\\").join("/");
  FS.mkdirTree(dirname(target));
  FS.writeFile(target, readFileSync(path));
}
FS.mkdirTree("/repo");
FS.mount(FS.filesystems.NODEFS, { root: repo }, "/repo");
FS.mkdirTree("/home/pyodide/.pyrun");
FS.writeFile("/home/pyodide/.pyrun/main.py", encoder.encode(source));

pyodide.globals.set("_pyrun_argv", pyodide.toPy([script, ...args]));
const status = await pyodide.runPythonAsync(`
import runpy as _runpy, sys as _sys, traceback as _traceback

def _pyrun_main() -> int:
    _sys.argv = list(_pyrun_argv)
    if "/home/pyodide" not in _sys.path:
        _sys.path.insert(0, "/home/pyodide")
    try:
        _runpy.run_path("/home/pyodide/.pyrun/main.py", run_name="__main__")
    except SystemExit as exc:
        if exc.code is None:
            return 0
        if isinstance(exc.code, int):
            return exc.code
        print(exc.code, file=_sys.stderr)
        return 1
    except BaseException:
        _traceback.print_exc()
        return 1
    finally:
        _sys.stdout.flush()
        _sys.stderr.flush()
    return 0

_pyrun_main()
`);
process.exit(Number(status) || 0);
