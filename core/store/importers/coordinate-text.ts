/**
 * Takes the coordinate text of `posList` elements out of a GML stream before the XML parser
 * sees it. Coordinates are most of a parcels file's characters, and saxes walks every character
 * in JavaScript; here a native regular expression finds each complete `<…posList …>numbers</…posList>`
 * and leaves the parser a short stand-in (U+E000, a private-use character no coordinate list
 * holds, and an index) that the reader swaps back (`restore`). What the parser checks about the
 * document (tags, nesting, attributes) is unchanged; a posList cut by a chunk boundary, or one
 * holding markup, simply goes through the parser as before.
 */
const POS_LIST = /(<(?:[\w-]+:)?posList\b[^>]*>)([^<]*)(<\/(?:[\w-]+:)?posList\s*>)/g;
const MARK = '\uE000';

export class CoordinateText {
  private kept: string[] = [];
  private carry = '';

  /** The text to feed the parser for this chunk (the unfinished last tag waits for the next). */
  take(chunk: string): string {
    const text = this.carry + chunk;
    const cut = text.lastIndexOf('<');
    this.carry = cut === -1 ? '' : text.slice(cut);
    const ready = cut === -1 ? text : text.slice(0, cut);
    this.kept = [];
    return ready.replace(POS_LIST, (_all, open: string, numbers: string, close: string) => {
      this.kept.push(numbers);
      return `${open}${MARK}${this.kept.length - 1}${close}`;
    });
  }

  /** What is left at the end of the stream. */
  flush(): string {
    const rest = this.carry;
    this.carry = '';
    return rest;
  }

  /** The coordinate text a stand-in replaced; any other text as it is. */
  restore(text: string): string {
    return text.charCodeAt(0) === 0xe000 ? this.kept[Number(text.slice(1))] ?? text : text;
  }
}
