import { isServiceError, type BatchColumns, type BatchCounts, type BatchRowResult, type Parcel, type ParcelQuery } from '../model/index.js';
import { runAsBatchRow, type BatchRowGate } from '../upstream/batch-row.js';
import type { BatchJournal } from './journal.js';
import { rowQuery } from './row-query.js';

export type FindParcel = (query: ParcelQuery, signal?: AbortSignal) => Promise<Parcel>;
export type ChargeRow = () => Promise<() => Promise<void>>;

export interface BatchRun {
  rows: Record<string, string>[];
  columns: BatchColumns;
  /** Country of rows whose country column is empty (or when there is none); else detected, or ES. */
  defaultCountry?: string;
  /** The facade's lookup (CatastroService.findParcel): copy or live, any covered country. */
  find: FindParcel;
  journal: BatchJournal;
  /**
   * Charges one unit to whoever started the batch for a row that asks an official source, before
   * its first request; resolves with the refund, or throws the refusal (quota used up). None:
   * nothing is charged (the app's own user, the command line).
   */
  charge?: ChargeRow;
  /** Rows asked at once. Live sources are further paced per source by the upstream client (BATCH_PACE). */
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
  counts.charged += result.charged ?? 0;
  if (result.status === 'found') counts.found++;
  else if (result.status === 'not_found') counts.notFound++;
  else counts.failed++;
}

/**
 * One row's charge: taken at its first request to an official source (once, however many it
 * makes), kept when the row finds its parcel, given back when it does not (a single lookup's
 * 404 or 5xx is free too).
 */
class RowCharge implements BatchRowGate {
  private admission?: Promise<void>;
  private refund?: () => Promise<void>;
  /** Why the row may not ask (quota used up): its answer, whatever the adapter made of the throw. */
  refusal?: unknown;

  constructor(private readonly charge: ChargeRow | undefined) {}

  admit(): Promise<void> {
    this.admission ??= this.charge
      ? this.charge().then(
          (refund) => {
            this.refund = refund;
          },
          (error: unknown) => {
            this.refusal = error;
            throw error;
          },
        )
      : Promise.resolve();
    return this.admission;
  }

  async settle(result: BatchRowResult): Promise<BatchRowResult> {
    if (!this.refund) return result;
    if (result.status === 'found') return { ...result, charged: 1 };
    try {
      await this.refund();
      return result;
    } catch (error) {
      // The unit could not be given back (its database gone): the row says what it cost.
      console.error(`Batch row ${result.row}: its unit could not be given back (${(error as Error).message}).`);
      return { ...result, charged: 1 };
    }
  }
}

function failureOf(rowNumber: number, input: Record<string, string>, error: unknown): BatchRowResult {
  if (isServiceError(error)) {
    return { row: rowNumber, input, status: error.code === 'NOT_FOUND' ? 'not_found' : 'failed', code: error.code, reason: error.message };
  }
  return { row: rowNumber, input, status: 'failed', code: 'INTERNAL_ERROR', reason: (error as Error).message };
}

async function answer(rowNumber: number, input: Record<string, string>, run: BatchRun): Promise<BatchRowResult> {
  const charge = new RowCharge(run.charge);
  let result: BatchRowResult;
  try {
    const parcel = await runAsBatchRow(charge, () => run.find(rowQuery(input, run.columns, run.defaultCountry), run.signal));
    result = { row: rowNumber, input, status: 'found', parcel };
  } catch (error) {
    result = failureOf(rowNumber, input, charge.refusal ?? error);
  }
  return charge.settle(result);
}

/**
 * Answers every row not already answered in the journal, `concurrency` at a time, recording
 * each in the journal as it ends. A NOT_FOUND is "not found"; any other error is "failed" with
 * its code and message kept; a retryable one (source down) is asked again on resume.
 */
export async function runBatch(run: BatchRun): Promise<BatchOutcome> {
  const byRow = new Map<number, BatchRowResult>();
  const counts: BatchCounts = { total: run.rows.length, done: 0, found: 0, notFound: 0, failed: 0, charged: 0 };
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
