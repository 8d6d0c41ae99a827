/**
 * Numbers of GML coordinates (posList, pos) decoded in one pass into a Float64Array that is
 * reused from ring to ring. Hand-written: no library parses GML coordinates into a Float64Array
 * (the GML readers on npm build a DOM and split strings), and the bulk import decodes millions of
 * them (5.9 million numbers in the 144,300 distinct parcels): `split`, a token string and
 * `Number` per coordinate, and a growing array, were a tenth of an import.
 *
 * The text may come in pieces (the import's tokenizer hands over the bytes between two tags; a
 * comment, a CDATA section or a reference cuts a text node in several): a token that touches the
 * end of a piece is kept as text (`tail`) and read again with the next piece when that one goes on
 * with it, so the numbers are those of the whole text however it was cut.
 */
export class CoordinateNumbers {
  values = new Float64Array(1024);
  length = 0;
  /** The last token's text when it touched the end of the last piece ('' when a blank ended it). */
  tail = '';

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  /** A new list: no numbers, nothing to go on with. */
  reset(): void {
    this.length = 0;
    this.tail = '';
  }
}

/**
 * What bytes[start, end) read as, when a token is not a plain decimal (Number() of its text): the
 * import's tokenizer decodes them as the file's encoding (xml-scanner.ts).
 */
export interface TextOf {
  textOf(start: number, end: number): string;
}

/**
 * Number() of a token that is not a plain decimal, but NaN when it holds a control character:
 * Number() would trim a vertical tab or form feed, which are no XML characters at all.
 */
const numberOf = (token: string) => (/[\x00-\x1f]/.test(token) ? NaN : Number(token));

const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

/** Powers of ten exactly representable as doubles (10^0 … 10^22). */
const EXACT_POWERS_OF_TEN = Float64Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/**
 * Appends the whitespace-separated numbers of `bytes[start, end)` to `into`, going on with the
 * token the last piece ended in: for the whole text, the same values as
 * `text.trim().split(/\s+/).map(Number)` (each token that is not a plain decimal goes through
 * Number, so "1e3", "+5", "Infinity" or garbage behave alike: garbage is NaN, refused by the reader).
 *
 * Plain decimals of at most 15 digits (all the Catastro writes, like "376623.32") are read in
 * place: the digits as an integer, divided by the power of ten of the decimals. Both are exact
 * doubles (below 2^53, and 10^k up to 10^22), and IEEE division rounds the exact quotient
 * correctly, so the result is the double Number() gives for the token, bit for bit. The bytes are
 * read as they are (XML's blanks and digits are ASCII in UTF-8 and Latin-1 alike); `text` decodes
 * the rare token that is not a plain decimal.
 */
export function continueNumbers(bytes: Uint8Array, start: number, end: number, into: CoordinateNumbers, text: TextOf): void {
  let at = start;
  if (into.tail !== '') {
    // The last piece ended inside a token: this one goes on with it unless it starts with a blank.
    while (at < end && !isSpace(bytes[at])) at++;
    if (at > start) {
      into.tail += text.textOf(start, at);
      into.values[into.length - 1] = numberOf(into.tail);
      if (at === end) return;
    }
    into.tail = '';
  }
  while (at < end) {
    let c = bytes[at];
    if (isSpace(c)) {
      at++;
      continue;
    }
    const tokenStart = at;
    let negative = false;
    if (c === 45 || c === 43) {
      negative = c === 45;
      at++;
    }
    let mantissa = 0;
    let digits = 0;
    let decimals = -1;
    for (; at < end; at++) {
      c = bytes[at];
      if (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        digits++;
        if (decimals >= 0) decimals++;
      } else if (c === 46 && decimals < 0) decimals = 0;
      else break;
    }
    if (at < end && !isSpace(c)) {
      while (at < end && !isSpace(bytes[at])) at++;
      into.push(numberOf(text.textOf(tokenStart, at)));
    } else if (digits === 0 || digits > 15) {
      into.push(numberOf(text.textOf(tokenStart, at)));
    } else {
      const value = decimals > 0 ? mantissa / EXACT_POWERS_OF_TEN[decimals] : mantissa;
      into.push(negative ? -value : value);
    }
    if (at === end) into.tail = text.textOf(tokenStart, end);
  }
}

/** A piece of the text as a decoded string (a reference's or a CDATA section's, or a whole text from saxes): continueNumbers on its UTF-8 bytes. */
export function continueNumbersOfText(text: string, into: CoordinateNumbers): void {
  const bytes = Buffer.from(text, 'utf8');
  continueNumbers(bytes, 0, bytes.length, into, { textOf: (start, end) => bytes.toString('utf8', start, end) });
}

/** Appends the numbers of one whole text to `into` (its last token complete: the next text starts a new one). */
export function decodeNumbers(text: string, into: CoordinateNumbers): void {
  continueNumbersOfText(text, into);
  into.tail = '';
}

/** The numbers of a posList as an array (decodeNumbers). */
export function parseNumberList(text: string): number[] {
  const numbers = new CoordinateNumbers();
  decodeNumbers(text, numbers);
  return Array.from(numbers.values.subarray(0, numbers.length));
}
