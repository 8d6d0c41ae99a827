import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { registerParcelWriter } from './register-parcels.js';
import { isSqliteBusy, openBulkWriteConnection, type SqliteDatabase } from './db.js';
import { importStopReason } from './import-failure.js';
import { emptyResult, planImport, type ImportPlan } from './import-plan.js';
import { streamPackedParcels } from './importers/parcel-parse-thread.js';
import { suspendChangeCounting } from './change-counting.js';
import { fileSize, type TextChunk } from '../formats/text-stream.js';
import { markAreaParcelsStale, offlineAreaId, recordOfflineArea } from './offline-areas.js';
import { whileImporting, type ParcelStore } from './parcel-store.js';
import { ParcelWriter } from './parcel-writer.js';
import { describeError } from '../file-checks.js';
import type { ImportProgress, ImportResult } from '../model/records.js';
import type { ImportOptions, ImportOrigin } from './import-formats.js';
import { IMPORTED_FILES, PARCELS, upsert } from './tables.js';
import { RtreeBulkLoad } from './rtree-bulk-load.js';

export { detectImportKind } from './import-plan.js';

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
  onProgress: ((progress: ImportProgress) => void) | undefined,
  options: ImportOptions,
): Promise<ImportResult[]> {
  // SQLite has one writer: imports into the same store run one after another, not into a lock error.
  const previous = importsInFlight.get(store) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => importSequentially(store, files, onProgress, options));
  importsInFlight.set(store, run);
  return run;
}

const importsInFlight = new WeakMap<ParcelStore, Promise<unknown>>();

function importSequentially(
  store: ParcelStore,
  files: string[],
  onProgress: ((progress: ImportProgress) => void) | undefined,
  options: ImportOptions,
): Promise<ImportResult[]> {
  return whileImporting(store, async () => {
    const results: ImportResult[] = [];
    // The import's own connection (small page cache, no memory map): docs/performance.md "Import performance" and "Scale".
    const db = store.file === ':memory:' ? store.db : openBulkWriteConnection(store.file);
    try {
      for (const file of files) results.push(...(await importOne(db, file, onProgress, options.origins?.[file], options)));
    } finally {
      if (db !== store.db) db.close();
    }
    return results;
  });
}

function recordImport(db: SqliteDatabase, plan: ImportPlan, result: ImportResult): void {
  db.prepare(upsert(IMPORTED_FILES, 'sqlite')).run({
    name: basename(plan.file),
    bytes: plan.bytes,
    kind: result.kind,
    parcels: result.parcels,
    buildings: result.buildings,
    fincas: result.fincas,
    units: result.units,
    imported_at: new Date().toISOString(),
    data_date: plan.dataDate ?? null,
  });
}

/** Whether this very file (same name and size) was imported into the copy before. */
export function wasImported(store: ParcelStore, file: string): boolean {
  return store.db.prepare('SELECT 1 FROM imported_files WHERE name = ? AND bytes = ?').get(basename(file), fileSize(file)) !== undefined;
}

const WAIT_POLL_MS = 250;

async function beginImport(db: SqliteDatabase, file: string, options: ImportOptions): Promise<void> {
  if (!options.onWaitForWriter) {
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      if (isSqliteBusy(error))
        throw new Error(`Import of ${basename(file)} did not start: another process is writing to the local copy (an import?). Try again when it ends.`);
      throw error;
    }
    return;
  }
  // Short synchronous waits inside SQLite, the rest between them on the event loop, so that
  // Ctrl-C is heard while waiting.
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${WAIT_POLL_MS}`);
  try {
    for (let told = false; ; told = true) {
      try {
        db.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
      }
      if (!told) options.onWaitForWriter();
      if (options.signal?.aborted) throw new Error(`Import of ${basename(file)} not started: the import was interrupted while it waited.`);
      await sleep(WAIT_POLL_MS, undefined, { signal: options.signal }).catch(() => undefined);
    }
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

/**
 * Writes a parcels part. Into a copy whose R*Tree is empty (a new copy: the usual first import, and
 * the bench) the boxes are collected and the tree written in one packed pass after the rows
 * (rtree-bulk-load.ts); into a copy holding parcels, box by box as SQLite balances them.
 */
async function withParcelBoxes<T>(db: SqliteDatabase, writer: ParcelWriter, writeRows: () => Promise<T>): Promise<T> {
  const bulk = RtreeBulkLoad.ifEmpty(db, PARCELS.rtree!.name);
  writer.collectBoxesInto(bulk);
  try {
    const written = await writeRows();
    bulk?.finish();
    return written;
  } finally {
    writer.collectBoxesInto(undefined);
  }
}

/** Imports one file (each of a zip's parcels and buildings GML) in one transaction: all of it or nothing. */
async function importOne(
  db: SqliteDatabase,
  file: string,
  onProgress: ((p: ImportProgress) => void) | undefined,
  origin: ImportOrigin | undefined,
  options: ImportOptions,
): Promise<ImportResult[]> {
  const { signal } = options;
  const started = Date.now();
  if (signal?.aborted) throw new Error(`Import of ${basename(file)} not started: the import was interrupted.`);
  let plan: ImportPlan;
  try {
    plan = await planImport(file, options.formats);
  } catch (error) {
    throw new Error(`Import of ${basename(file)} failed, nothing of it was kept: ${describeError(error, file)}`);
  }
  const { bytesTotal, municipality } = plan;
  const area = plan.area ? offlineAreaId(plan.area.country, plan.area.code) : municipality ? offlineAreaId(municipality.country, municipality.code) : undefined;
  const results: ImportResult[] = [];
  const writer = new ParcelWriter(db);
  let records = 0;
  let bytesBefore = 0;
  // Every importer reports each batch here: the one place an interruption stops them all.
  const progress = (chunk: TextChunk) => {
    signal?.throwIfAborted();
    if (chunk.bytesRead > 0) onProgress?.({ file, bytesRead: bytesBefore + chunk.bytesRead, bytesTotal, records });
  };

  const waitFrom = Date.now();
  await beginImport(db, file, options);
  const waitedMs = Date.now() - waitFrom;
  let resumeChangeCounting: (() => void) | undefined;
  try {
    resumeChangeCounting = suspendChangeCounting(db);
    // The buildings', addresses' and CAT files' readers are loaded for a part of their kind: a
    // published parcels zip, the usual file, needs none of them (saxes and ten modules were
    // start-up time of its import; docs/performance.md).
    for (const part of plan.parts) {
      const result = emptyResult(plan, part, area);
      if (part.kind === 'inspire-parcels') {
        const dropStaleParcels = area ? markAreaParcelsStale(db, area) : undefined;
        const named = municipality?.name ? { municipio: municipality.name, provincia: municipality.province } : undefined;
        // Parsed on a worker thread while this one writes, when a core is free for it (docs/performance.md "Import against GDAL").
        result.parcels = await withParcelBoxes(db, writer, () =>
          streamPackedParcels(part.input, { source: 'inspire', country: part.country, landClass: options.formats.inspire.landClass }, (batch, bytesRead) => {
            writer.parcelBatch(batch, { ...named, offlineArea: area });
            records += batch.count;
            progress({ text: '', bytesRead });
          }),
        );
        dropStaleParcels?.();
      } else if (part.kind === 'inspire-buildings') {
        const { streamBuildings } = await import('../formats/inspire-buildings.js');
        result.buildings = await streamBuildings(part.input, {}, (buildings, chunk) => {
          buildings.forEach((b) => writer.building(part.country, b));
          records += buildings.length;
          progress(chunk);
        });
      } else if (part.kind === 'inspire-addresses') {
        const { stageAddresses } = await import('./address-import.js');
        result.addresses = await stageAddresses(db, part.country, part.input, (staged, chunk) => {
          records = staged;
          progress(chunk);
        });
      } else if (part.kind !== 'cat') {
        const format = part.national!;
        if (format.streamRegister) {
          const writeEntry = registerParcelWriter(db);
          const { kept, skipped } = await format.streamRegister(part.input, (entries, chunk) => {
            entries.forEach(writeEntry);
            records += entries.length;
            progress(chunk);
          });
          Object.assign(result, { parcels: kept, skipped });
        } else {
          // A published area's file (Etalab's per commune or département) replaces that area: parcels gone from it go.
          const dropStaleParcels = area ? markAreaParcelsStale(db, area) : undefined;
          result.parcels = await withParcelBoxes(db, writer, () =>
            format.stream!(part.input, (parcels, chunk) => {
              parcels.forEach((p) => writer.parcel(p, area));
              records += parcels.length;
              progress(chunk);
            }),
          );
          dropStaleParcels?.();
        }
      } else {
        const { importCatFile } = await import('./importers/cat-file.js');
        const counts = await importCatFile(db, writer, file, { country: part.country }, (chunk, staged) => {
          records = staged;
          progress(chunk);
        });
        Object.assign(result, counts);
      }
      bytesBefore += typeof part.input === 'string' ? plan.bytes : part.input.size;
      recordImport(db, plan, result);
      // An addresses file adds to an area, it is not one: its parcels came with the parcels file.
      if (area && part.kind !== 'cat' && part.kind !== 'inspire-addresses') recordOfflineArea(db, plan, result, origin?.sourceUrl ?? basename(file));
      result.durationMs = Date.now() - started - waitedMs;
      results.push(result);
    }
    resumeChangeCounting();
    // Interrupted after the last batch: still nothing kept, as the message says.
    signal?.throwIfAborted();
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    if (signal?.aborted) throw new Error(`Import of ${basename(file)} interrupted, nothing of it was kept.`);
    throw new Error(`Import of ${basename(file)} failed, nothing of it was kept: ${importStopReason(error, file)}`);
  }
  onProgress?.({ file, bytesRead: bytesTotal, bytesTotal, records });
  return results;
}
