import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { emptyCounts, type BatchCounts, type BatchRowResult, type BatchState } from '../model/index.js';

type Problem = BatchState['problems'][number];

/** Problems a batch's state lists, the first by row. */
export const MAX_PROBLEMS = 500;
/** Journals whose summaries a process keeps (least recently asked out). */
const KEPT_SUMMARIES = 32;
/**
 * Bytes read and parsed at a time (a journal of 100,000 parcels is about 100 MB): some 10 ms of
 * JSON.parse, one turn of the event loop when read by `catchUp`.
 */
const CHUNK_BYTES = 1024 * 1024;
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

const emptySummary = (): Summary => ({
  offset: 0,
  pastHeader: false,
  probe: Buffer.alloc(0),
  statusOf: new Map(),
  chargedOf: new Map(),
  problems: new Map(),
  counts: { ...emptyCounts(0) },
});

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
    const summary = this.read(file, (fd, size, current) => {
      while (readStep(fd, size, current));
    });
    if (!summary) return { counts: emptyCounts(total), problems: [] };
    const problems = [...summary.problems.values()].sort((a, b) => a.row - b.row).slice(0, MAX_PROBLEMS);
    return { counts: { ...summary.counts, total }, problems };
  }

  /**
   * Reads what was appended to `file` since it was last read, a CHUNK_BYTES step per turn of
   * the event loop, so that the next summaryOf has little left to read: the first state, list
   * or result of a batch this process did not run (interrupted, or run by another `serve
   * --workers` process) parsed its whole journal on the event loop, 1-2 s for 100,000 rows
   * (issue #38).
   */
  async catchUp(file: string): Promise<void> {
    for (let more = true; more;) {
      this.read(file, (fd, size, current) => {
        more = readStep(fd, size, current);
      });
      if (more) await nextTurn();
    }
  }

  /** Runs `advance` on `file`'s summary (begun anew when the journal was); undefined when there is no journal. */
  private read(file: string, advance: (fd: number, size: number, summary: Summary) => void): Summary | undefined {
    let summary = this.summaries.get(file) ?? emptySummary();
    this.summaries.delete(file);
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch {
      return undefined;
    }
    try {
      const size = fstatSync(fd).size;
      if (size < summary.offset || !readBytes(fd, 0, summary.probe.length).equals(summary.probe)) summary = emptySummary();
      if (summary.probe.length === 0) summary.probe = readBytes(fd, 0, Math.min(HEADER_PROBE_BYTES, size));
      advance(fd, size, summary);
    } finally {
      closeSync(fd);
    }
    this.summaries.set(file, summary);
    if (this.summaries.size > KEPT_SUMMARIES) this.summaries.delete(this.summaries.keys().next().value!);
    return summary;
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

/**
 * Reads and applies the whole lines of about CHUNK_BYTES after the summary's offset (more when a
 * line is longer); whether any bytes are left after them.
 */
function readStep(fd: number, size: number, summary: Summary): boolean {
  let bytes = Buffer.alloc(0);
  let lastNewline = -1;
  while (lastNewline < 0) {
    const position = summary.offset + bytes.length;
    if (position >= size) return false; // nothing, or only a line still being written
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size - position));
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) return false;
    bytes = bytes.length ? Buffer.concat([bytes, chunk.subarray(0, read)]) : chunk.subarray(0, read);
    lastNewline = bytes.lastIndexOf(0x0a);
  }
  // Split on bytes, not text: a chunk may end inside a multi-byte character of a later line.
  for (const line of bytes.toString('utf8', 0, lastNewline).split('\n')) {
    if (line.trim() === '') continue;
    if (summary.pastHeader) apply(summary, line);
    else summary.pastHeader = true;
  }
  summary.offset += lastNewline + 1;
  return summary.offset < size;
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
