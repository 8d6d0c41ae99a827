import path from 'node:path';
import { EsAtomCatalogue } from '../countries/es/atom-catalogue.js';
import {
  notFound, validationError, type OfflineArea, type OfflineChoice, type OfflineDownloadResult, type OfflineProgress,
} from '../model/index.js';
import type { ParcelStore } from '../store/parcel-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { downloadAreas, updateAreas } from './download-areas.js';

const MAX_NAMES = 200;
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 120;

/** Checks an offline choice from the app (IPC) with clear messages; the CLI builds the same shape. */
export function checkOfflineChoice(input: unknown): OfflineChoice {
  if (typeof input !== 'object' || input === null) throw validationError('An offline choice is an object: municipalities, provinces or bbox.');
  const { municipalities, provinces, bbox, buildings } = input as Record<string, unknown>;
  const list = (value: unknown, name: string): string[] | undefined => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.length > MAX_NAMES || !value.every(isText)) throw validationError(`${name} must be a list of up to ${MAX_NAMES} names or codes.`);
    return value.map((v) => v.trim());
  };
  let box: OfflineChoice['bbox'];
  if (bbox !== undefined) {
    const ok = Array.isArray(bbox) && bbox.length === 4 && bbox.every((n) => typeof n === 'number' && Number.isFinite(n))
      && bbox[0] < bbox[2] && bbox[1] < bbox[3] && bbox[0] >= -180 && bbox[2] <= 180 && bbox[1] >= -90 && bbox[3] <= 90;
    if (!ok) throw validationError('bbox must be [west, south, east, north] in degrees.');
    box = bbox as OfflineChoice['bbox'];
  }
  if (buildings !== undefined && typeof buildings !== 'boolean') throw validationError('buildings must be true or false.');
  const choice: OfflineChoice = {
    ...(list(municipalities, 'municipalities') && { municipalities: list(municipalities, 'municipalities') }),
    ...(list(provinces, 'provinces') && { provinces: list(provinces, 'provinces') }),
    ...(box && { bbox: box }),
    ...(buildings !== undefined && { buildings }),
  };
  if (!choice.municipalities?.length && !choice.provinces?.length && !choice.bbox) {
    throw validationError('Say what to make available offline: a municipality, a province or the map view.');
  }
  return choice;
}

/**
 * Offline areas for the facade: one download (or update) at a time per copy, cancellable, with
 * progress; the list of areas and their removal. Zips are fetched into `<data>/downloads`.
 */
export class OfflineAreasService {
  private running?: AbortController;
  private readonly catalogue: EsAtomCatalogue;

  constructor(private readonly store: ParcelStore, http: UpstreamClient, atomBaseUrl: string, private readonly dataDir: string) {
    this.catalogue = new EsAtomCatalogue(atomBaseUrl, http);
  }

  list(): OfflineArea[] {
    return this.store.listOfflineAreas();
  }

  download(choice: unknown, onProgress?: (p: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    const checked = checkOfflineChoice(choice);
    return this.exclusive(async (signal) => {
      onProgress?.({ phase: 'feeds', filesDone: 0, filesTotal: 0, bytesDone: 0, parcels: 0 });
      const municipalities = await this.catalogue.resolve(checked, signal);
      return downloadAreas(this.store, municipalities, this.runOptions(signal, checked.buildings, onProgress));
    });
  }

  update(ids: unknown, onProgress?: (p: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_NAMES || !ids.every(isText)) throw validationError('update needs a list of area ids.');
    return this.exclusive((signal) => updateAreas(this.store, this.catalogue, ids, this.runOptions(signal, true, onProgress)));
  }

  /** Stops the running download; true when one was running. */
  cancel(): boolean {
    if (!this.running) return false;
    this.running.abort();
    return true;
  }

  remove(id: unknown): { parcels: number } {
    if (!isText(id)) throw validationError('remove needs an area id.');
    const removed = this.store.removeOfflineArea(id);
    if (!removed) throw notFound(`The copy holds no offline area ${id}.`);
    return removed;
  }

  private runOptions(signal: AbortSignal, buildings: boolean | undefined, onProgress?: (p: OfflineProgress) => void) {
    return { downloadDir: path.join(this.dataDir, 'downloads'), buildings, signal, onProgress };
  }

  private async exclusive(work: (signal: AbortSignal) => Promise<OfflineDownloadResult>): Promise<OfflineDownloadResult> {
    if (this.running) throw validationError('A download for offline use is already running; wait for it or cancel it.');
    const controller = new AbortController();
    this.running = controller;
    try {
      return await work(controller.signal);
    } finally {
      this.running = undefined;
    }
  }
}
