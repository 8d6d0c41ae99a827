import { CAT_RECORD_LENGTH } from './cat-records.js';

/**
 * Cuts decoded CAT text into its 1,000-character records as the chunks arrive, in one pass
 * (linear time, memory of one chunk): the Catastro writes one record per line, and some files
 * come with no line break at all, one run of records. Hand-written because it is a few lines
 * of fixed-width cutting that no CSV/line library does (they would hold a break-less file whole).
 *
 * Every record must be exactly 1,000 characters in the declared encoding (ISO-8859-15): a file
 * saved as UTF-8 has longer lines wherever an accent or Ñ was, and its fields would be read
 * shifted, so it is refused instead.
 */
export class CatRecordSplitter {
  private pending = '';
  /** Decided by the first record: followed by a line break (one per line) or not (a run). */
  private mode: 'lines' | 'run' | undefined;
  private count = 0;

  /** Feeds a chunk of text; returns the whole records it completed. */
  push(text: string): string[] {
    const records: string[] = [];
    const buffer = this.pending + text;
    let at = 0;
    // The next line break at or after `at`, found once and reused (a break-less run has none:
    // searching again for every record would make a chunk quadratic).
    let nextBreak = -2;
    for (;;) {
      while (at < buffer.length && (buffer[at] === '\r' || buffer[at] === '\n')) at++;
      if (nextBreak !== -1 && nextBreak < at) nextBreak = this.breakFrom(buffer, at);
      if (nextBreak !== -1 && nextBreak - at < CAT_RECORD_LENGTH) this.refuseLength(nextBreak - at);
      if (buffer.length - at < CAT_RECORD_LENGTH + (this.mode === 'run' ? 0 : 1)) break;
      const end = at + CAT_RECORD_LENGTH;
      const after = buffer[end];
      const broken = after === '\r' || after === '\n';
      this.mode ??= broken ? 'lines' : 'run';
      if (this.mode === 'lines' && !broken) this.refuseLength(nextBreak === -1 ? buffer.length - at : nextBreak - at, nextBreak === -1);
      records.push(buffer.slice(at, end));
      this.count++;
      at = end;
    }
    this.pending = buffer.slice(at);
    return records;
  }

  /** The last record, if the file ends without a line break; refuses a partial one. */
  end(): string[] {
    const rest = this.pending.replace(/[\r\n]+$/, '');
    this.pending = '';
    if (rest === '') return [];
    if (rest.length !== CAT_RECORD_LENGTH) this.refuseLength(rest.length);
    this.count++;
    return [rest];
  }

  private breakFrom(buffer: string, at: number): number {
    const n = buffer.indexOf('\n', at);
    const r = buffer.indexOf('\r', at);
    return n === -1 ? r : r === -1 ? n : Math.min(n, r);
  }

  private refuseLength(length: number, atLeast = false): never {
    const where = this.mode === 'run' ? `Record ${this.count + 1}` : `Line ${this.count + 1}`;
    throw new Error(
      `${where} is ${atLeast ? 'more than ' : ''}${length} characters long; CAT records have exactly ${CAT_RECORD_LENGTH} ` +
        '(ISO-8859-15, one byte a character: a file saved as UTF-8 is refused, its fields would be shifted).',
    );
  }
}
