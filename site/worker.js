// The engine's thread: boots Pyodide, installs the engine wheel, then answers
// requests by handing their JSON text to py_engines.bridge.handle. A return
// visit restores the memory snapshot the first visit kept (snapshot.js)
// instead of booting Python and importing the engine again.
//
// Messages in:  {id, request}          request: JSON text for the bridge
//               {type: "think", id, request}  the computer's move, searched in slices (below);
//                                             request: JSON text of {record, level, seed}
//               {type: "stop", id}            that search: play the best move found so far
// Messages out: {type: "progress", fraction, label}
//               {type: "ready", seconds, snapshot}   snapshot: whether the engine was restored from one
//               {type: "failed", message}
//               {type: "response", id, response}   response: JSON text from the bridge, or the
//                                                    worker's own error answer (see the end)
//               {type: "thinking", id, iterations, budget}  a search's progress, after each slice
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { BUILD } from "./build-info.js";
import { jsonDepth } from "./model/records.js";
import { canKeepSnapshot, dropSnapshot, keepSnapshotWhenIdle, readSnapshot, requestEnded, requestStarted } from "./engine/snapshot.js";

const here = (path) => new URL(path, import.meta.url).href;
// "?install=micropip" installs the wheel through micropip, as a benchmark's comparison;
// the default unpacks it directly, which is quicker: the engine's one dependency (python-ecdsa,
// and six for it, build.py's LIBRARY_WHEELS) is unpacked beside it the same way, once the
// engine is ready (only a game by links signs, and the first visit is playable 0.16 MB sooner).
const installWith = new URL(import.meta.url).searchParams.get("install") || "unpack";

// The standard library the engine and the runtime need, not Pyodide's whole (the build trims it: tools/stdlib.py).
const STDLIB = here("./pyodide/python_stdlib.engine.zip");
const progress = (fraction, label) => postMessage({ type: "progress", fraction, label });
let trustSnapshot = true; // false once a runtime failed in this worker: its replacement boots afresh

async function boot() {
  const started = performance.now();
  progress(0.05, "Loading the Python runtime");
  if (installWith !== "unpack") return bootWithMicropip(started);
  const engineWheel = download(BUILD.engineWheel);
  let runtime = null;
  const unpackWheels = async (pyodide) => {
    pyodide.unpackArchive(await engineWheel, "wheel");
    runtime = pyodide;
  };
  const snapshot = trustSnapshot ? await readSnapshot() : null;
  let bridge = null;
  let restored = false;
  if (snapshot) {
    try {
      const pyodide = await loadPyodide({ indexURL: here("./pyodide/"), stdLibURL: STDLIB, _loadSnapshot: snapshot });
      await unpackWheels(pyodide); // the engine's files, for what it imports later
      bridge = pyodide.pyimport("py_engines.bridge");
      if (!JSON.parse(bridge.handle('{"op": "games"}')).ok) throw new Error("the restored engine does not answer");
      restored = true;
    } catch {
      await dropSnapshot();
      bridge = null;
    }
  }
  if (!bridge) {
    const keep = trustSnapshot && canKeepSnapshot();
    const pyodide = await loadPyodide({ indexURL: here("./pyodide/"), stdLibURL: STDLIB, _makeSnapshot: keep });
    progress(0.85, "Loading the game rules");
    await unpackWheels(pyodide);
    bridge = pyodide.pyimport("py_engines.bridge");
    if (keep) keepSnapshotWhenIdle(pyodide);
  }
  progress(1, "Ready");
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, snapshot: restored });
  libraries = unpackLibraries(runtime);
  libraries.catch(() => {}); // said to the request that needs them (answer)
  return bridge;
}

async function bootWithMicropip(started) {
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/") }); // micropip needs the whole standard library
  progress(0.85, "Loading the game rules");
  // micropip as pinned by build.py (the lock file names another build of it, so unpack ours).
  pyodide.unpackArchive(await (await fetch(here(BUILD.micropipWheel)).then(checked)).arrayBuffer(), "wheel");
  await pyodide.pyimport("micropip").install([...BUILD.libraryWheels, BUILD.engineWheel].map(here));
  const bridge = pyodide.pyimport("py_engines.bridge");
  progress(1, "Ready");
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, snapshot: false });
  return bridge;
}

const download = (path) => fetch(here(path)).then(checked).then((response) => response.arrayBuffer());

/** The engine's libraries (the signing library), unpacked once the engine is ready. */
async function unpackLibraries(pyodide) {
  const wheels = await Promise.all(BUILD.libraryWheels.map(download));
  for (const wheel of wheels) pyodide.unpackArchive(wheel, "wheel");
}

function checked(response) {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response;
}

let libraries = null; // the engine's libraries unpacked (unpackLibraries), once it is booted
let ready = boot();
let generation = 0; // the runtime's: bumped when a failed one is replaced
ready.catch((error) => postMessage({ type: "failed", message: String(error && error.message || error) }));

onmessage = async (event) => {
  const { type, id, request } = event.data;
  if (type === "stop") {
    stops.add(id);
    return;
  }
  const refused = refusal(request);
  const work = type === "think" ? think : (bridge) => bridge.handle(request);
  requestStarted();
  try {
    postMessage({ type: "response", id, response: refused || await answer(work, id, request) });
  } finally {
    requestEnded();
  }
};

/** Run `work(bridge)` on the runtime, which it answers with the bridge's JSON text. */
async function answer(work, id, request) {
  const runtime = generation;
  let bridge;
  try {
    bridge = await ready;
  } catch (error) {
    return answerError("engine_unavailable", String(error && error.message || error));
  }
  if (typeof request === "string" && request.includes('"fair_')) { // a game by links' signatures
    try {
      await libraries;
    } catch (error) {
      return answerError("engine_unavailable", `The signing library could not be loaded (${String(error && error.message || error)}).`);
    }
  }
  try {
    return await work(bridge, id, request);
  } catch (error) {
    // bridge.handle never raises: the runtime itself failed (a fatal error leaves
    // Pyodide unusable), so a fresh one is started for the requests that follow,
    // booted afresh: a snapshot it came from is not restored again, and none is kept of it.
    trustSnapshot = false;
    dropSnapshot();
    restart(runtime);
    return answerError("engine_restarted", "The game engine failed on this request and was restarted " +
      `(${String(error && error.message || error).slice(0, 200)}).`);
  }
}

// -- the computer's move, searched in slices -----------------------------------------
// Pyodide runs Python synchronously: while a search runs, no message reaches this
// worker. So a search runs in short slices (its state stays in Python between them,
// py_engines.bridge's search_* ops) and the worker yields between slices: progress
// goes out, and a "stop" from the page ("move now") is seen before the next slice.
const SLICE_SECONDS = 0.1;
const stops = new Set();
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function think(bridge, id, request) {
  const call = (op, payload) => JSON.parse(bridge.handle(JSON.stringify({ ...payload, op })));
  const asked = parse(request);
  if (!asked || typeof asked !== "object" || Array.isArray(asked)) {
    return answerError("bad_request", "a think request must be a JSON object"); // not a failure of the runtime
  }
  let step = call("search_start", asked);
  while (step.ok && !step.result.done && !stops.has(id)) {
    const { iterations, budget, progress } = step.result;
    postMessage({ type: "thinking", id, iterations, budget, progress });
    await nextTask();
    if (stops.has(id)) break;
    step = call("search_step", { search: step.result.search, seconds: SLICE_SECONDS });
  }
  stops.delete(id);
  return step.ok ? bridge.handle(JSON.stringify({ op: "search_stop", search: step.result.search }))
    : JSON.stringify(step);
}

// -- guarding the runtime -----------------------------------------------------------
// Input that could exhaust the runtime's stack or memory is refused here, before
// Python sees it (py_engines.bridge checks the same again): a request longer than
// a record and a few fields, or nested deeper than a request can be, or holding a
// record text nested deeper than a record can be. The numbers are those of
// py_engines/core.py and bridge.py.
const MAX_REQUEST_CHARS = 1_010_000; // bridge.MAX_REQUEST_CHARS
const REQUEST_DEPTH = 3; // bridge.REQUEST_DEPTH
const RECORD_DEPTH = 2; // core.RECORD_DEPTH

function answerError(code, message) {
  return JSON.stringify({ ok: false, error: { code, message } });
}

/** The worker's own answer to a request it will not hand to Python, or null. */
function refusal(request) {
  if (typeof request !== "string") return answerError("bad_request", "a request must be JSON text");
  if (request.length > MAX_REQUEST_CHARS) {
    return answerError("bad_request",
      `the request is too long: ${request.length} characters, at most ${MAX_REQUEST_CHARS}` +
      culprit(request, (text) => text.length));
  }
  if (depthOver(request, REQUEST_DEPTH)) {
    return answerError("bad_request", `the request nests deeper than ${REQUEST_DEPTH}` +
      culprit(request, (text) => (depthOver(text, REQUEST_DEPTH - 1) ? 1 : 0)));
  }
  const record = parse(request)?.record;
  if (typeof record === "string" && depthOver(record, RECORD_DEPTH)) {
    return answerError("bad_record", `bad record: the record nests deeper than ${RECORD_DEPTH}`);
  }
  return null;
}

/** Parsed JSON text, or undefined if it is not JSON (V8's parser does not recurse: safe at any depth). */
function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * " (in the field 'name')": the field of a refused request that weighs most by
 * `weight` (of its JSON text), or "" when the request is far too long to look
 * into or is not an object.
 */
function culprit(request, weight) {
  if (request.length > 20 * MAX_REQUEST_CHARS) return "";
  const parsed = parse(request);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "";
  let worst = null;
  let most = -1;
  for (const [key, value] of Object.entries(parsed)) {
    let size;
    try {
      size = weight(JSON.stringify(value) ?? "");
    } catch {
      size = Infinity; // nested too deep even to be written out
    }
    if (size > most) [worst, most] = [key, size];
  }
  return worst === null ? "" : ` (in the field '${worst.slice(0, 80)}')`;
}

/** Whether the lists and objects of JSON text nest deeper than `limit` (model/records.js counts them). */
const depthOver = (text, limit) => jsonDepth(text, limit) > limit;

/**
 * Replace the runtime of generation `failed` by a fresh one (once, however many
 * requests saw it fail); requests wait for the new one. Its boot reports progress
 * and "ready" again, which the page heeds only the first time; a boot that fails
 * is reported as "failed".
 */
function restart(failed) {
  if (failed !== generation) return;
  generation++;
  ready = boot();
  ready.catch((error) => postMessage({ type: "failed", message: String(error && error.message || error) }));
}
