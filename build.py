#!/usr/bin/env python3
"""The one entry point: build the site, serve it, run the tests, run the benchmarks.

    python3 build.py serve [--port 8000]   build, then serve at http://127.0.0.1:8000
    python3 build.py build                 build into dist/site only
    python3 build.py test [pytest args]    set up .venv and a browser, then run every test
    python3 build.py check [pytest args]   the fast slice: page logic and engine tests, no browser
    python3 build.py bench [--quick]       print the benchmark figures

The build fetches the pinned Pyodide runtime and QR code library (npm) and
micropip wheel (pip), checks them against the hashes below, and caches them in
.cache/ (the tests fetch axe-core the same way). It needs only the Python
standard library, npm (with its Node.js, which also compiles the engine to the
runtime's bytecode) and pip.
"""
from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
# BOARDGAMES_DIST builds elsewhere (so that two checkouts' test runs never share a folder).
DIST = Path(os.environ.get("BOARDGAMES_DIST") or ROOT / "dist").resolve()
SITE_OUT = DIST / "site"
VENV = ROOT / ".venv"

PYODIDE_VERSION = "314.0.7"
PYODIDE_TARBALL_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
# The runtime files the page needs, each pinned too.
PYODIDE_FILES = {
    "pyodide.mjs": "6f1d60f7bf529beb300f0f47983c921d3982363640ba20af0e38efdddbc66109",
    "pyodide.asm.mjs": "f7cdc8ece80678ceb712f8e65ebe6d3a83203a180c399865f49612a051693635",
    "pyodide.asm.wasm": "cc36e3cab04fdfc9a63ff13eb52eae2b911bf46c025cc7b281f394bd3de1d5e6",
    "python_stdlib.zip": "fa1957e5777068fc4f7437f96d860ae2fbe9c19732ba06c84e004ec16dd7dd7a",
    "pyodide-lock.json": "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010",
}
MICROPIP_WHEEL = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
# The engine's one dependency, python-ecdsa (MIT; its Ed25519 signs a device's moves in a game by
# links: py_engines/signing.py), and six, which it needs: pure-Python wheels, pinned like micropip
# (pyproject.toml names the same versions), unpacked beside the engine in the page.
LIBRARY_WHEELS = {
    "ecdsa-0.19.2-py2.py3-none-any.whl": "840f5dc5e375c68f36c1a7a5b9caad28f95daa65185c9253c0c08dd952bb7399",
    "six-1.17.0-py2.py3-none-any.whl": "4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274",
}
# axe-core, the accessibility checker the browser tests run in the pages (never part of the site).
AXE_VERSION = "4.14.1"
AXE_TARBALL_SHA256 = "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745"
AXE_SCRIPT_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
# qrcode-generator, Kazuhiko Arase's (MIT, no dependencies): the page draws the QR code of a
# link with it (site/qr.js), for someone in the same room. Its ES module ships in the site as
# vendor/qrcode.mjs, with its licence beside it (the package has no licence file of its own:
# the notice is the module's header, and the MIT licence's words are below).
QRCODE_VERSION = "2.0.4"
QRCODE_TARBALL_SHA256 = "02e2e18a99a90b02dad940851f59b7c3c5fd1ab79cbdece8595cb06328878159"
QRCODE_MODULE = "dist/qrcode.mjs"
QRCODE_MODULE_SHA256 = "ea91d7118a5395289170da848b7c6758b996163bfbccf312591ab65a4911b7c0"
QRCODE_LICENCE = f"""vendor/qrcode.mjs is {QRCODE_MODULE} of the npm package qrcode-generator {QRCODE_VERSION},
QR Code Generator for JavaScript, by Kazuhiko Arase, under the MIT licence:

Copyright (c) 2009 Kazuhiko Arase

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.

The word "QR Code" is a registered trademark of DENSO WAVE INCORPORATED.
"""

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}


# The Content-Security-Policy of the built site: scripts, workers, WebAssembly and
# every fetch from the site's own origin only; no inline script and no eval
# ('wasm-unsafe-eval' lets WebAssembly compile, nothing more); no plugins; no
# <base> or form targets. Style attributes are allowed (page modules draw SVG
# markup with them; they cannot run code). The page carries it in a <meta> tag;
# a host should also send it as a header on every file, with framing refused
# (a <meta> policy cannot say frame-ancestors, and only a header reaches the
# workers): README.md, "Deploying", shows the header, and `serve` sends it.
CSP = {
    "default-src": "'self'",
    "script-src": "'self' 'wasm-unsafe-eval'",
    "worker-src": "'self'",
    "connect-src": "'self'",
    "img-src": "'self'",
    "style-src": "'self'",
    "style-src-attr": "'unsafe-inline'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'none'",
}
CSP_HEADER_ONLY = {"frame-ancestors": "'none'"}
CSP_REPORT_PATH = "/csp-report"
CSP_REPORTS: list[dict] = []
"""Violations reported to this process's servers (the browser tests fail on any)."""


def csp_text(policy: dict[str, str]) -> str:
    return "; ".join(f"{name} {value}" for name, value in policy.items())


def add_csp_meta(index: Path) -> None:
    """Put the policy in the page's <meta> tag, first thing after the charset."""
    text = index.read_text()
    charset = '<meta charset="utf-8">'
    if charset not in text:
        raise SystemExit(f"[build] {index.name} lacks {charset}, after which the CSP goes")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{csp_text(CSP)}">'
    index.write_text(text.replace(charset, f"{charset}\n  {meta}", 1))


def say(message: str) -> None:
    print(f"[build] {message}", flush=True)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(functools.partial(f.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check_hash(path: Path, expected: str) -> None:
    actual = sha256(path)
    if actual != expected:
        raise SystemExit(f"[build] {path.name}: sha256 {actual} does not match the pinned {expected}; "
                         f"delete {path} and build again")


# -- third-party runtime ------------------------------------------------------------

def fetch_npm_files(package: str, version: str, tarball_sha256: str, files: dict[str, str]) -> Path:
    """Files of a pinned npm package, each checked against its SHA-256, unpacked in
    .cache/<package>-<version>/ (the package's tarball is fetched with `npm pack` and kept)."""
    target = CACHE / f"{package}-{version}"
    if all((target / name).is_file() for name in files):
        for name, digest in files.items():
            check_hash(target / name, digest)
        return target
    CACHE.mkdir(exist_ok=True)
    tarball = CACHE / f"{package}-{version}.tgz"
    if not tarball.is_file():
        say(f"fetching {package} {version} with npm")
        npm = shutil.which("npm")
        if not npm:
            raise SystemExit(f"[build] npm is needed to fetch {package}; install Node.js and npm")
        subprocess.run([npm, "pack", f"{package}@{version}", "--pack-destination", str(CACHE)],
                       check=True, stdout=subprocess.DEVNULL)
    check_hash(tarball, tarball_sha256)
    partial = Path(tempfile.mkdtemp(dir=CACHE))
    with tarfile.open(tarball) as tar:
        for name, digest in files.items():
            (partial / name).parent.mkdir(parents=True, exist_ok=True)
            with tar.extractfile(f"package/{name}") as src, open(partial / name, "wb") as dst:
                shutil.copyfileobj(src, dst)
            check_hash(partial / name, digest)
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)
    return target


def fetch_pyodide() -> Path:
    """The pinned Pyodide runtime files, unpacked in .cache/pyodide-<version>/."""
    return fetch_npm_files("pyodide", PYODIDE_VERSION, PYODIDE_TARBALL_SHA256, PYODIDE_FILES)


def fetch_micropip() -> Path:
    """The micropip wheel that matches this Pyodide, from the Python package index."""
    wheel = CACHE / MICROPIP_WHEEL
    if not wheel.is_file():
        say("fetching micropip with pip")
        CACHE.mkdir(exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                        "--python-version", "3.14", "--platform", "any", "--implementation", "py",
                        "-d", str(CACHE), "micropip==0.11.1"], check=True)
    check_hash(wheel, MICROPIP_SHA256)
    return wheel


def fetch_library_wheels() -> list[Path]:
    """The engine's dependencies' pinned wheels, from the Python package index."""
    wheels = []
    for name, digest in LIBRARY_WHEELS.items():
        wheel = CACHE / name
        if not wheel.is_file():
            package, version = name.split("-")[:2]
            say(f"fetching {package} with pip")
            CACHE.mkdir(exist_ok=True)
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                            "--python-version", "3.14", "--platform", "any", "--implementation", "py",
                            "-d", str(CACHE), f"{package}=={version}"], check=True)
        check_hash(wheel, digest)
        wheels.append(wheel)
    return wheels


def fetch_axe() -> Path:
    """The pinned axe-core script for the browser tests, in .cache/axe-core-<version>/axe.min.js."""
    files = {"axe.min.js": AXE_SCRIPT_SHA256}
    return fetch_npm_files("axe-core", AXE_VERSION, AXE_TARBALL_SHA256, files) / "axe.min.js"


def fetch_qrcode() -> Path:
    """The pinned qrcode-generator ES module, in .cache/qrcode-generator-<version>/dist/qrcode.mjs."""
    files = {QRCODE_MODULE: QRCODE_MODULE_SHA256}
    return fetch_npm_files("qrcode-generator", QRCODE_VERSION, QRCODE_TARBALL_SHA256, files) / QRCODE_MODULE


# -- the engine wheel ---------------------------------------------------------------

def build_engine_wheel(out: Path) -> Path:
    """Build py_engines into a pure-Python wheel with pip and the pyproject's backend.

    The build runs on a copy of the package, so that setuptools' scratch files
    never land in (or race over) the project folder.
    """
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "src"
        shutil.copytree(ROOT / "py_engines", source / "py_engines", ignore=shutil.ignore_patterns("__pycache__"))
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, source / name)
        command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(source)]
        subprocess.run(command, check=True, cwd=scratch)
    wheels = list(out.glob("py_engines-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"[build] expected one engine wheel in {out}, found {wheels}")
    add_bytecode(wheels[0])
    return wheels[0]


# Run by Node: unpack the engine wheel into the pinned Pyodide and compile its modules
# there (the subpackages' too), so that the bytecode is exactly that runtime's Python's
# (3.14, which this machine's CPython is not). Arguments: the runtime's folder, the wheel,
# a folder for the .pyc files (written at their paths in the wheel: py_engines/.../__pycache__/...).
COMPILE_JS = r"""
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
const [runtime, wheel, out] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: runtime + "/", stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const names = pyodide.runPython(`
import compileall, os, py_compile, sys
assert sys.implementation.cache_tag == "cpython-314", sys.implementation.cache_tag
assert compileall.compile_dir(os.path.abspath("py_engines"), quiet=2,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
sorted(os.path.join(folder, name) for folder, _, files in os.walk("py_engines") for name in files
       if name.endswith(".pyc"))
`).toJs();
for (const name of names) {
  mkdirSync(dirname(`${out}/${name}`), { recursive: true });
  writeFileSync(`${out}/${name}`, pyodide.FS.readFile(name));
}
"""


def bytecode_name(source: str) -> str:
    """Where Python 3.14 looks for a module's bytecode: py_engines/ai/search.py ->
    py_engines/ai/__pycache__/search.cpython-314.pyc."""
    folder, _, name = source.rpartition("/")
    return f"{folder}/__pycache__/{name[:-3]}.cpython-314.pyc"


def add_bytecode(wheel: Path) -> None:
    """Add the engine's bytecode for the runtime's Python to the wheel, beside its sources.

    The page would otherwise compile every module on every boot. The .pyc files are
    "unchecked hash-based" (PEP 552): Python loads them without comparing them with the
    sources, which are the same by construction. Compiling needs Node (npm's) to run
    Pyodide; the result is cached in .cache/ under a digest of the sources.
    """
    with zipfile.ZipFile(wheel) as z:
        sources = {n: z.read(n) for n in z.namelist() if n.startswith("py_engines/") and n.endswith(".py")}
    digest = hashlib.sha256(PYODIDE_VERSION.encode() + COMPILE_JS.encode())
    for name in sorted(sources):
        digest.update(name.encode() + b"\0" + sources[name])
    cached = CACHE / f"bytecode-{digest.hexdigest()[:16]}"
    if not cached.is_dir():
        node = shutil.which("node")
        if not node:
            raise SystemExit("[build] Node.js (installed with npm) is needed to compile the engine for Pyodide")
        partial = Path(tempfile.mkdtemp(dir=CACHE))
        found = subprocess.run([node, "--input-type=module", "-e", COMPILE_JS, str(fetch_pyodide()), str(wheel),
                                str(partial)], capture_output=True, text=True)
        if found.returncode != 0:
            shutil.rmtree(partial, ignore_errors=True)
            raise SystemExit(f"[build] compiling the engine in Pyodide failed:\n{found.stderr[-3000:]}")
        shutil.rmtree(cached, ignore_errors=True)
        partial.rename(cached)
        for old in sorted(CACHE.glob("bytecode-*"), key=lambda p: p.stat().st_mtime)[:-8]:
            shutil.rmtree(old, ignore_errors=True)  # keep the last few
    expected = {bytecode_name(n) for n in sources}
    pycs = {p.relative_to(cached).as_posix(): p.read_bytes() for p in cached.rglob("*.pyc")}
    if set(pycs) != expected:
        raise SystemExit(f"[build] {cached} holds {sorted(pycs)}, not the bytecode of {sorted(expected)}")

    def record_line(name: str, data: bytes) -> str:
        hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        return f"{name},sha256={hashed},{len(data)}\n"

    with zipfile.ZipFile(wheel) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    rewritten = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                record = info.filename
                lines = data.decode()
                continue
            z.writestr(info, data)
        for name, data in sorted(pycs.items()):
            z.writestr(name, data)
            lines += record_line(name, data)
        z.writestr(record, lines)
    rewritten.replace(wheel)


# -- the site -----------------------------------------------------------------------

def source_digest(paths: list[Path]) -> str:
    """A short digest of everything a build contains: it names the service worker's cache."""
    digest = hashlib.sha256(PYODIDE_VERSION.encode() + QRCODE_MODULE_SHA256.encode())
    for path in sorted(paths):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def write_boards(folder: Path) -> list[dict]:
    """boards/<game>.json: the layout, a new game's position and the rules page's worked
    examples (py_engines.learn), for the page to draw before the engine is up (the engine's own answers, computed here with CPython).
    Returns the engine's list of games, for build-info.js."""
    found = subprocess.run([sys.executable, "-m", "tools.boards"], cwd=ROOT, capture_output=True, text=True)
    if found.returncode != 0:
        raise SystemExit(f"[build] could not compute the boards' layouts:\n{found.stderr[-3000:]}")
    answer = json.loads(found.stdout)
    folder.mkdir(parents=True)
    for game, board in answer["boards"].items():
        (folder / f"{game}.json").write_text(json.dumps(board, separators=(",", ":")))
    return answer["games"]


def site_sources() -> list[Path]:
    return sorted(p for p in (ROOT / "site").rglob("*") if p.is_file())


def build_name() -> str:
    """The name of the build the sources make now: the site's, the engine's, the tools'
    that write the boards and the catalog, and the project's pins."""
    engine_sources = sorted((ROOT / "py_engines").rglob("*.py"))
    tool_sources = sorted((ROOT / "tools").rglob("*.py"))
    return source_digest(site_sources() + engine_sources + tool_sources + [ROOT / "pyproject.toml"])


def built_name() -> str | None:
    """The name of the build in dist/site, if there is one."""
    try:
        return json.loads((SITE_OUT / "build-info.js").read_text().partition("= ")[2].rstrip().rstrip(";"))["build"]
    except (OSError, ValueError, KeyError):
        return None


def build_if_changed(quiet: bool = False) -> Path:
    """Build unless dist/site is the build of the sources as they are; one process at a time
    (the test processes may all ask at once)."""
    import fcntl  # the tests' processes share the lock; `build` and `serve` need none

    DIST.mkdir(parents=True, exist_ok=True)
    with open(DIST / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if built_name() == build_name():
            if not quiet:
                say(f"{SITE_OUT} is up to date (build {built_name()})")
            return SITE_OUT
        return build(quiet)


def build(quiet: bool = False) -> Path:
    """Write the whole static site into dist/site and return that folder."""
    pyodide = fetch_pyodide()
    micropip = fetch_micropip()
    libraries = fetch_library_wheels()
    qrcode = fetch_qrcode()
    sources = site_sources()
    build_id = build_name()

    staging = DIST / "site.new"
    shutil.rmtree(staging, ignore_errors=True)
    for src in sources:
        dst = staging / src.relative_to(ROOT / "site")
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
    for name in PYODIDE_FILES:
        (staging / "pyodide").mkdir(exist_ok=True)
        shutil.copy2(pyodide / name, staging / "pyodide" / name)
    (staging / "vendor").mkdir()
    shutil.copy2(qrcode, staging / "vendor" / "qrcode.mjs")
    (staging / "vendor" / "qrcode-LICENSE.txt").write_text(QRCODE_LICENCE)
    add_csp_meta(staging / "index.html")
    (staging / "wheels").mkdir()
    shutil.copy2(micropip, staging / "wheels" / micropip.name)
    for wheel in libraries:
        shutil.copy2(wheel, staging / "wheels" / wheel.name)
    engine = build_engine_wheel(staging / "wheels")

    # The games, in menu order, from the engine's registry: the home page lists these.
    games = write_boards(staging / "boards")
    info = {"build": build_id, "pyodide": PYODIDE_VERSION, "engineWheel": f"wheels/{engine.name}",
            "micropipWheel": f"wheels/{micropip.name}",
            "libraryWheels": [f"wheels/{wheel.name}" for wheel in libraries], "games": games}
    (staging / "build-info.js").write_text(
        "// Written by build.py: what this build contains.\n"
        f"export const BUILD = {json.dumps(info, indent=2)};\n")
    precache = sorted("./" + p.relative_to(staging).as_posix() for p in staging.rglob("*")
                      if p.is_file() and p.name != "sw.js")
    precache = ["./"] + [p for p in precache if p != "./index.html"] + ["./index.html"]
    sw = staging / "sw.js"
    text = sw.read_text()
    for placeholder, value in (("__BUILD__", build_id), ('"__PRECACHE__"', json.dumps(precache, indent=1))):
        if placeholder not in text:
            raise SystemExit(f"[build] site/sw.js lacks the placeholder {placeholder}")
        text = text.replace(placeholder, value)
    sw.write_text(text)

    shutil.rmtree(SITE_OUT, ignore_errors=True)
    staging.rename(SITE_OUT)
    if not quiet:
        size = sum(p.stat().st_size for p in SITE_OUT.rglob("*") if p.is_file())
        say(f"built {SITE_OUT} (build {build_id}, {len(precache)} files, {size / 1e6:.1f} MB)")
    return SITE_OUT


# -- serving ------------------------------------------------------------------------

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # Let the service worker, not the HTTP cache, decide what is fresh.
        self.send_header("Cache-Control", "no-cache")
        policy = {**CSP, **CSP_HEADER_ONLY, "report-uri": CSP_REPORT_PATH}
        self.send_header("Content-Security-Policy", csp_text(policy))
        super().end_headers()

    def do_POST(self) -> None:  # noqa: N802  (the base class's naming)
        """Collect the browser's reports of CSP violations (``report-uri``); nothing else is posted."""
        if self.path != CSP_REPORT_PATH:
            self.send_error(404)
            return
        body = self.rfile.read(min(int(self.headers.get("Content-Length") or 0), 100_000))
        try:
            report = json.loads(body).get("csp-report", {})
        except (ValueError, AttributeError):
            report = {"unreadable": body[:200].decode(errors="replace")}
        CSP_REPORTS.append(report)
        say(f"CSP violation: {report.get('violated-directive') or report} "
            f"({report.get('blocked-uri', '')} in {report.get('document-uri', '')})")
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002  (the base class's name)
        if os.environ.get("BUILD_VERBOSE"):
            super().log_message(format, *args)


def make_server(folder: Path, port: int, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(folder))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(port: int, host: str) -> None:
    folder = build_if_changed()
    server = make_server(folder, port, host)
    shown = folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder
    say(f"serving {shown} at http://{host}:{server.server_address[1]}/  (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


# -- tests and benchmarks -----------------------------------------------------------

def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def setup_venv() -> Path:
    """A virtual environment with the engine (editable) and the test packages."""
    python = venv_python()
    if not python.exists():
        say("creating .venv")
        venv.create(VENV, with_pip=True)
    stamp = VENV / ".installed"
    wanted = sha256(ROOT / "pyproject.toml")
    if not stamp.exists() or stamp.read_text() != wanted:
        say("installing the test packages into .venv")
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"], check=True)
        stamp.write_text(wanted)
    return python


# For the tests and benchmarks: start an engine worker of a page's own and give the page
# ``ask(request)``, which sends one bridge request and resolves to the parsed answer.
ENGINE_PROBE_JS = """(workerUrl) => {
  window.engine = new Worker(workerUrl, {type: 'module'});
  window.ask = (request) => new Promise((resolve) => {
    const id = Math.random();
    const listen = (e) => {
      if (e.data.id !== id) return;
      engine.removeEventListener('message', listen);
      resolve(JSON.parse(e.data.response));
    };
    engine.addEventListener('message', listen);
    engine.postMessage({id, request: JSON.stringify(request)});
  });
}"""

SYSTEM_CHROMIUMS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]


def find_browser(python: Path) -> str | None:
    """A Chromium for the browser tests: $CHROMIUM_PATH, Playwright's own, or the system's."""
    if os.environ.get("CHROMIUM_PATH"):
        return os.environ["CHROMIUM_PATH"]
    probe = ("from playwright.sync_api import sync_playwright\n"
             "with sync_playwright() as p: print(p.chromium.executable_path)")
    found = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
    if found.returncode == 0 and Path(found.stdout.strip()).is_file():
        return found.stdout.strip()
    return next((path for path in SYSTEM_CHROMIUMS if Path(path).is_file()), None)


def setup_browser(python: Path) -> str:
    browser = find_browser(python)
    if browser:
        return browser
    say("no Chromium found: trying Playwright's own download")
    subprocess.run([str(python), "-m", "playwright", "install", "chromium"], timeout=300)
    browser = find_browser(python)
    if not browser and shutil.which("apt-get") and os.geteuid() == 0:
        say("installing Debian's chromium package")
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        browser = find_browser(python)
    if not browser:
        raise SystemExit("[build] no Chromium for the browser tests: install Playwright's "
                         "(python -m playwright install chromium) or the system package 'chromium', "
                         "or point CHROMIUM_PATH at one")
    return browser


def setup_other_browsers() -> None:
    """Firefox and WebKit for tests/test_browser_firefox.py and tests/test_browser_webkit.py:
    Debian's firefox-esr, webkit2gtk-driver (WebKitGTK's WebDriver and MiniBrowser) and xvfb,
    installed with apt-get when missing (as root), and puppeteer-core, which drives Firefox,
    installed with `npm ci` in tests/engines (selenium, which drives WebKit, is a test package
    of .venv). What is still missing makes those tests fail, saying what."""
    # Debian's packages, each with the program that shows it is installed.
    packages = {"firefox-esr": "firefox-esr", "webkit2gtk-driver": "WebKitWebDriver", "xvfb": "Xvfb"}
    missing = [package for package, program in packages.items() if not shutil.which(program)]
    if missing and shutil.which("apt-get") and os.geteuid() == 0:
        say(f"installing Debian's {', '.join(missing)}")
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=False, stdout=subprocess.DEVNULL,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    elif missing:
        say(f"missing for the Firefox and WebKit tests: the packages {', '.join(missing)} (they will fail)")
    engines = ROOT / "tests" / "engines"  # the Node script that drives Firefox, and its pinned packages
    stamp = engines / "node_modules" / ".installed"
    wanted = sha256(engines / "package-lock.json")
    if not stamp.is_file() or stamp.read_text() != wanted:
        npm = shutil.which("npm")
        if not npm:
            raise SystemExit("[build] npm is needed to install puppeteer-core (tests/engines) for the Firefox tests")
        say("installing puppeteer-core in tests/engines with npm ci")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--quiet"], cwd=engines, check=True,
                       stdout=subprocess.DEVNULL)
        stamp.write_text(wanted)


PAGE_TESTS = ["--import", "./tests/page/register.mjs", "--test", "--test-reporter=tap", "tests/page/"]


def run_page_tests() -> int:
    """The page-logic tests (tests/page/, Node's own test runner, no browser); says how many
    passed, and fails when none ran."""
    node = shutil.which("node")
    if not node:
        raise SystemExit("[build] Node.js is needed for the page-logic tests (tests/page/): install npm, which brings it")
    found = subprocess.run([node, *PAGE_TESTS], cwd=ROOT, capture_output=True, text=True)
    counts = dict(line[2:].split(" ", 1) for line in found.stdout.splitlines()
                  if line.startswith("# ") and line[2:].split(" ", 1)[0] in ("tests", "pass", "fail"))
    if found.returncode != 0 or counts.get("tests", "0") == "0":
        print(found.stdout[-20000:], found.stderr[-5000:], sep="\n")
        say("the page-logic tests failed" if counts.get("tests", "0") != "0" else "node --test ran no page-logic tests")
        return 1
    say(f"page logic (node --test tests/page/): {counts['pass']} passed")
    return 0


def pytest_run(python: Path, pytest_args: list[str], env: dict[str, str], browsers: bool = True) -> int:
    """pytest over the cores (pytest-xdist: the browser tests in one process, the engine's
    spread over the others, from three cores on) unless the arguments say otherwise; exit 5
    (no test collected) is a failure."""
    told = any(arg.startswith(("-n", "--numprocesses", "--dist")) or arg.endswith("xdist") for arg in pytest_args)
    # The browser tests in one process (conftest.py), the engine's in the others, each with a
    # core of its own beside the browser's: on two cores, a Chromium booting runtimes beside
    # another process starved the tests' timed waits, so there pytest runs in one process.
    workers = (os.cpu_count() or 1) - 1
    if not browsers:  # the engine's tests alone: every core
        spread = [] if told else ["-n", "auto"]
    else:
        spread = [] if told or workers < 2 else ["-n", str(workers), "--dist", "loadgroup"]
    code = subprocess.run([str(python), "-m", "pytest", *spread, *pytest_args], cwd=ROOT, env=env).returncode
    if code == 5:
        say("pytest collected no tests: that is a failure")
        return 1
    return code


def run_tests(pytest_args: list[str]) -> int:
    """The whole suite: the page logic (node --test), then pytest: the engine, the build and
    the browsers. With arguments that name test files, only pytest runs, on those."""
    python = setup_venv()
    browser = setup_browser(python)
    setup_other_browsers()
    fetch_axe()
    build_if_changed()
    named = any(Path(arg.partition("::")[0]).exists() for arg in pytest_args if not arg.startswith("-"))
    page = 0 if named else run_page_tests()
    say(f"running the tests with {browser}")
    code = pytest_run(python, pytest_args, {**os.environ, "CHROMIUM_PATH": browser})
    return code or page


FAST_SLICE = "not browser and not build and not slow"


def run_check(pytest_args: list[str]) -> int:
    """The fast slice: the page logic (node --test) and the engine's tests but the slow ones
    (pytest -m "not browser and not build and not slow"): no browser, no build, no apt, no npm."""
    python = setup_venv()
    page = run_page_tests()
    code = pytest_run(python, ["-m", FAST_SLICE, *pytest_args], dict(os.environ), browsers=False)
    return code or page


def run_bench(args: list[str]) -> int:
    python = setup_venv()
    browser = setup_browser(python)
    build_if_changed(quiet=True)
    env = {**os.environ, "CHROMIUM_PATH": browser}
    return subprocess.run([str(python), str(ROOT / "bench" / "run.py"), *args], cwd=ROOT, env=env).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    serve_cmd = sub.add_parser("serve", help="build, then serve the site")
    serve_cmd.add_argument("--port", type=int, default=8000)
    serve_cmd.add_argument("--host", default="127.0.0.1")
    sub.add_parser("build", help="build the site into dist/site")
    sub.add_parser("test", help="run the whole test suite (extra arguments go to pytest)")
    sub.add_parser("check", help="the fast slice: page logic and engine tests, no browser (extra arguments go to pytest)")
    sub.add_parser("bench", help="run the benchmarks (extra arguments go to bench/run.py)")
    args, rest = parser.parse_known_args()
    if rest and args.command not in ("test", "check", "bench"):
        parser.error(f"unrecognised arguments: {' '.join(rest)}")
    if args.command == "serve":
        serve(args.port, args.host)
    elif args.command == "build":
        build()
    elif args.command == "test":
        return run_tests(rest)
    elif args.command == "check":
        return run_check(rest)
    elif args.command == "bench":
        return run_bench(rest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
