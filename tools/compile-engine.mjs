// Run by tools/engine_wheel.py with Node: unpack the engine wheel into the pinned Pyodide and
// compile its modules there (the subpackages' too), so that the bytecode is exactly that
// runtime's Python's (3.13, which this machine's CPython is not). Arguments: the runtime's
// folder, the wheel, a folder for the .pyc files (written where each module's source is, as
// the wheel ships them in its place: py_engines/.../name.pyc). Compiled as -OO would: without
// docstrings (the engine reads none, and asserts none: tests/test_engine_wheel.py), 12% fewer bytes.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
const [runtime, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: runtime + "/", stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const names = pyodide.runPython(`
import compileall, os, py_compile, sys
assert sys.implementation.cache_tag.startswith("cpython-3"), sys.implementation.cache_tag
assert compileall.compile_dir(os.path.abspath("py_engines"), quiet=2, legacy=True, optimize=2,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
sorted(os.path.join(folder, name) for folder, _, files in os.walk("py_engines") for name in files
       if name.endswith(".pyc"))
`).toJs();
for (const name of names) {
  mkdirSync(dirname(`${out}/${name}`), { recursive: true });
  writeFileSync(`${out}/${name}`, pyodide.FS.readFile(name));
}
