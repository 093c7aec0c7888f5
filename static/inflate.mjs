// Download Circolo's gzipped memory snapshot and inflate it with the browser's DecompressionStream.
//
// Used by static/loader.mjs, directly or through static/inflate-worker.mjs (so that inflating the
// ~31 MB does not occupy the page's main thread while PyScript starts). No dependencies, no DOM.

// The snapshot is stored sparse (build.py's sparse_snapshot): Pyodide's memory without its
// pages of zeros (a third of it), so that a warm start reads ~20 MB from the cache, not 31.5 MB.
// Layout, little-endian: "CIRCSPRS", the memory's size (u32), the number of runs (u32), each run's
// offset and length in the memory (u32, u32), then the runs' bytes one after the other.
const MAGIC = [0x43, 0x49, 0x52, 0x43, 0x53, 0x50, 0x52, 0x53];

/**
 * The runs of sparse snapshot `stored`, whose memory is `raw` bytes long: a Uint32Array of
 * (offset in the memory, length, offset in `stored`) triples, in order. Throws, saying what is
 * wrong, on a damaged snapshot.
 */
export function runsOf(stored, raw) {
  const damaged = (what) => new Error(`snapshot damaged: ${what}`);
  if (stored.length < 16 || MAGIC.some((byte, i) => stored[i] !== byte)) throw damaged("not a sparse snapshot");
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  if (view.getUint32(8, true) !== raw) throw damaged(`${view.getUint32(8, true)} bytes of memory, not ${raw}`);
  const count = view.getUint32(12, true);
  let from = 16 + 8 * count;
  if (from > stored.length) throw damaged("its table of runs is cut short");
  const runs = new Uint32Array(3 * count);
  let end = 0;
  for (let i = 0; i < count; i++) {
    const at = view.getUint32(16 + 8 * i, true);
    const length = view.getUint32(20 + 8 * i, true);
    if (at < end || at + length > raw || from + length > stored.length) throw damaged(`run ${i} out of place`);
    runs.set([at, length, from], 3 * i);
    from += length;
    end = at + length;
  }
  if (from !== stored.length) throw damaged(`${stored.length - from} stray byte(s) after its last run`);
  return runs;
}

/** Bytes [start, end) of the memory that sparse snapshot `stored` describes (`runs`: runsOf's). */
export function sliceOf(stored, runs, start, end) {
  const out = new Uint8Array(end - start);
  for (let i = 0; i < runs.length; i += 3) {
    const from = Math.max(start, runs[i]);
    const to = Math.min(end, runs[i] + runs[i + 1]);
    if (from < to) out.set(stored.subarray(runs[i + 2] + from - runs[i], runs[i + 2] + to - runs[i]), from - start);
  }
  return out;
}

// Make bytes [from, to) of `memory` zero, writing only where they are not: a page of a fresh
// WebAssembly memory that is never written is never handed out by the system.
function clear(memory, from, to) {
  let at = from;
  for (; at < to && (memory.byteOffset + at) % 4; at++) if (memory[at]) memory[at] = 0;
  const words = new Int32Array(memory.buffer, memory.byteOffset + at, (to - at) >> 2);
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) words[i] = 0;
  for (at += 4 * words.length; at < to; at++) if (memory[at]) memory[at] = 0;
}

/**
 * Put bytes [offset, raw) of the memory that sparse snapshot `stored` describes (`runs`: runsOf's)
 * into `memory` (a Uint8Array over Pyodide's WebAssembly memory) from its start: what Pyodide's
 * own restore does with the whole image, but the zero pages are only checked, not written.
 * `memory` is freshly made, so they are zero already and stay untouched: the system then need not
 * hand out a third of the pages (on this machine each page's first write is what made the whole
 * copy cost 15-90 ms, docs/startup.md). Throws when `memory` is too small.
 */
export function restoreInto(memory, stored, runs, raw, offset) {
  if (memory.length < raw - offset) throw new Error(`snapshot of ${raw - offset} bytes, memory of ${memory.length}`);
  let done = offset;
  for (let i = 0; i < runs.length; i += 3) {
    const start = Math.max(offset, runs[i]);
    const end = runs[i] + runs[i + 1];
    if (end <= start) continue;
    if (done < start) clear(memory, done - offset, start - offset);
    memory.set(stored.subarray(runs[i + 2] + start - runs[i], runs[i + 2] + runs[i + 1]), start - offset);
    done = end;
  }
  if (done < raw) clear(memory, done - offset, raw - offset);
}

// A stream that yields `first` and then the rest of `reader`.
function prepend(first, reader) {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(first);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * The stored (sparse) snapshot of `response`, inflated into one buffer of `size.stored` bytes
 * (`size`: {raw, stored}, as build.py recorded them). A response that is not gzipped (the service
 * worker's inflated copy, or a server that already decoded it: Content-Encoding: gzip on a .gz
 * file) is copied as it is.
 */
export async function inflate(response, size) {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const head = await reader.read();
  if (head.done) throw new Error("empty file");
  let stream = prepend(head.value, reader);
  if (head.value[0] === 0x1f && head.value[1] === 0x8b) stream = stream.pipeThrough(new DecompressionStream("gzip"));
  const out = new Uint8Array(size.stored);
  let offset = 0;
  const chunks = stream.getReader();
  for (;;) {
    const { done, value } = await chunks.read();
    if (done) break;
    if (offset + value.length > size.stored) {
      await chunks.cancel();
      throw new Error(`larger than the ${size.stored} bytes expected`);
    }
    out.set(value, offset);
    offset += value.length;
  }
  if (offset !== size.stored) throw new Error(`${offset} bytes instead of ${size.stored}`);
  return out;
}

/**
 * The snapshot's response: `url` (gzipped, or the service worker's inflated copy), else `fallback`
 * (the .gz, when the worker could not answer for its copy).
 */
export async function fetchResponse(url, signal, fallback) {
  const response = await fetch(url, { signal });
  if (response.ok || !fallback) return response;
  return fetch(fallback, { signal });
}

/**
 * The service worker's inflated (still sparse) copy of the snapshot read straight from its cache
 * (`url` names its content: any cache holding it holds the right bytes), without passing through
 * the worker; null when there is none (first visit, no Cache API, no `fallback`: not the inflated
 * name).
 */
export async function cachedCopy(url, size, fallback) {
  if (!fallback || typeof caches === "undefined") return null;
  try {
    const hit = await caches.match(url);
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    return bytes.length === size.stored ? bytes : null;
  } catch {
    return null; // storage refused: the fetch below goes through the worker or the network
  }
}

/** Fetch the snapshot (see fetchResponse) and inflate it: its stored (sparse) bytes, checked. */
export async function fetchSnapshot(url, size, signal, fallback) {
  const stored = (await cachedCopy(url, size, fallback)) ?? (await inflate(await fetchResponse(url, signal, fallback), size));
  runsOf(stored, size.raw);
  return stored;
}

/**
 * A Response holding a copy of `bytes` for keepCopy, made now, so that their buffer may be
 * transferred at once: through a Blob, whose constructor copies the bytes in every browser (a
 * Response made from the array itself may keep a reference to it, and WebKit's then stores the
 * emptied buffer); null where it cannot be made.
 */
export function copyOf(bytes) {
  try {
    const blob = new Blob([bytes], { type: "application/octet-stream" });
    if (blob.size !== bytes.length) return null;
    return new Response(blob, { headers: { "Content-Type": "application/octet-stream" } });
  } catch {
    return null;
  }
}

/**
 * Keep `response` (copyOf the inflated snapshot) under `url` in the service worker's cache, as
 * the worker itself would have (static/sw.js): on a first visit the loader's worker inflates the
 * .gz and the service worker's thread is left to Pyodide's files. Only when exactly one cache of
 * the site exists (the one the service worker installed); otherwise the service worker's offline
 * copy fetches it later. Resolves to whether it is kept; never throws.
 */
export async function keepCopy(url, response) {
  if (typeof caches === "undefined" || !response) return false;
  try {
    const names = (await caches.keys()).filter((name) => name.startsWith("circolo-"));
    if (names.length !== 1) return false;
    const cache = await caches.open(names[0]);
    if (!(await cache.match(url))) await cache.put(url, response);
    return true;
  } catch {
    return false;
  }
}

/**
 * The inflate worker (static/inflate-worker.mjs) started by a page as it loads, before the loader
 * is imported (startEarly): {worker, started (ms), result (a promise of {bytes, firstByte}),
 * kept (a promise of whether it kept the inflated copy)}; null when none was started.
 */
let early = null;

/** Listen to an inflate worker: {worker, started, result, kept}. */
export function watchWorker(worker) {
  let settle;
  let keptDone;
  const result = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  const kept = new Promise((resolve) => {
    keptDone = resolve;
  });
  result.catch(() => {});
  worker.onmessage = ({ data }) => {
    if ("kept" in data) {
      worker.terminate(); // its last word: the copy is kept, or will not be
      keptDone(data.kept);
    } else if (data.error) settle.reject(new Error(data.error));
    else settle.resolve(data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    settle.reject(Object.assign(new Error("the inflate worker could not start"), { notStarted: true }));
    keptDone(false);
  };
  return { worker, started: performance.now(), result, kept, stop: () => (worker.terminate(), keptDone(false)) };
}

/**
 * Start the snapshot's download at once, in the inflate worker (whose build-time manifest names
 * the snapshot), before the loader module is even imported: static/app.js calls this first
 * thing. `first`: a first visit (no service worker controlled the page as it loaded): the worker
 * downloads the .gz itself, inflates it and, once the page calls openGate (its service worker now
 * controls it and has made its cache), keeps the inflated copy. The loader takes the result
 * (takeEarly) instead of starting a worker of its own.
 */
export function startEarly(first) {
  if (early || taken || typeof Worker !== "function" || typeof DecompressionStream !== "function") return;
  try {
    early = watchWorker(new Worker(new URL("./inflate-worker.mjs", import.meta.url), { type: "module" }));
  } catch {
    return;
  }
  early.worker.postMessage({ early: true, first });
}

/** The page's service worker is in control (or will not be): the early worker may keep its copy. */
export function openGate() {
  early?.worker.postMessage({ gate: true });
}

/** The worker startEarly started (once; null afterwards or when none was started). */
let taken = false;
export function takeEarly() {
  if (taken) return null;
  taken = true;
  return early;
}
