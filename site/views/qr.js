// The QR code of a text (a game's link), for someone in the same room to scan.
//
// The code is drawn by qrcode-generator (vendor/qrcode.mjs, pinned and checked by
// build.py), loaded only when a first code is asked for: never at boot. The code
// is the smallest that holds the text; the strongest error correction that
// still fits that size is used (a longer text gets a bigger code, not a weaker
// one, until the biggest: version 40, level L).

const SVG = "http://www.w3.org/2000/svg";
const QUIET_ZONE = 4; // modules of white around the code, as the QR standard asks
const PIXELS_PER_MODULE = 4; // the SVG's own size; a page's CSS may scale it
const LEVELS_STRONGEST_FIRST = ["H", "Q", "M"]; // L, the weakest, is the smallest code's

/** The most bytes of text (UTF-8) a QR code holds: version 40 at level L, in byte mode.
 *  A longer text gets no code (qrSvg answers null): send the link instead. */
export const QR_CAPACITY = 2953;

let library = null; // the library's module, once asked for (a failed load is tried again)

/** The QR code of `text` as an SVG element named `label`, black on white with its
 *  quiet zone, with width, height and viewBox of its own (4 px a module; its
 *  data-modules and data-level say its size and error correction); or null when
 *  the text is longer than a QR code holds (QR_CAPACITY bytes of UTF-8). */
export async function qrSvg(text, label = "QR code") {
  library ||= import("../vendor/qrcode.mjs").catch((error) => { library = null; throw error; });
  const { qrcode } = await library;
  const made = strongestCode(qrcode, utf8Bytes(text));
  return made && drawCode(made.code, made.level, label);
}

// The library reads its text one byte a character: hand it the text's UTF-8 bytes so.
function utf8Bytes(text) {
  return Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");
}

// The smallest code that holds the bytes (its version found at level L), then
// the strongest level whose code of that version still holds them: {code, level}.
function strongestCode(qrcode, bytes) {
  const smallest = fitted(qrcode(0, "L"), bytes);
  if (!smallest) return null;
  const version = (smallest.getModuleCount() - 17) / 4;
  for (const level of LEVELS_STRONGEST_FIRST) {
    const code = fitted(qrcode(version, level), bytes);
    if (code) return { code, level };
  }
  return { code: smallest, level: "L" };
}

// The code made with the bytes, or null if they do not fit it (the library throws a
// string, "code length overflow", before it draws anything).
function fitted(code, bytes) {
  code.addData(bytes, "Byte");
  try {
    code.make();
  } catch (error) {
    if (String(error).startsWith("code length overflow")) return null;
    throw error;
  }
  return code;
}

// One white square with the quiet zone, and one black path: a rectangle for each
// run of dark modules along a row. Colours are the element's own style, so no theme
// turns them: a QR code scans dark on light only.
function drawCode(code, level, label) {
  const count = code.getModuleCount();
  const side = count + 2 * QUIET_ZONE;
  const runs = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; ) {
      if (!code.isDark(row, col)) { col++; continue; }
      const start = col;
      while (col < count && code.isDark(row, col)) col++;
      runs.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`);
    }
  }
  const svg = document.createElementNS(SVG, "svg");
  for (const [name, value] of [["viewBox", `0 0 ${side} ${side}`], ["width", side * PIXELS_PER_MODULE],
    ["height", side * PIXELS_PER_MODULE], ["shape-rendering", "crispEdges"], ["role", "img"],
    ["aria-label", label], ["data-modules", count], ["data-level", level]]) {
    svg.setAttribute(name, value);
  }
  const light = document.createElementNS(SVG, "rect");
  light.setAttribute("width", side);
  light.setAttribute("height", side);
  light.style.fill = "#fff";
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", runs.join(""));
  dark.style.fill = "#000";
  svg.append(light, dark);
  return svg;
}
