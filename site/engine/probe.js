// The newest syntax the Python runtime (pyodide/pyodide.asm.js) is written in:
// a class static block (Safari 16.4, Chrome 94, Firefox 93). support.js imports
// this module only after the engine failed to start: if it cannot be parsed
// either, the browser is too old for the runtime, and the page says so plainly.
export const Probe = class {
  static {
    this.parsed = true;
  }
};
