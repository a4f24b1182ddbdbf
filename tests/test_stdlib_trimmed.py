"""The standard library the site ships is the part of Pyodide's the engine needs (issue 41:
tools/stdlib.py): in Node, the built site's runtime booted with the trimmed library imports every
module of the engine and of its signing library and answers every kind of request for every
game; a module the engine starts to need that is not kept fails here, by its name."""
from __future__ import annotations

import zipfile

from tools import stdlib


def test_the_trimmed_library_holds_every_module_the_engine_needs(site_dir):
    trimmed = site_dir / "pyodide" / stdlib.TRIMMED
    found = stdlib.probe(site_dir, trimmed)   # a module missing: the probe fails, and says which
    assert found["failures"] == []
    names = zipfile.ZipFile(trimmed).namelist()
    assert {"json/__init__.pyc", "encodings/utf_8.pyc", "fractions.pyc"} <= set(names) or \
        {"json/__init__.py", "encodings/utf_8.py", "fractions.py"} <= set(names), names[:20]
    # Far smaller than the stock library, which is left out of what a visit downloads.
    assert trimmed.stat().st_size < 0.5 * (site_dir / "pyodide" / stdlib.STOCK).stat().st_size
    assert f"pyodide/{stdlib.STOCK}\"" not in (site_dir / "sw.js").read_text()
    assert f"pyodide/{stdlib.TRIMMED}\"" in (site_dir / "sw.js").read_text()


def test_a_module_that_is_not_kept_is_left_out_and_encodings_keeps_only_its_codecs():
    keep = {"json", "encodings", "encodings.utf_8"}
    assert stdlib.kept("json/decoder.pyc", keep) and stdlib.kept("json/", keep)
    assert not stdlib.kept("email/__init__.pyc", keep) and not stdlib.kept("bisect.pyc", keep)
    assert stdlib.kept("encodings/__init__.pyc", keep) and stdlib.kept("encodings/utf_8.pyc", keep)
    assert not stdlib.kept("encodings/cp1252.pyc", keep)
