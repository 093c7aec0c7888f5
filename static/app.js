// Circolo page shell: language switch, start-up progress bar, error panel, service worker.
//
// Runs before PyScript (it is the first module script of every page, and it starts PyScript), so
// the loader and the language switch work while Python is still downloading. Texts come from the
// catalogs exported by build.py (./i18n/<lang>.json); the HTML holds their keys in data-i18n /
// data-i18n-attr.
// Python views reach this through window.circolo (see pyapp/views/common.py). Storage and the
// service worker are reached only through static/storage.mjs, which falls back to memory where the
// browser gives the page none (a frame on another site).
import * as snapshotDownload from "./inflate.mjs";
import * as storage from "./storage.mjs";

performance.mark("circolo:app"); // for bench/startup.py --profile (docs/startup.md)

const LANG_KEY = "circolo.lang";
const LANGS = ["it", "en"];
const root = document.documentElement;
const catalogs = new Map();
const progressLog = [];

function storedLang() {
  const value = storage.getItem(LANG_KEY);
  return LANGS.includes(value) ? value : "it";
}

let lang = storedLang();

async function catalog(code) {
  if (!catalogs.has(code)) {
    catalogs.set(
      code,
      fetch(`./i18n/${code}.json`).then((r) => {
        if (!r.ok) throw new Error(`i18n/${code}.json: HTTP ${r.status}`);
        return r.json();
      }),
    );
  }
  return catalogs.get(code);
}

function format(template, params = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The text of `key` in the current language if its catalog is loaded, else `fallback`.
let table = null;
function t(key, params, fallback) {
  const template = table?.[key];
  if (template === undefined) return fallback ?? key;
  return format(template, params);
}

function translate(scope = document) {
  if (!table) return;
  for (const el of scope.querySelectorAll("[data-i18n]")) {
    const key = el.dataset.i18n;
    if (key in table) el.textContent = format(table[key], el.dataset.i18nParams ? JSON.parse(el.dataset.i18nParams) : {});
  }
  for (const el of scope.querySelectorAll("[data-i18n-attr]")) {
    for (const part of el.dataset.i18nAttr.split(";")) {
      const [name, key] = part.split("=").map((s) => s.trim());
      if (name && key in table) el.setAttribute(name, table[key]);
    }
  }
}

function syncSwitch() {
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
  root.lang = lang;
}

async function setLang(code, { remember = true } = {}) {
  if (!LANGS.includes(code)) return;
  lang = code;
  if (remember) storage.setItem(LANG_KEY, code); // without storage: for this page only
  syncSwitch();
  try {
    table = await catalog(code);
  } catch (err) {
    showError(String(err));
    return;
  }
  if (code !== lang) return; // a later switch won the race
  translate();
  document.dispatchEvent(new CustomEvent("circolo:lang", { detail: { lang: code } }));
}

// ---- error panel ------------------------------------------------------------------------------
const shownErrors = new Set();

function showError(text) {
  const message = String(text ?? "").trim() || "Error";
  if (shownErrors.has(message)) return;
  shownErrors.add(message);
  const panel = document.getElementById("error-panel");
  const pre = document.getElementById("error-text");
  if (!panel || !pre) {
    console.error(message);
    return;
  }
  pre.textContent = pre.textContent ? `${pre.textContent}\n\n${message}` : message;
  panel.hidden = false;
  root.dataset.appError = "true";
  finishLoader("error");
}

// "ResizeObserver loop completed with undelivered notifications." (Chromium, WebKit) is a notice
// the browser reports as an error event: the notifications arrive with the next frame.
const NOT_AN_ERROR = /^ResizeObserver loop /;
addEventListener("error", (event) => {
  if (event instanceof ErrorEvent && event.message && !NOT_AN_ERROR.test(event.message)) {
    showError(event.error?.stack || event.message);
  }
});
addEventListener("unhandledrejection", (event) => showError(event.reason?.stack || String(event.reason)));

// PyScript's own error banners (class py-error, added to <body>) move into our readable panel.
function adoptPyErrors(nodes) {
  for (const node of nodes) {
    if (node.nodeType === 1 && node.classList.contains("py-error")) {
      showError(node.textContent);
      node.remove();
    }
  }
}

// ---- progress bar -----------------------------------------------------------------------------
// PyScript/Pyodide report their steps with `py:progress` events; each known step moves the bar
// to a fixed place and a slow creep fills the long download in between.
const STEPS = [
  [/^Loading Pyodide/, 10, "ui.progress.runtime"],
  [/^Loading snapshot/, 30, "ui.progress.runtime"],
  [/^Loaded snapshot/, 60, "ui.progress.interpreter"],
  [/Packages Graph|remote packages|Storage/, 16, "ui.progress.packages"],
  [/^Loading interpreter/, 22, "ui.progress.runtime"],
  [/^Loaded interpreter/, 72, "ui.progress.interpreter"],
  [/^Loading files|^Loaded files|^Loading fetch|^Loaded fetch/, 76, "ui.progress.interpreter"],
  [/^Loaded Pyodide/, 82, "ui.progress.engine"],
];
let progress = 3;
let ceiling = 8;
let creep = null;

// A step of the boot moves the bar and its aria-valuenow; a creep `tick` only moves the bar (a
// screen reader is told of steps, not of the glide between them).
function setProgress(value, key, { tick = false } = {}) {
  const loader = document.getElementById("loader");
  if (!loader || loader.dataset.state !== "loading") return;
  progress = Math.max(progress, Math.min(100, value));
  loader.style.setProperty("--progress", `${progress}%`);
  if (!tick) loader.setAttribute("aria-valuenow", String(Math.round(progress)));
  if (key) {
    const text = document.getElementById("loader-text");
    if (text && text.dataset.i18n !== key) {
      text.dataset.i18n = key;
      text.textContent = t(key, {}, text.textContent);
    }
  }
}

function onProgress(detail) {
  progressLog.push(String(detail));
  for (const [pattern, value, key] of STEPS) {
    if (pattern.test(detail)) {
      setProgress(value, key);
      ceiling = value === 22 ? 68 : Math.min(96, value + 8);
      return;
    }
  }
  setProgress(progress + 1);
}

function finishLoader(state) {
  const loader = document.getElementById("loader");
  if (creep) clearInterval(creep);
  creep = null;
  if (!loader || loader.dataset.state !== "loading") return;
  if (state === "done") {
    setProgress(100, "ui.progress.done");
  }
  loader.dataset.state = state;
  setTimeout(() => {
    loader.hidden = true;
  }, state === "done" ? 450 : 0);
}

addEventListener("py:progress", (event) => onProgress(event.detail));
addEventListener("py:ready", () => {
  progressLog.push("py:ready");
  setProgress(88, "ui.progress.engine");
  ceiling = 97;
});

new MutationObserver(() => {
  if (root.dataset.appReady === "true") {
    window.circolo.readyAt ??= performance.now(); // time to interactive, for bench/startup.py
    finishLoader("done");
    workerControls.then(() => completeOfflineCopy()).catch((err) => console.warn("offline copy:", err));
    document.getElementById("app")?.removeAttribute("aria-busy");
  }
}).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });

// ---- service worker: offline cache and "update available" -------------------------------------
// Registered as soon as the page starts. On a first visit the worker takes control at once and
// the Pyodide loader holds back its downloads until then (at most WORKER_WAIT_MS), so that the
// large files pass through the worker and are cached as they arrive: nothing is downloaded twice.
// Once the app is interactive the worker is asked to fetch what it still lacks (COMPLETE); then
// the site works offline: <html data-offline="ready">. Where the browser refuses a worker (a frame
// on another site in Chromium), the page simply works online: <html data-offline="unavailable">.
//
// "Update available" is offered only for a worker that replaces another: one that installs while
// the page was controlled when it loaded, or while another worker is active. Firefox fires
// controllerchange before updatefound and the "installed" state change on a first visit, so the
// controller seen at that moment says nothing; whether there was one when the page loaded does.
const WORKER_WAIT_MS = 3000;
const controlledAtLoad = Boolean(storage.worker.controller());
// The memory snapshot is the largest download of the boot: its worker starts now, before the
// loader module (and its imports) has even been fetched (static/inflate.mjs, startEarly).
snapshotDownload.startEarly(!controlledAtLoad);
let reloading = false;

function offerUpdate(worker) {
  const banner = document.getElementById("update-banner");
  if (!banner) return;
  banner.hidden = false;
  banner.querySelector("[data-action=update]")?.addEventListener("click", () => {
    reloading = true;
    worker.postMessage({ type: "SKIP_WAITING" });
  });
}

async function registerWorker() {
  storage.worker.on("controllerchange", () => {
    if (reloading) location.reload();
  });
  const registration = await storage.worker.register("./sw.js");
  if (!registration) {
    root.dataset.offline = "unavailable";
    return false;
  }
  if (registration.waiting && controlledAtLoad) offerUpdate(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    const replaces = controlledAtLoad || (registration.active && registration.active !== worker);
    if (!worker || !replaces) return; // a first visit: the site being installed, not an update
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offerUpdate(worker);
    });
  });
  return true;
}

// Resolves (true) once a service worker controls this page, or (false) when none will soon.
function startWorker() {
  if (!storage.worker.supported) {
    root.dataset.offline = "unavailable";
    return Promise.resolve(false);
  }
  if (controlledAtLoad) {
    registerWorker(); // already offline-capable: this checks for an update
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), WORKER_WAIT_MS);
    storage.worker.on(
      "controllerchange",
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
    registerWorker().then((ok) => {
      if (!ok) {
        clearTimeout(timer);
        resolve(false);
      }
    });
  });
}

// The loader (static/loader.mjs) once imported: on a first visit its worker keeps the snapshot.
let loaderModule = null;

async function completeOfflineCopy() {
  if (!storage.worker.supported) return;
  // The snapshot's inflated copy is being kept by the loader's worker: wait (5 s at most), so that
  // the service worker does not download and inflate it a second time.
  if (loaderModule) await Promise.race([loaderModule.snapshotKept(), new Promise((r) => setTimeout(r, 5000))]);
  const registration = await storage.worker.ready();
  const worker = registration.active;
  if (!worker) return;
  const summary = await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage({ type: "COMPLETE", seen: [location.href] }, [channel.port2]);
  });
  window.circolo.offline = summary;
  root.dataset.offline = summary?.ok ? "ready" : "partial";
  document.dispatchEvent(new CustomEvent("circolo:offline", { detail: summary }));
}

const workerControls = startWorker();
workerControls.then(() => snapshotDownload.openGate());

// ---- Pyodide loader ---------------------------------------------------------------------------
// PyScript imports the same module later (pyscript.json names it as its interpreter); importing
// it now starts the boot from the snapshot (downloads, wasm compilation, restore) while PyScript
// itself is still loading: PyScript's loadPyodide call then receives that interpreter.
addEventListener("circolo:boot", (event) => {
  window.circolo.boot = event.detail;
  root.dataset.boot = event.detail.path;
});
import("./loader.mjs")
  .then((loader) => {
    loaderModule = loader;
    loader.waitBeforeFetching(workerControls, { first: !controlledAtLoad });
    loader.startEarly();
  })
  .catch((err) => console.warn("Pyodide loader not preloaded:", err));

// ---- PyScript ----------------------------------------------------------------------------------
// PyScript's core opens an IndexedDB store as soon as it is evaluated (and another while it boots
// Pyodide). It starts once the storage layer has put an in-memory IndexedDB in its place where the
// browser refuses a real one (a frame on another site); partials/head.html preloads it meanwhile.
storage.indexedDBReady
  .then(() => {
    performance.mark("circolo:storage");
    return import("../pyscript/core.js");
  })
  .then(() => performance.mark("circolo:core"))
  .catch((err) => showError(err?.stack || String(err)));

// ---- table skeleton -----------------------------------------------------------------------------
// A table page's skeleton (static/partials/skeleton-<game>.html) gets the board height the live
// table will have: the view's fit() (pyapp/views/table.py) sets the same --board-top on #app.
function fitSkeleton() {
  const board = document.querySelector("[data-skeleton] .board");
  const app = document.getElementById("app");
  if (!board || !app) return;
  app.style.setProperty("--board-top", `${Math.round(board.getBoundingClientRect().top + scrollY)}px`);
}

// ---- start --------------------------------------------------------------------------------------
function start() {
  fitSkeleton();
  addEventListener("resize", fitSkeleton);
  syncSwitch();
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => setLang(button.dataset.lang));
  }
  document.addEventListener("click", (event) => {
    const action = event.target.closest?.("[data-action]")?.dataset.action;
    if (action === "reload") location.reload();
    if (action === "dismiss-error") document.getElementById("error-panel").hidden = true;
  });
  adoptPyErrors(document.body.children);
  new MutationObserver((records) => {
    for (const record of records) adoptPyErrors(record.addedNodes);
  }).observe(document.body, { childList: true });
  setProgress(5);
  // Once a second (a 1 s transition in app.css makes it one smooth glide): every tick restyles
  // the bar on the main thread, which is restoring Pyodide meanwhile.
  creep = setInterval(() => setProgress(progress + (ceiling - progress) * 0.15, null, { tick: true }), 1000);
  setLang(lang, { remember: false });
}

window.circolo = {
  setLang,
  getLang: () => lang,
  t,
  translate,
  showError,
  progressLog,
  LANG_KEY,
  storage: storage.status, // what the browser lets the page keep (static/storage.mjs)
  readyAt: null, // ms from navigation start to interactive
  boot: null, // how Pyodide started: {path: "snapshot" | "plain", reason, ms}
  offline: null, // the service worker's summary once the offline copy is complete
};

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
