/**
 * Numbers of GML coordinates (posList, pos) decoded in one pass into a Float64Array that is
 * reused from ring to ring. Hand-written: no library parses GML coordinates into a Float64Array
 * (the GML readers on npm build a DOM and split strings), and the bulk import decodes millions of
 * them (5.9 million numbers in the 144,300 distinct parcels): `split`, a token string and
 * `Number` per coordinate, and a growing array, were a tenth of an import.
 */
export class CoordinateNumbers {
  values = new Float64Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

/** Powers of ten exactly representable as doubles (10^0 … 10^22). */
const EXACT_POWERS_OF_TEN = Float64Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/**
 * Appends the whitespace-separated numbers of `text` to `into`: the same values as
 * `text.trim().split(/\s+/).map(Number)` (each token that is not a plain decimal goes through
 * Number, so "1e3", "+5", "Infinity" or garbage behave alike: garbage is NaN, refused by the reader).
 *
 * Plain decimals of at most 15 digits (all the Catastro writes, like "376623.32") are read in
 * place: the digits as an integer, divided by the power of ten of the decimals. Both are exact
 * doubles (below 2^53, and 10^k up to 10^22), and IEEE division rounds the exact quotient
 * correctly, so the result is the double Number() gives for the token, bit for bit.
 */
export function decodeNumbers(text: string, into: CoordinateNumbers): void {
  const length = text.length;
  let at = 0;
  while (at < length) {
    let c = text.charCodeAt(at);
    if (isSpace(c)) {
      at++;
      continue;
    }
    const start = at;
    let negative = false;
    if (c === 45 || c === 43) {
      negative = c === 45;
      at++;
    }
    let mantissa = 0;
    let digits = 0;
    let decimals = -1;
    for (; at < length; at++) {
      c = text.charCodeAt(at);
      if (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        digits++;
        if (decimals >= 0) decimals++;
      } else if (c === 46 && decimals < 0) decimals = 0;
      else break;
    }
    if (at < length && !isSpace(c)) {
      while (at < length && !isSpace(text.charCodeAt(at))) at++;
      into.push(Number(text.slice(start, at)));
    } else if (digits === 0 || digits > 15) {
      into.push(Number(text.slice(start, at)));
    } else {
      const value = decimals > 0 ? mantissa / EXACT_POWERS_OF_TEN[decimals] : mantissa;
      into.push(negative ? -value : value);
    }
  }
}

/** The numbers of a posList as an array (decodeNumbers). */
export function parseNumberList(text: string): number[] {
  const numbers = new CoordinateNumbers();
  decodeNumbers(text, numbers);
  return Array.from(numbers.values.subarray(0, numbers.length));
}
