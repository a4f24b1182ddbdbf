// The engine's memory snapshot, for the worker (worker.js). Booting Python and
// importing the engine is most of a return visit's wait; Pyodide can instead
// restore a copy of its memory taken once both were done (loadPyodide's
// _makeSnapshot and _loadSnapshot options; Pyodide checks that a snapshot
// belongs to its own build). The first visit of a build boots normally and,
// once the engine has been idle a moment, keeps such a copy in the build's own
// cache, which the service worker drops with the build. A snapshot that cannot
// be read or restored is deleted and the engine boots normally.
//
// The copy (31 MB) is about half pages of zeros, which are not stored: the
// entry holds "LBGSNAP1", the copy's length (uint32, little-endian), one byte
// per 4 KiB page (1: stored, 0: zeros), then the stored pages in order. Packing
// and unpacking cost a few milliseconds (gzip would store 6 MB but cost the
// boot a tenth of a second or more, and the engine as long again to pack).
import { BUILD } from "../build-info.js";

const CACHE = `boardgames-${BUILD.build}`; // the service worker's cache for this build (sw.js)
const KEY = new URL("../engine.snapshot", import.meta.url).href;
const IDLE_MS = 1500; // the engine must have been idle this long before the copy is taken
const MAGIC = "LBGSNAP1";
const PAGE = 4096;
const HEAD = MAGIC.length + 4;

/** The build's cache, if the service worker made it (never create it: a newer build may have deleted it). */
async function buildCache() {
  if (!self.caches || !(await caches.has(CACHE))) return null;
  return caches.open(CACHE);
}

/** Whether a snapshot could be kept here. */
export function canKeepSnapshot() {
  return Boolean(self.caches);
}

/** The kept snapshot's bytes, or null. */
export async function readSnapshot() {
  let hit;
  try {
    hit = await caches.match(KEY, { cacheName: CACHE });
    if (!hit) return null;
    return unpack(new Uint8Array(await hit.arrayBuffer()));
  } catch {
    if (hit) await dropSnapshot();
    return null;
  }
}

/** Delete the kept snapshot, and keep none of this engine. */
export async function dropSnapshot() {
  pending = null;
  clearTimeout(idleTimer);
  try {
    await (await buildCache())?.delete(KEY);
  } catch {
    // nothing kept, nothing to drop
  }
}

let idleTimer = null;
let pending = null; // the engine to keep a snapshot of, once idle
let inFlight = 0; // requests being answered (a computer's search spans several tasks)

/**
 * Keep a snapshot of `pyodide` (loaded with _makeSnapshot) once the engine has
 * been idle for a moment. The worker reports each request's start and end.
 */
export function keepSnapshotWhenIdle(pyodide) {
  pending = pyodide;
  if (!inFlight) idleTimer = setTimeout(keep, IDLE_MS);
}

export function requestStarted() {
  inFlight++;
  clearTimeout(idleTimer);
}

export function requestEnded() {
  inFlight--;
  clearTimeout(idleTimer);
  if (pending && !inFlight) idleTimer = setTimeout(keep, IDLE_MS);
}

async function keep() {
  const pyodide = pending;
  try {
    let cache = await buildCache();
    // On a first visit the service worker may still be storing the offline copy: wait for it a while.
    for (let tries = 0; !cache && tries < 30 && pending === pyodide; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      cache = await buildCache();
    }
    if (!cache || pending !== pyodide || inFlight) return; // dropped meanwhile, or busy: requestEnded tries again
    pending = null;
    const packed = pack(pyodide.makeMemorySnapshot());
    await cache.put(KEY, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    // No snapshot this time (storage full, or a state Pyodide cannot copy): the next visit boots normally.
  }
}

function isZero(bytes, words, start, end) {
  const whole = Math.min(end, words.length * 4);
  for (let i = start / 4; i < whole / 4; i++) if (words[i]) return false;
  for (let i = Math.max(start, whole); i < end; i++) if (bytes[i]) return false;
  return true;
}

/** The snapshot without its pages of zeros, as a Blob. */
function pack(bytes) {
  const pages = Math.ceil(bytes.length / PAGE);
  const head = new Uint8Array(HEAD + pages);
  head.set(new TextEncoder().encode(MAGIC));
  new DataView(head.buffer).setUint32(MAGIC.length, bytes.length, true);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteOffset % 4 ? 0 : bytes.length >> 2);
  const parts = [head];
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE;
    const end = Math.min(start + PAGE, bytes.length);
    if (!isZero(bytes, words, start, end)) {
      head[HEAD + page] = 1;
      parts.push(bytes.subarray(start, end));
    }
  }
  return new Blob(parts);
}

/** The snapshot's bytes from what pack() stored; throws if it is not that. */
function unpack(packed) {
  if (new TextDecoder().decode(packed.subarray(0, MAGIC.length)) !== MAGIC) throw new Error("not a kept snapshot");
  const length = new DataView(packed.buffer, packed.byteOffset).getUint32(MAGIC.length, true);
  // Shorter than the memory the runtime starts with: not this runtime's (Pyodide would hang on it).
  if (length < BUILD.runtimeMemory) throw new Error("a kept snapshot shorter than the runtime's memory");
  const pages = Math.ceil(length / PAGE);
  const bytes = new Uint8Array(length);
  let at = HEAD + pages;
  for (let page = 0; page < pages; page++) {
    if (!packed[HEAD + page]) continue;
    const size = Math.min(PAGE, length - page * PAGE);
    bytes.set(packed.subarray(at, at + size), page * PAGE);
    at += size;
  }
  if (at !== packed.length) throw new Error("a kept snapshot of the wrong size");
  return bytes;
}
