"""No module imports itself round a circle: the page's modules (site/) and the
benchmarks (bench/). A cycle means two modules that cannot be read apart, and
in the page, a controller that reaches back into the view."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
BENCH = ROOT / "bench"

# `import ... from "./x.js"`, `export ... from "./x.js"`, `import "./x.js"` and `import("./x.js")`.
JS_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"']+)["']""")


def site_graph() -> dict[str, set[str]]:
    graph = {}
    for path in sorted(SITE.rglob("*.js")):
        name = path.relative_to(SITE).as_posix()
        targets = set()
        for spec in JS_IMPORT.findall(path.read_text()):
            if "${" in spec:  # a template: the game modules, loaded by name (checked below)
                continue
            targets.add((path.parent / spec).resolve().relative_to(SITE.resolve()).as_posix())
        graph[name] = targets
    return graph


def bench_graph() -> dict[str, set[str]]:
    local = {path.stem for path in BENCH.glob("*.py")}
    graph = {}
    for path in sorted(BENCH.glob("*.py")):
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            for name in names:
                last = name.split(".")[-1] if name.startswith("bench.") else name
                if last in local:
                    targets.add(last)
        graph[path.stem] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle found by a depth-first walk, each as the path that closes it."""
    found = []
    state: dict[str, str] = {}

    def walk(node: str, path: list[str]) -> None:
        state[node] = "open"
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                walk(target, path + [target])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("name, graph", [("site", site_graph), ("bench", bench_graph)])
def test_no_import_cycle(name, graph):
    found = graph()
    assert len(found) > 5, f"{name}: too few modules read; is the import pattern still right?"
    assert cycles(found) == [], f"import cycles in {name}/"


BUILT = {"build-info.js", "pyodide/pyodide.mjs", "vendor/qrcode.mjs"}  # written into the site by build.py


def test_every_site_import_names_a_file():
    missing = [(module, target) for module, targets in site_graph().items() for target in targets
               if not (SITE / target).is_file() and target not in BUILT]
    assert missing == []


def test_the_page_imports_what_it_is_made_of():
    """The graph is read, not guessed: the controllers reach the store, the views do not reach them."""
    graph = site_graph()
    assert "state/store.js" in graph["controllers/moves.js"] and "state/store.js" in graph["views/game-view.js"]
    for controller in [name for name in graph if name.startswith(CONTROLLERS) and name != "app.js"]:  # app.js wires them
        assert not any(t.startswith("views/game-view") for t in graph[controller]), f"{controller} imports the view"


def reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


# The page's layers (docs/architecture.md), one folder each: the page model decides and the views
# draw from the store's state; the controllers, modes, dialogs and a game by links change it and
# talk to the engine's worker.
PAGE_MODEL = ("model/", "state/store.js", "games/")
VIEWS = ("views/",)
ENGINE_SIDE = ("engine/", "worker.js")
CONTROLLERS = ("app.js", "controllers/", "modes/", "dialogs/", "by-links/", "state/actions.js")
LAYERS = ("state/", "model/", "views/", "controllers/", "modes/", "dialogs/", "by-links/", "engine/", "games/")


def test_every_module_sits_in_a_layer():
    entry_points = {"app.js", "worker.js", "sw.js", "build-info.js"}
    loose = [name for name in site_graph() if not name.startswith(LAYERS) and name not in entry_points]
    assert loose == [], "modules outside the layers' folders"


def test_the_page_model_and_the_views_never_reach_the_worker_or_a_controller():
    graph = site_graph()
    model = [name for name in graph if name.startswith(PAGE_MODEL)]
    assert "model/game-page.js" in model and "model/seats.js" in model and "model/link-game.js" in model
    views = [name for name in graph if name.startswith(VIEWS)]
    assert "views/game-view.js" in views and "views/home-view.js" in views
    for name in model + views:
        reached = reach(graph, name)
        engine_side = sorted(t for t in reached if t.startswith(ENGINE_SIDE))
        assert not engine_side, f"{name} reaches the engine's side: {engine_side}"
        controllers = sorted(t for t in reached if t.startswith(CONTROLLERS))
        assert not controllers, f"{name} reaches a controller: {controllers}"
        if name in views:
            continue
        drawn = sorted(t for t in reached if t.startswith(VIEWS))
        assert not drawn, f"the page model's {name} reaches a view: {drawn}"


def site_sources() -> dict[str, str]:
    return {path.relative_to(SITE).as_posix(): path.read_text() for path in sorted(SITE.rglob("*.js"))
            if not path.relative_to(SITE).as_posix().startswith(("pyodide/", "vendor/"))}


def test_the_state_changes_only_through_named_actions():
    """store.update is called in state/actions.js alone; every other module calls an action."""
    sources = site_sources()
    callers = sorted(name for name, text in sources.items() if "store.update(" in text and name != "state/store.js")
    assert callers == ["state/actions.js"]
    assert "export const positionShown" in sources["state/actions.js"], "is the actions module still read?"


def test_the_store_s_watchers_are_registered_by_app_js():
    """No module starts following the store as a side effect of being imported."""
    watching = sorted(name for name, text in site_sources().items() if "store.watch(" in text)
    assert watching == ["app.js"]


def test_the_input_lock_is_one_helper():
    """`busy` is counted up and down in one place (withInputLocked), never by hand."""
    counted = sorted(name for name, text in site_sources().items() if re.search(r"busy:\s*store\.state\.busy\s*[+-]", text))
    assert counted == ["state/actions.js"]


def test_every_module_the_page_names_is_there():
    """index.html's scripts and preloads name files that exist (a moved module leaves no 404 behind)."""
    named = re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+\.js)"', (SITE / "index.html").read_text())
    assert len(named) > 10
    assert [name for name in named if not (SITE / name).is_file() and name not in BUILT] == []
