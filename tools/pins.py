"""What the build ships from others, each pinned by version and SHA-256: the Pyodide
runtime, micropip, the engine's dependencies, the QR code library; and axe-core, which
only the browser tests use. A new version changes its hashes here, and nothing else."""
from __future__ import annotations

PYODIDE_VERSION = "0.29.3"
PYODIDE_TARBALL_SHA256 = "924f3167d6bf5e553bda392615eaa82edd82a9cffc32a1cc49853a926b148c5c"
# The runtime files the page needs, each pinned too.
PYODIDE_FILES = {
    "pyodide.mjs": "23213d27e9dacbda6f25f955fb38dabfc40ada082c04ee253047ea5dddcaa3b5",
    "pyodide.asm.js": "1263f02b5b26099b96112378156f242dd98b39a8201ba7765e5fe3d455c5ce91",
    "pyodide.asm.wasm": "e2f4ee75b325e35eb31bfb8c613d4dd5098f5502c156a97847686875b5025480",
    "python_stdlib.zip": "4298b6ee445cb724c3973437da47789752b9e6ff4e26619026b283ec801fc46b",
    "pyodide-lock.json": "3256ffc76388de0e37f4b34d42ab484268d1afc675179ff97b2a5bb14f84ccac",
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
# link with it (site/views/qr.js), for someone in the same room. Its ES module ships in the site as
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
