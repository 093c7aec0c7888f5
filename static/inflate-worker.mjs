// A worker that downloads and inflates Circolo's memory snapshot off the page's main thread.
//
// static/loader.mjs posts {url, rawSize, fallback, keep}; the answer is {bytes} (the inflated
// snapshot, its buffer transferred, not copied) or {error}, with `firstByte` (null when read from
// the service worker's cache directly): when the first bytes arrived (ms since the epoch, so that
// the page can place it on its own clock; for bench/startup.py --profile). With `keep` (a first
// visit under a service worker that has no inflated copy yet), it downloads the .gz (`fallback`)
// and inflates it here rather than asking the service worker for its inflated copy: the service
// worker's thread is busy inflating Pyodide's own files then. It keeps the inflated copy in the
// worker's cache itself (under `url`, the inflated name) and answers {kept} once that is done.
import { cachedCopy, fetchResponse, inflate, keepCopy } from "./inflate.mjs";

self.onmessage = async ({ data: { url, rawSize, fallback, keep } }) => {
  let kept = Promise.resolve(false);
  try {
    let bytes = await cachedCopy(url, rawSize, fallback);
    let firstByte = null;
    if (!bytes) {
      const here = Boolean(keep && fallback);
      const response = here ? await fetch(fallback) : await fetchResponse(url, undefined, fallback);
      firstByte = performance.timeOrigin + performance.now();
      bytes = await inflate(response, rawSize);
      if (here) kept = keepCopy(url, bytes);
    }
    self.postMessage({ bytes, firstByte }, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
  self.postMessage({ kept: await kept });
};
