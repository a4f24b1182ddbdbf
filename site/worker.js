// The engine's thread: boots Pyodide, installs the engine wheel, then answers
// requests by handing their JSON text to py_engines.bridge.handle.
//
// Messages in:  {id, request}          request: JSON text for the bridge
// Messages out: {type: "progress", fraction, label}
//               {type: "ready", seconds}
//               {type: "failed", message}
//               {type: "response", id, response}   response: JSON text from the bridge
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { BUILD } from "./build-info.js";

const here = (path) => new URL(path, import.meta.url).href;
// "?install=micropip" installs the wheel through micropip, as a benchmark's comparison;
// the default unpacks it directly, which is quicker and needs nothing more for a wheel
// without dependencies.
const installWith = new URL(import.meta.url).searchParams.get("install") || "unpack";

const progress = (fraction, label) => postMessage({ type: "progress", fraction, label });

async function boot() {
  const started = performance.now();
  progress(0.05, "Loading the Python runtime");
  const wheel = installWith === "unpack" ? fetch(here(BUILD.engineWheel)).then(checked) : null;
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/") });
  progress(0.85, "Loading the game rules");
  if (wheel) {
    pyodide.unpackArchive(await (await wheel).arrayBuffer(), "wheel");
  } else {
    // micropip as pinned by build.py (the lock file names another build of it, so unpack ours).
    pyodide.unpackArchive(await (await fetch(here(BUILD.micropipWheel)).then(checked)).arrayBuffer(), "wheel");
    await pyodide.pyimport("micropip").install(here(BUILD.engineWheel));
  }
  const bridge = pyodide.pyimport("py_engines.bridge");
  progress(1, "Ready");
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000 });
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
    response = JSON.stringify({ ok: false, error: { code: "engine_unavailable", message: String(error && error.message || error) } });
  }
  postMessage({ type: "response", id, response });
};
