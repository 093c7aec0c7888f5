// A worker that downloads and inflates Circolo's memory snapshot off the page's main thread.
//
// static/loader.mjs posts {url, rawSize}; the answer is {bytes} (the inflated snapshot, its buffer
// transferred, not copied) or {error}, with `firstByte`: when the first bytes arrived (ms since
// the epoch, so that the page can place it on its own clock; for bench/startup.py --profile).
import { inflate } from "./inflate.mjs";

self.onmessage = async ({ data: { url, rawSize } }) => {
  try {
    const response = await fetch(url);
    const firstByte = performance.timeOrigin + performance.now();
    const bytes = await inflate(response, rawSize);
    self.postMessage({ bytes, firstByte }, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
};
