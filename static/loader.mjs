// Circolo's Pyodide loader: boots from the build's memory snapshot, else plainly.
//
// PyScript imports the module named by `interpreter` in pyscript.json (this one) and calls its
// `loadPyodide(options)` with its own options (stdout, stderr, indexURL, packages); `version` must
// be exported too. Here `loadPyodide` downloads the gzipped memory snapshot that build.py made
// (tools/snapshot.mjs), inflates it with the browser's DecompressionStream and hands it to the
// real `loadPyodide` as `_loadSnapshot`: Python starts with the engine already imported. When the
// snapshot is missing, fails to download or inflate, or does not match the runtime (another
// Pyodide build, another pyapp wheel), it boots plainly instead: same options, same result.
//
// Works in a page and in a (module) worker alike: it touches no DOM. In a worker,
//     import { loadPyodide } from "../static/loader.mjs";
//     const pyodide = await loadPyodide({ packages: ["pyapp"] });
// or give a PyScript worker the same config (its `interpreter` is this module).
//
// Which path was taken is published as `globalThis.circoloBoot` and as a `circolo:boot` event on
// `globalThis`: {path: "snapshot" | "plain", reason (why plain, else null), ms (the loadPyodide
// call), snapshotReady and restored (ms since the downloads started)}. Progress messages go out as
// PyScript's own `py:progress` events. The snapshot is downloaded and inflated in a worker of its
// own (static/inflate-worker.mjs) when the page can start one.
import { loadPyodide as loadRuntime, version } from "../pyodide/pyodide.mjs";
import { fetchSnapshot, restoreInto, runsOf, sliceOf, takeEarly, watchWorker } from "./inflate.mjs";
import { indexedDBReady } from "./storage.mjs";

// PyScript opens an IndexedDB store right after importing this module. In a page, static/app.js
// starts PyScript only once the storage layer has settled (an in-memory IndexedDB where the
// browser refuses one), so the page's import of this module (which starts the snapshot download)
// does not wait for that; in a worker, nothing else orders it: wait here.
if (typeof document === "undefined") await indexedDBReady;

export { version };

/**
 * What build.py put in the snapshot: {url (gzipped), inflated (the service worker's inflated copy),
 * bytes, raw (Pyodide's memory), stored (the inflated file: sparse, without the memory's zero
 * pages), pyodide, wheel, complete (every pyapp module is in it, imported or compiled: no
 * wheel to install)}, or null (no snapshot).
 */
export const SNAPSHOT = /*SNAPSHOT*/null;

/** The text of pyodide-lock.json, built in by build.py (null: fetch it). */
const LOCK = /*LOCK*/null;

const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const LOCK_URL = new URL("pyodide-lock.json", PYODIDE_URL).href;
// Pyodide's own indexURL: the URL in a browser, a plain path under Node (where tests run this).
const INDEX = PYODIDE_URL.startsWith("file:") ? decodeURIComponent(new URL(PYODIDE_URL).pathname) : PYODIDE_URL;

class Mismatch extends Error {}

function progress(detail) {
  if (typeof globalThis.dispatchEvent === "function" && typeof CustomEvent === "function") {
    globalThis.dispatchEvent(new CustomEvent("py:progress", { detail }));
  }
}

// A named moment of the boot (ms since the page or worker started), for `bench/startup.py
// --profile`: kept in `marks` (published with the boot path) and as a `circolo:<name>` mark.
const marks = {};
function mark(name, at = performance.now()) {
  marks[name] = Math.round(at);
  try {
    performance.mark(`circolo:${name}`, { startTime: at });
  } catch {
    /* an old browser without mark options: the figure stays in `marks` */
  }
}

function publish(detail) {
  globalThis.circoloBoot = detail;
  if (typeof globalThis.dispatchEvent === "function" && typeof CustomEvent === "function") {
    globalThis.dispatchEvent(new CustomEvent("circolo:boot", { detail }));
  }
}

// The snapshot, downloaded and inflated in a worker of its own when the browser has workers (the
// main thread is busy starting PyScript meanwhile), else right here (in a worker, under Node).
// `keep`: a first visit, the worker keeps the inflated copy for the service worker (inflate.mjs).
function download(url, size, signal, fallback, keep) {
  let handle = null;
  if (typeof Worker === "function" && typeof document !== "undefined") {
    try {
      handle = watchWorker(new Worker(new URL("./inflate-worker.mjs", import.meta.url), { type: "module" }));
    } catch {
      handle = null;
    }
  }
  if (!handle) {
    keptCopy(false);
    return fetchSnapshot(url, size, signal, fallback);
  }
  handle.worker.postMessage({ url, size, fallback, keep });
  return fromWorker(handle, signal, () => fetchSnapshot(url, size, signal, fallback));
}

// The bytes an inflate worker answers (`handle`: inflate.mjs's watchWorker), marking when its
// first byte came; `otherwise` (inflating on this thread) when the worker could not start.
function fromWorker(handle, signal, otherwise) {
  handle.kept.then(keptCopy);
  signal.addEventListener("abort", () => handle.stop());
  return handle.result.then(
    (data) => {
      if (data.firstByte) mark("snapshot-first-byte", data.firstByte - performance.timeOrigin);
      return data.bytes;
    },
    (err) => {
      if (signal.aborted) throw new Error("download aborted");
      if (err?.notStarted) return otherwise();
      throw err;
    },
  );
}

let prepared = null;
let gate = Promise.resolve();
let firstVisit = false;
let keptCopy = () => {};
const kept = new Promise((resolve) => {
  keptCopy = resolve;
});

/**
 * Settles once the snapshot's download is over and, on a first visit, its inflated copy is in the
 * service worker's cache (true) or will be fetched by the worker's offline copy (false). A page
 * asks for its offline copy after this, so that the snapshot is not inflated twice.
 */
export function snapshotKept() {
  return kept;
}

/**
 * Make every download of the boot wait for `promise` first (settled either way). A page uses it
 * on a first visit to let its service worker take control first, so that the large files pass
 * through it and are cached as they arrive instead of being downloaded a second time. `first`:
 * this is that first visit (the snapshot is then inflated and kept by the loader's own worker).
 */
export function waitBeforeFetching(promise, { first = false } = {}) {
  if (prepared) return;
  gate = Promise.resolve(promise).catch(() => {});
  firstVisit = first;
}

/**
 * Start downloading what the boot needs (the lock file, the snapshot when it can be used).
 * Idempotent; `loadPyodide` calls it, a page may call it earlier to start the downloads sooner.
 */
export function prepare() {
  if (prepared) return prepared;
  const opened = gate;
  const started = performance.now();
  opened.then(() => mark("gate"));
  const lock = LOCK
    ? Promise.resolve(LOCK)
    : opened
        .then(() => fetch(LOCK_URL))
        .then((r) => {
          if (!r.ok) throw new Error(`pyodide-lock.json: HTTP ${r.status}`);
          return r.text();
        });
  lock.catch(() => {}); // reported by the boot that awaits it
  let reason = null;
  if (!SNAPSHOT) reason = "no snapshot in this build";
  else if (SNAPSHOT.pyodide !== version) reason = `snapshot made for Pyodide ${SNAPSHOT.pyodide}, runtime is ${version}`;
  else if (typeof DecompressionStream !== "function") reason = "no DecompressionStream in this browser";
  let snapshot = null;
  if (reason) {
    takeEarly()?.stop(); // a download the page started early, of a snapshot that cannot be used
    keptCopy(false);
  }
  const abort = new AbortController();
  const timings = {};
  if (!reason) {
    const gz = new URL(SNAPSHOT.url, import.meta.url).href;
    const earlyWorker = takeEarly();
    const begin = () => {
      mark("snapshot-start");
      // A service worker keeps the snapshot inflated (static/sw.js): ask it for that copy (it
      // inflates the .gz once if it has none); without a worker, download the .gz.
      const url = SNAPSHOT.inflated && globalThis.navigator?.serviceWorker?.controller ? SNAPSHOT.inflated : null;
      const keep = Boolean(url && firstVisit);
      return download(url ? new URL(url, import.meta.url).href : gz, SNAPSHOT, abort.signal, url ? gz : null, keep);
    };
    // The page started the download as it loaded (inflate.mjs's startEarly): take that one, or
    // start again the usual way if it failed.
    let fetching;
    if (earlyWorker) {
      mark("snapshot-start", earlyWorker.started);
      const noWorker = () => Promise.reject(new Error("no worker"));
      fetching = fromWorker(earlyWorker, abort.signal, noWorker).catch((err) => {
        if (abort.signal.aborted) throw err;
        console.warn(`Circolo: the early snapshot download failed (${err?.message ?? err}); again`);
        return opened.then(begin);
      });
    } else {
      fetching = opened.then(begin);
    }
    snapshot = fetching
      .then((bytes) => {
        mark("snapshot-ready");
        timings.snapshotReady = Math.round(performance.now() - started);
        progress("Loaded snapshot");
        return bytes;
      });
    snapshot.catch(() => {});
  }
  prepared = { opened, lock, snapshot, reason, abort, timings, started };
  return prepared;
}

/**
 * What the real `loadPyodide` needs to restore sparse snapshot `stored` (the bytes the inflate
 * worker answers): {head, createPyodideModule}. `head` is the start of Pyodide's own snapshot
 * file (its header and the JavaScript state it keeps, up to where the memory begins): handed to
 * Pyodide as `_loadSnapshot`, it checks it and sets its JavaScript side up as usual but copies no
 * memory. `createPyodideModule` makes Pyodide's module (`create`: pyodide.asm.mjs's own) and has
 * its restore then put the memory in with restoreInto: the runs are copied, the zero pages only
 * checked. Pyodide's own restore writes the whole 31.5 MB, and the first write to each page of a
 * fresh memory costs the main thread a page from the system (docs/startup.md, "the restore's
 * page faults"). Throws, saying what is wrong, on a damaged snapshot.
 */
function sparseRestore(stored, create) {
  const runs = runsOf(stored, SNAPSHOT.raw);
  const start = new DataView(sliceOf(stored, runs, 0, 8).buffer).getUint32(4, true); // where the memory begins
  if (start < 8 || start > SNAPSHOT.raw) throw new Error(`snapshot damaged: its memory begins at ${start}`);
  const head = sliceOf(stored, runs, 0, start);
  async function createPyodideModule(settings) {
    const module = await (await create).default(settings);
    const api = module.API;
    const restoreHead = api.restoreSnapshot;
    api.restoreSnapshot = (bytes) => {
      const state = restoreHead(bytes);
      if (bytes === head) restoreInto(new Uint8Array(module.HEAPU8.buffer), stored, runs, SNAPSHOT.raw, start);
      return state;
    };
    return module;
  }
  return { head, createPyodideModule };
}

function withLock(options, lockText) {
  return lockText ? { ...options, lockFileContents: lockText, packageBaseUrl: INDEX } : { ...options };
}

async function bootFromSnapshot(options, state) {
  const lockText = await state.lock;
  const wheel = JSON.parse(lockText).packages?.pyapp?.sha256;
  if (wheel !== SNAPSHOT.wheel) {
    state.abort.abort();
    throw new Mismatch("snapshot made for another pyapp wheel");
  }
  progress("Loading snapshot");
  // The snapshot is awaited by Pyodide itself, after it has started fetching its wasm and
  // standard library: the downloads overlap.
  // The snapshot holds all of pyapp (imported, or compiled for after_restore to write): no wheel.
  const packages = SNAPSHOT.complete ? (options.packages ?? []).filter((name) => name !== "pyapp") : options.packages;
  await state.opened; // the wasm and the standard library pass through the service worker too
  mark("runtime");
  // Pyodide's module script, imported now as Pyodide would itself (createPyodideModule below
  // stands in for its own import): it loads while the snapshot arrives.
  const create = import(new URL("pyodide.asm.mjs", PYODIDE_URL).href);
  create.catch(() => {}); // reported by the boot that awaits it
  const restore = state.snapshot.then((stored) => sparseRestore(stored, create));
  const pyodide = await loadRuntime({
    ...withLock(options, lockText),
    packages,
    _loadSnapshot: restore.then(({ head }) => head),
    createPyodideModule: (settings) => restore.then(({ createPyodideModule }) => createPyodideModule(settings)),
  });
  mark("restored");
  state.timings.restored = Math.round(performance.now() - state.started);
  // What the snapshot froze but must differ per visit or per machine (the random state, the time
  // zone), and the compiled views written into the fresh file system: `after_restore` in the
  // snapshot's `_circolo_snapshot` (tools/snapshot.mjs), compiled with it, so nothing is parsed
  // here. It returns the pyapp wheel hash the snapshot was made from.
  const marker = pyodide.pyimport("_circolo_snapshot");
  try {
    if (marker.after_restore() !== SNAPSHOT.wheel) throw new Mismatch("the snapshot holds another pyapp build");
  } finally {
    marker.destroy();
  }
  mark("after-restore");
  return pyodide;
}

// The boot a page starts as it loads (startEarly), before PyScript asks for Pyodide. Its output
// goes to PyScript's stdout/stderr once PyScript hands them over, to the console before that.
let early = null;
const sinks = { stdout: null, stderr: null };
const forward = (kind) => (text) => (sinks[kind] ?? (kind === "stdout" ? console.log : console.warn))(text);
const EARLY_OPTIONS = new Set(["stdout", "stderr", "indexURL", "packages"]);

/**
 * Start booting Pyodide from the snapshot now, without waiting for PyScript to ask (static/app.js
 * calls this as the page starts): the downloads, the wasm compilation and the restore overlap
 * PyScript's own start. `loadPyodide` then hands over this interpreter (with PyScript's own
 * stdout/stderr, and any package besides pyapp installed) when PyScript's options allow it.
 * Does nothing without a usable snapshot (PyScript's call boots plainly).
 */
export function startEarly() {
  const state = prepare();
  if (early || !state.snapshot) return;
  const options = { indexURL: INDEX, packages: ["pyapp"], stdout: forward("stdout"), stderr: forward("stderr") };
  early = bootFromSnapshot(options, state);
  early.catch(() => {}); // reported by loadPyodide
}

/**
 * PyScript's entry point (and any worker's): Pyodide from the snapshot when it fits, else a
 * plain boot. `options` are the real `loadPyodide` options; `indexURL` is always the site's
 * own Pyodide folder.
 */
export async function loadPyodide(options = {}) {
  const started = performance.now();
  // PyScript opens an IndexedDB store while it boots Pyodide; where the browser refuses IndexedDB
  // (a frame on another site) the storage layer puts an in-memory one in its place first.
  // Booting never needs a real IndexedDB. (Not awaited at the top of this module: the snapshot's
  // download starts as soon as a page imports it.)
  await indexedDBReady;
  mark("asked");
  // pyscript.json names no packages (PyScript would resolve them against its package graph
  // first): pyapp is the loader's to provide, from the snapshot or from its wheel.
  const base = { ...options, packages: options.packages ?? ["pyapp"], indexURL: INDEX };
  const state = prepare();
  let reason = state.reason;
  if (state.snapshot) {
    try {
      let pyodide;
      if (early && Object.keys(options).every((key) => EARLY_OPTIONS.has(key))) {
        sinks.stdout = options.stdout ?? null;
        sinks.stderr = options.stderr ?? null;
        pyodide = await early;
        const extra = (options.packages ?? []).filter((name) => name !== "pyapp");
        if (extra.length) await pyodide.loadPackage(extra);
      } else {
        if (early) state.abort.abort(); // options the early boot could not honour: start again
        pyodide = await (early ? Promise.reject(new Error("options not supported by the early boot")) : bootFromSnapshot(base, state));
      }
      mark("loaded");
      publish({ path: "snapshot", reason: null, ms: Math.round(performance.now() - started), ...state.timings, marks });
      return pyodide;
    } catch (err) {
      reason = err instanceof Mismatch ? err.message : `snapshot unusable: ${err?.message ?? err}`;
      console.warn(`Circolo: booting without the snapshot (${reason})`);
    }
  }
  await state.opened;
  const lockText = await state.lock.catch(() => null);
  mark("runtime");
  const pyodide = await loadRuntime(withLock(base, lockText));
  mark("loaded");
  publish({ path: "plain", reason, ms: Math.round(performance.now() - started), ...state.timings, marks });
  return pyodide;
}
