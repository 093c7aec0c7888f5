// Circolo's storage layer: the one place where the pages touch localStorage, IndexedDB and the
// service worker (the Cache API is used only inside the service worker, static/sw.js, which exists
// only where the browser lets the site keep one).
//
// Storage may be missing. A page framed by another site (a club's page) gets none at all in
// Chromium by default (third-party storage blocked: localStorage throws SecurityError, IndexedDB
// fails to open, the service worker is refused), partitioned storage in Firefox and WebKit; a
// private window or a full disk gives quota errors. This module detects each case once and falls
// back to memory, so nothing above it ever sees the error:
//
// - localStorage: getItem / setItem / removeItem. When storage is unavailable (the getter throws,
//   a write fails, or window.localStorage is null because the browser has it turned off, as
//   WebKit's enable-html5-local-storage=false does) the values live in memory for the page's
//   lifetime; setItem answers whether the value was really kept.
// - IndexedDB: only PyScript uses it: its core opens a store when it is evaluated, and a package
//   cache while it boots Pyodide (even with "packages_cache": "passthrough"); a failed open stops
//   it with "InvalidStateError: The event is already being dispatched". `indexedDBReady` probes a
//   real open and a write; when that fails, an in-memory IndexedDB (npm fake-indexeddb, served
//   from our own origin) becomes `globalThis.indexedDB`. static/app.js imports PyScript's core only
//   once it has settled (static/loader.mjs awaits it too): booting never needs IndexedDB.
// - Service worker: `worker` wraps navigator.serviceWorker; a refused registration resolves to null.
// - BroadcastChannel, which Firefox refuses along with a frame's storage and PyScript's core needs
//   when it is evaluated: a channel within the page takes its place.
//
// `status()` says what is kept: {localStorage, indexedDB, serviceWorker, broadcastChannel} each
// "persistent" (or "ok"), "memory" / "blocked" / "page" when the browser refused it, "absent" when
// the context has none (a worker, Node), "checking" while unknown; `persistent` (progress outlives
// the page) and `offline` (the site can keep its offline copy here); `problems` holds the errors
// seen. Every change is announced as a `circolo:storage` event on globalThis. Pages reach it as
// window.circoloStorage (pyapp/views/common.py does). It touches no DOM: static/loader.mjs imports
// it in workers and under Node too.

const PROBE_DB = "circolo-probe";
const PROBE_KEY = "circolo.probe";
const IDB_PROBE_MS = 3000; // a real IndexedDB that neither opens nor fails by then counts as missing
const MEMORY_IDB_URL = new URL("../vendor/fake-indexeddb/fakeIndexedDB.js", import.meta.url).href;

const isBrowser = typeof globalThis.document !== "undefined" || typeof globalThis.WorkerGlobalScope !== "undefined";
const problems = {};
const memory = new Map(); // values that could not be stored (key -> value; null = removed)
const state = {
  localStorage: "checking",
  indexedDB: "checking",
  serviceWorker: "checking",
  broadcastChannel: "checking",
};

function describe(err) {
  if (!err) return "unknown error";
  return err.name && err.message ? `${err.name}: ${err.message}` : String(err);
}

function announce() {
  if (typeof globalThis.dispatchEvent === "function" && typeof CustomEvent === "function") {
    globalThis.dispatchEvent(new CustomEvent("circolo:storage", { detail: status() }));
  }
}

function refuse(kind, err, fallback) {
  problems[kind] = describe(err);
  state[kind] = fallback;
  announce();
}

// ---- localStorage ------------------------------------------------------------------------------

function openLocal() {
  let store;
  try {
    store = globalThis.localStorage; // the getter itself throws SecurityError in a blocked frame
  } catch (err) {
    refuse("localStorage", err, "memory");
    return null;
  }
  if (!store) {
    if ("localStorage" in globalThis) {
      // A page whose browser has local storage turned off (WebKit's enable-html5-local-storage
      // setting): the property is there but null. Unavailable, like a refused one: memory.
      refuse("localStorage", `window.localStorage is ${store}: local storage is turned off`, "memory");
    } else {
      state.localStorage = "absent"; // a worker or Node: no localStorage by design
    }
    return null;
  }
  try {
    store.setItem(PROBE_KEY, "1");
    store.removeItem(PROBE_KEY);
  } catch (err) {
    refuse("localStorage", err, "memory");
    return null;
  }
  state.localStorage = "persistent";
  return store;
}

const local = openLocal();

/** The stored value of `key`, or null. */
export function getItem(key) {
  if (memory.has(key)) return memory.get(key);
  try {
    return local ? local.getItem(key) : null;
  } catch {
    return null;
  }
}

/** Store `value` under `key`; true when it is kept beyond this page, false when only in memory. */
export function setItem(key, value) {
  const text = String(value);
  if (local) {
    try {
      local.setItem(key, text);
      memory.delete(key);
      return true;
    } catch (err) {
      if (state.localStorage === "persistent") refuse("localStorage", err, "memory"); // quota
    }
  }
  memory.set(key, text);
  return false;
}

/** Forget `key` (no error when it is absent or storage is unavailable). */
export function removeItem(key) {
  if (local) {
    try {
      local.removeItem(key);
      memory.delete(key);
      return;
    } catch {
      /* fall through: hide it in memory */
    }
  }
  memory.set(key, null);
}

// ---- IndexedDB ---------------------------------------------------------------------------------

// Resolves to null when a real database opens and takes a write, else to the reason it does not.
function probeIndexedDB() {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`no answer from IndexedDB in ${IDB_PROBE_MS} ms`), IDB_PROBE_MS);
    const done = (problem) => {
      clearTimeout(timer);
      resolve(problem);
    };
    let request;
    try {
      request = globalThis.indexedDB.open(PROBE_DB, 1);
    } catch (err) {
      done(describe(err));
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore("probe");
    request.onerror = (event) => {
      event.preventDefault();
      done(describe(request.error));
    };
    request.onsuccess = () => {
      const db = request.result;
      try {
        const tx = db.transaction("probe", "readwrite");
        tx.objectStore("probe").put(Date.now(), "probe");
        tx.oncomplete = () => {
          db.close();
          done(null);
        };
        tx.onabort = () => {
          db.close();
          done(describe(tx.error ?? "transaction aborted"));
        };
      } catch (err) {
        db.close();
        done(describe(err));
      }
    };
  });
}

async function guardIndexedDB() {
  if (!isBrowser) {
    state.indexedDB = "absent";
    return state.indexedDB;
  }
  const problem = typeof globalThis.indexedDB === "undefined" ? "no IndexedDB" : await probeIndexedDB();
  if (!problem) {
    state.indexedDB = "persistent";
    return state.indexedDB;
  }
  try {
    const { default: memoryDB } = await import(MEMORY_IDB_URL);
    Object.defineProperty(globalThis, "indexedDB", { value: memoryDB, configurable: true, writable: true });
    refuse("indexedDB", problem, "memory");
  } catch (err) {
    refuse("indexedDB", `${problem}; no in-memory IndexedDB either (${describe(err)})`, "blocked");
  }
  return state.indexedDB;
}

/** Settles once `globalThis.indexedDB` can be used: "persistent", "memory", "absent" (or "blocked"). */
export const indexedDBReady = guardIndexedDB();

// ---- service worker ----------------------------------------------------------------------------

function container() {
  try {
    return globalThis.navigator?.serviceWorker ?? null;
  } catch {
    return null;
  }
}

const workers = container();
if (!workers) state.serviceWorker = "absent";

/** The page's service worker, or nulls and no-ops where the browser gives it none. */
export const worker = {
  /** Whether this browser has service workers at all. */
  supported: Boolean(workers),
  /** The worker controlling the page now, or null. */
  controller() {
    try {
      return workers?.controller ?? null;
    } catch {
      return null;
    }
  },
  /** Register `url`; the registration, or null when the browser refuses it here. */
  async register(url, options) {
    if (!workers) return null;
    if (problems.localStorage?.startsWith("SecurityError")) {
      // The browser refuses this page all storage, so a worker too: not even asked (Firefox would
      // log the refusal as an error on the page's console).
      refuse("serviceWorker", `storage refused (${problems.localStorage})`, "blocked");
      return null;
    }
    try {
      const registration = await workers.register(url, options);
      state.serviceWorker = "ok";
      announce();
      return registration;
    } catch (err) {
      refuse("serviceWorker", err, "blocked");
      return null;
    }
  },
  /** The active registration once there is one (never settles where none can be). */
  ready() {
    return workers && state.serviceWorker !== "blocked" ? workers.ready : new Promise(() => {});
  },
  /** `navigator.serviceWorker.addEventListener`, a no-op without service workers. */
  on(type, listener, options) {
    workers?.addEventListener(type, listener, options);
  },
};

// ---- BroadcastChannel --------------------------------------------------------------------------

// Firefox refuses BroadcastChannel (SecurityError) wherever it refuses a frame's storage, and
// PyScript's core constructs one as soon as it is evaluated (to reach workers without
// SharedArrayBuffer; our pages start no worker). In its place: a channel between the objects of
// this page only, which is all a page without workers can use.
class PageChannel extends EventTarget {
  static #open = new Map(); // name -> Set of open channels

  #name;
  #closed = false;
  onmessage = null;
  onmessageerror = null;

  constructor(name) {
    super();
    this.#name = String(name);
    if (!PageChannel.#open.has(this.#name)) PageChannel.#open.set(this.#name, new Set());
    PageChannel.#open.get(this.#name).add(this);
  }

  get name() {
    return this.#name;
  }

  postMessage(data) {
    if (this.#closed) throw new DOMException("the channel is closed", "InvalidStateError");
    const copy = structuredClone(data);
    for (const other of PageChannel.#open.get(this.#name)) {
      if (other !== this) setTimeout(() => other.#deliver(copy), 0);
    }
  }

  #deliver(data) {
    if (this.#closed) return;
    const event = new MessageEvent("message", { data });
    this.onmessage?.call(this, event);
    this.dispatchEvent(event);
  }

  close() {
    this.#closed = true;
    PageChannel.#open.get(this.#name)?.delete(this);
  }
}

function guardBroadcastChannel() {
  if (!isBrowser) {
    state.broadcastChannel = "absent";
    return;
  }
  let problem = "no BroadcastChannel";
  if (typeof globalThis.BroadcastChannel === "function") {
    try {
      new globalThis.BroadcastChannel("circolo-probe").close();
      state.broadcastChannel = "ok";
      return;
    } catch (err) {
      problem = err;
    }
  }
  Object.defineProperty(globalThis, "BroadcastChannel", { value: PageChannel, configurable: true, writable: true });
  refuse("broadcastChannel", problem, "page");
}

guardBroadcastChannel();

// ---- status ------------------------------------------------------------------------------------

/** What is kept here (see the top of this file). */
export function status() {
  return {
    ...state,
    persistent: state.localStorage === "persistent",
    offline: state.serviceWorker === "ok",
    problems: { ...problems },
  };
}

if (typeof globalThis.window !== "undefined") {
  globalThis.circoloStorage = { getItem, setItem, removeItem, status, indexedDBReady, worker };
}
