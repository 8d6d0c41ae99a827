/**
 * A coarse outline of a country's reference shape: how many characters and which ones. It is no
 * rule of its own (the country's parser in its reference.ts is the rule); it only says which
 * texts the parser can never accept, so detecting a reference's country without `?country=` runs
 * the parsers of the countries whose outline fits instead of all of them (32 µs of a 130 µs
 * lookup went to running every parser). An outline must fit every text its parser accepts:
 * test/unit/countries/reference-shape.test.ts checks that against the full scan.
 *
 * Whitespace and dashes are not counted: the parsers drop or allow them in different places.
 */
export interface ReferenceShape {
  /** Fewest and most characters of an accepted text, whitespace and dashes aside (Infinity: no bound). */
  length: readonly [min: number, max: number];
  /** A character class every other character of an accepted text belongs to, e.g. /[0-9A-Z]/i. */
  chars: RegExp;
  /** Characters every accepted text holds (e.g. '/' of a parcel number with a part). */
  required?: string;
}

/** The ASCII codes an outline allows or requires, as four 32-bit words (codes 0–127). */
type AsciiSet = Int32Array;

const isSkipped = (code: number) => code === 45 || code === 32 || (code >= 9 && code <= 13); // '-', ASCII whitespace

function asciiSet(includes: (char: string) => boolean): AsciiSet {
  const set = new Int32Array(4);
  for (let code = 0; code < 128; code++) {
    if (includes(String.fromCharCode(code))) set[code >> 5] |= 1 << (code & 31);
  }
  return set;
}

interface CompiledShape<T> {
  item: T;
  /** Undefined: no outline declared, the parser always runs. */
  min?: number;
  max?: number;
  allowed?: AsciiSet;
  required?: AsciiSet;
}

/**
 * The items (adapters) whose outline fits a text, in their given order. A text with a character
 * outside ASCII fits every outline (Unicode normalisation and case rules could turn it into an
 * accepted one), so such a text runs every parser, as before.
 */
export class ReferenceShapeIndex<T> {
  private readonly shapes: CompiledShape<T>[];
  private readonly all: T[];

  constructor(items: readonly T[], shapeOf: (item: T) => ReferenceShape | undefined) {
    this.all = [...items];
    this.shapes = items.map((item) => {
      const shape = shapeOf(item);
      if (!shape) return { item };
      const chars = new RegExp(`^${shape.chars.source}$`, shape.chars.flags.replace('g', ''));
      const required = shape.required ?? '';
      return {
        item,
        min: shape.length[0],
        max: shape.length[1],
        allowed: asciiSet((char) => chars.test(char) || required.includes(char)),
        required: asciiSet((char) => required.includes(char)),
      };
    });
  }

  /** The items whose outline fits `text` (one pass over it, then a few word operations per item). */
  fitting(text: string): T[] {
    const seen = new Int32Array(4);
    let length = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 128) return this.all;
      if (isSkipped(code)) continue;
      length++;
      seen[code >> 5] |= 1 << (code & 31);
    }
    const fits: T[] = [];
    for (const shape of this.shapes) {
      const { allowed, required } = shape;
      if (allowed && required) {
        if (length < shape.min! || length > shape.max!) continue;
        let outside = 0;
        let missing = 0;
        for (let w = 0; w < 4; w++) {
          outside |= seen[w] & ~allowed[w];
          missing |= required[w] & ~seen[w];
        }
        if (outside !== 0 || missing !== 0) continue;
      }
      fits.push(shape.item);
    }
    return fits;
  }
}
