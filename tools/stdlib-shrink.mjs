// Run by tools/stdlib.py with Node: the standard library the site ships, made smaller in the
// pinned Pyodide itself (its Python 3.13 parses what this machine's CPython cannot). Each
// module's source is parsed and written again without its docstrings and comments (what
// Python's -OO drops at run time, and the standard library is tested without), and kept
// only if the result compiles; Pyodide's own packages are left as they are. Arguments: the
// runtime's folder, the library to shrink, where to write the smaller one. Prints a JSON
// object: {kept, shrunk, sizes: [before, after]}.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [runtime, library, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: runtime + "/", stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(library)));
const said = pyodide.runPython(`
import ast, json, os, zipfile

LEFT_AS_THEY_ARE = ("pyodide/", "_pyodide/", "site-packages/")

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return tree

kept = shrunk = 0
with zipfile.ZipFile("/tmp/in.zip") as source, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
    for entry in source.infolist():
        data = source.read(entry)
        if entry.filename.endswith(".py") and not entry.filename.startswith(LEFT_AS_THEY_ARE):
            try:
                smaller = ast.unparse(without_docstrings(ast.parse(data, entry.filename))) + "\\n"
                compile(smaller, entry.filename, "exec")
                if len(smaller.encode()) < len(data):
                    data = smaller.encode()
                    shrunk += 1
                else:
                    kept += 1
            except (SyntaxError, ValueError, RecursionError):
                kept += 1
        target.writestr(entry, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
json.dumps({"kept": kept, "shrunk": shrunk, "sizes": [os.path.getsize("/tmp/in.zip"), os.path.getsize("/tmp/out.zip")]})
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
console.log(said);
