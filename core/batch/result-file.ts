import { randomUUID } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import { csvStyleOfInput } from '../export/csv.js';
import { writeTableFile } from '../export/write-table.js';
import type { FeatureFormat, OutputLanguage } from '../model/index.js';
import { batchTable } from './batch-table.js';
import { journalRowsInOrder } from './journal-rows.js';
import { csvHeaderOfFile } from './read-csv.js';

/** What a batch's result file is written from (structured-cloned into the writing thread). */
export interface ResultFileJob {
  /** The batch's CSV as dropped (its header names the input columns). */
  input: string;
  journal: string;
  /** The journal's length when the answer was priced: the file holds those answers, not later ones. */
  journalBytes: number;
  /** Table or layer name inside the file. */
  name: string;
  format: FeatureFormat;
  /** The language the rows' reasons are written in. */
  language: OutputLanguage;
  /** The countries whose rustic parcels have polígono and parcela columns (the registry's `rusticParcel`; not read in the worker). */
  rusticCountries: readonly string[];
  /** Where the file goes; written beside it and renamed, so a file there is always whole. */
  file: string;
}

/**
 * Writes a batch's answers as one file: every row in CSV/GeoJSON/GeoPackage, the parcels found
 * in KML, read from the journal row by row. Runs in a worker thread (result-files.ts): 100,000
 * rows take seconds to tens of seconds, which on the serving thread held every request.
 * Returns the parcels found in it.
 */
export function writeResultFile(job: ResultFileJob): number {
  const { header, separator } = csvHeaderOfFile(job.input);
  const { found, rows } = journalRowsInOrder(job.journal, job.journalBytes);
  const partial = `${job.file}.${randomUUID()}.partial`;
  try {
    // The answers come back the way the input was written: a semicolon CSV from a Spanish Excel
    // opens in that Excel again, in columns, with its decimal commas and accents (a one-column
    // input in the style of the user's language).
    writeTableFile(batchTable(rows, header, job.name, job.rusticCountries, job.language), job.format, partial, csvStyleOfInput(separator, job.language));
    renameSync(partial, job.file);
  } finally {
    rmSync(partial, { force: true });
  }
  return found;
}
