import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { parse as parseWhole } from 'csv-parse/sync';
import { validationError } from '../model/index.js';
import { MAX_BATCH_BYTES } from '../model/input-schemas.js';

/** Bounds of one batch: beyond them the input is refused whole, before any lookup (the size in core/model/input-schemas.ts). */
export { MAX_BATCH_BYTES };
export const MAX_BATCH_ROWS = 100_000;
/**
 * Columns a batch CSV may have: every header name is compared with every name the column
 * detection knows, so a header of a million names held the server for minutes. A spreadsheet
 * of parcels has a few dozen.
 */
export const MAX_BATCH_COLUMNS = 256;
/**
 * Bytes parsed in one turn of the event loop (a few milliseconds of csv-parse): a 20 MiB CSV
 * parsed whole held every other request of the server for 1.6 s.
 */
const SLICE_BYTES = 16 * 1024;
/** Bytes of a file read to find its header line's separator. */
const HEADER_PROBE_BYTES = 1024 * 1024;

export interface CsvTable {
  header: string[];
  rows: Record<string, string>[];
  /** The header line's separator, none for a one-column file: the answers are written back the same way (csvStyleOfInput). */
  separator?: string;
}

/** A CSV's header, its number of rows and its first `keep` rows (what a preview needs). */
export interface CsvSummary extends CsvTable {
  rowCount: number;
}

/**
 * The separator of the header line: semicolon, tab or comma, whichever it holds most; none in a
 * one-column header. One per file, never several: a semicolon file writes decimals with commas ("40,4168").
 */
function separatorOf(text: string): string | undefined {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', '\t', ','].map((separator) => ({ separator, n: firstLine.split(separator).length - 1 }));
  return counts.reduce<{ separator?: string; n: number }>((best, c) => (c.n > best.n ? c : best), { n: 0 }).separator;
}

/** How every batch CSV is read: its one separator (a one-column file's cells hold no comma), an optional BOM, cells trimmed, rows of any length. */
const csvOptions = (separator: string | undefined) => ({
  delimiter: separator ?? ',',
  bom: true,
  trim: true,
  skip_empty_lines: true,
  relax_column_count: true,
  relax_quotes: true,
});

/** Refuses a CSV (`what`: 'The CSV', or the file's name) of more than MAX_BATCH_BYTES, before it is read or parsed. */
export function refuseOversizeCsv(bytes: number, what: string): void {
  if (bytes > MAX_BATCH_BYTES) throw validationError(`${what} is larger than ${MAX_BATCH_BYTES / 1024 / 1024} MiB; split it into several batches.`);
}

/** A text in UTF-8 slices of about SLICE_BYTES, one per turn of the event loop (never splitting a surrogate pair). */
async function* slicesOf(text: string): AsyncGenerator<Buffer> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + SLICE_BYTES / 2);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    yield Buffer.from(text.slice(start, end), 'utf8');
    start = end;
    await nextTurn();
  }
}

/**
 * Parses a batch CSV as it streams in: header row first, comma, semicolon (Spanish spreadsheets)
 * or tab separated, optional BOM. Rows are kept as text (the batch decides what each column
 * means), the first `keep` of them; the others are only counted. `onChunk` sees every chunk read
 * (the batch's fingerprint).
 */
async function readStreamed(
  chunks: AsyncIterable<Buffer>,
  separator: string | undefined,
  keep: number,
  onChunk?: (chunk: Buffer) => void,
): Promise<CsvSummary> {
  let header: string[] | undefined;
  const rows: Record<string, string>[] = [];
  let rowCount = 0;
  // Each record is taken as csv-parse makes it (on_record), not through the stream's async
  // iterator: a promise per row cost seconds for 100,000 short rows.
  const take = (record: string[]) => {
    if (!header) {
      header = headerOf(record);
      return null;
    }
    if (++rowCount > MAX_BATCH_ROWS) throw validationError(`The CSV has more than ${MAX_BATCH_ROWS} rows; a batch takes at most ${MAX_BATCH_ROWS}.`);
    if (rows.length < keep) rows.push(Object.fromEntries(header.map((name, i) => [name, record[i] ?? ''])));
    return null;
  };
  const parser = parse({ ...csvOptions(separator), on_record: take });
  const drained = async function* (records: AsyncIterable<unknown>) {
    for await (const _ of records) {
      /* on_record keeps none */
    }
    yield* [];
  };
  const counted = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      onChunk?.(chunk);
      yield chunk;
    }
  };
  try {
    await pipeline(chunks, counted, parser, drained);
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('CSV_')) throw validationError(`The CSV cannot be read: ${(error as Error).message}`);
    throw error;
  }
  if (!header) throw validationError('The CSV is empty: it needs a header row and at least one row.');
  if (rowCount === 0) throw validationError('The CSV has a header but no rows.');
  return { header, rows, rowCount, separator };
}

function headerOf(record: string[]): string[] {
  if (record.length > MAX_BATCH_COLUMNS) throw validationError(`The CSV has ${record.length} columns; a batch takes at most ${MAX_BATCH_COLUMNS}.`);
  if (record.every((name) => name === '')) throw validationError('The CSV is empty: it needs a header row and at least one row.');
  const names = record.map((name, i) => name || `column_${i + 1}`);
  if (new Set(names).size !== names.length) throw validationError(`The CSV header repeats a column name: ${names.join(', ')}.`);
  return names;
}

/** A batch CSV given as text (the HTTP API, the app): its header, its row count and its first `keep` rows. */
export async function summariseCsvText(text: string, keep: number): Promise<CsvSummary> {
  refuseOversizeCsv(Buffer.byteLength(text, 'utf8'), 'The CSV');
  return readStreamed(slicesOf(text), separatorOf(text.slice(0, HEADER_PROBE_BYTES)), keep);
}

/** Every row of a batch CSV file, read as it streams from disk; `onChunk` sees its bytes (a fingerprint). */
export async function readCsvFile(file: string, onChunk?: (chunk: Buffer) => void): Promise<CsvTable> {
  const handle = await open(file);
  let head: string;
  try {
    const probe = Buffer.alloc(HEADER_PROBE_BYTES);
    const { bytesRead } = await handle.read(probe, 0, probe.length, 0);
    head = probe.toString('utf8', 0, bytesRead);
  } finally {
    await handle.close();
  }
  const { header, rows, separator } = await readStreamed(
    createReadStream(file, { highWaterMark: SLICE_BYTES }),
    separatorOf(head),
    Number.POSITIVE_INFINITY,
    onChunk,
  );
  return { header, rows, separator };
}

/** The header of a batch CSV file, from its first MiB only (a finished batch's result names its columns). */
export function csvHeaderOfFile(file: string): { header: string[]; separator?: string } {
  const probe = Buffer.alloc(HEADER_PROBE_BYTES);
  const fd = openSync(file, 'r');
  let head: string;
  try {
    head = probe.toString('utf8', 0, readSync(fd, probe, 0, probe.length, 0));
  } finally {
    closeSync(fd);
  }
  const separator = separatorOf(head.replace(/^\uFEFF/, ''));
  const [record] = parseWhole(head, { ...csvOptions(separator), to: 1 }) as string[][];
  return { header: headerOf(record ?? []), separator };
}
