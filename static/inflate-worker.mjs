// A worker that downloads and inflates Circolo's memory snapshot off the page's main thread.
//
// Two ways to start it:
// - static/loader.mjs posts {url, size (its SNAPSHOT manifest: raw and stored sizes), fallback, keep};
// - static/app.js (through inflate.mjs's startEarly) posts {early, first} as the page starts,
//   before the loader is imported: the snapshot named by EARLY, which build.py fills in.
// The answer is {bytes} (the snapshot inflated, still sparse as build.py stores it, and checked;
// its buffer transferred, not copied; the loader puts it into Pyodide's memory) or {error},
// with `firstByte` (null when read from the service worker's cache directly): when the first bytes
// arrived (ms since the epoch, so that the page can place it on its own clock; for
// bench/startup.py --profile). Then {kept}, its last message.
//
// With `keep` or `first` (a first visit: no inflated copy in the service worker's cache yet), it
// downloads the .gz (`fallback`) and inflates it here rather than asking the service worker for
// its inflated copy (that worker's thread is busy inflating Pyodide's own files then), and keeps
// the inflated copy in the service worker's cache itself (under `url`, the inflated name): at once
// when started by the loader (the page waited for its service worker), after a {gate} message
// when started early. {kept} says whether it did.
import { cachedCopy, copyOf, fetchResponse, inflate, keepCopy, runsOf } from "./inflate.mjs";

/** The snapshot's {url (gzipped), inflated, raw, stored}, relative to this file; null: no snapshot. */
const EARLY = /*SNAPSHOT*/null;

let openGate;
const gate = new Promise((resolve) => {
  openGate = resolve;
});

async function job({ url, size, fallback, keep }) {
  let kept = Promise.resolve(false);
  try {
    let stored = await cachedCopy(url, size, fallback);
    let firstByte = null;
    if (!stored) {
      const here = Boolean(keep && fallback);
      const response = here ? await fetch(fallback) : await fetchResponse(url, undefined, fallback);
      firstByte = performance.timeOrigin + performance.now();
      stored = await inflate(response, size);
      if (here) {
        const copy = copyOf(stored);
        kept = gate.then(() => keepCopy(url, copy));
      }
    }
    runsOf(stored, size.raw); // a damaged snapshot is refused here, saying what is wrong
    self.postMessage({ bytes: stored, firstByte }, [stored.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
  self.postMessage({ kept: await kept });
}

self.onmessage = ({ data }) => {
  if (data.gate) {
    openGate();
  } else if (data.early) {
    if (!EARLY) {
      self.postMessage({ error: "no snapshot in this build" });
      self.postMessage({ kept: false });
      return;
    }
    const here = (name) => new URL(name, self.location.href).href;
    job({ url: here(EARLY.inflated), size: EARLY, fallback: here(EARLY.url), keep: data.first });
  } else {
    openGate(); // the loader starts its worker once the page's service worker is in control
    job(data);
  }
};
