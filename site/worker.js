// The engine's thread: boots Pyodide, installs the engine wheel, then answers
// requests by handing their JSON text to py_engines.bridge.handle. A return
// visit restores the memory snapshot the first visit kept (snapshot.js)
// instead of booting Python and importing the engine again.
//
// Messages in:  {id, request}          request: JSON text for the bridge
// Messages out: {type: "progress", fraction, label}
//               {type: "ready", seconds, snapshot}   snapshot: whether the engine was restored from one
//               {type: "failed", message}
//               {type: "response", id, response}   response: JSON text from the bridge
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { BUILD } from "./build-info.js";
import { canKeepSnapshot, dropSnapshot, engineBusy, keepSnapshotWhenIdle, readSnapshot } from "./snapshot.js";

const here = (path) => new URL(path, import.meta.url).href;
// "?install=micropip" installs the wheel through micropip, as a benchmark's comparison;
// the default unpacks it directly, which is quicker and needs nothing more for a wheel
// without dependencies.
const installWith = new URL(import.meta.url).searchParams.get("install") || "unpack";

const progress = (fraction, label) => postMessage({ type: "progress", fraction, label });
let restored = false; // whether this engine came from a snapshot

async function boot() {
  const started = performance.now();
  progress(0.05, "Loading the Python runtime");
  if (installWith !== "unpack") return bootWithMicropip(started);
  const wheel = fetch(here(BUILD.engineWheel)).then(checked).then((response) => response.arrayBuffer());
  const snapshot = await readSnapshot();
  let bridge = null;
  if (snapshot) {
    try {
      const pyodide = await loadPyodide({ indexURL: here("./pyodide/"), _loadSnapshot: snapshot });
      pyodide.unpackArchive(await wheel, "wheel"); // the engine's files, for what it imports later
      bridge = pyodide.pyimport("py_engines.bridge");
      if (!JSON.parse(bridge.handle('{"op": "games"}')).ok) throw new Error("the restored engine does not answer");
      restored = true;
    } catch {
      await dropSnapshot();
      bridge = null;
    }
  }
  if (!bridge) {
    const keep = canKeepSnapshot();
    const pyodide = await loadPyodide({ indexURL: here("./pyodide/"), _makeSnapshot: keep });
    progress(0.85, "Loading the game rules");
    pyodide.unpackArchive(await wheel, "wheel");
    bridge = pyodide.pyimport("py_engines.bridge");
    if (keep) keepSnapshotWhenIdle(pyodide);
  }
  progress(1, "Ready");
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, snapshot: restored });
  return bridge;
}

async function bootWithMicropip(started) {
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/") });
  progress(0.85, "Loading the game rules");
  // micropip as pinned by build.py (the lock file names another build of it, so unpack ours).
  pyodide.unpackArchive(await (await fetch(here(BUILD.micropipWheel)).then(checked)).arrayBuffer(), "wheel");
  await pyodide.pyimport("micropip").install(here(BUILD.engineWheel));
  const bridge = pyodide.pyimport("py_engines.bridge");
  progress(1, "Ready");
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, snapshot: false });
  return bridge;
}

function checked(response) {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response;
}

const ready = boot();
ready.catch((error) => postMessage({ type: "failed", message: String(error && error.message || error) }));

onmessage = async (event) => {
  const { id, request } = event.data;
  let response;
  try {
    response = (await ready).handle(request);
  } catch (error) {
    if (restored) dropSnapshot(); // the bridge never throws: the runtime broke, so do not restore it again
    response = JSON.stringify({ ok: false, error: { code: "engine_unavailable", message: String(error && error.message || error) } });
  }
  engineBusy();
  postMessage({ type: "response", id, response });
};
