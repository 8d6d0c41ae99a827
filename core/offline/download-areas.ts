import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { EsAtomCatalogue, MunicipalityDownload } from '../countries/es/atom-catalogue.js';
import type { AtomDataset } from '../countries/es/atom-feeds.js';
import { isServiceError, type ImportResult, type OfflineDownloadResult, type OfflineFileFailure, type OfflineProgress } from '../model/index.js';
import { importFiles } from '../countries/import-formats.js';
import { verifyZip } from '../formats/zip-archive.js';
import type { LocalCopy } from '../store/cadastral-store.js';
import { discardDownload, downloadFile } from '../upstream/file-download.js';
import { noOfflineAreaFailure } from './no-offline-area.js';

export interface DownloadAreasOptions {
  /** Where zips are fetched to (`.part` files of interrupted downloads stay there to resume). */
  downloadDir: string;
  buildings?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: OfflineProgress) => void;
  /** Retries of a cut transfer within one run (each resumes with Range). */
  retries?: number;
  retryDelayMs?: number;
  /** Passed to the import: wait for another process's write instead of failing the file (the command line). */
  onWaitForWriter?: () => void;
  /** Told each file's name (in downloadDir) before its transfer begins: the run's record lists what it fetched. */
  onFetching?: (fileName: string) => void;
}

const zipName = (dataset: AtomDataset) => decodeURIComponent(new URL(dataset.url).pathname.split('/').at(-1)!);

/**
 * Fetches and imports municipalities' zips one file at a time: download (resumable, size and
 * CRC checked) → import (one transaction per file) → the zip is deleted, the copy holds the
 * data. A file that fails is reported with its reason and the others go on; a municipality
 * whose parcels failed skips its buildings (they only enrich parcels). Cancelling stops between
 * chunks; the interrupted `.part` resumes on the next run, and a zip whose import was interrupted
 * stays to be revalidated (not fetched again) by the next run.
 */
export async function downloadAreas(store: LocalCopy, municipalities: MunicipalityDownload[], options: DownloadAreasOptions): Promise<OfflineDownloadResult> {
  mkdirSync(options.downloadDir, { recursive: true });
  const files = municipalities.flatMap((m) => [m.parcels, ...(options.buildings !== false && m.buildings ? [m.buildings] : [])]);
  const announced = files.every((f) => f.length !== undefined) ? files.reduce((sum, f) => sum + f.length!, 0) : undefined;
  const progress: OfflineProgress = { phase: 'download', filesDone: 0, filesTotal: files.length, bytesDone: 0, bytesTotal: announced, parcels: 0 };
  const report = (change: Partial<OfflineProgress>) => {
    Object.assign(progress, change);
    options.onProgress?.({ ...progress });
  };
  const result: OfflineDownloadResult = { areas: [], failures: [], parcels: 0, buildings: 0, cancelled: false };
  let bytesOfDoneFiles = 0;

  /** The import's results, or undefined when the file failed. */
  const fetchAndImport = async (dataset: AtomDataset): Promise<ImportResult[] | undefined> => {
    const name = zipName(dataset);
    const file = path.join(options.downloadDir, name);
    const failure = (message: string): OfflineFileFailure => ({ file: name, url: dataset.url, message });
    try {
      report({ phase: 'download', file: name });
      if (dataset.refused) throw new Error(dataset.refused);
      options.onFetching?.(name);
      const { bytes } = await downloadFile(
        { url: dataset.url, file, expectedBytes: dataset.length },
        {
          signal: options.signal,
          retries: options.retries,
          baseDelayMs: options.retryDelayMs,
          verify: verifyZip,
          onBytes: (onDisk) => report({ bytesDone: bytesOfDoneFiles + onDisk }),
        },
      );
      bytesOfDoneFiles += bytes;
      report({ phase: 'import', bytesDone: bytesOfDoneFiles });
      const imported = await importFiles(store, [file], (p) => report({ parcels: result.parcels + (dataset.theme === 'CP' ? p.records : 0) }), {
        origins: { [file]: { sourceUrl: dataset.url } },
        signal: options.signal,
        onWaitForWriter: options.onWaitForWriter,
      });
      for (const r of imported) {
        result.parcels += r.parcels;
        result.buildings += r.buildings;
      }
      discardDownload(file);
      return imported;
    } catch (error) {
      if (options.signal?.aborted) {
        result.cancelled = true;
        return undefined;
      }
      result.failures.push(failure((error as Error).message));
      return undefined;
    } finally {
      report({ filesDone: progress.filesDone + 1, parcels: result.parcels });
    }
  };

  for (const municipality of municipalities) {
    if (options.signal?.aborted) {
      result.cancelled = true;
      break;
    }
    const parcelsIn = await fetchAndImport(municipality.parcels);
    if (parcelsIn && options.buildings !== false && municipality.buildings) await fetchAndImport(municipality.buildings);
    else if (!parcelsIn && options.buildings !== false && municipality.buildings && !result.cancelled) {
      report({ filesDone: progress.filesDone + 1 });
    }
    // The offline area the parcels file filled, as the import recorded it.
    const areaId = parcelsIn?.find((r) => r.area)?.area;
    const area = areaId ? store.getOfflineArea(areaId) : undefined;
    if (area) result.areas.push(area);
  }
  report({ phase: 'done', file: undefined });
  return result;
}

/** Updates areas the copy holds: each is looked up again in the feeds (current URL and size) and fetched anew. */
export async function updateAreas(store: LocalCopy, catalogue: EsAtomCatalogue, ids: string[], options: DownloadAreasOptions): Promise<OfflineDownloadResult> {
  const municipalities: MunicipalityDownload[] = [];
  const failures: OfflineFileFailure[] = [];
  for (const id of ids) {
    const area = store.getOfflineArea(id);
    if (!area) {
      failures.push(noOfflineAreaFailure(id));
      continue;
    }
    try {
      municipalities.push(await catalogue.municipality(area.code, options.signal));
    } catch (error) {
      failures.push({ file: id, url: area.source, message: (error as Error).message, ...(isServiceError(error) && error.data && { data: error.data }) });
    }
  }
  const result = await downloadAreas(store, municipalities, options);
  return { ...result, failures: [...failures, ...result.failures] };
}
