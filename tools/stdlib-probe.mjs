// Which of Python's standard library the product needs (tools/stdlib.py): the built site's
// runtime in Node, booted with the standard library given as the second argument (the stock
// one, to find the modules; the trimmed one, to check that nothing is missing), the site's
// wheels unpacked as the page's worker does. Then every module of the engine and of its
// signing library imported, and the requests of the file given as the third argument (one
// JSON request a line) answered by the bridge. Writes one JSON object: the modules loaded
// ("modules", sorted) and the answers that were failures of the engine itself ("failures").
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [site, stdlib, requests] = process.argv.slice(2);
const info = readFileSync(`${site}/build-info.js`, "utf8");
const BUILD = JSON.parse(info.slice(info.indexOf("= ") + 2).trim().replace(/;$/, ""));
const { loadPyodide } = await import(pathToFileURL(`${site}/pyodide/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${site}/pyodide/`, stdLibURL: stdlib, stdout: () => {},
  stderr: (line) => console.error(line) });
for (const wheel of [BUILD.engineWheel, ...BUILD.libraryWheels]) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(`${site}/${wheel}`)), "wheel");
}
pyodide.globals.set("requests_text", readFileSync(requests, "utf8"));
const found = pyodide.runPython(`
import importlib, json, pkgutil, sys
import ecdsa, py_engines
from py_engines import bridge
for package in (py_engines, ecdsa):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if "test" not in module.name:   # the library's own tests are not shipped to be run
            importlib.import_module(module.name)
failures = []
for line in requests_text.splitlines():
    if line.strip():
        answer = json.loads(bridge.handle(line))
        if not answer["ok"] and answer["error"]["code"] == "internal":
            failures.append([line[:200], answer["error"]["message"][:500]])
json.dumps({"modules": sorted(sys.modules), "failures": failures})
`);
process.stdout.write(found + "\n");
