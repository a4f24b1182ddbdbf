"""The engine's bytecode ships compiled as -OO would (tools/compile-engine.mjs): without
docstrings and asserts. That is safe only while the engine reads no docstring, asserts
nothing and branches on no ``__debug__``: checked here on every module's source."""
from __future__ import annotations

import ast
from pathlib import Path

import py_engines

ENGINE = Path(py_engines.__file__).parent


def test_the_engine_reads_no_docstring_and_asserts_nothing():
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Assert):
                found.append(f"{path.name}:{node.lineno} assert")
            elif isinstance(node, ast.Name) and node.id == "__debug__":
                found.append(f"{path.name}:{node.lineno} __debug__")
            elif (isinstance(node, ast.Attribute) and node.attr == "__doc__") or \
                    (isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "getdoc"):
                found.append(f"{path.name}:{node.lineno} reads a docstring")
    assert found == [], "the engine's -OO bytecode would change it: " + ", ".join(found)
