// Download Circolo's gzipped memory snapshot and inflate it with the browser's DecompressionStream.
//
// Used by static/loader.mjs, directly or through static/inflate-worker.mjs (so that inflating the
// ~31 MB does not occupy the page's main thread while PyScript starts). No dependencies, no DOM.

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

// The inflated snapshot of `response`, into one buffer of the size build.py recorded. A response
// that is not gzipped (the service worker's inflated copy, or a server that already decoded it:
// Content-Encoding: gzip on a .gz file) is copied as it is.
export async function inflate(response, rawSize) {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const head = await reader.read();
  if (head.done) throw new Error("empty file");
  let stream = prepend(head.value, reader);
  if (head.value[0] === 0x1f && head.value[1] === 0x8b) stream = stream.pipeThrough(new DecompressionStream("gzip"));
  const out = new Uint8Array(rawSize);
  let offset = 0;
  const chunks = stream.getReader();
  for (;;) {
    const { done, value } = await chunks.read();
    if (done) break;
    if (offset + value.length > rawSize) {
      await chunks.cancel();
      throw new Error(`larger than the ${rawSize} bytes expected`);
    }
    out.set(value, offset);
    offset += value.length;
  }
  if (offset !== rawSize) throw new Error(`${offset} bytes instead of ${rawSize}`);
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
 * The service worker's inflated copy of the snapshot read straight from its cache (`url` names
 * its content: any cache holding it holds the right bytes), without passing through the worker;
 * null when there is none (first visit, no Cache API, no `fallback`: not the inflated name).
 */
export async function cachedCopy(url, rawSize, fallback) {
  if (!fallback || typeof caches === "undefined") return null;
  try {
    const hit = await caches.match(url);
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    return bytes.length === rawSize ? bytes : null;
  } catch {
    return null; // storage refused: the fetch below goes through the worker or the network
  }
}

/** Fetch the snapshot (see fetchResponse) and inflate it into a Uint8Array of `rawSize` bytes. */
export async function fetchSnapshot(url, rawSize, signal, fallback) {
  return (await cachedCopy(url, rawSize, fallback)) ?? inflate(await fetchResponse(url, signal, fallback), rawSize);
}

/**
 * Keep `bytes`, the inflated snapshot, under `url` in the service worker's cache, as the worker
 * itself would have (static/sw.js): on a first visit this thread inflates the .gz and the worker's
 * own thread is left to Pyodide's files. Only when exactly one cache of the site exists (the one
 * the worker just installed); otherwise the worker's offline copy fetches it later. Never throws.
 * The bytes are copied when the Response is made, so their buffer may be transferred at once.
 */
export function keepCopy(url, bytes) {
  if (typeof caches === "undefined") return Promise.resolve(false);
  let response;
  try {
    response = new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } });
  } catch {
    return Promise.resolve(false);
  }
  return (async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith("circolo-"));
    if (names.length !== 1) return false;
    const cache = await caches.open(names[0]);
    if (await cache.match(url)) return true;
    await cache.put(url, response);
    return true;
  })().catch(() => false);
}
