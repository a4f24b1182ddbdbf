"""The build's own tools (build.py is the command over them): what the build and the
tests compute with the engine in CPython, beside the page."""
