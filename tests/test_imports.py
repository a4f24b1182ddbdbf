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
    """The graph is read, not guessed: the controllers reach the store, the view does not reach them."""
    graph = site_graph()
    assert "store.js" in graph["moves.js"] and "store.js" in graph["view.js"]
    for controller in ("moves.js", "computer.js", "session.js", "menus.js", "modes/play.js", "modes/picture.js"):
        assert "view.js" not in graph[controller], f"{controller} imports the view"


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


# The page's layers (docs/architecture.md): the page model and the views decide and draw from the
# store's state; the controllers change it and talk to the engine's worker.
PAGE_MODEL = ("model/", "store.js", "input.js", "records.js", "links.js", "marks.js", "games/")
VIEWS = ("view.js", "home.js", "board.js", "diagrams.js")
ENGINE_SIDE = {"boot.js", "engine.js", "worker.js", "snapshot.js"}
CONTROLLERS = {"app.js", "moves.js", "computer.js", "coach.js", "session.js", "menus.js", "bylinks.js", "linkplay.js",
               "review.js"}


def test_the_page_model_and_the_views_never_reach_the_worker_or_a_controller():
    graph = site_graph()
    model = [name for name in graph if name.startswith(PAGE_MODEL)]
    assert "model/game-page.js" in model and "model/seats.js" in model and "model/link-game.js" in model
    for name in model + list(VIEWS):
        reached = reach(graph, name)
        assert not reached & ENGINE_SIDE, f"{name} reaches the engine's side: {sorted(reached & ENGINE_SIDE)}"
        assert not reached & CONTROLLERS, f"{name} reaches a controller: {sorted(reached & CONTROLLERS)}"
        assert not any(target.startswith("modes/") for target in reached), f"{name} reaches a mode"
        if name in VIEWS:
            continue
        assert not reached & set(VIEWS + ("ui.js",)), f"the page model's {name} reaches a view"
