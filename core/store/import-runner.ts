import { basename } from 'node:path';
import { openDatabase, type SqliteDatabase } from './db.js';
import { siblingMunicipality } from './importers/atom-metadata.js';
import { streamBuildings } from './importers/inspire-buildings.js';
import { streamCadastralParcels } from './importers/inspire-parcels.js';
import { importCatFile } from './importers/cat-file.js';
import { fileSize, peekText, type TextChunk } from './importers/text-stream.js';
import { whileImporting, type ParcelStore } from './parcel-store.js';
import { ParcelWriter } from './parcel-writer.js';
import type { ImportProgress, ImportResult } from './types.js';

export type ImportKind = ImportResult['kind'];

/** The first INSPIRE feature element of a GML head, by local name. */
const FIRST_FEATURE = /<(?:[\w-]+:)?(CadastralParcel|Building|CadastralZoning|OtherConstruction|BuildingPart|Address)[\s>]/;

/**
 * What a file is, from its content (names lie; the Catastro's zips hold `.gml` of every kind).
 * The first feature element decides: the same download also holds zoning, other constructions
 * and addresses, which must be refused rather than "imported" as zero records.
 */
export async function detectImportKind(file: string): Promise<ImportKind> {
  const head = await peekText(file, 16384);
  const feature = FIRST_FEATURE.exec(head)?.[1];
  if (feature === 'CadastralParcel') return 'inspire-parcels';
  if (feature === 'Building') return 'inspire-buildings';
  if (feature) throw new Error(`${basename(file)} holds INSPIRE ${feature} features, which the local copy does not keep (it takes CadastralParcel and Building files, and CAT files).`);
  const firstLine = head.split(/\r?\n/, 1)[0];
  if (/^\d\d/.test(firstLine) && (firstLine.length >= 990 || head.length < 990)) return 'cat';
  throw new Error(`${basename(file)} is neither an INSPIRE parcels or buildings GML nor a CAT file.`);
}

/**
 * Imports each file in ONE transaction of its own: a malformed, failed or killed import leaves
 * the copy exactly as it was. The streams are asynchronous, so the transaction is opened with
 * BEGIN IMMEDIATE on a dedicated connection and spans the whole file (better-sqlite3's
 * `transaction()` helper only wraps synchronous work); readers on the store's own connection
 * keep seeing the last committed copy meanwhile (WAL).
 */
export async function importFiles(
  store: ParcelStore,
  files: string[],
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportResult[]> {
  // SQLite has one writer: imports into the same store run one after another, not into a lock error.
  const previous = importsInFlight.get(store) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => importSequentially(store, files, onProgress));
  importsInFlight.set(store, run);
  return run;
}

const importsInFlight = new WeakMap<ParcelStore, Promise<unknown>>();

function importSequentially(store: ParcelStore, files: string[], onProgress?: (progress: ImportProgress) => void): Promise<ImportResult[]> {
  return whileImporting(store, async () => {
    const results: ImportResult[] = [];
    const db = store.file === ':memory:' ? store.db : openDatabase(store.file);
    try {
      for (const file of files) results.push(await importOne(db, file, onProgress));
    } finally {
      if (db !== store.db) db.close();
    }
    return results;
  });
}

function recordImport(db: SqliteDatabase, file: string, bytes: number, result: ImportResult): void {
  db.prepare(`
    INSERT OR REPLACE INTO imported_files (name, bytes, kind, parcels, buildings, fincas, units, imported_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(basename(file), bytes, result.kind, result.parcels, result.buildings, result.fincas, result.units, new Date().toISOString());
}

/** Whether this very file (same name and size) was imported into the copy before. */
export function wasImported(store: ParcelStore, file: string): boolean {
  return store.db.prepare('SELECT 1 FROM imported_files WHERE name = ? AND bytes = ?').get(basename(file), fileSize(file)) !== undefined;
}

async function importOne(db: SqliteDatabase, file: string, onProgress?: (p: ImportProgress) => void): Promise<ImportResult> {
  const started = Date.now();
  const kind = await detectImportKind(file);
  const bytesTotal = fileSize(file);
  const result: ImportResult = { file, kind, parcels: 0, buildings: 0, units: 0, fincas: 0, skipped: 0, durationMs: 0 };
  const writer = new ParcelWriter(db);
  let records = 0;
  const progress = (chunk: TextChunk) => {
    if (chunk.bytesRead > 0) onProgress?.({ file, bytesRead: chunk.bytesRead, bytesTotal, records });
  };

  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new Error(`Import of ${basename(file)} did not start: another process is writing to the local copy (an import?). Try again when it ends.`);
    }
    throw error;
  }
  try {
    if (kind === 'inspire-parcels') {
      const municipality = siblingMunicipality(file);
      result.parcels = await streamCadastralParcels(file, { source: 'inspire' }, (parcels, chunk) => {
        parcels.forEach((p) => writer.parcel(municipality ? { ...p, municipio: municipality.municipio, provincia: municipality.provincia } : p));
        records += parcels.length;
        progress(chunk);
      });
    } else if (kind === 'inspire-buildings') {
      result.buildings = await streamBuildings(file, {}, (buildings, chunk) => {
        buildings.forEach((b) => writer.building(b));
        records += buildings.length;
        progress(chunk);
      });
    } else {
      const counts = await importCatFile(db, writer, file, {}, (chunk, staged) => {
        records = staged;
        progress(chunk);
      });
      Object.assign(result, counts);
    }
    recordImport(db, file, bytesTotal, result);
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw new Error(`Import of ${basename(file)} failed, nothing of it was kept: ${(error as Error).message}`);
  }
  onProgress?.({ file, bytesRead: bytesTotal, bytesTotal, records });
  result.durationMs = Date.now() - started;
  return result;
}
