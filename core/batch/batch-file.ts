import { createHash } from 'node:crypto';
import { renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { csvStyleOfInput } from '../export/csv.js';
import { writeTableFile } from '../export/write-table.js';
import {
  emptyCounts,
  isFeatureFormat,
  isRetryableFailure,
  validationError,
  type BatchColumns,
  type BatchCounts,
  type BatchRowResult,
  type FeatureFormat,
  type OutputLanguage,
} from '../model/index.js';
import { installedCountries } from '../countries/registry.js';
import { batchTable } from './batch-table.js';
import { detectColumns } from './detect-columns.js';
import { BatchJournal } from './journal.js';
import { readCsvFile, refuseOversizeCsv } from './read-csv.js';
import { checkInputFile, checkOutputFile } from '../file-checks.js';
import { runBatch, type BatchOutcome, type ChargeRow, type FindParcel } from './run-batch.js';

export interface BatchFileJob {
  input: string;
  output: string;
  /** Columns the user named; the others are detected from the header. */
  columns?: BatchColumns;
  defaultCountry?: string;
  concurrency?: number;
  /** The language the output's reasons are written in (English when not said). */
  language?: OutputLanguage;
  find: FindParcel;
  /** Charges whoever started the batch for each row an official source answers (run-batch.ts). */
  charge?: ChargeRow;
  signal?: AbortSignal;
  /** Called once the columns are known, before any lookup. */
  onStart?: (columns: BatchColumns, counts: BatchCounts, resumed: number) => void;
  onProgress?: (counts: BatchCounts, last: BatchRowResult | undefined) => void;
  /** Keep the journal after a complete run (the app's batches read their answers from it). */
  keepJournal?: boolean;
  /**
   * false: no output is written at the end (the app's batches: theirs are written when asked
   * for, in a worker thread; written here, a large one held a server's requests for seconds).
   */
  writeOutput?: boolean;
}

export interface BatchFileOutcome extends BatchOutcome {
  columns: BatchColumns;
  format: FeatureFormat;
  /** The journal kept for a resume (rows failed or the batch stopped), else undefined. */
  journal?: string;
  /** Rows answered in an earlier, interrupted run of the same batch. */
  resumed: number;
}

export function formatOfPath(file: string): FeatureFormat {
  const extension = path.extname(file).slice(1).toLowerCase();
  const format = extension === 'json' ? 'geojson' : extension;
  if (!isFeatureFormat(format)) throw validationError(`Output ${file}: the extension must be .csv, .geojson, .gpkg or .kml.`);
  return format;
}

/** Where a batch keeps its progress: beside its output, so the same command resumes it. */
export const journalPathOf = (output: string) => `${output}.journal`;

/**
 * `catastro batch INPUT.csv -o OUT.ext`: reads the CSV, answers its rows (resuming the
 * journal of an interrupted run of the same input and columns) and writes the output whole,
 * through a temporary file so a half-written output never replaces a good one. The journal is
 * removed when every row got a final answer; it stays when a source was down for some rows or
 * the run was stopped.
 */
export async function runBatchFile(job: BatchFileJob): Promise<BatchFileOutcome> {
  const format = formatOfPath(job.output);
  checkInputFile(job.input);
  checkOutputFile(job.output);
  refuseOversizeCsv(statSync(job.input).size, job.input);
  // Read as it streams, hashed as it is read: the event loop is never held for the whole file.
  const hash = createHash('sha256');
  const csv = await readCsvFile(job.input, (chunk) => hash.update(chunk));
  const columns = detectColumns(csv.header, job.columns, csv.rows);
  const fingerprint = hash.update(JSON.stringify({ columns, country: job.defaultCountry ?? null })).digest('hex');
  const journal = BatchJournal.open(journalPathOf(job.output), fingerprint, columns);
  const resumed = journal.finalRows().length;
  job.onStart?.(columns, { ...emptyCounts(csv.rows.length), done: resumed }, resumed);
  const outcome = await runBatch({
    rows: csv.rows,
    columns,
    defaultCountry: job.defaultCountry,
    find: job.find,
    journal,
    charge: job.charge,
    concurrency: job.concurrency,
    signal: job.signal,
    onProgress: job.onProgress,
  });
  if (job.writeOutput !== false) {
    const temporary = `${job.output}.partial`;
    rmSync(temporary, { force: true });
    // Written as the app writes a batch's result (result-file.ts): in the input's separator,
    // decimal comma and BOM, so a Spanish Excel's semicolon CSV opens in that Excel again.
    writeTableFile(
      batchTable(
        outcome.results,
        csv.header,
        path.basename(job.output, path.extname(job.output)).replace(/[^\w]+/g, '_') || 'batch',
        installedCountries().offering('rusticParcel'),
        job.language,
      ),
      format,
      temporary,
      csvStyleOfInput(csv.separator, job.language),
    );
    renameSync(temporary, job.output);
  }
  const final = outcome.complete && !outcome.results.some(isRetryableFailure);
  if (final && !job.keepJournal) journal.remove();
  return { ...outcome, columns, format, journal: final && !job.keepJournal ? undefined : journal.file, resumed };
}
