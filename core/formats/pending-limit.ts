/**
 * The longest text node, tag or comment an import parser holds while waiting for its end, in
 * characters. A hostile file (a zip inflating to hundreds of megabytes of one text node) was held
 * whole, memory without bound (saxes: 200 MB of text, 545 MB resident), or searched again with
 * each chunk (xml-scanner.ts: more than ten minutes for 300 MB). The longest real one, a rustic
 * parcel's `posList`, is a few megabytes (hundreds of thousands of vertices would still fit).
 * A module of its own so the scanner does not load saxes.
 */
export const MAX_PENDING_CHARS = 16 * 1024 * 1024;
export const pendingTooLong = `a text or tag longer than ${MAX_PENDING_CHARS / (1024 * 1024)} Mi characters, far beyond any real one (a damaged or hostile file)`;
