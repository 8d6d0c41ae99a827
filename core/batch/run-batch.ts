import { isServiceError, type BatchColumns, type BatchCounts, type BatchRowResult, type Parcel, type ParcelQuery } from '../model/index.js';
import type { BatchJournal } from './journal.js';
import { rowQuery } from './row-query.js';

export type FindParcel = (query: ParcelQuery, signal?: AbortSignal) => Promise<Parcel>;

export interface BatchRun {
  rows: Record<string, string>[];
  columns: BatchColumns;
  /** Country of rows whose country column is empty (or when there is none); else detected, or ES. */
  defaultCountry?: string;
  /** The facade's lookup (CatastroService.findParcel): copy or live, any covered country. */
  find: FindParcel;
  journal: BatchJournal;
  /** Rows asked at once. Live sources are further paced per source by the upstream client. */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (counts: BatchCounts, last: BatchRowResult | undefined) => void;
}

export interface BatchOutcome {
  /** Every answered row, in input order. */
  results: BatchRowResult[];
  counts: BatchCounts;
  /** False when the signal stopped the batch before every row was answered. */
  complete: boolean;
}

function count(counts: BatchCounts, result: BatchRowResult): void {
  counts.done++;
  if (result.status === 'found') counts.found++;
  else if (result.status === 'not_found') counts.notFound++;
  else counts.failed++;
}

async function answer(rowNumber: number, input: Record<string, string>, run: BatchRun): Promise<BatchRowResult> {
  try {
    const parcel = await run.find(rowQuery(input, run.columns, run.defaultCountry), run.signal);
    return { row: rowNumber, input, status: 'found', parcel };
  } catch (error) {
    if (isServiceError(error)) {
      return { row: rowNumber, input, status: error.code === 'NOT_FOUND' ? 'not_found' : 'failed', code: error.code, reason: error.message };
    }
    return { row: rowNumber, input, status: 'failed', code: 'INTERNAL_ERROR', reason: (error as Error).message };
  }
}

/**
 * Answers every row not already answered in the journal, `concurrency` at a time, recording
 * each in the journal as it ends. A NOT_FOUND is "not found"; any other error is "failed" with
 * its code and message kept; a retryable one (source down) is asked again on resume.
 */
export async function runBatch(run: BatchRun): Promise<BatchOutcome> {
  const byRow = new Map<number, BatchRowResult>();
  const counts: BatchCounts = { total: run.rows.length, done: 0, found: 0, notFound: 0, failed: 0 };
  for (const result of run.journal.finalRows()) {
    if (result.row < 1 || result.row > run.rows.length) continue;
    byRow.set(result.row, result);
    count(counts, result);
  }
  run.onProgress?.({ ...counts }, undefined);
  const pending = run.rows.map((input, i) => ({ row: i + 1, input })).filter(({ row }) => !byRow.has(row));
  let next = 0;
  const worker = async () => {
    while (next < pending.length && !run.signal?.aborted) {
      // Rows answered from the copy settle as microtasks: without a turn of the event loop between
      // them a batch held its process's HTTP requests (polls, other clients) until it ended.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (next >= pending.length || run.signal?.aborted) break;
      const { row, input } = pending[next++];
      const result = await answer(row, input, run);
      // A row cut short by the stop is not an answer: it is asked again on resume.
      if (run.signal?.aborted && result.status === 'failed') break;
      run.journal.record(result);
      byRow.set(row, result);
      count(counts, result);
      run.onProgress?.({ ...counts }, result);
    }
  };
  const workers = Math.max(1, Math.min(run.concurrency ?? 4, 16));
  await Promise.all(Array.from({ length: workers }, worker));
  const results = [...byRow.values()].sort((a, b) => a.row - b.row);
  return { results, counts, complete: results.length === run.rows.length };
}
