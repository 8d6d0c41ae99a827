import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { importFiles, wasImported } from './import-runner.js';
import type { ImportFormats } from './import-formats.js';
import type { ParcelStore } from './parcel-store.js';
import type { ImportResult } from '../model/records.js';

/** Parcel files first: buildings only enrich parcels, and the order shows in the progress. */
const SAMPLE_ORDER = (name: string) => (name.includes('.CP.') ? 0 : 1);

/**
 * Imports the bundled sample municipality on first run, so the app answers offline at once.
 * "First run" is judged per file from the copy's import log, not from an empty parcels table:
 * a copy that only holds live-cached parcels still gets the sample. Null when nothing was due.
 */
export async function ensureSampleImported(store: ParcelStore, resourcesDir: string, formats: ImportFormats): Promise<ImportResult[] | null> {
  const sampleDir = path.join(resourcesDir, 'sample');
  if (!existsSync(sampleDir)) return null;
  const due = readdirSync(sampleDir)
    .filter((name) => /\.gml(\.gz)?$/.test(name))
    .sort((a, b) => SAMPLE_ORDER(a) - SAMPLE_ORDER(b) || a.localeCompare(b))
    .map((name) => path.join(sampleDir, name))
    .filter((file) => !wasImported(store, file));
  return due.length ? importFiles(store, due, undefined, { formats }) : null;
}
