// Boot Pyodide through the site's own loader (DIST/static/loader.mjs) under Node 20, as a page does.
//
//   node tests/node/boot.mjs DIST [PYTHON_FILE]
//
// Node's fetch() has no file: URLs, so fetch is given read access to DIST (a missing file answers
// 404, like the site's server). The loader then downloads and inflates the snapshot, restores it
// (or boots plainly) and installs the pyapp wheel exactly as in the browser. PYTHON_FILE, if given,
// runs afterwards in the booted interpreter, in a fresh namespace; the JSON text it leaves in
// RESULT is reported. Prints one JSON line: {"boot": globalThis.circoloBoot, "warnings": [...],
// "result": ...}. Exit status 0, or 1 with the reason on stderr.
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeSync } from "node:fs";

const [distArg, pythonFile] = process.argv.slice(2);
if (!distArg) {
  writeSync(2, "usage: node tests/node/boot.mjs DIST [PYTHON_FILE]\n");
  process.exit(1);
}
const dist = resolve(distArg);
const nodeFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" ? input : input.url ?? String(input));
  if (url.protocol !== "file:") return nodeFetch(input, init);
  if (init?.signal?.aborted) throw new DOMException("aborted", "AbortError");
  try {
    return new Response(await readFile(fileURLToPath(url)), { status: 200 });
  } catch {
    return new Response("not found", { status: 404, statusText: "Not Found" });
  }
};
const warnings = [];
console.warn = (...args) => warnings.push(args.join(" "));

try {
  const { loadPyodide } = await import(pathToFileURL(join(dist, "static", "loader.mjs")).href);
  const pyodide = await loadPyodide({ packages: ["pyapp"], stdout: () => {}, stderr: () => {} });
  let result = null;
  if (pythonFile) {
    const code = await readFile(pythonFile, "utf8");
    const namespace = pyodide.toPy({});
    pyodide.runPython(code, { globals: namespace });
    result = JSON.parse(namespace.get("RESULT") ?? "null");
    namespace.destroy();
  }
  process.stdout.write(JSON.stringify({ boot: globalThis.circoloBoot ?? null, warnings, result }) + "\n");
  process.exit(0);
} catch (err) {
  writeSync(2, `boot: ${String(err?.message ?? err).split("\n")[0]}\n`);
  process.exit(1);
}
