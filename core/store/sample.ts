import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { importFiles } from './import-runner.js';
import type { ParcelStore } from './parcel-store.js';
import type { ImportResult } from './types.js';

/** Parcel files first: buildings only enrich parcels, and the order shows in the progress. */
const SAMPLE_ORDER = (name: string) => (name.includes('.CP.') ? 0 : 1);

/**
 * Imports the bundled sample municipality into an empty copy, so the app answers offline on
 * first run. A copy that already holds parcels is left alone (null).
 */
export async function ensureSampleImported(store: ParcelStore, resourcesDir: string): Promise<ImportResult[] | null> {
  if (store.countParcels() > 0) return null;
  const sampleDir = path.join(resourcesDir, 'sample');
  if (!existsSync(sampleDir)) return null;
  const files = readdirSync(sampleDir)
    .filter((name) => /\.gml(\.gz)?$/.test(name))
    .sort((a, b) => SAMPLE_ORDER(a) - SAMPLE_ORDER(b) || a.localeCompare(b))
    .map((name) => path.join(sampleDir, name));
  return files.length ? importFiles(store, files) : null;
}
