// The storage layer (static/storage.mjs) under Node, with the browser's storage made to fail.
//
//   node tests/node/storage.mjs SITE CASE
//
// SITE holds static/storage.mjs and vendor/fake-indexeddb/ (as dist/ does). CASE sets up what a
// browser would give the page (a localStorage that throws, an IndexedDB that fails to open, a
// refused service worker...), imports a fresh copy of the layer and exercises it. Prints one JSON
// line: {status, events, ...what the case measured}.
import { writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [siteArg, name] = process.argv.slice(2);
const site = resolve(siteArg);
const layerURL = `${pathToFileURL(join(site, "static", "storage.mjs")).href}?case=${name}`;
const memoryIDB = pathToFileURL(join(site, "vendor", "fake-indexeddb", "fakeIndexedDB.js")).href;

globalThis.document = {}; // a page, as far as the layer can tell
const events = [];
globalThis.dispatchEvent = (event) => events.push(event.type);

function denied(kind, message = "denied by the test") {
  return new DOMException(message, kind);
}

function setGlobal(key, value) {
  Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
}

function throwingGetter(key, error) {
  Object.defineProperty(globalThis, key, {
    configurable: true,
    get() {
      throw error;
    },
  });
}

class MemoryStorage {
  constructor(failWrites = null) {
    this.values = new Map();
    this.failWrites = failWrites;
  }
  getItem(key) {
    return this.values.has(key) ? this.values.get(key) : null;
  }
  setItem(key, value) {
    if (this.failWrites && key !== "circolo.probe") throw this.failWrites;
    this.values.set(key, String(value));
  }
  removeItem(key) {
    this.values.delete(key);
  }
}

// An IndexedDB whose open() answers with an error event, the way a blocked frame's does.
function failingIndexedDB(error) {
  return {
    open() {
      const request = { error: null, result: undefined };
      setTimeout(() => {
        request.error = error;
        request.onerror?.({ type: "error", target: request, preventDefault() {} });
      }, 5);
      return request;
    },
  };
}

// navigator.serviceWorker refusing every registration; the list of the registrations asked for.
function refusingWorkers() {
  const asked = [];
  setGlobal("navigator", {
    serviceWorker: {
      controller: null,
      ready: new Promise(() => {}),
      register: (url) => {
        asked.push(url);
        return Promise.reject(denied("NotSupportedError", "The user denied permission to use Service Worker."));
      },
      addEventListener() {},
    },
  });
  return asked;
}

async function useItems(layer) {
  const kept = layer.setItem("circolo.test", "uno");
  const read = layer.getItem("circolo.test");
  layer.removeItem("circolo.test");
  return { kept, read, afterRemove: layer.getItem("circolo.test"), missing: layer.getItem("circolo.none") };
}

// A database round trip through whatever globalThis.indexedDB now is.
function roundTrip() {
  return new Promise((done) => {
    const request = globalThis.indexedDB.open("circolo-test", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("s");
    request.onerror = () => done(`open failed: ${request.error}`);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction("s", "readwrite");
      tx.objectStore("s").put("valore", "chiave");
      tx.oncomplete = () => {
        const get = db.transaction("s").objectStore("s").get("chiave");
        get.onsuccess = () => done(get.result);
      };
    };
  });
}

const cases = {
  // A frame on another site in Chromium: every kind of storage refused.
  async blocked() {
    throwingGetter("localStorage", denied("SecurityError", "Access is denied for this document."));
    setGlobal("indexedDB", failingIndexedDB(denied("UnknownError", "The user denied permission to access the database.")));
    const asked = refusingWorkers();
    const layer = await import(layerURL);
    const items = await useItems(layer);
    const idb = await layer.indexedDBReady;
    const registration = await layer.worker.register("./sw.js");
    return { items, idb, registration, asked: asked.length, roundTrip: await roundTrip() };
  },
  // WebKit with local storage, IndexedDB and service workers turned off (MiniBrowser's
  // --enable-html5-local-storage=false --enable-html5-database=false --features=-ServiceWorkers):
  // window.localStorage is null, there is no indexedDB and no navigator.serviceWorker.
  async turnedOff() {
    setGlobal("localStorage", null);
    setGlobal("navigator", {});
    const layer = await import(layerURL);
    const items = await useItems(layer);
    const idb = await layer.indexedDBReady;
    const registration = await layer.worker.register("./sw.js");
    return { items, idb, registration, supported: layer.worker.supported, roundTrip: await roundTrip() };
  },
  // Storage allowed but the service worker refused (a browser setting of its own).
  async workerRefused() {
    setGlobal("localStorage", new MemoryStorage());
    const asked = refusingWorkers();
    const layer = await import(layerURL);
    const registration = await layer.worker.register("./sw.js");
    return { registration, asked: asked.length };
  },
  // Firefox with cross-site storage blocked: even BroadcastChannel throws SecurityError.
  async channelRefused() {
    setGlobal("localStorage", new MemoryStorage());
    setGlobal("BroadcastChannel", function Refused() {
      throw denied("SecurityError", "The operation is insecure.");
    });
    const layer = await import(layerURL);
    const a = new globalThis.BroadcastChannel("uno");
    const b = new globalThis.BroadcastChannel("uno");
    const other = new globalThis.BroadcastChannel("due");
    const heard = [];
    b.onmessage = (event) => heard.push(["b", event.data]);
    other.addEventListener("message", (event) => heard.push(["other", event.data]));
    a.addEventListener("message", (event) => heard.push(["a", event.data]));
    a.postMessage({ n: 1 });
    await new Promise((done) => setTimeout(done, 20));
    b.close();
    a.postMessage({ n: 2 });
    await new Promise((done) => setTimeout(done, 20));
    let closed = null;
    try {
      b.postMessage("x");
    } catch (err) {
      closed = err.name;
    }
    return { heard, closed, name: a.name, replaced: globalThis.BroadcastChannel.name, layerLoaded: Boolean(layer) };
  },
  // Storage that works: nothing replaced, values kept.
  async working() {
    setGlobal("localStorage", new MemoryStorage());
    const { default: real } = await import(memoryIDB); // stands for a browser's own IndexedDB
    setGlobal("indexedDB", real);
    const layer = await import(layerURL);
    const items = await useItems(layer);
    const idb = await layer.indexedDBReady;
    return { items, idb, untouched: globalThis.indexedDB === real };
  },
  // A full disk (or a private window's tiny quota): writes fail, reads of what was written work.
  async quota() {
    setGlobal("localStorage", new MemoryStorage(denied("QuotaExceededError", "The quota has been exceeded.")));
    setGlobal("indexedDB", undefined);
    const layer = await import(layerURL);
    const items = await useItems(layer);
    return { items, idb: await layer.indexedDBReady };
  },
  // indexedDB.open itself throws (an old private mode).
  async openThrows() {
    setGlobal("localStorage", new MemoryStorage());
    setGlobal("indexedDB", {
      open() {
        throw denied("InvalidStateError", "A mutation operation was attempted on a database that did not allow mutations.");
      },
    });
    const layer = await import(layerURL);
    return { idb: await layer.indexedDBReady, roundTrip: await roundTrip() };
  },
  // An IndexedDB that never answers: after the probe's wait, memory.
  async openHangs() {
    setGlobal("localStorage", new MemoryStorage());
    setGlobal("indexedDB", { open: () => ({}) });
    const layer = await import(layerURL);
    const started = Date.now();
    const idb = await layer.indexedDBReady;
    return { idb, waited: Date.now() - started, roundTrip: await roundTrip() };
  },
};

try {
  const measured = await cases[name]();
  const { status } = await import(layerURL);
  writeSync(1, `${JSON.stringify({ ...measured, status: status(), events })}\n`);
  process.exit(0);
} catch (err) {
  writeSync(2, `${err?.stack ?? err}\n`);
  process.exit(1);
}
