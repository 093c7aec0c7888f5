// A worker that downloads and inflates Circolo's memory snapshot off the page's main thread.
//
// static/loader.mjs posts {url, rawSize, fallback}; the answer is {bytes} (the inflated snapshot, its buffer
// transferred, not copied) or {error}, with `firstByte` (null when read from the service worker's
// cache directly): when the first bytes arrived (ms since
// the epoch, so that the page can place it on its own clock; for bench/startup.py --profile).
import { cachedCopy, fetchResponse, inflate } from "./inflate.mjs";

self.onmessage = async ({ data: { url, rawSize, fallback } }) => {
  try {
    let bytes = await cachedCopy(url, rawSize, fallback);
    let firstByte = null;
    if (!bytes) {
      const response = await fetchResponse(url, undefined, fallback);
      firstByte = performance.timeOrigin + performance.now();
      bytes = await inflate(response, rawSize);
    }
    self.postMessage({ bytes, firstByte }, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
};
