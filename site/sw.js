// The service worker: precaches the whole build (the Python runtime included) in
// a cache named for the build, answers from it first, and drops older builds' caches.
// build.py fills in the build name and the file list.
//
// The browser keeps the compiled code of the runtime (its WebAssembly and
// JavaScript) beside the entries of this cache once they have been run from
// it, and the engine keeps its memory snapshot here (snapshot.js). So an entry
// already in this build's cache is never fetched again: that would drop them.
const CACHE = "boardgames-__BUILD__";
const PRECACHE = "__PRECACHE__";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const present = new Set((await cache.keys()).map((request) => request.url));
    // "no-cache": revalidated with the server rather than downloaded again, so a
    // file the page has just loaded (unchanged) comes from the HTTP cache.
    await Promise.all(PRECACHE
      .filter((url) => !present.has(new URL(url, self.location.href).href))
      .map((url) => cache.add(new Request(url, { cache: "no-cache" }))));
    await self.skipWaiting();
  })());
});

// A page that finds this build still waiting asks it again to take over (engine/boot.js).
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") event.waitUntil(self.skipWaiting());
});

/** Delete every other build's cache. */
async function dropOtherBuilds() {
  for (const name of await caches.keys()) {
    if (name.startsWith("boardgames-") && name !== CACHE) await caches.delete(name);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOtherBuilds().then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // An older build's page may have written to its build's cache (the engine's
  // snapshot) just as this build deleted it, and so made it again: at each visit
  // the active worker, with no newer one on its way, drops what is left.
  if (request.mode === "navigate" && !self.registration.installing && !self.registration.waiting) {
    event.waitUntil(dropOtherBuilds());
  }
  // caches.match, not caches.open: an old worker still answering a request must
  // not bring back its build's cache once a newer build has deleted it.
  event.respondWith((async () => {
    const hit = await caches.match(request, { cacheName: CACHE, ignoreSearch: true });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      // Offline, and a page of the site's own was asked for under another name: the app.
      if (request.mode === "navigate") return (await caches.match("./index.html", { cacheName: CACHE })) || Response.error();
      throw error;
    }
  })());
});
