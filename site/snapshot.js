// The engine's memory snapshot, for the worker (worker.js). Booting Python and
// importing the engine is most of a return visit's wait; Pyodide can instead
// restore a copy of its memory taken once both were done (loadPyodide's
// _makeSnapshot and _loadSnapshot options; Pyodide checks that a snapshot
// belongs to its own build). The first visit of a build boots normally and,
// once the engine has been idle a moment, keeps such a copy (31 MB, stored
// gzipped: about 6 MB) in the build's own cache, which the service worker drops
// with the build. A snapshot that fails to restore is deleted and the engine
// boots normally.
import { BUILD } from "./build-info.js";

const CACHE = `boardgames-${BUILD.build}`; // the service worker's cache for this build (sw.js)
const KEY = new URL("./engine.snapshot", import.meta.url).href;
const IDLE_MS = 1500; // the engine must have been idle this long before the copy is taken

/** The build's cache, if the service worker made it (never create it: it may have been deleted by a newer build). */
async function buildCache() {
  if (!self.caches || !(await caches.has(CACHE))) return null;
  return caches.open(CACHE);
}

/** Whether a snapshot could be kept: the browser has Cache Storage and gzip streams. */
export function canKeepSnapshot() {
  return Boolean(self.caches && self.CompressionStream && self.DecompressionStream);
}

/** The kept snapshot's bytes, or null. */
export async function readSnapshot() {
  try {
    const hit = await caches.match(KEY, { cacheName: CACHE });
    if (!hit) return null;
    return new Uint8Array(await new Response(hit.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  } catch {
    return null;
  }
}

export async function dropSnapshot() {
  try {
    await (await buildCache())?.delete(KEY);
  } catch {
    // nothing kept, nothing to drop
  }
}

let idleTimer = null;
let pending = null;

/**
 * Keep a snapshot of `pyodide` (loaded with _makeSnapshot) once the engine has
 * been idle for a moment; call engineBusy() on every request meanwhile.
 */
export function keepSnapshotWhenIdle(pyodide) {
  pending = pyodide;
  engineBusy();
}

/** A request came in: the snapshot waits until the engine is idle again. */
export function engineBusy() {
  if (!pending) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(keep, IDLE_MS);
}

async function keep() {
  const pyodide = pending;
  pending = null;
  try {
    let cache = await buildCache();
    // On a first visit the service worker may still be storing the offline copy: wait for it a while.
    for (let tries = 0; !cache && tries < 30; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      cache = await buildCache();
    }
    if (!cache) return;
    const bytes = pyodide.makeMemorySnapshot();
    const zipped = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
    await cache.put(KEY, new Response(zipped, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    // No snapshot this time (storage full, or a state Pyodide cannot copy): the next visit boots normally.
  }
}
