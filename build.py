#!/usr/bin/env python3
"""The one entry point: build the site, serve it, run the tests, run the benchmarks.

    python3 build.py serve [--port 8000]   build, then serve at http://127.0.0.1:8000
    python3 build.py build                 build into dist/site only
    python3 build.py test [pytest args]    set up .venv and a browser, then run every test
    python3 build.py check [pytest args]   the fast slice: page logic and engine tests, no browser
    python3 build.py bench [--quick]       print the benchmark figures

The build fetches the pinned Pyodide runtime and QR code library (npm) and
micropip wheel (pip), checks them against the hashes below, and caches them in
.cache/ (the tests fetch axe-core the same way). It needs only the Python
standard library, npm (with its Node.js, which also compiles the engine to the
runtime's bytecode) and pip.
"""
from __future__ import annotations

import argparse
import sys

from tools.site import build
from tools.server import serve
from tools.suite import run_bench, run_check, run_tests


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    serve_cmd = sub.add_parser("serve", help="build, then serve the site")
    serve_cmd.add_argument("--port", type=int, default=8000)
    serve_cmd.add_argument("--host", default="127.0.0.1")
    sub.add_parser("build", help="build the site into dist/site")
    sub.add_parser("test", help="run the whole test suite (extra arguments go to pytest)")
    sub.add_parser("check", help="the fast slice: page logic and engine tests, no browser (extra arguments go to pytest)")
    sub.add_parser("bench", help="run the benchmarks (extra arguments go to bench/run.py)")
    args, rest = parser.parse_known_args()
    if rest and args.command not in ("test", "check", "bench"):
        parser.error(f"unrecognised arguments: {' '.join(rest)}")
    if args.command == "serve":
        serve(args.port, args.host)
    elif args.command == "build":
        build()
    elif args.command == "test":
        return run_tests(rest)
    elif args.command == "check":
        return run_check(rest)
    elif args.command == "bench":
        return run_bench(rest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
