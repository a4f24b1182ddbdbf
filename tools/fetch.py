"""Fetching what tools/pins.py pins, into .cache/: npm's tarballs (Pyodide, qrcode-generator,
axe-core) and the Python package index's wheels (micropip, the engine's dependencies), each
checked against its hash before use."""
from __future__ import annotations

import functools
import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from . import pins

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"


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
    return fetch_npm_files("pyodide", pins.PYODIDE_VERSION, pins.PYODIDE_TARBALL_SHA256, pins.PYODIDE_FILES)


def made_in_pyodide(name: str, digest: str, script: Path, source: Path, what: str, keep: int = 8) -> Path:
    """What `script` makes of `source` in the pinned Pyodide, run by Node (`node script RUNTIME
    SOURCE OUT`: OUT a file or a folder, as the script writes it), cached in .cache/ as
    `<name>-<digest>`, the last `keep` of them kept. `what` says the work in an error."""
    cached = CACHE / f"{name}-{digest}"
    if not cached.exists():
        node = shutil.which("node")
        if not node:
            raise SystemExit(f"[build] Node.js (installed with npm) is needed to {what}")
        scratch = Path(tempfile.mkdtemp(dir=CACHE))
        done = subprocess.run([node, str(script), str(fetch_pyodide()), str(source), str(scratch / "out")],
                              capture_output=True, text=True)
        if done.returncode != 0:
            shutil.rmtree(scratch, ignore_errors=True)
            raise SystemExit(f"[build] {what} failed:\n{done.stderr[-3000:]}")
        (scratch / "out").rename(cached)
        shutil.rmtree(scratch, ignore_errors=True)
        for old in sorted(CACHE.glob(f"{name}-*"), key=lambda p: p.stat().st_mtime)[:-keep]:
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
            else:
                old.unlink(missing_ok=True)
    return cached


def fetch_micropip() -> Path:
    """The micropip wheel that matches this Pyodide, from the Python package index."""
    wheel = CACHE / pins.MICROPIP_WHEEL
    if not wheel.is_file():
        say("fetching micropip with pip")
        CACHE.mkdir(exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                        "--python-version", "3.13", "--platform", "any", "--implementation", "py",
                        "-d", str(CACHE), "micropip==0.11.1"], check=True)
    check_hash(wheel, pins.MICROPIP_SHA256)
    return wheel


def fetch_library_wheels() -> list[Path]:
    """The engine's dependencies' pinned wheels, from the Python package index."""
    wheels = []
    for name, digest in pins.LIBRARY_WHEELS.items():
        wheel = CACHE / name
        if not wheel.is_file():
            package, version = name.split("-")[:2]
            say(f"fetching {package} with pip")
            CACHE.mkdir(exist_ok=True)
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                            "--python-version", "3.13", "--platform", "any", "--implementation", "py",
                            "-d", str(CACHE), f"{package}=={version}"], check=True)
        check_hash(wheel, digest)
        wheels.append(wheel)
    return wheels


def fetch_axe() -> Path:
    """The pinned axe-core script for the browser tests, in .cache/axe-core-<version>/axe.min.js."""
    files = {"axe.min.js": pins.AXE_SCRIPT_SHA256}
    return fetch_npm_files("axe-core", pins.AXE_VERSION, pins.AXE_TARBALL_SHA256, files) / "axe.min.js"


def fetch_qrcode() -> Path:
    """The pinned qrcode-generator ES module, in .cache/qrcode-generator-<version>/dist/qrcode.mjs."""
    files = {pins.QRCODE_MODULE: pins.QRCODE_MODULE_SHA256}
    return fetch_npm_files("qrcode-generator", pins.QRCODE_VERSION, pins.QRCODE_TARBALL_SHA256, files) / pins.QRCODE_MODULE
