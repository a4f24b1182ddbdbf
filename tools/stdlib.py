"""The standard library the site ships: the parts of Pyodide's `python_stdlib.zip` that the
runtime and the engine need, not the whole (issue 41: the library is most of a first visit's
weight, and the engine imports a small part of it).

`tools/stdlib-keep.txt` lists the top-level modules and packages kept (a package whole, but
`encodings`, of which only the codecs listed); the build writes them into
`pyodide/python_stdlib.engine.zip`, without their docstrings and comments (`shrink`), which
the page's worker loads (site/worker.js). The list
comes from a probe (`python3 -m tools.stdlib`): the built site's runtime in Node with the stock
library, every engine module and the signing library's imported, and every kind of request
answered for every game (`probe_requests`); it is checked the same way against the trimmed
library by tests/test_stdlib_trimmed.py, which fails with the module's name when the engine
starts needing one that is not kept."""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEEP_FILE = Path(__file__).with_name("stdlib-keep.txt")
PROBE = Path(__file__).with_name("stdlib-probe.mjs")
SHRINK = Path(__file__).with_name("stdlib-shrink.mjs")
STOCK = "python_stdlib.zip"
TRIMMED = "python_stdlib.engine.zip"
# Besides what the probe sees: codecs a text may name, and modules Python loads only to report
# an error (a traceback's lines), so that an unexpected error still says what went wrong.
ALWAYS = {"encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii", "encodings.latin_1", "encodings.cp437",
          "encodings.aliases", "encodings.utf_16", "encodings.utf_32", "encodings.raw_unicode_escape",
          "encodings.unicode_escape", "traceback", "linecache", "tokenize", "token", "textwrap",
          "site-packages"}   # (a folder of the library, not a module: kept as it is)


def read_keep() -> set[str]:
    """The modules kept: top-level names, and `encodings.<codec>` names."""
    return {line.strip() for line in KEEP_FILE.read_text().splitlines() if line.strip() and not line.startswith("#")}


def kept(name: str, keep: set[str]) -> bool:
    """Whether the zip entry `name` (a path in the library) is of a module kept."""
    parts = name.rstrip("/").split("/")
    top = parts[0].removesuffix(".pyc").removesuffix(".py")
    if top == "encodings" and len(parts) > 1 and parts[1] not in ("__init__.py", "__init__.pyc"):
        return f"encodings.{parts[1].removesuffix('.pyc').removesuffix('.py')}" in keep
    return top in keep


def write_trimmed(stock: Path, out: Path, keep: set[str] | None = None) -> Path:
    """Write into `out` the entries of the library `stock` whose modules are kept, their
    sources without docstrings and comments (`shrink`)."""
    keep = read_keep() if keep is None else keep
    with zipfile.ZipFile(stock) as source, zipfile.ZipFile(out, "w") as target:
        for entry in source.infolist():
            if kept(entry.filename, keep):
                target.writestr(entry, source.read(entry))
    shrink(out)
    return out


def shrink(library: Path) -> None:
    """Write `library` again with its modules' sources parsed and written without docstrings and
    comments, in the pinned Pyodide (stdlib-shrink.mjs, run by Node): 0.95 MB -> 0.54 MB
    (issue 41). Cached in .cache/ under a digest of the library and the script."""
    from .fetch import made_in_pyodide
    digest = hashlib.sha256(SHRINK.read_bytes() + library.read_bytes()).hexdigest()[:16]
    shutil.copyfile(made_in_pyodide("stdlib", digest, SHRINK, library, "shrink the standard library", keep=4), library)


def probe_requests() -> list[str]:
    """Requests of every kind the page makes, for every game (CPython builds the records)."""
    sys.path.insert(0, str(ROOT))
    import py_engines
    from py_engines import CHANCE
    from py_engines.rng import Rng

    found: list[dict] = [{"op": "games"}]
    for name in ("manalath", "ambush", "nymbat", "not_nyout", "nimbus"):
        found += [{"op": "layout", "game": name}, {"op": "new", "game": name}, {"op": "lesson", "game": name},
                  {"op": "lesson_try", "game": name, "step": 0, "move": "??"},
                  {"op": "random_game", "game": name, "seed": 1, "fast": True},
                  {"op": "measure", "game": name, "seconds": 0.05, "fast": True}]
        game, rng = py_engines.new_game(name, None, 3), Rng(3)
        for ply in range(40):
            if game.is_over:
                break
            record = json.loads(game.to_json())
            if ply % 10 == 5:
                found += [{"op": "state", "record": record}, {"op": "coach", "record": record},
                          {"op": "prove", "record": record}, {"op": "pack", "record": record},
                          {"op": "think", "record": record, "level": "easy"},
                          {"op": "search_start", "record": record, "level": "medium"},
                          {"op": "refusal", "record": record, "steps": [{"cell": "a1"}]},
                          {"op": "review", "record": record, "ply": max(0, ply - 1)}]
                if game.to_move != CHANCE:
                    found.append({"op": "explain", "record": record, "move": game.legal_moves()[0]})
            if game.to_move == CHANCE:
                game.roll()
            else:
                game.play(game.random_move(rng))
        found.append({"op": "state", "record": json.loads(game.to_json())})
    # A game by links: each device's share and signature made and checked (the signing library).
    start = json.loads(py_engines.new_game("not_nyout", 2).to_json())
    secrets = ["S" * 21 + "Q", "T" * 21 + "Q"]
    from py_engines import bridge
    parties = [json.loads(bridge.handle(json.dumps({"op": "fair_party", "seats": [seat], "secret": secret})))["result"]["party"]
               for seat, secret in enumerate(secrets)]
    fair = {"id": "A" * 22, "parties": parties}
    step = {"op": "fair_step", "record": start, "fair": json.dumps(fair), "party": 0, "secret": secrets[0]}
    red = json.loads(bridge.handle(json.dumps(step)))["result"]
    found += [{"op": "fair_party", "seats": [0], "secret": secrets[0]}, step,
              {"op": "fair_step", "record": red["record"], "fair": json.dumps(red["fair"]), "party": 1, "secret": secrets[1]},
              {"op": "fair_check", "record": start, "fair": json.dumps(red["fair"])}]
    # Malformed requests: the bridge's refusals.
    return [json.dumps(request) for request in found] + ["{", "[]", '{"op": "nothing"}', '{"op": "state", "record": 1}']


def probe(site: Path, stdlib: Path) -> dict:
    """The probe (stdlib-probe.mjs) on the built `site` with the library `stdlib`: {modules, failures}."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl") as requests:
        requests.write("\n".join(probe_requests()) + "\n")
        requests.flush()
        done = subprocess.run(["node", str(PROBE), str(site), str(stdlib), requests.name],
                              capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"the probe failed: {done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def keep_from(modules: list[str]) -> set[str]:
    """The top-level modules of `modules` (of `encodings`, each codec), with ALWAYS."""
    names = {m.split(".")[0] for m in modules if not m.startswith(("py_engines", "ecdsa", "six"))}
    names |= {".".join(m.split(".")[:2]) for m in modules if m.startswith("encodings.")}
    return names | ALWAYS


def main() -> int:
    from . import site as site_build
    site = site_build.build_if_changed(quiet=True)
    found = probe(site, site / "pyodide" / STOCK)
    if found["failures"]:
        print(json.dumps(found["failures"], indent=1))
        return 1
    keep = sorted(keep_from(found["modules"]))
    KEEP_FILE.write_text("# The standard library the site ships (tools/stdlib.py): top-level modules and packages,\n"
                         "# and of `encodings` each codec. Written by `python3 -m tools.stdlib`; do not edit by hand.\n"
                         + "\n".join(keep) + "\n")
    print(f"{len(keep)} names written to {KEEP_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
