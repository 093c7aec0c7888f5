// Circolo service worker: precache every file of the build, serve cache-first, work offline.
//
// build.py fills in PRECACHE ([url, content hash] for every file of dist/) and VERSION (a hash
// of that list), so any change to any file makes a new cache. On install the new version copies
// unchanged files from the previous cache (same hash) and downloads only what changed; it then
// waits until the page asks it to take over ("update available" banner -> SKIP_WAITING). The
// first install takes over at once. Activation deletes the caches of older versions.
const PRECACHE = /*PRECACHE*/[];
const VERSION = /*VERSION*/"dev";
const PREFIX = "circolo-";
const CACHE = `${PREFIX}${VERSION}`;
const INDEX_KEY = "./__precache_index__.json";

const scoped = (url) => new URL(url, self.registration.scope).href;

async function previousCopies() {
  // url -> Response of files whose content hash is unchanged in an older cache.
  const reuse = new Map();
  const wanted = new Map(PRECACHE.map(([url, hash]) => [scoped(url), hash]));
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    const index = await old.match(scoped(INDEX_KEY));
    if (!index) continue;
    for (const [url, hash] of await index.json()) {
      const href = scoped(url);
      if (wanted.get(href) === hash && !reuse.has(href)) {
        const response = await old.match(href);
        if (response) reuse.set(href, response);
      }
    }
  }
  return reuse;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const firstInstall = !self.registration.active;
      const cache = await caches.open(CACHE);
      const reuse = await previousCopies();
      const missing = [];
      for (const [url] of PRECACHE) {
        const href = scoped(url);
        const copy = reuse.get(href);
        if (copy) await cache.put(href, copy);
        else missing.push(new Request(href, { cache: "no-cache" }));
      }
      await cache.addAll(missing);
      await cache.put(
        scoped(INDEX_KEY),
        new Response(JSON.stringify(PRECACHE), { headers: { "Content-Type": "application/json" } }),
      );
      if (firstInstall) await self.skipWaiting();
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
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      if (request.mode === "navigate") {
        const home = await cache.match(scoped("./"));
        try {
          return await fetch(request);
        } catch (err) {
          if (home) return home;
          throw err;
        }
      }
      return fetch(request);
    })(),
  );
});
