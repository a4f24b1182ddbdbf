"""The built site: everything the page needs is there and precached."""
import json
import re
import zipfile

import build


def test_the_build_holds_the_runtime_both_wheels_and_a_complete_precache(site_dir):
    files = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    for name in build.PYODIDE_FILES:
        assert f"pyodide/{name}" in files
        assert build.sha256(site_dir / "pyodide" / name) == build.PYODIDE_FILES[name]
    assert build.sha256(site_dir / "wheels" / build.MICROPIP_WHEEL) == build.MICROPIP_SHA256
    engine = next(site_dir.glob("wheels/py_engines-*-py3-none-any.whl"))
    with zipfile.ZipFile(engine) as wheel:
        names = wheel.namelist()
    assert "py_engines/bridge.py" in names and "py_engines/manalath.py" in names
    assert not any(n.endswith((".so", ".pyd")) for n in names)

    sw = (site_dir / "sw.js").read_text()
    cache = re.search(r'const CACHE = "boardgames-([0-9a-f]{12})"', sw)
    info = (site_dir / "build-info.js").read_text()
    assert cache and cache.group(1) in info
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    assert set(precache) == {"./"} | {"./" + f for f in files if f != "sw.js"}


def test_the_build_name_changes_with_the_sources():
    source = build.ROOT / "py_engines" / "rng.py"
    assert build.source_digest([source]) == build.source_digest([source])
    assert build.source_digest([source]) != build.source_digest([build.ROOT / "py_engines" / "core.py"])
