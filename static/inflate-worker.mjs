// A worker that downloads and inflates Circolo's memory snapshot off the page's main thread.
//
// static/loader.mjs posts {url, rawSize}; the answer is {bytes} (the inflated snapshot, its buffer
// transferred, not copied) or {error}.
import { fetchSnapshot } from "./inflate.mjs";

self.onmessage = async ({ data: { url, rawSize } }) => {
  try {
    const bytes = await fetchSnapshot(url, rawSize);
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
};
