import { basename } from 'node:path';
import { ServiceError, isServiceError, validationError, type HazardLayerProgress, type HazardLayerResult } from '../model/index.js';
import type { AnalysisService } from './analysis-service.js';
import type { CheckedHazardLayerRequest } from './hazard-layer-request.js';

/** Progress of one file at most this often (an EEA layer has ~27,000 sites, each reported by the importer). */
const PROGRESS_INTERVAL_MS = 100;

type ImportOne = (file: string, onCount: (count: number) => void) => Promise<number>;

function importerOf(analyses: AnalysisService, request: CheckedHazardLayerRequest): ImportOne {
  const { layer } = request;
  switch (request.kind) {
    case 'protected-areas':
      return async (file, onCount) => (await analyses.importProtectedAreas(file, { layer, onProgress: (p) => onCount(p.sites) })).sites;
    case 'designated-areas':
      return async (file, onCount) =>
        (
          await analyses.importDesignatedAreas(file, {
            layer,
            mapping: request.mapping,
            country: request.country,
            onProgress: (p) => onCount(p.sites),
          })
        ).sites;
    case 'ground-motion':
      return async (file, onCount) => (await analyses.importGroundMotion(file, { onProgress: (p) => onCount(p.cells) })).cells;
  }
}

/** The failed file named first, then what was kept and what was never tried: one bad file must not hide the others. */
function failure(error: unknown, file: string, index: number, request: CheckedHazardLayerRequest, done: HazardLayerResult[]): ServiceError {
  const cause = isServiceError(error) ? error : validationError((error as Error)?.message ?? String(error));
  const total = request.files.length;
  // AnalysisService already says the file was not kept (for the CLI); said once here, with its place in the list.
  const detail = cause.message.replace(`Import of ${file} failed, nothing of it was kept: `, '');
  const parts = [`${basename(file)} (file ${index + 1} of ${total}) was not imported, nothing of it was kept: ${detail}`];
  if (done.length > 0) parts.push(`Imported before it and kept: ${done.map((r) => `${basename(r.file)} (${r.count})`).join(', ')}.`);
  const untried = request.files.slice(index + 1);
  if (untried.length > 0) parts.push(`Not tried: ${untried.map((f) => basename(f)).join(', ')}.`);
  return new ServiceError(cause.code, parts.join(' '), { ...cause.data, file, imported: done });
}

/**
 * Imports a checked request file by file, each in its own transaction (the analysis importers'):
 * a file that fails leaves the files before it imported and stops there, with an error naming it.
 */
export async function importHazardLayers(
  analyses: AnalysisService,
  request: CheckedHazardLayerRequest,
  onProgress?: (progress: HazardLayerProgress) => void,
): Promise<HazardLayerResult[]> {
  const importOne = importerOf(analyses, request);
  const results: HazardLayerResult[] = [];
  const total = request.files.length;
  for (const [i, file] of request.files.entries()) {
    const report = (count: number) => onProgress?.({ file, kind: request.kind, count, index: i + 1, total });
    let last = 0;
    const onCount = (count: number) => {
      const now = Date.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      report(count);
    };
    report(0);
    try {
      const count = await importOne(file, onCount);
      results.push({ file, kind: request.kind, count });
      report(count);
    } catch (error) {
      throw failure(error, file, i, request, results);
    }
  }
  return results;
}
