"""Building the static site into dist/site (or $BOARDGAMES_DIST/site): the page's files, the
pinned runtime and libraries, the engine's wheel, the boards and the catalog (tools/boards.py),
the Content-Security-Policy in the page, and the service worker's list of what to keep offline.
A build is named for the digest of its sources; `build_if_changed` builds only when they changed."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import pins, stdlib
from .engine_wheel import build_engine_wheel
from .fetch import fetch_library_wheels, fetch_micropip, fetch_pyodide, fetch_qrcode, say

ROOT = Path(__file__).resolve().parent.parent
# BOARDGAMES_DIST builds elsewhere (so that two checkouts' test runs never share a folder).
DIST = Path(os.environ.get("BOARDGAMES_DIST") or ROOT / "dist").resolve()
SITE_OUT = DIST / "site"


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


def source_digest(paths: list[Path]) -> str:
    """A short digest of everything a build contains: it names the service worker's cache."""
    digest = hashlib.sha256(pins.PYODIDE_VERSION.encode() + pins.QRCODE_MODULE_SHA256.encode())
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
    tool_sources = sorted((ROOT / "tools").rglob("*.py")) + sorted((ROOT / "tools").glob("*.mjs")) + [stdlib.KEEP_FILE]
    return source_digest(site_sources() + engine_sources + tool_sources + [ROOT / "pyproject.toml"])


def built_name() -> str | None:
    """The name of the build in dist/site, if there is one."""
    try:
        return json.loads((SITE_OUT / "build-info.js").read_text().partition("= ")[2].rstrip().rstrip(";"))["build"]
    except (OSError, ValueError, KeyError):
        return None


def _leb128(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number of WebAssembly's binary format at ``at``: (it, where the next begins)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def declared_memory(wasm: Path) -> int:
    """The bytes of memory the runtime's WebAssembly declares it starts with (the minimum of its
    imported ``env.memory``, or of its own memory, in 64 KiB pages): a memory snapshot shorter than this is not one of
    this runtime's (site/engine/snapshot.js refuses it before Pyodide, which would hang on it)."""
    data = wasm.read_bytes()
    at = 8  # past the magic number and the version
    while at < len(data):
        section, size = data[at], 0
        size, at = _leb128(data, at + 1)
        if section == 5:  # a memory of its own, not imported: its limits
            _, at = _leb128(data, at)
            flags, at = data[at], at + 1
            return _leb128(data, at)[0] * 65536
        if section != 2:  # not the import section
            at += size
            continue
        count, at = _leb128(data, at)
        for _ in range(count):
            names = []
            for _ in range(2):
                length, at = _leb128(data, at)
                names.append(data[at:at + length].decode())
                at += length
            kind, at = data[at], at + 1
            if kind == 0:    # a function: its type
                _, at = _leb128(data, at)
            elif kind == 1:  # a table: its type, then its limits
                flags, at = data[at + 1], at + 2
                _, at = _leb128(data, at)
                if flags & 1:
                    _, at = _leb128(data, at)
            elif kind == 2:  # a memory: its limits
                flags, at = data[at], at + 1
                pages, at = _leb128(data, at)
                if flags & 1:
                    _, at = _leb128(data, at)
                if names == ["env", "memory"]:
                    return pages * 65536
            elif kind == 3:  # a global: its type and mutability
                at += 2
            else:            # a tag: its attribute and type
                _, at = _leb128(data, at + 1)
    raise ValueError(f"{wasm}: no memory declared")


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
    for name in pins.PYODIDE_FILES:
        (staging / "pyodide").mkdir(exist_ok=True)
        shutil.copy2(pyodide / name, staging / "pyodide" / name)
    # The standard library the page loads: what the runtime and the engine need (tools/stdlib.py).
    stdlib.write_trimmed(staging / "pyodide" / stdlib.STOCK, staging / "pyodide" / stdlib.TRIMMED)
    (staging / "vendor").mkdir()
    shutil.copy2(qrcode, staging / "vendor" / "qrcode.mjs")
    (staging / "vendor" / "qrcode-LICENSE.txt").write_text(pins.QRCODE_LICENCE)
    add_csp_meta(staging / "index.html")
    (staging / "wheels").mkdir()
    shutil.copy2(micropip, staging / "wheels" / micropip.name)
    for wheel in libraries:
        shutil.copy2(wheel, staging / "wheels" / wheel.name)
    engine = build_engine_wheel(staging / "wheels")

    # The games, in menu order, from the engine's registry: the home page lists these.
    games = write_boards(staging / "boards")
    info = {"build": build_id, "pyodide": pins.PYODIDE_VERSION,
            "runtimeMemory": declared_memory(staging / "pyodide" / "pyodide.asm.wasm"),
            "engineWheel": f"wheels/{engine.name}",
            "micropipWheel": f"wheels/{micropip.name}",
            "libraryWheels": [f"wheels/{wheel.name}" for wheel in libraries], "games": games}
    (staging / "build-info.js").write_text(
        "// Written by the build (tools/site.py): what this build contains.\n"
        f"export const BUILD = {json.dumps(info, indent=2)};\n")
    # Every file but the stock standard library, which only a benchmark's comparison loads (tools/stdlib.py).
    precache = sorted("./" + p.relative_to(staging).as_posix() for p in staging.rglob("*")
                      if p.is_file() and p.name not in ("sw.js", stdlib.STOCK))
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
