import { MAX_PENDING_CHARS, pendingTooLong } from './pending-limit.js';
import type { TextOf } from './pos-list.js';
import type { SaxHandlers } from './sax.js';
import { EncodingSniffer } from './text-stream.js';
import { entityRefused } from './xml-entities.js';

/**
 * A streaming XML tokenizer over a file's bytes, for the bulk import path (ATOM parcels files:
 * tens to hundreds of megabytes of one regular layout), giving the same events as `createSax`
 * (sax.ts) at a fraction of the cost. Hand-written, as no maintained npm XML parser skips what the
 * reader does not read without decoding it: saxes walks every character of decoded text through
 * a state machine; sax-wasm and txml hand over every tag and attribute as strings
 * (docs/performance.md "Import on distinct parcels", sixth round).
 *
 * Each chunk is read both as bytes and as a one-byte string of the same bytes (Latin-1: a copy, no
 * decoding): the string for V8's native `indexOf`, which finds each `<`, quote and `&` ten to twenty
 * times faster per byte than a loop over a Buffer or a call of Buffer.indexOf, the bytes for
 * everything read character by character (names, tags' insides, digits), faster there than
 * `charCodeAt`. The encoding is applied only to the values the reader keeps (`decoded`), decided
 * by the bytes as readText decides it (EncodingSniffer: UTF-8, or Latin-1 from the first chunk
 * that is not). Nothing else is decoded: text only when the reader asks for it (`wantsText`),
 * coordinates handed over as bytes (`wantsText() === 'bytes'`: pos-list.ts reads the digits),
 * attributes only those the reader names (`wantsAttributes`), and element names are found by their
 * bytes in a table of the names seen (NameTable), so a tag gives the same string each time without
 * making one.
 *
 * Still a checking parser, as the import must refuse what saxes refused: names must be XML
 * names, tags must nest and close in order, attribute values must be quoted and hold no `<`,
 * one root, no text outside it, no NUL byte anywhere and no other control character in what is
 * read, entity references limited to XML's five and character references (so a DTD's own
 * entities — billion laughs, external entities — are refused, never expanded; a DOCTYPE is
 * skipped), comments, CDATA and processing instructions understood. Text is normalized as XML
 * says (`\r\n` and `\r` become `\n`; tabs and line ends in attribute values become spaces). saxes
 * stays the parser of small answers (WFS) and of other formats. Error positions are byte offsets.
 */
export interface ScanHandlers extends SaxHandlers {
  /**
   * Whether the text of the element now open is of interest (default: always), and how: 'bytes'
   * hands its plain runs to `textBytes` undecoded (what a reference or a CDATA section gives still
   * comes to `text`).
   */
  wantsText?(): boolean | 'bytes';
  /** Text asked for as 'bytes': `bytes[start, end)`, valid during the call only; `decode` reads a part of them as text. */
  textBytes?(bytes: Uint8Array, start: number, end: number, decode: TextOf): void;
  /**
   * Which attributes of an element of this local name are of interest, by qualified name (default:
   * all). The others are still checked as XML (quoted, no `<`, known entities, no duplicate) but
   * not decoded into values.
   */
  wantsAttributes?(local: string): ReadonlySet<string> | boolean;
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
const isAsciiNameStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58;
/** Name characters below 128 by code, looked up once per character instead of compared up to ten times (the scanner's inner loop). */
const ASCII_NAME_CHAR = Uint8Array.from({ length: 128 }, (_, c) => (isAsciiNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46 ? 1 : 0));
/** Characters below 32 other than tab, line feed and carriage return: not XML characters (XML 1.0 §2.2). */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f]/;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;
const UTF8_BOM = '\xef\xbb\xbf';
const COMMENT_END = Buffer.from('-->'),
  CDATA_START = Buffer.from('<![CDATA['),
  CDATA_END = Buffer.from(']]>'),
  DOCTYPE_START = Buffer.from('<!DOCTYPE'),
  PI_END = Buffer.from('?>');
/**
 * Elements open at once, at most: the parcels files nest 12 deep; a file of endless opening tags
 * would otherwise grow the stack of open names with the file, memory without bound.
 */
export const MAX_DEPTH = 1024;
/** Room first made for what a chunk's end cuts (a tag, a text running on) and the next chunk. */
const CARRY_BYTES = 256 * 1024;

/** Whether `b` holds `name`'s bytes from `at`. */
function sameAt(b: Uint8Array, at: number, name: Uint8Array): boolean {
  for (let k = 0; k < name.length; k++) if (b[at + k] !== name[k]) return false;
  return true;
}

/** An element or attribute name: its bytes, and its strings (internalized, so comparing them compares references). */
interface Name {
  bytes: Uint8Array;
  qualified: string;
  local: string;
}

const internalized = (text: string) => Object.keys({ [text]: 0 })[0];
const nameOf = (bytes: Uint8Array, qualified: string): Name => ({
  bytes,
  qualified: internalized(qualified),
  local: internalized(qualified.slice(qualified.indexOf(':') + 1)),
});

/**
 * Names seen, by their characters (ASCII names only: their string does not depend on the
 * encoding), so a tag's name is found in place rather than sliced, and the handlers get the same
 * string each time (their Map lookups and comparisons then compare references). Bounded: a file of
 * endless distinct names gets fresh strings once the table is half full.
 */
class NameTable {
  private static readonly SLOTS = 4096;
  private readonly slots: (Name | undefined)[] = new Array<Name | undefined>(NameTable.SLOTS);
  private size = 0;

  find(b: Uint8Array, start: number, end: number, hash: number): Name {
    const mask = NameTable.SLOTS - 1;
    let slot = hash & mask;
    for (let name = this.slots[slot]; name !== undefined; name = this.slots[slot]) {
      if (name.bytes.length === end - start && sameAt(b, start, name.bytes)) return name;
      slot = (slot + 1) & mask;
    }
    const name = nameOf(Uint8Array.prototype.slice.call(b, start, end), String.fromCharCode(...b.subarray(start, end)));
    if (this.size < NameTable.SLOTS / 2) {
      this.slots[slot] = name;
      this.size++;
    }
    return name;
  }
}

export class XmlScanner implements TextOf {
  /** The bytes being scanned (the carry, then the chunk) and the same bytes as a one-byte string. */
  private b: Uint8Array = new Uint8Array(0);
  private s = '';
  private readonly encoding = new EncodingSniffer();
  private readonly names = new NameTable();
  /** What runs on from earlier chunks, in carryBytes[0, carried); the next chunk is copied after it. */
  private carryBytes = Buffer.allocUnsafe(CARRY_BYTES);
  private carried = 0;
  /** How far markupMayEnd has read the carry's markup, and the quote and bracket depth there. */
  private markupScanned = 0;
  private markupQuote = 0;
  private markupDepth = 0;
  /** The carry is text running on (no `<` in it), not markup cut by the chunk's end. */
  private carryIsText = false;
  /** Whether the carry's bytes are all ASCII. */
  private carryIsAscii = true;
  /** Whether the bytes being scanned are all ASCII (their one-byte string is then their text in either encoding). */
  private ascii = true;
  private readonly stack: Name[] = [];
  /** Attribute names of the tag being read, as [start, end) pairs of its bytes, for the duplicate check. */
  private attributeSpans = new Int32Array(32);
  private sawRoot = false;
  private closedRoot = false;
  private started = false;
  /** Where the bytes being scanned (the carry, then the chunk) start in the file, for error positions and the encoding. */
  private offset = 0;
  /** Where the next `&` of the current string is (-1: none until its end), found once, not per text node. */
  private nextAmp = -1;
  /** The hash of the last name read by `name`, and whether it is all ASCII. */
  private nameHash = 0;
  private nameIsAscii = true;

  constructor(private readonly handlers: ScanHandlers) {}

  write(chunk: Buffer): void {
    const { ascii } = this.encoding.see(chunk);
    // NUL is no XML character; the one control character looked for everywhere (memchr), the
    // others where text is decoded (`checked`): a file cut or padded with zeros is refused.
    const nul = chunk.indexOf(0);
    if (nul !== -1) this.fail('disallowed character (NUL)', this.carried + nul);
    const carried = this.carried;
    // What runs on from earlier chunks (text without any `<`, or a cut tag, comment or declaration,
    // which can only end with a `>` after what was already tried) only grows until a chunk brings
    // its `<` or `>`: joined without searching it again.
    if (carried) this.append(chunk);
    if (carried && (this.carryIsText ? chunk.indexOf(LT) === -1 : !this.markupMayEnd(carried))) {
      this.carryIsAscii &&= ascii;
      this.refuseLongPending();
      return;
    }
    // Joined with the carry in one buffer, so the string is one flat string (a joined string, a
    // rope, read character by character goes through its parts each time).
    const b = carried ? this.carryBytes.subarray(0, this.carried) : chunk;
    const s = b.toString('latin1');
    this.b = b;
    this.s = s;
    this.ascii = ascii && (carried === 0 || this.carryIsAscii);
    const n = s.length;
    let i = 0;
    if (!this.started) {
      // A UTF-8 file may start with its byte order mark; wait for three bytes to tell.
      if (n < 3 && UTF8_BOM.startsWith(s)) return this.keep(b, 0, false);
      this.started = true;
      if (s.startsWith(UTF8_BOM) && this.encoding.latin1From > 0) i = 3;
    }
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
    this.keep(b, i, i < n && b[i] !== LT);
  }

  /** Keeps b[i…] as the carry that starts the next buffer (b[0] was at `offset`). */
  private keep(b: Uint8Array, i: number, isText: boolean): void {
    this.offset += i;
    const rest = b.length - i;
    if (b.buffer === this.carryBytes.buffer) this.carryBytes.copyWithin(0, i, b.length);
    else {
      if (rest > this.carryBytes.length) this.carryBytes = Buffer.allocUnsafe(Math.max(rest, CARRY_BYTES));
      this.carryBytes.set(b.subarray(i));
    }
    this.carried = rest;
    this.markupScanned = 0;
    this.markupQuote = 0;
    this.markupDepth = 0;
    this.carryIsText = isText;
    this.carryIsAscii = this.ascii;
    this.refuseLongPending();
  }

  /**
   * Whether the markup the carry holds (cut by a chunk's end) may end now that the bytes from
   * `from` on were added. Only the new bytes are searched, so a hostile tag, comment or DOCTYPE
   * that runs on for megabytes (a `>` in every chunk) is neither scanned again from its start nor
   * made into a string at each chunk (that took 9 s and 180 MiB for 16 MiB of comment).
   */
  private markupMayEnd(from: number): boolean {
    const b = this.carryBytes.subarray(0, this.carried);
    const ends = (terminator: Buffer, start: number) => b.indexOf(terminator, Math.max(start, from - terminator.length + 1)) !== -1;
    if (b.length >= 4 && b[1] === BANG && b[2] === 45 && b[3] === 45) return ends(COMMENT_END, 4);
    if (b.length >= 9 && sameAt(b, 0, CDATA_START)) return ends(CDATA_END, 9);
    if (b.length >= 2 && b[1] === QUESTION) return ends(PI_END, 2);
    const doctype = b.length >= 9 && sameAt(b, 0, DOCTYPE_START);
    if (!doctype && (b.length < 2 || b[1] === BANG || b[1] === SLASH)) return b.indexOf(GT, from) !== -1;
    // An opening tag ends at its first `>` outside quotes; a DOCTYPE also outside brackets.
    let k = Math.max(this.markupScanned, doctype ? 9 : 1);
    let quote = this.markupQuote;
    let depth = this.markupDepth;
    for (; k < b.length; k++) {
      const c = b[k];
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === QUOT || c === APOS) quote = c;
      else if (doctype && c === 91) depth++;
      else if (doctype && c === 93) depth--;
      else if (c === GT && depth <= 0) return true;
    }
    this.markupScanned = k;
    this.markupQuote = quote;
    this.markupDepth = depth;
    return false;
  }

  private append(chunk: Buffer): void {
    const needed = this.carried + chunk.length;
    if (needed > this.carryBytes.length) {
      // Doubled, but not far past the longest carry allowed (MAX_PENDING_CHARS and a chunk).
      const grown = Buffer.allocUnsafe(Math.max(needed, Math.min(2 * this.carryBytes.length, MAX_PENDING_CHARS + CARRY_BYTES)));
      this.carryBytes.copy(grown, 0, 0, this.carried);
      this.carryBytes = grown;
    }
    chunk.copy(this.carryBytes, this.carried);
    this.carried = needed;
  }

  private refuseLongPending(): void {
    if (this.carried <= MAX_PENDING_CHARS) return;
    this.fail(pendingTooLong, 0);
  }

  close(): void {
    const restBytes = this.carryBytes.subarray(0, this.carried);
    const rest = restBytes.toString('latin1');
    this.carried = 0;
    this.carryIsText = false;
    this.ascii = this.carryIsAscii;
    if (rest.length) {
      this.b = restBytes;
      this.s = rest;
      this.nextAmp = rest.indexOf('&');
      if (rest.charCodeAt(0) === LT) this.fail('unexpected end (a tag is not closed)', 0);
      this.text(rest, 0, rest.length);
    }
    if (this.stack.length) this.fail(`unclosed tag: ${this.stack[this.stack.length - 1].qualified}`, rest.length);
    if (!this.sawRoot) this.fail('document must contain a root element', rest.length);
  }

  private fail(message: string, at: number): never {
    throw new Error(`Malformed XML: ${message} (near byte ${this.offset + at}).`);
  }

  /** The bytes being scanned [start, end) as text, in the file's encoding (pos-list.ts's TextOf). */
  textOf(start: number, end: number): string {
    return this.decoded(this.s, start, end);
  }

  /** The bytes s[start, end) of the string being scanned as text, in the file's encoding. */
  private decoded(s: string, start: number, end: number): string {
    const bytes = s.slice(start, end);
    if (this.ascii) return bytes;
    const latin1From = this.encoding.latin1From - this.offset;
    if (latin1From <= start) return bytes;
    const utf8 = (part: string) => Buffer.from(part, 'latin1').toString('utf8');
    return latin1From >= end ? utf8(bytes) : utf8(bytes.slice(0, latin1From - start)) + bytes.slice(latin1From - start);
  }

  /** Decoded text or a value, refused when it holds a control character. */
  private checked(text: string, at: number): string {
    if (CONTROL.test(text)) this.fail('disallowed character', at);
    return text;
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
    if (wants === 'bytes' && this.handlers.textBytes) return this.handlers.textBytes(this.b, start, end, this);
    let text = this.checked(this.decoded(s, start, end), start);
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    this.handlers.text(text);
  }

  /** The first `&` at or after `from` in the current string `s`, or -1 (`from` only grows within a string). */
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
      const name = this.decoded(s, amp + 1, semi);
      let value = PREDEFINED[name];
      if (value === undefined) {
        const code = /^#x[0-9a-fA-F]+$/.test(name) ? parseInt(name.slice(2), 16) : /^#[0-9]+$/.test(name) ? parseInt(name.slice(1), 10) : NaN;
        if (Number.isNaN(code)) throw new Error(entityRefused(`near byte ${this.offset + amp}`, name));
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
      out += this.normalize(this.checked(this.decoded(s, from, amp), from), attribute) + value;
      from = semi + 1;
    }
    return out + this.normalize(this.checked(this.decoded(s, from, end), from), attribute);
  }

  private normalize(text: string, attribute: boolean): string {
    if (attribute) return /[\t\n\r]/.test(text) ? text.replace(/\r\n|[\t\n\r]/g, ' ') : text;
    return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  }

  /** Reads the markup starting at `<`; returns the index after it, or -1 when the chunk ends inside it. */
  private markup(s: string, lt: number): number {
    if (lt + 1 >= s.length) return -1;
    const next = this.b[lt + 1];
    if (next === SLASH) return this.closeTag(s, lt);
    if (next === BANG) return this.declaration(s, lt);
    if (next === QUESTION) {
      const end = s.indexOf('?>', lt + 2);
      return end === -1 ? -1 : end + 2;
    }
    return this.openTag(s, lt);
  }

  /**
   * Reads a name from `at`; returns where it ends (-1: the string ends first), with its hash and
   * whether it is ASCII in nameHash and nameIsAscii. Past ASCII the characters are bytes; what
   * counts as a name character is what the tokenizer over decoded text counted: any character from
   * U+00C0 on, and U+00B7 but not first (in UTF-8: any lead byte from C3 on and its continuation
   * bytes, and C2 B7).
   */
  private name(s: string, at: number): number {
    const b = this.b;
    const n = s.length;
    if (at >= n) return -1;
    let k = at;
    let allAscii = true;
    for (; k < n; k++) {
      const c = b[k];
      if (c < 128) {
        if (ASCII_NAME_CHAR[c] !== 1 || (k === at && !isAsciiNameStart(c))) break;
        continue;
      }
      allAscii = false;
      if (this.offset + k >= this.encoding.latin1From) {
        if ((c < 0xc0 && c !== 0xb7) || (c === 0xb7 && k === at)) break;
      } else if (c === 0xc2) {
        if (k + 1 >= n) return -1;
        if (b[k + 1] !== 0xb7 || k === at) break;
        k++;
      } else if (c < 0xc0 && k === at) break;
    }
    if (k === at) this.fail('disallowed character in a name', at);
    // A hash of the length and three bytes: names differ there, and NameTable compares the bytes anyway.
    const length = k - at;
    this.nameHash = (length * 31 + b[at + (length >> 1)] * 7 + b[k - 1] * 131 + b[at + (length >> 2)]) | 0;
    this.nameIsAscii = allAscii;
    return k === n ? -1 : k;
  }

  /** The name s[start, end) just read by `name`. */
  private nameAt(s: string, start: number, end: number): Name {
    return this.nameIsAscii
      ? this.names.find(this.b, start, end, this.nameHash)
      : nameOf(Uint8Array.prototype.slice.call(this.b, start, end), this.decoded(s, start, end));
  }

  private openTag(s: string, lt: number): number {
    const nameEnd = this.name(s, lt + 1);
    if (nameEnd === -1) return -1;
    const name = this.nameAt(s, lt + 1, nameEnd);
    if (this.closedRoot || (this.sawRoot && this.stack.length === 0)) this.fail('a second root element', lt);
    let attributes = NO_ATTRIBUTES;
    const wanted = this.handlers.wantsAttributes ? this.handlers.wantsAttributes(name.local) : true;
    let count = 0;
    // The first `<` after the first attribute's value opens: any later one inside a value is at or
    // after it, so one search serves every attribute of the tag (a posList's two attributes each
    // searched through its coordinates before).
    let nextLessThan = -2;
    const b = this.b;
    const n = s.length;
    let k = nameEnd;
    for (;;) {
      const sawSpace = k < n && isSpace(b[k]);
      while (k < n && isSpace(b[k])) k++;
      if (k >= n) return -1;
      const c = b[k];
      if (c === GT || c === SLASH) {
        if (c === SLASH) {
          if (k + 1 >= n) return -1;
          if (b[k + 1] !== GT) this.fail('forward-slash in opening tag not followed by >', k);
        }
        this.sawRoot = true;
        if (this.stack.length === MAX_DEPTH) this.fail(`elements nested more than ${MAX_DEPTH} deep (a damaged or hostile file)`, lt);
        this.stack.push(name);
        this.handlers.open(name.local, attributes);
        if (c === SLASH) {
          this.stack.pop();
          this.handlers.close(name.local);
          if (this.stack.length === 0) this.closedRoot = true;
          return k + 2;
        }
        return k + 1;
      }
      if (!sawSpace) this.fail('no whitespace between attributes', k);
      const attributeStart = k;
      const attributeEnd = this.name(s, k);
      if (attributeEnd === -1) return -1;
      // Named only when some attribute of the tag is read: the others are checked by their bytes.
      const attribute = wanted === false ? undefined : this.nameAt(s, k, attributeEnd).qualified;
      k = attributeEnd;
      while (k < n && isSpace(b[k])) k++;
      if (k >= n) return -1;
      if (b[k] !== EQ) this.fail(`attribute ${this.decoded(s, attributeStart, attributeEnd)} without a value`, k);
      k++;
      while (k < n && isSpace(b[k])) k++;
      if (k >= n) return -1;
      const quote = b[k];
      if (quote !== QUOT && quote !== APOS) this.fail('unquoted attribute value', k);
      const close = s.indexOf(quote === QUOT ? '"' : "'", k + 1);
      if (close === -1) return -1;
      if (nextLessThan === -2) nextLessThan = s.indexOf('<', k + 1);
      if (nextLessThan !== -1 && nextLessThan < close) this.fail('disallowed character < in an attribute value', nextLessThan);
      const amp = this.ampAfter(s, k + 1);
      // References are checked (decoded) either way: an unknown entity is refused in any attribute.
      const decoded = amp !== -1 && amp < close ? this.decode(s, k + 1, close, true) : undefined;
      this.refuseDuplicate(s, attributeStart, attributeEnd, count++, k);
      if (attribute !== undefined && (wanted === true || (wanted !== false && wanted.has(attribute)))) {
        if (attributes === NO_ATTRIBUTES) attributes = {};
        attributes[attribute] = decoded ?? this.normalize(this.checked(this.decoded(s, k + 1, close), k + 1), true);
      }
      k = close + 1;
    }
  }

  /** Records the tag's `count`th attribute name, bytes [start, end), refusing it when an earlier one has the same bytes. */
  private refuseDuplicate(s: string, start: number, end: number, count: number, at: number): void {
    const b = this.b;
    const length = end - start;
    let spans = this.attributeSpans;
    for (let a = 0; a < count; a++) {
      const from = spans[2 * a];
      if (spans[2 * a + 1] - from !== length) continue;
      let same = true;
      for (let k = 0; k < length && same; k++) same = b[from + k] === b[start + k];
      if (same) this.fail(`duplicate attribute: ${this.decoded(s, start, end)}`, at);
    }
    if (2 * count + 2 > spans.length) {
      spans = new Int32Array(spans.length * 2);
      spans.set(this.attributeSpans);
      this.attributeSpans = spans;
    }
    spans[2 * count] = start;
    spans[2 * count + 1] = end;
  }

  private closeTag(s: string, lt: number): number {
    // The usual case, `</name>` closing the open element: its name was checked when it opened, so
    // it is compared in place rather than scanned again.
    const b = this.b;
    const top = this.stack[this.stack.length - 1];
    if (top !== undefined && b[lt + 2 + top.bytes.length] === GT && sameAt(b, lt + 2, top.bytes)) {
      this.stack.pop();
      this.handlers.close(top.local);
      if (this.stack.length === 0) this.closedRoot = true;
      return lt + 3 + top.bytes.length;
    }
    const nameEnd = this.name(s, lt + 2);
    if (nameEnd === -1) return -1;
    let k = nameEnd;
    while (k < s.length && isSpace(b[k])) k++;
    if (k >= s.length) return -1;
    if (b[k] !== GT) this.fail('disallowed character in closing tag', k);
    const name = this.decoded(s, lt + 2, nameEnd);
    const open = this.stack.pop();
    if (open === undefined) return this.fail(`unmatched closing tag: ${name}`, lt);
    if (open.qualified !== name) this.fail(`unexpected close tag ${name} (open: ${open.qualified})`, lt);
    this.handlers.close(open.local);
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
      if (!this.handlers.wantsText || this.handlers.wantsText()) this.handlers.text(this.normalize(this.checked(this.decoded(s, lt + 9, end), lt + 9), false));
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
