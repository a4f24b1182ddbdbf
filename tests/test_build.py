"""The built site: everything the page needs is there and precached."""
import json
import re
import zipfile

from tools import engine_wheel, fetch, pins, site as site_build


def test_the_build_holds_the_runtime_both_wheels_and_a_complete_precache(site_dir):
    files = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    for name in pins.PYODIDE_FILES:
        assert f"pyodide/{name}" in files
        assert fetch.sha256(site_dir / "pyodide" / name) == pins.PYODIDE_FILES[name]
    assert fetch.sha256(site_dir / "wheels" / pins.MICROPIP_WHEEL) == pins.MICROPIP_SHA256
    for name, digest in pins.LIBRARY_WHEELS.items():  # the engine's dependency, unpacked beside it by the worker
        assert fetch.sha256(site_dir / "wheels" / name) == digest
        assert f"wheels/{name}" in (site_dir / "build-info.js").read_text()
    engine = next(site_dir.glob("wheels/py_engines-*-py3-none-any.whl"))
    with zipfile.ZipFile(engine) as wheel:
        names = wheel.namelist()
    assert {"py_engines/bridge.pyc", "py_engines/games/manalath.pyc", "py_engines/ai/search.pyc"} <= set(names)
    assert not any(n.endswith((".so", ".pyd")) for n in names)
    assert not any("greedy" in n for n in names), "the greedy yardstick is bench's, not the engine's"

    sw = (site_dir / "sw.js").read_text()
    cache = re.search(r'const CACHE = "boardgames-([0-9a-f]{12})"', sw)
    info = (site_dir / "build-info.js").read_text()
    assert cache and cache.group(1) in info
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    # Every file but Pyodide's stock standard library, which only the benchmark's micropip comparison
    # loads (the page loads the trimmed one: tools/stdlib.py).
    assert set(precache) == {"./"} | {"./" + f for f in files if f not in ("sw.js", "pyodide/python_stdlib.zip")}


def test_the_build_name_changes_with_the_sources():
    source = site_build.ROOT / "py_engines" / "rng.py"
    assert site_build.source_digest([source]) == site_build.source_digest([source])
    assert site_build.source_digest([source]) != site_build.source_digest([site_build.ROOT / "py_engines" / "core.py"])


def test_the_engine_wheel_ships_bytecode_for_the_runtime_python_in_place_of_its_sources(site_dir):
    engine = next(site_dir.glob("wheels/py_engines-*-py3-none-any.whl"))
    with zipfile.ZipFile(engine) as wheel:
        names = set(wheel.namelist())
        record = wheel.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        assert not [n for n in names if n.endswith(".py")]   # no source: a first visit downloads less
        assert not [line for line in record.splitlines() if line.partition(",")[0].endswith(".py")]
        modules = [n for n in names if n.endswith(".pyc")]
        assert len(modules) > 10 and {"py_engines/ai/nimbus.pyc", "py_engines/games/nimbus.pyc"} <= set(modules)
        for module in modules:
            pyc = engine_wheel.bytecode_name(module[:-1])
            assert pyc == module and (site_build.ROOT / module[:-1]).is_file()
            header = wheel.read(pyc)[:8]
            # Python 3.13's magic number (3571), then the flags of an unchecked hash-based .pyc (PEP 552).
            assert header[:4] == (3571).to_bytes(2, "little") + b"\r\n", pyc
            assert int.from_bytes(header[4:8], "little") == 0b01, pyc
            assert f"\n{pyc},sha256=" in "\n" + record


def built_info(site_dir) -> dict:
    text = (site_dir / "build-info.js").read_text()
    return json.loads(re.search(r"export const BUILD = (\{.*\});", text, re.S).group(1))


def test_the_build_lists_the_engine_s_games_in_menu_order(site_dir):
    from py_engines import bridge
    from py_engines.games import REGISTRY
    from py_engines.learn import COVERS, LESSONS
    from tools.puzzle_files import load_puzzles
    games = built_info(site_dir)["games"]
    answer = json.loads(bridge.handle('{"op": "games"}'))["result"]["games"]
    assert [g["name"] for g in games] == list(answer) == ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"]
    for game, (cls, tagline) in zip(games, REGISTRY):
        assert set(game) == {"name", "title", "tagline", "players", "options", "lesson", "lessonSteps", "lessonKeys",
                             "cover", "puzzles", "puzzleIds"}
        assert game["puzzleIds"] == [p["id"] for p in load_puzzles(game["name"])]
        assert game["puzzles"] == len(game["puzzleIds"]) >= 30
        assert game["lesson"] == (game["name"] in LESSONS)
        assert game["lessonKeys"] == [step.key for step in LESSONS[game["name"]]]
        assert game["lessonSteps"] == len(LESSONS[game["name"]]) and game["cover"] == COVERS[game["name"]]
        assert game["tagline"] == tagline and game["title"] == cls.title
        assert {key: game[key] for key in ("title", "players", "options")} == answer[game["name"]]


def test_the_boards_are_the_engine_s_layouts_and_new_games(site_dir):
    from py_engines import bridge
    names = [game["name"] for game in built_info(site_dir)["games"]]
    assert names and {p.stem for p in (site_dir / "boards").glob("*.json")} == set(names)
    ask = lambda request: json.loads(bridge.handle(json.dumps(request)))["result"]  # noqa: E731
    for game in names:
        board = json.loads((site_dir / "boards" / f"{game}.json").read_text())
        assert board["layout"] == ask({"op": "layout", "game": game})
        start = ask({"op": "new", "game": game})
        del start["legal"]
        assert board["start"] == start


def test_the_build_says_the_memory_the_runtime_starts_with(site_dir):
    """site/engine/snapshot.js refuses a kept snapshot shorter than this (Pyodide 0.29 hangs on one)."""
    info = json.loads((site_dir / "build-info.js").read_text().partition("= ")[2].rstrip().rstrip(";"))
    assert info["runtimeMemory"] == site_build.declared_memory(site_dir / "pyodide" / "pyodide.asm.wasm")
    assert info["runtimeMemory"] >= 16 * 2**20 and info["runtimeMemory"] % 65536 == 0
