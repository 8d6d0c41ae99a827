import { createReadStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { etalabArea, type EtalabArea } from '../countries/fr/etalab-files.js';
import type { OfflineDownloadResult, OfflineFileFailure, OfflineProgress } from '../model/index.js';
import { importFiles } from '../countries/import-formats.js';
import type { LocalCopy } from '../store/cadastral-store.js';
import { discardDownload, downloadFile } from '../upstream/file-download.js';
import type { DownloadAreasOptions } from './download-areas.js';
import { noOfflineAreaFailure } from './no-offline-area.js';

/** Reads a gzip to its end: a damaged or cut file fails its CRC-32 or length check (the trailer gzip keeps). */
export async function verifyGzip(file: string): Promise<void> {
  await pipeline(createReadStream(file), createGunzip(), new Writable({ write: (_chunk, _encoding, done) => done() }));
}

/**
 * France offline: Etalab's parcels file of each commune or département (etalab-files.ts), one
 * after the other, through the same resumable downloader as Spain's zips (a cut transfer goes on
 * with Range, a `.part` left by an interrupted run is resumed), checked (the server's size, the
 * gzip's CRC), imported in one transaction each (the existing Etalab GeoJSON importer) and then
 * deleted. A failed file is reported by name and the others go on.
 */
export async function downloadFrenchAreas(
  store: LocalCopy,
  codes: string[],
  options: DownloadAreasOptions & { root?: string },
): Promise<OfflineDownloadResult> {
  const areas = codes.map((code) => etalabArea(code, options.root)); // a bad code refuses the whole run before any transfer
  mkdirSync(options.downloadDir, { recursive: true });
  const progress: OfflineProgress = { phase: 'download', filesDone: 0, filesTotal: areas.length, bytesDone: 0, parcels: 0 };
  const report = (change: Partial<OfflineProgress>) => {
    Object.assign(progress, change);
    options.onProgress?.({ ...progress });
  };
  const result: OfflineDownloadResult = { areas: [], failures: [], parcels: 0, buildings: 0, cancelled: false };
  let bytesOfDoneFiles = 0;

  const fetchAndImport = async (area: EtalabArea): Promise<void> => {
    const file = path.join(options.downloadDir, area.fileName);
    const failure = (message: string): OfflineFileFailure => ({ file: area.fileName, url: area.url, message });
    try {
      report({ phase: 'download', file: area.fileName });
      options.onFetching?.(area.fileName);
      const { bytes } = await downloadFile(
        { url: area.url, file },
        {
          signal: options.signal,
          retries: options.retries,
          baseDelayMs: options.retryDelayMs,
          verify: verifyGzip,
          onBytes: (onDisk, total) => report({ bytesDone: bytesOfDoneFiles + onDisk, ...(total !== undefined && areas.length === 1 && { bytesTotal: total }) }),
        },
      );
      bytesOfDoneFiles += bytes;
      report({ phase: 'import', bytesDone: bytesOfDoneFiles });
      const imported = await importFiles(store, [file], (p) => report({ parcels: result.parcels + p.records }), {
        origins: { [file]: { sourceUrl: area.url } },
        signal: options.signal,
        onWaitForWriter: options.onWaitForWriter,
      });
      for (const r of imported) result.parcels += r.parcels;
      discardDownload(file);
      const listed = store.getOfflineArea(area.id);
      if (listed) result.areas.push(listed);
    } catch (error) {
      if (options.signal?.aborted) {
        result.cancelled = true;
        return;
      }
      discardDownload(file);
      result.failures.push(failure((error as Error).message));
    } finally {
      report({ filesDone: progress.filesDone + 1, parcels: result.parcels });
    }
  };

  for (const area of areas) {
    if (options.signal?.aborted) {
      result.cancelled = true;
      break;
    }
    await fetchAndImport(area);
    if (result.cancelled) break;
  }
  report({ phase: 'done', file: undefined });
  return result;
}

/** Updates French areas the copy holds (`FR.91216`, `FR.91`): fetched anew from the same place. */
export async function updateFrenchAreas(store: LocalCopy, ids: string[], options: DownloadAreasOptions & { root?: string }): Promise<OfflineDownloadResult> {
  const held = new Set(
    store
      .listOfflineAreas()
      .filter((a) => a.country === 'FR')
      .map((a) => a.id),
  );
  const missing = ids.filter((id) => !held.has(id));
  const result = await downloadFrenchAreas(
    store,
    ids.filter((id) => held.has(id)).map((id) => id.slice('FR.'.length)),
    options,
  );
  return { ...result, failures: [...missing.map(noOfflineAreaFailure), ...result.failures] };
}
