import type { ErrorCode } from './errors.js';
import type { Parcel, RusticParcelAsked } from './parcel.js';

/** What became of one input row of a batch lookup. */
export type BatchRowStatus = 'found' | 'not_found' | 'failed';

/** The columns a batch reads: a reference column, or a latitude and a longitude column; country optional. */
export interface BatchColumns {
  reference?: string;
  latitude?: string;
  longitude?: string;
  country?: string;
  /** A Spanish rustic parcel's numbers (all four, or none): rows without a reference are looked up by them. */
  provincia?: string;
  municipio?: string;
  poligono?: string;
  parcela?: string;
}

/** The columns that name a rustic parcel, all needed together. */
export const RUSTIC_COLUMNS = ['provincia', 'municipio', 'poligono', 'parcela'] as const satisfies readonly (keyof BatchColumns)[];

/** One answered row: the input as read, and the parcel or the reason it has none. */
export interface BatchRowResult {
  /** 1-based data row number (the header is row 0). */
  row: number;
  input: Record<string, string>;
  status: BatchRowStatus;
  parcel?: Parcel;
  code?: ErrorCode;
  reason?: string;
  /**
   * Units charged when the row ran: 1 for a parcel found by an official source for a batch
   * started with an API key (or a free-tier address), as the single lookup would cost. Rows
   * answered from the copy are charged when the result is fetched instead.
   */
  charged?: number;
}

/**
 * A failure worth asking again later: the source was down or the service faulted. A malformed
 * row, an ambiguous reference or a country without coverage will fail the same way again.
 */
export const isRetryableFailure = (result: Pick<BatchRowResult, 'status' | 'code'>): boolean =>
  result.status === 'failed' && result.code !== undefined && RETRYABLE_CODES.has(result.code);
/** Down, faulted, or the caller's allowance used up (it resets): asked again on resume. */
const RETRYABLE_CODES = new Set<ErrorCode>(['SERVICE_UNAVAILABLE', 'INTERNAL_ERROR', 'KEY_AUTH_004', 'DAILY_LIMIT_REACHED']);

/**
 * What a row that found nothing asks of the user: `fix_row` (a typo, a malformed or unknown
 * reference: asking again gives the same answer) or `retry_online` (the source could not be
 * asked: resume the batch with a connection). The result files' `next_step` and the app's dialog.
 */
export type NextStep = 'fix_row' | 'retry_online';
export function nextStepOf(result: Pick<BatchRowResult, 'status' | 'code'>): NextStep | null {
  if (result.status === 'found') return null;
  return isRetryableFailure(result) ? 'retry_online' : 'fix_row';
}

export interface BatchCounts {
  total: number;
  done: number;
  found: number;
  notFound: number;
  failed: number;
  /** Rows found by an official source and charged as they ran (BatchRowResult.charged): the units the batch has cost so far. */
  charged: number;
}

export const emptyCounts = (total: number): BatchCounts => ({ total, done: 0, found: 0, notFound: 0, failed: 0, charged: 0 });

/** Output formats of a batch and of a selection export. */
export const FEATURE_FORMATS = ['csv', 'geojson', 'gpkg', 'kml'] as const;
export type FeatureFormat = (typeof FEATURE_FORMATS)[number];

export const isFeatureFormat = (value: unknown): value is FeatureFormat => typeof value === 'string' && (FEATURE_FORMATS as readonly string[]).includes(value);

/** What the app shows of a dropped CSV before the batch starts: its columns and which ones were recognised. */
export interface BatchPreview {
  header: string[];
  rows: number;
  /** The first rows, to check the columns against. */
  sample: Record<string, string>[];
  /** The columns detected (or named); undefined when none fits and the user must name them. */
  columns?: BatchColumns;
  problem?: string;
}

/** A batch as the app shows it: counts while it runs, and the rows that failed with their reason. */
export interface BatchState {
  id: string;
  name: string;
  /** `queued`: waiting for the batch before it to end (one runs at a time). */
  state: 'queued' | 'running' | 'done' | 'interrupted' | 'cancelled';
  columns: BatchColumns;
  counts: BatchCounts;
  /** Rows not found or failed, with their reason (at most the first 500). */
  problems: Pick<BatchRowResult, 'row' | 'input' | 'status' | 'code' | 'reason'>[];
  startedAt: string;
  finishedAt?: string;
}

/** A batch still to end: queued or running (polled, stoppable, no result file yet). */
export const isUnfinishedBatch = (state: BatchState['state']): boolean => state === 'queued' || state === 'running';

/** What one batch row asks: a reference, or the parcel under a point; country optional (detected or ES). */
export type ParcelQuery =
  { reference: string; country?: string } | { latitude: number; longitude: number; country?: string } | { rustic: RusticParcelAsked; country?: string };
