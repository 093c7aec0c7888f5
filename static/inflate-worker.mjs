// A worker that downloads and inflates Circolo's memory snapshot off the page's main thread.
//
// static/loader.mjs posts {url, rawSize, fallback}; the answer is {bytes} (the inflated snapshot, its buffer
// transferred, not copied) or {error}, with `firstByte`: when the first bytes arrived (ms since
// the epoch, so that the page can place it on its own clock; for bench/startup.py --profile).
import { fetchResponse, inflate } from "./inflate.mjs";

self.onmessage = async ({ data: { url, rawSize, fallback } }) => {
  try {
    const response = await fetchResponse(url, undefined, fallback);
    const firstByte = performance.timeOrigin + performance.now();
    const bytes = await inflate(response, rawSize);
    self.postMessage({ bytes, firstByte }, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
};
