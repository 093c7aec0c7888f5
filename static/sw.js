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
// Precompressed files: an entry [url, hash, gz] is a large file (Pyodide's wasm, standard library
// and JavaScript, the memory snapshot) that the build also wrote gzipped. Asked for `url`, the
// worker downloads `gz` instead, inflates it with DecompressionStream as it streams to the page,
// and keeps the inflated copy (checked against `hash`, the inflated content's): a first visit
// downloads the small file, a warm start neither downloads nor inflates. A static host needs no
// configuration; without this worker the page fetches the plain file (the snapshot: its .gz).
//
// Pyodide's wasm is the exception to streaming: on a first visit the worker keeps it whole and
// answers from the cache's entry. Chromium files V8's optimised code for a module beside the
// Cache Storage entry the module was compiled from, and only for such a response; streamed, the
// first visit's code went nowhere a later visit reads. Kept first, a player's next visit (even
// in a new browser session) starts from that code. The page compiles the wasm only once the
// snapshot is in, and the wasm's .gz is the smaller download, so the wait costs the boot little.
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
const PACKED = new Map(PRECACHE.filter((entry) => entry[2]).map(([url, , gz]) => [scoped(url), scoped(gz)]));
// Precompressed files answered only once kept whole (serveKept): Pyodide's wasm.
const KEPT_FIRST = /\.wasm$/;
const TYPES = {
  wasm: "application/wasm",
  mjs: "text/javascript",
  js: "text/javascript",
  zip: "application/zip",
  json: "application/json",
  svg: "image/svg+xml",
};

async function sha256Prefix(buffer, length) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, length);
}

// Store `response` (a fresh network response) under `href` if its body is the listed content.
async function store(cache, href, response) {
  if (!WANTED.get(href) || !response.ok || response.type !== "basic") return false;
  return keep(cache, href, await response.arrayBuffer(), new Headers(response.headers));
}

// Store `body` under `href` if it is the listed content of `href`.
async function keep(cache, href, body, headers) {
  const hash = WANTED.get(href);
  if (!hash || (await sha256Prefix(body, hash.length)) !== hash) return false; // the site changed meanwhile
  await cache.put(href, new Response(body, { status: 200, headers }));
  return true;
}

// The inflated content of a precompressed file `href`, streamed as its .gz arrives. A server
// that already decoded the .gz (Content-Encoding: gzip) sends the plain bytes: passed through.
async function fetchInflated(href, init = {}) {
  const response = await fetch(PACKED.get(href), init);
  if (!response.ok || !response.body) throw new Error(`${PACKED.get(href)}: HTTP ${response.status}`);
  const [probe, body] = response.body.tee();
  const reader = probe.getReader();
  const head = await reader.read();
  reader.cancel().catch(() => {});
  const gzipped = !head.done && head.value[0] === 0x1f && head.value[1] === 0x8b;
  const type = TYPES[href.split(".").pop()] ?? "application/octet-stream";
  const headers = new Headers({ "Content-Type": type });
  return new Response(gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body, { headers });
}

// Answer a request for a precompressed file from its .gz, keeping the inflated copy.
async function servePacked(event, cache, href) {
  const response = await fetchInflated(href);
  const [toPage, toCache] = response.body.tee();
  const headers = response.headers;
  event.waitUntil(
    new Response(toCache)
      .arrayBuffer()
      .then((body) => keep(cache, href, body, headers))
      .catch(() => false),
  );
  return new Response(toPage, { headers });
}

// Answer a request for a precompressed file from the cache's entry, once its inflated copy is
// kept (see the header: V8's code cache for the wasm). If the copy is refused (the site changed
// meanwhile), the bytes already downloaded are answered as they are: nothing is fetched twice.
async function serveKept(cache, href) {
  const response = await fetchInflated(href);
  const body = await response.arrayBuffer();
  if (await keep(cache, href, body, response.headers)) {
    const kept = await cache.match(href);
    if (kept) return kept;
  }
  return new Response(body, { headers: response.headers });
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
          let ok;
          if (PACKED.has(href)) {
            const inflate = async (init) => {
              const response = await fetchInflated(href, init);
              return keep(cache, href, await response.arrayBuffer(), response.headers);
            };
            ok = (await inflate({ cache: "default" })) || (await inflate({ cache: "no-cache" }));
          } else {
            ok =
              (await store(cache, href, await fetch(alias.get(href) ?? href, { cache: "default" }))) ||
              (await store(cache, href, await fetch(href, { cache: "no-cache" })));
          }
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
      // Only an address with a query needs `ignoreSearch`: with it, Chromium reads through the
      // cache's entries, which in a new browser session cost 30-80 ms a request (docs/startup.md).
      const hit = await cache.match(request, new URL(request.url).search ? { ignoreSearch: true } : {});
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
      if (PACKED.has(href) && !request.headers.has("range")) {
        try {
          return KEPT_FIRST.test(href) ? await serveKept(cache, href) : await servePacked(event, cache, href);
        } catch {
          return fetch(request); // the plain file from the network (the snapshot has none: 404)
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
