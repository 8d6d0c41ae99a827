import { MAX_PENDING_CHARS, pendingTooLong } from './pending-limit.js';
import type { SaxHandlers } from './sax.js';
import { entityRefused } from './xml-entities.js';

/**
 * A streaming XML tokenizer for the bulk import path (ATOM parcels files: tens to hundreds of
 * megabytes of one regular layout), giving the same events as `createSax` (sax.ts) at a fraction
 * of the cost. saxes walks every character through a state machine in JavaScript; here the
 * native `indexOf` finds each `<` and `>`, text is handed over as a slice of the chunk (V8 slices
 * without copying) and only when the reader asks for it (`wantsText`), and attributes are parsed
 * only for the tags that have some. Measured on Segovia x25 (docs/performance.md "Import against GDAL").
 *
 * Still a checking parser, as the import must refuse what saxes refused: names must be XML
 * names, tags must nest and close in order, attribute values must be quoted and hold no `<`,
 * one root, no text outside it, entity references limited to XML's five and character
 * references (so a DTD's own entities — billion laughs, external entities — are refused, never
 * expanded; a DOCTYPE is skipped), comments, CDATA and processing instructions understood.
 * Text is normalized as XML says (`\r\n` and `\r` become `\n`; tabs and line ends in attribute
 * values become spaces). saxes stays the parser of small answers (WFS) and of other formats.
 */
export interface ScanHandlers extends SaxHandlers {
  /** Whether the text of the element now open is of interest (default: always). */
  wantsText?(): boolean;
  /**
   * Whether the attributes of an element of this local name are of interest (default: always).
   * When not, they are still checked as XML (quoted, no `<`, known entities, no duplicate) but
   * not decoded into values: `open` gets no attributes.
   */
  wantsAttributes?(local: string): boolean;
}

const LT = 60,
  GT = 62,
  SLASH = 47,
  BANG = 33,
  QUESTION = 63,
  EQ = 61,
  QUOT = 34,
  APOS = 39;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isNameStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0xc0;
/** Name characters below 128 by code, looked up once per character instead of compared up to ten times (the scanner's inner loop). */
const ASCII_NAME_CHAR = Uint8Array.from({ length: 128 }, (_, c) => (isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46 ? 1 : 0));
const isNameChar = (c: number) => (c < 128 ? ASCII_NAME_CHAR[c] === 1 : c >= 0xc0 || c === 0xb7);
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Whether `s` holds `name` from `at`: compared code by code, where `startsWith` was a tenth of the
 * scanner's time (its builtin unwraps the chunk's joined and sliced strings on every call).
 */
function sameAt(s: string, at: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) if (s.charCodeAt(at + k) !== name.charCodeAt(k)) return false;
  return true;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

export class XmlScanner {
  private carry = '';
  private readonly stack: string[] = [];
  /** The local names of `stack`, so a closing tag hands over the name sliced when it opened. */
  private readonly locals: string[] = [];
  /** Attribute names of the tag being read, for the duplicate check: comparing a few strings costs less than a keyed lookup of a fresh one. */
  private readonly attributeNames: string[] = [];
  private sawRoot = false;
  private closedRoot = false;
  /** The carry is text running on (no `<` in it), not markup cut by the chunk's end. */
  private carryIsText = false;
  /** Where the text being scanned (the carry, then the chunk) starts in the document, for error positions. */
  private offset = 0;
  /** Where the next `&` of the current chunk is (-1: none until its end), found once, not per text node. */
  private nextAmp = -1;

  constructor(private readonly handlers: ScanHandlers) {}

  write(chunk: string): void {
    // What runs on from earlier chunks (text without any `<`, or a cut tag, comment or declaration,
    // which can only end with a `>` after what was already tried) only grows until a chunk brings
    // its `<` or `>`: joined without searching it again. (A flag, not carry.charCodeAt(0): reading
    // a character flattens the joined string, a copy of it all.)
    if (this.carry.length && chunk.indexOf(this.carryIsText ? '<' : '>') === -1) {
      this.carry += chunk;
      this.refuseLongPending();
      return;
    }
    const s = this.carry.length ? this.carry + chunk : chunk;
    const n = s.length;
    let i = 0;
    this.nextAmp = s.indexOf('&');
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt === -1) break; // text runs on into the next chunk
      if (lt > i) this.text(s, i, lt);
      const end = this.markup(s, lt);
      if (end === -1) {
        i = lt;
        break;
      } // the tag is cut by the chunk's end
      i = end;
    }
    // s[0] was at `offset`; the carry, s[i…], starts the next s.
    this.offset += i;
    this.carry = i < n ? s.slice(i) : '';
    this.carryIsText = i < n && s.charCodeAt(i) !== LT;
    this.refuseLongPending();
  }

  private refuseLongPending(): void {
    if (this.carry.length <= MAX_PENDING_CHARS) return;
    this.fail(pendingTooLong, 0);
  }

  close(): void {
    const rest = this.carry;
    this.carry = '';
    this.carryIsText = false;
    if (rest.length) {
      this.nextAmp = rest.indexOf('&');
      if (rest.charCodeAt(0) === LT) this.fail('unexpected end (a tag is not closed)', 0);
      this.text(rest, 0, rest.length);
    }
    if (this.stack.length) this.fail(`unclosed tag: ${this.stack[this.stack.length - 1]}`, rest.length);
    if (!this.sawRoot) this.fail('document must contain a root element', rest.length);
  }

  private fail(message: string, at: number): never {
    throw new Error(`Malformed XML: ${message} (near character ${this.offset + at}).`);
  }

  private text(s: string, start: number, end: number): void {
    if (this.stack.length === 0) {
      for (let k = start; k < end; k++) if (!isSpace(s.charCodeAt(k))) this.fail('text data outside of root node', k);
      return;
    }
    const wants = this.handlers.wantsText ? this.handlers.wantsText() : true;
    const amp = this.ampAfter(s, start);
    if (amp !== -1 && amp < end) {
      const decoded = this.decode(s, start, end, false);
      if (wants) this.handlers.text(decoded);
      return;
    }
    if (!wants) return;
    let text = s.slice(start, end);
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    this.handlers.text(text);
  }

  /** The first `&` at or after `from` in the current chunk `s`, or -1 (`from` only grows within a chunk). */
  private ampAfter(s: string, from: number): number {
    if (this.nextAmp !== -1 && this.nextAmp < from) this.nextAmp = s.indexOf('&', from);
    return this.nextAmp;
  }

  /** Text or an attribute value with its references replaced; anything but XML's own entities fails. */
  private decode(s: string, start: number, end: number, attribute: boolean): string {
    let out = '';
    let from = start;
    for (let amp = s.indexOf('&', start); amp !== -1 && amp < end; amp = s.indexOf('&', from)) {
      const semi = s.indexOf(';', amp);
      if (semi === -1 || semi >= end) this.fail('entity reference without its ";"', amp);
      const name = s.slice(amp + 1, semi);
      let value = PREDEFINED[name];
      if (value === undefined) {
        const code = /^#x[0-9a-fA-F]+$/.test(name) ? parseInt(name.slice(2), 16) : /^#[0-9]+$/.test(name) ? parseInt(name.slice(1), 10) : NaN;
        if (Number.isNaN(code)) throw new Error(entityRefused(`near character ${this.offset + amp}`, name));
        if (!(
          code === 9 ||
          code === 10 ||
          code === 13 ||
          (code >= 0x20 && code <= 0xd7ff) ||
          (code >= 0xe000 && code <= 0xfffd) ||
          (code >= 0x10000 && code <= 0x10ffff)
        )) {
          this.fail('malformed character entity', amp);
        }
        value = String.fromCodePoint(code);
      }
      out += this.normalize(s.slice(from, amp), attribute) + value;
      from = semi + 1;
    }
    return out + this.normalize(s.slice(from, end), attribute);
  }

  private normalize(text: string, attribute: boolean): string {
    if (attribute) return /[\t\n\r]/.test(text) ? text.replace(/\r\n|[\t\n\r]/g, ' ') : text;
    return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  }

  /** Reads the markup starting at `<`; returns the index after it, or -1 when the chunk ends inside it. */
  private markup(s: string, lt: number): number {
    const next = s.charCodeAt(lt + 1);
    if (Number.isNaN(next)) return -1;
    if (next === SLASH) return this.closeTag(s, lt);
    if (next === BANG) return this.declaration(s, lt);
    if (next === QUESTION) {
      const end = s.indexOf('?>', lt + 2);
      return end === -1 ? -1 : end + 2;
    }
    return this.openTag(s, lt);
  }

  private name(s: string, at: number): number {
    if (at >= s.length) return -1;
    if (!isNameStart(s.charCodeAt(at))) this.fail('disallowed character in a name', at);
    let k = at + 1;
    while (k < s.length && isNameChar(s.charCodeAt(k))) k++;
    return k === s.length ? -1 : k;
  }

  private openTag(s: string, lt: number): number {
    const nameEnd = this.name(s, lt + 1);
    if (nameEnd === -1) return -1;
    const name = s.slice(lt + 1, nameEnd);
    if (this.closedRoot || (this.sawRoot && this.stack.length === 0)) this.fail('a second root element', lt);
    let attributes = NO_ATTRIBUTES;
    const local = localName(name);
    const wanted = this.handlers.wantsAttributes ? this.handlers.wantsAttributes(local) : true;
    let firstAttribute = true;
    // The first `<` after the first attribute's value opens: any later one inside a value is at or
    // after it, so one search serves every attribute of the tag (a posList's two attributes each
    // searched through its coordinates before).
    let nextLessThan = -2;
    let k = nameEnd;
    for (;;) {
      const sawSpace = k < s.length && isSpace(s.charCodeAt(k));
      while (k < s.length && isSpace(s.charCodeAt(k))) k++;
      if (k >= s.length) return -1;
      const c = s.charCodeAt(k);
      if (c === GT || c === SLASH) {
        if (c === SLASH) {
          if (k + 1 >= s.length) return -1;
          if (s.charCodeAt(k + 1) !== GT) this.fail('forward-slash in opening tag not followed by >', k);
        }
        this.sawRoot = true;
        this.stack.push(name);
        this.locals.push(local);
        this.handlers.open(local, attributes);
        if (c === SLASH) {
          this.stack.pop();
          this.locals.pop();
          this.handlers.close(local);
          if (this.stack.length === 0) this.closedRoot = true;
          return k + 2;
        }
        return k + 1;
      }
      if (!sawSpace) this.fail('no whitespace between attributes', k);
      const attributeEnd = this.name(s, k);
      if (attributeEnd === -1) return -1;
      const attribute = s.slice(k, attributeEnd);
      k = attributeEnd;
      while (k < s.length && isSpace(s.charCodeAt(k))) k++;
      if (k >= s.length) return -1;
      if (s.charCodeAt(k) !== EQ) this.fail(`attribute ${attribute} without a value`, k);
      k++;
      while (k < s.length && isSpace(s.charCodeAt(k))) k++;
      if (k >= s.length) return -1;
      const quote = s.charCodeAt(k);
      if (quote !== QUOT && quote !== APOS) this.fail('unquoted attribute value', k);
      const close = s.indexOf(quote === QUOT ? '"' : "'", k + 1);
      if (close === -1) return -1;
      if (nextLessThan === -2) nextLessThan = s.indexOf('<', k + 1);
      if (nextLessThan !== -1 && nextLessThan < close) this.fail('disallowed character < in an attribute value', nextLessThan);
      const amp = this.ampAfter(s, k + 1);
      // References are checked (decoded) either way: an unknown entity is refused in any attribute.
      const decoded = amp !== -1 && amp < close ? this.decode(s, k + 1, close, true) : undefined;
      if (firstAttribute) {
        this.attributeNames.length = 0;
        firstAttribute = false;
      }
      if (this.attributeNames.includes(attribute)) this.fail(`duplicate attribute: ${attribute}`, k);
      this.attributeNames.push(attribute);
      if (wanted) {
        if (attributes === NO_ATTRIBUTES) attributes = {};
        attributes[attribute] = decoded ?? this.normalize(s.slice(k + 1, close), true);
      }
      k = close + 1;
    }
  }

  private closeTag(s: string, lt: number): number {
    // The usual case, `</name>` closing the open element: its name was checked when it opened, so
    // it is compared in place rather than scanned character by character and sliced again.
    const top = this.stack[this.stack.length - 1];
    if (top !== undefined && s.charCodeAt(lt + 2 + top.length) === GT && sameAt(s, lt + 2, top)) {
      this.stack.pop();
      this.handlers.close(this.locals.pop()!);
      if (this.stack.length === 0) this.closedRoot = true;
      return lt + 3 + top.length;
    }
    const nameEnd = this.name(s, lt + 2);
    if (nameEnd === -1) return -1;
    let k = nameEnd;
    while (k < s.length && isSpace(s.charCodeAt(k))) k++;
    if (k >= s.length) return -1;
    if (s.charCodeAt(k) !== GT) this.fail('disallowed character in closing tag', k);
    const name = s.slice(lt + 2, nameEnd);
    const open = this.stack.pop();
    if (open !== name) this.fail(open === undefined ? `unmatched closing tag: ${name}` : `unexpected close tag ${name} (open: ${open})`, lt);
    this.handlers.close(this.locals.pop()!);
    if (this.stack.length === 0) this.closedRoot = true;
    return k + 1;
  }

  /** Comments, CDATA sections and the DOCTYPE (skipped: its entities are never used, see decode). */
  private declaration(s: string, lt: number): number {
    if (s.length < lt + 9) return -1;
    if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      return end === -1 ? -1 : end + 3;
    }
    if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end === -1) return -1;
      if (this.stack.length === 0) this.fail('CDATA outside of root node', lt);
      if (!this.handlers.wantsText || this.handlers.wantsText()) this.handlers.text(this.normalize(s.slice(lt + 9, end), false));
      return end + 3;
    }
    if (s.startsWith('<!DOCTYPE', lt)) {
      if (this.sawRoot) this.fail('DOCTYPE after the root element', lt);
      let k = lt + 9;
      let quote = 0;
      let depth = 0;
      for (; k < s.length; k++) {
        const c = s.charCodeAt(k);
        if (quote) {
          if (c === quote) quote = 0;
          continue;
        }
        if (c === QUOT || c === APOS) quote = c;
        else if (c === 91) depth++;
        else if (c === 93) depth--;
        else if (c === GT && depth <= 0) return k + 1;
      }
      return -1;
    }
    return this.fail('disallowed markup after "<!"', lt);
  }
}
