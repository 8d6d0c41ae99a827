import { closeSync, openSync, readSync } from 'node:fs';
import type { BatchRowResult } from '../model/index.js';
import { safeParse } from './journal.js';

/** Bytes read at a time. */
const CHUNK_BYTES = 4 * 1024 * 1024;

interface Line {
  text: string;
  /** Where the line starts in the file, and its length in bytes (without its newline). */
  start: number;
  length: number;
}

/** The whole lines in the first `end` bytes of an open file, with where each lies. */
function* linesOf(fd: number, end: number): Generator<Line> {
  let carry = Buffer.alloc(0);
  let position = 0;
  while (position < end) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, end - position));
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) break;
    const bytes = carry.length ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
    const bytesStart = position - carry.length;
    position += read;
    let lineStart = 0;
    // Split on bytes, not text: a chunk may end inside a multi-byte character.
    for (let newline = bytes.indexOf(0x0a); newline >= 0; newline = bytes.indexOf(0x0a, lineStart)) {
      yield { text: bytes.toString('utf8', lineStart, newline), start: bytesStart + lineStart, length: newline - lineStart };
      lineStart = newline + 1;
    }
    carry = bytes.subarray(lineStart);
  }
}

const rowOf = (text: string): BatchRowResult | undefined => {
  const result = safeParse(text) as BatchRowResult | undefined;
  return result && typeof result.row === 'number' ? result : undefined;
};

/**
 * The answers of the first `end` bytes of a batch journal (journal.ts) in row order, the last
 * line of a row replacing earlier ones, as BatchJournal.readAll gives them, but without holding
 * them: a first pass notes where each row's last line lies, the second reads them one at a
 * time. 100,000 parcels are some 100 MB of journal and several times that parsed.
 * `found`: the rows whose answer is a parcel.
 */
export function journalRowsInOrder(file: string, end: number): { found: number; rows: Generator<BatchRowResult> } {
  const where = new Map<number, { start: number; length: number; found: boolean }>();
  const fd = openSync(file, 'r');
  try {
    let header = true;
    for (const line of linesOf(fd, end)) {
      if (line.text.trim() === '') continue;
      if (header) {
        header = false;
        continue;
      }
      const result = rowOf(line.text);
      if (result) where.set(result.row, { start: line.start, length: line.length, found: result.status === 'found' });
    }
  } finally {
    closeSync(fd);
  }
  const order = [...where.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
  function* rows(): Generator<BatchRowResult> {
    const again = openSync(file, 'r');
    try {
      for (const { start, length } of order) {
        const bytes = Buffer.alloc(length);
        readSync(again, bytes, 0, length, start);
        yield rowOf(bytes.toString('utf8'))!;
      }
    } finally {
      closeSync(again);
    }
  }
  return { found: order.filter((line) => line.found).length, rows: rows() };
}
