// The built site's engine in Node's Pyodide, for the tests (tools/suite.py, NodeEngine): the
// site's own runtime (its pyodide/ folder) with the site's own wheels unpacked, as the page's
// worker unpacks them (site/worker.js), answering bridge requests. Argument: the built site's
// folder. Reads one request (JSON text) a line on stdin, writes the bridge's answer (JSON text)
// a line on stdout; first, once the engine answers, "ready" and the Python that runs it
// (its platform and cache tag: "emscripten cpython-313"). Pyodide is the same WebAssembly in
// Node as in a browser: its Python, its C library and so its floats are the page's.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const site = process.argv[2];
const info = readFileSync(`${site}/build-info.js`, "utf8");
const BUILD = JSON.parse(info.slice(info.indexOf("= ") + 2).trim().replace(/;$/, ""));
const { loadPyodide } = await import(pathToFileURL(`${site}/pyodide/pyodide.mjs`).href);
// The standard library the page's worker loads (the build's trimmed one: tools/stdlib.py).
const pyodide = await loadPyodide({ indexURL: `${site}/pyodide/`, stdLibURL: `${site}/pyodide/python_stdlib.engine.zip`,
  stdout: () => {}, stderr: (line) => console.error(line) });
for (const wheel of [BUILD.engineWheel, ...BUILD.libraryWheels]) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(`${site}/${wheel}`)), "wheel");
}
const bridge = pyodide.pyimport("py_engines.bridge");
if (!JSON.parse(bridge.handle('{"op": "games"}')).ok) throw new Error("the engine does not answer");
const python = pyodide.runPython("import sys; sys.platform + ' ' + sys.implementation.cache_tag");
process.stdout.write(`ready ${python}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim()) process.stdout.write(bridge.handle(line).replace(/\n/g, " ") + "\n");
}
