"""The bounds on input agree between the engine and the page, and the built site
carries its Content-Security-Policy (in the page, and from the server)."""
import re
import urllib.request

from tools import site as site_build
from py_engines import bridge, core
from conftest import Server

SITE = site_build.ROOT / "site"


def js_number(path, name: str) -> int:
    """A constant of a page module: `const NAME = 1_000_000; // ...`."""
    found = re.search(rf"const {name} = ([0-9_]+|Number\.MAX_SAFE_INTEGER)[;\s]", (SITE / path).read_text())
    assert found, f"{path} has no constant {name}"
    value = found.group(1)
    return 2**53 - 1 if value == "Number.MAX_SAFE_INTEGER" else int(value.replace("_", ""))


def test_the_page_checks_input_with_the_engines_numbers():
    assert js_number("model/records.js", "MAX_RECORD_CHARS") == core.MAX_RECORD_CHARS
    assert js_number("model/records.js", "MAX_MOVE_CHARS") == core.MAX_MOVE_CHARS
    assert js_number("model/records.js", "RECORD_DEPTH") == core.RECORD_DEPTH
    assert js_number("model/records.js", "MAX_SEED") == core.MAX_SEED
    assert js_number("worker.js", "MAX_REQUEST_CHARS") == bridge.MAX_REQUEST_CHARS
    assert js_number("worker.js", "REQUEST_DEPTH") == bridge.REQUEST_DEPTH
    assert js_number("worker.js", "RECORD_DEPTH") == core.RECORD_DEPTH


def directives(policy: str) -> dict[str, set[str]]:
    parts = [p.split() for p in policy.split(";") if p.strip()]
    return {p[0]: set(p[1:]) for p in parts}


def check_strict(policy: dict[str, set[str]]) -> None:
    for name in ("default-src", "script-src", "worker-src", "connect-src"):
        assert policy[name] <= {"'self'", "'wasm-unsafe-eval'"}, (name, policy[name])
    assert policy["script-src"] == {"'self'", "'wasm-unsafe-eval'"}  # no inline script, no eval beyond WebAssembly
    assert policy["object-src"] == {"'none'"} and policy["base-uri"] == {"'none'"}
    assert not any("unsafe-eval'" in v and v != "'wasm-unsafe-eval'" for vs in policy.values() for v in vs)


def test_the_built_page_carries_a_strict_policy(site_dir):
    index = (site_dir / "index.html").read_text()
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', index)
    assert meta, "the built index.html has no Content-Security-Policy"
    assert index.index(meta.group(0)) < index.index("<script"), "the policy must come before any script"
    check_strict(directives(meta.group(1)))
    assert not re.search(r"<script(?![^>]*\bsrc=)", index), "an inline script, which the policy would block"
    assert not re.search(r"\son[a-z]+=", index), "an inline event handler, which the policy would block"


def test_the_server_sends_the_policy_with_framing_refused_on_every_file(site_dir):
    server = Server(site_dir)
    try:
        for path in ("", "worker.js", "sw.js", "pyodide/pyodide.mjs"):
            with urllib.request.urlopen(server.url + path) as response:
                policy = directives(response.headers["Content-Security-Policy"])
            check_strict(policy)
            assert policy["frame-ancestors"] == {"'none'"}
    finally:
        server.stop()


def test_the_readme_shows_the_policy_that_is_built():
    readme = (site_build.ROOT / "README.md").read_text()
    shown = re.search(r"Content-Security-Policy: (.+)", readme).group(1).strip()
    assert shown == site_build.csp_text({**site_build.CSP, **site_build.CSP_HEADER_ONLY})
