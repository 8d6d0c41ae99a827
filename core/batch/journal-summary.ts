import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { emptyCounts, type BatchCounts, type BatchRowResult, type BatchState } from '../model/index.js';

type Problem = BatchState['problems'][number];

/** Problems a batch's state lists, the first by row. */
export const MAX_PROBLEMS = 500;
/** Journals whose summaries a process keeps (least recently asked out). */
const KEPT_SUMMARIES = 32;
/** Bytes read at a time: a journal of 100,000 parcels is about 100 MB. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Bytes compared to tell a journal begun anew (its header rewritten) from one appended to. */
const HEADER_PROBE_BYTES = 256;

interface Summary {
  /** Bytes of whole lines read so far. */
  offset: number;
  /** Whether the header line has been passed. */
  pastHeader: boolean;
  /** The file's first bytes when it was first read: different bytes mean a journal begun anew. */
  probe: Buffer;
  statusOf: Map<number, BatchRowResult['status']>;
  /** Units charged per row that cost any (a later line for the row replaces its charge). */
  chargedOf: Map<number, number>;
  problems: Map<number, Problem>;
  counts: Omit<BatchCounts, 'total'>;
}

const emptySummary = (): Summary => ({ offset: 0, pastHeader: false, probe: Buffer.alloc(0), statusOf: new Map(), chargedOf: new Map(), problems: new Map(), counts: { ...emptyCounts(0) } });

const counter = { found: 'found', not_found: 'notFound', failed: 'failed' } as const;

/** A row not found or failed, as a batch's state lists it (without its parcel). */
export const problemOf = ({ row, input, status, code, reason }: Problem): Problem => ({ row, input, status, code, reason });

/**
 * Counts and problems of batch journals (journal.ts: a header line, then one JSON line per answer,
 * a later line for a row replacing an earlier one), read incrementally. A state or a list used to
 * parse the whole journal on every poll: 1.5 s and some 300 MB for 100,000 parcels, on the event
 * loop of the process answering, now and again for every batch listed. Each line is now parsed
 * once per process, the first time it is asked for; a poll reads only what was appended since.
 */
export class JournalSummaries {
  private readonly summaries = new Map<string, Summary>();

  summaryOf(file: string, total: number): { counts: BatchCounts; problems: Problem[] } {
    let summary = this.summaries.get(file) ?? emptySummary();
    this.summaries.delete(file);
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch {
      return { counts: emptyCounts(total), problems: [] };
    }
    try {
      const size = fstatSync(fd).size;
      if (size < summary.offset || !readBytes(fd, 0, summary.probe.length).equals(summary.probe)) summary = emptySummary();
      if (summary.probe.length === 0) summary.probe = readBytes(fd, 0, Math.min(HEADER_PROBE_BYTES, size));
      readAppended(fd, size, summary);
    } finally {
      closeSync(fd);
    }
    this.summaries.set(file, summary);
    if (this.summaries.size > KEPT_SUMMARIES) this.summaries.delete(this.summaries.keys().next().value!);
    const problems = [...summary.problems.values()].sort((a, b) => a.row - b.row).slice(0, MAX_PROBLEMS);
    return { counts: { ...summary.counts, total }, problems };
  }

  /** The journal's bytes (its whole lines) that the last summaryOf of `file` stands for. */
  bytesSummarized(file: string): number {
    return this.summaries.get(file)?.offset ?? 0;
  }
}

function readBytes(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  return buffer.subarray(0, length && readSync(fd, buffer, 0, length, position));
}

function readAppended(fd: number, size: number, summary: Summary): void {
  let carry = Buffer.alloc(0);
  let position = summary.offset;
  while (position < size) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size - position));
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) break;
    position += read;
    const bytes = carry.length ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
    const lastNewline = bytes.lastIndexOf(0x0a);
    if (lastNewline < 0) {
      carry = bytes;
      continue;
    }
    // Split on bytes, not text: a chunk may end inside a multi-byte character of a later line.
    for (const line of bytes.toString('utf8', 0, lastNewline).split('\n')) {
      if (line.trim() === '') continue;
      if (summary.pastHeader) apply(summary, line);
      else summary.pastHeader = true;
    }
    summary.offset += lastNewline + 1; // `bytes` begins at the old offset: the carry is what follows the last whole line
    carry = bytes.subarray(lastNewline + 1);
  }
}

function apply(summary: Summary, line: string): void {
  let result: BatchRowResult;
  try {
    result = JSON.parse(line) as BatchRowResult;
  } catch {
    return; // a line cut by a crash mid-write: the row is not answered yet
  }
  if (!result || typeof result.row !== 'number' || !(result.status in counter)) return;
  const before = summary.statusOf.get(result.row);
  if (before) summary.counts[counter[before]]--;
  else summary.counts.done++;
  summary.statusOf.set(result.row, result.status);
  summary.counts.charged += (result.charged ?? 0) - (summary.chargedOf.get(result.row) ?? 0);
  if (result.charged) summary.chargedOf.set(result.row, result.charged);
  else summary.chargedOf.delete(result.row);
  summary.counts[counter[result.status]]++;
  if (result.status === 'found') summary.problems.delete(result.row);
  else summary.problems.set(result.row, problemOf(result));
}
