// Loaded before the page-logic tests (`node --import ./tests/page/register.mjs --test tests/page/`):
// the page's modules are ES modules served to a browser, so Node is told to read them as
// such, and `build-info.js`, which the build writes, is the catalog tools/page_fixtures.py wrote.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
