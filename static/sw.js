// Circolo service worker: every file of the build downloaded once, served cache-first, offline.
//
// build.py fills in PRECACHE ([url, content hash] for every file of dist/) and VERSION (a hash
// of that list), so any change to any file makes a new cache.
//
// First visit: the page registers this worker as soon as it starts; the worker installs with an
// empty cache and takes control at once (skipWaiting + clients.claim). The page holds back its
// large downloads (Pyodide, the snapshot) until then, so they pass through `fetch` below, which
// stores each response of a listed file as it goes by (after checking its content hash). Once the
// app is interactive the page sends COMPLETE: the worker fetches only the files still missing
// (the few the page loaded before the worker took over come from the HTTP cache; pages and cards
// not visited yet from the network) and answers with a summary. Nothing is downloaded twice.
//
// Update: a new version installs in the background, copies unchanged files from the previous
// cache (same hash), downloads only what changed, and waits until the page asks it to take over
// ("update available" banner -> SKIP_WAITING). Activation deletes the caches of older versions.
const PRECACHE = /*PRECACHE*/[];
const VERSION = /*VERSION*/"dev";
const PREFIX = "circolo-";
const CACHE = `${PREFIX}${VERSION}`;
const INDEX_KEY = "./__precache_index__.json";

const scoped = (url) => new URL(url, self.registration.scope).href;
const WANTED = new Map(PRECACHE.map(([url, hash]) => [scoped(url), hash]));

async function sha256Prefix(buffer, length) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, length);
}

// Store `response` (a fresh network response) under `href` if its body is the listed content.
async function store(cache, href, response) {
  const hash = WANTED.get(href);
  if (!hash || !response.ok || response.type !== "basic") return false;
  const body = await response.arrayBuffer();
  if ((await sha256Prefix(body, hash.length)) !== hash) return false; // the site changed meanwhile
  const headers = new Headers(response.headers);
  await cache.put(href, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  return true;
}

// Files of an older cache whose content hash is unchanged: href -> Response.
async function previousCopies() {
  const reuse = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    const index = await old.match(scoped(INDEX_KEY));
    if (!index) continue;
    for (const [url, hash] of await index.json()) {
      const href = scoped(url);
      if (WANTED.get(href) === hash && !reuse.has(href)) {
        const response = await old.match(href);
        if (response) reuse.set(href, response);
      }
    }
  }
  return reuse;
}

// Fetch every listed file the cache lacks; `cache: "default"` lets the HTTP cache answer (a
// revalidation, no body) for files the page loaded before this worker controlled it. `seen` are
// URLs the page itself loaded as they were written (the page's own address, with its ?query):
// asked for under that exact address, the HTTP cache has them.
let completing = null;
function complete(seen = []) {
  const alias = new Map();
  for (const url of seen) {
    try {
      const parsed = new URL(url, self.registration.scope);
      parsed.hash = "";
      const plain = new URL(parsed);
      plain.search = "";
      if (parsed.origin === self.location.origin && WANTED.has(plain.href)) alias.set(plain.href, parsed.href);
    } catch {
      /* not a URL: ignored */
    }
  }
  completing ??= (async () => {
    const cache = await caches.open(CACHE);
    const have = new Set((await cache.keys()).map((request) => request.url));
    const missing = [...WANTED.keys()].filter((href) => !have.has(href));
    let stored = 0;
    const failed = [];
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const href = missing[next++];
        try {
          // A stale HTTP-cache copy fails the hash check: ask the server again, once.
          const ok =
            (await store(cache, href, await fetch(alias.get(href) ?? href, { cache: "default" }))) ||
            (await store(cache, href, await fetch(href, { cache: "no-cache" })));
          if (ok) stored += 1;
          else failed.push(href);
        } catch {
          failed.push(href);
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return { total: WANTED.size, missing: missing.length, stored, failed };
  })().finally(() => {
    completing = null;
  });
  return completing;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const firstInstall = !self.registration.active;
      const cache = await caches.open(CACHE);
      for (const [href, response] of await previousCopies()) await cache.put(href, response);
      await cache.put(
        scoped(INDEX_KEY),
        new Response(JSON.stringify(PRECACHE), { headers: { "Content-Type": "application/json" } }),
      );
      if (firstInstall) {
        await self.skipWaiting(); // the page fills the cache through us during its first boot
      } else {
        const summary = await complete(); // an update is complete before it can take over
        if (summary.failed.length) throw new Error(`precache incomplete: ${summary.failed.length} files`);
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
  if (event.data?.type === "COMPLETE") {
    const port = event.ports[0];
    event.waitUntil(
      complete(event.data.seen).then(
        (summary) => port?.postMessage({ ok: summary.failed.length === 0, ...summary }),
        (err) => port?.postMessage({ ok: false, error: String(err) }),
      ),
    );
  }
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      const url = new URL(request.url);
      url.search = "";
      url.hash = "";
      const href = url.href;
      if (request.mode === "navigate") {
        try {
          const response = await fetch(request);
          if (WANTED.has(href)) event.waitUntil(store(cache, href, response.clone()).catch(() => false));
          return response;
        } catch (err) {
          const home = await cache.match(scoped("./"));
          if (home) return home;
          throw err;
        }
      }
      const response = await fetch(request);
      // A listed file seen for the first time: keep a copy, so that it is never fetched again.
      if (WANTED.has(href) && !request.headers.has("range")) {
        event.waitUntil(store(cache, href, response.clone()).catch(() => false));
      }
      return response;
    })(),
  );
});
