"""The engine as the page loads it: a pure-Python wheel of py_engines, with its bytecode for the
runtime's Python compiled in Pyodide itself (tools/compile-engine.mjs, run by Node)."""
from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from . import pins
from .fetch import made_in_pyodide

ROOT = Path(__file__).resolve().parent.parent
COMPILE = Path(__file__).resolve().parent / "compile-engine.mjs"


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


def bytecode_name(source: str) -> str:
    """Where the wheel ships a module's bytecode, in its source's place (Python imports a
    .pyc there when no source is beside it): py_engines/ai/search.py -> py_engines/ai/search.pyc."""
    return source + "c"


def add_bytecode(wheel: Path) -> None:
    """Put the engine's bytecode for the runtime's Python in the wheel in place of its sources.

    Without it, a boot that restores no snapshot (a first visit, the first after an update)
    would compile every module (0.3-0.45 s on this machine); without the sources beside
    it, a first visit downloads 0.18 MB less (nothing reads them: the page shows no
    traceback, and the sources ship with the project, not with the site). The .pyc files are
    "unchecked hash-based" (PEP 552), as Python would write them for these sources.
    Compiling needs Node (npm's) to run Pyodide; the result is cached in .cache/ under
    a digest of the sources.
    """
    with zipfile.ZipFile(wheel) as z:
        sources = {n: z.read(n) for n in z.namelist() if n.startswith("py_engines/") and n.endswith(".py")}
    digest = hashlib.sha256(pins.PYODIDE_VERSION.encode() + COMPILE.read_bytes())
    for name in sorted(sources):
        digest.update(name.encode() + b"\0" + sources[name])
    cached = made_in_pyodide("bytecode", digest.hexdigest()[:16], COMPILE, wheel, "compile the engine for Pyodide")
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
    with zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                record = info.filename
                lines = "".join(line + "\n" for line in data.decode().splitlines()
                                if line.partition(",")[0] not in sources)
                continue
            if info.filename not in sources:
                z.writestr(info, data)
        for name, data in sorted(pycs.items()):
            z.writestr(name, data)
            lines += record_line(name, data)
        z.writestr(record, lines)
    rewritten.replace(wheel)
