import path from 'node:path';
import { EsAtomCatalogue } from '../countries/es/atom-catalogue.js';
import { requireBBox } from '../input.js';
import { FrenchCommuneFinder, frenchCodeOrName, GEO_API_ROOT } from '../countries/fr/commune-finder.js';
import {
  notFound,
  DEFAULT_OFFLINE_COUNTRY,
  OFFLINE_COUNTRIES,
  refusalData,
  validationError,
  type InterruptedOfflineRun,
  type OfflineCountry,
  type OfflineArea,
  type OfflineChoice,
  type OfflineDownloadResult,
  type OfflineProgress,
  type OfflineRunRecord,
} from '../model/index.js';
import type { LocalCopy } from '../store/cadastral-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { downloadAreas } from './download-areas.js';
import { downloadFrenchAreas } from './download-fr.js';
import { noOfflineArea } from './no-offline-area.js';
import { downloadRunningElsewhere, downloadRunningIn } from './downloads-owner.js';
import { bytesOfRun, discardRun, interruptedRunRecord, recordedRun, type RunAsked } from './interrupted-run.js';
import { updateOfflineAreas } from './update-offline-areas.js';

const MAX_NAMES = 200;
const alreadyRunning = () =>
  validationError('A download for offline use is already running; wait for it or cancel it.', refusalData('DOWNLOAD_ALREADY_RUNNING'));
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 120;

/** Checks an offline choice from the app (IPC) with clear messages; the CLI builds the same shape. */
export function checkOfflineChoice(input: unknown): OfflineChoice {
  if (typeof input !== 'object' || input === null) throw validationError('An offline choice is an object: municipalities, provinces or bbox.');
  const { country, municipalities, provinces, bbox, buildings } = input as Record<string, unknown>;
  const list = (value: unknown, name: string): string[] | undefined => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.length > MAX_NAMES || !value.every(isText))
      throw validationError(`${name} must be a list of up to ${MAX_NAMES} names or codes.`);
    return value.map((v) => v.trim());
  };
  const box = bbox === undefined ? undefined : requireBBox(bbox, { area: true, message: 'bbox must be [west, south, east, north] in degrees.' });
  if (buildings !== undefined && typeof buildings !== 'boolean') throw validationError('buildings must be true or false.');
  if (country !== undefined && !OFFLINE_COUNTRIES.includes(country as OfflineCountry)) {
    throw validationError(`country must be one of ${OFFLINE_COUNTRIES.join(', ')} (the countries whose cadastre files can be downloaded).`);
  }
  const choice: OfflineChoice = {
    ...(country !== undefined && country !== DEFAULT_OFFLINE_COUNTRY && { country: country as OfflineCountry }),
    ...(list(municipalities, 'municipalities') && { municipalities: list(municipalities, 'municipalities') }),
    ...(list(provinces, 'provinces') && { provinces: list(provinces, 'provinces') }),
    ...(box && { bbox: box }),
    ...(buildings !== undefined && { buildings }),
  };
  if (choice.country === 'FR') return checkFrenchChoice(choice);
  if (!choice.municipalities?.length && !choice.provinces?.length && !choice.bbox) {
    throw validationError('Say what to make available offline: a municipality, a province or the map view.');
  }
  return choice;
}

/**
 * France: communes and départements by code or by name, or the communes the map view meets; names
 * and the map are turned into codes when the run starts (fr/commune-finder.ts), since that needs
 * the network. A code-shaped text that is no commune or département is refused here.
 */
function checkFrenchChoice(choice: OfflineChoice): OfflineChoice {
  const texts = [...(choice.municipalities ?? []), ...(choice.provinces ?? [])];
  if (texts.length === 0 && !choice.bbox) {
    throw validationError(
      'Say what to make available offline: communes (names or INSEE codes, e.g. 91216), départements (e.g. Essonne, 91, 2A) or the map view.',
    );
  }
  for (const text of texts) frenchCodeOrName(text); // a bad code is refused now, a name is looked up when the run starts
  return choice;
}

/**
 * Offline areas for the facade: one download (or update) at a time per copy, cancellable, with
 * progress; the list of areas and their removal. Spain's zips come from the Catastro's ATOM
 * feeds, France's files from Etalab; both are fetched into `<data>/downloads`. A run
 * that does not finish (cancelled, the service unreachable, the app closed, or a `catastro
 * download` stopped) is recorded there (interrupted-run.ts), so the app offers to resume it,
 * fetching only what is not yet on disk, or to discard it.
 */
export class OfflineAreasService {
  private running?: AbortController;
  private readonly catalogue: EsAtomCatalogue;
  private readonly downloadDir: string;
  private readonly etalabRoot: string;
  private readonly communeFinder: FrenchCommuneFinder;

  constructor(
    private readonly store: LocalCopy,
    http: UpstreamClient,
    sources: { atomBaseUrl: string; etalabRoot: string; frGeoApiUrl?: string },
    dataDir: string,
  ) {
    this.catalogue = new EsAtomCatalogue(sources.atomBaseUrl, http);
    this.etalabRoot = sources.etalabRoot;
    this.communeFinder = new FrenchCommuneFinder(sources.frGeoApiUrl ?? GEO_API_ROOT, http);
    this.downloadDir = path.join(dataDir, 'downloads');
  }

  list(): OfflineArea[] {
    return this.store.listOfflineAreas();
  }

  download(choice: unknown, onProgress?: (p: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    const checked = checkOfflineChoice(choice);
    return this.exclusive({ choice: checked }, async (run) => {
      onProgress?.({ phase: 'feeds', filesDone: 0, filesTotal: 0, bytesDone: 0, parcels: 0 });
      if (checked.country === 'FR') {
        const codes = await this.communeFinder.resolve(checked, run.signal);
        return downloadFrenchAreas(this.store, codes, { ...run, buildings: false, onProgress, root: this.etalabRoot });
      }
      const municipalities = await this.catalogue.resolve(checked, run.signal);
      return downloadAreas(this.store, municipalities, { ...run, buildings: checked.buildings, onProgress });
    });
  }

  update(ids: unknown, onProgress?: (p: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_NAMES || !ids.every(isText)) throw validationError('update needs a list of area ids.');
    return this.exclusive({ areaIds: ids }, (run) =>
      updateOfflineAreas(this.store, this.catalogue, ids, { ...run, buildings: true, onProgress, etalabRoot: this.etalabRoot }),
    );
  }

  /**
   * The run that did not finish with bytes kept, the app's or the command line's, if any (none while
   * one runs, here or in another process: that one is not interrupted).
   */
  interrupted(): InterruptedOfflineRun | null {
    if (this.running) return null;
    const record = this.readRecord();
    if (!record) return null;
    const bytesOnDisk = bytesOfRun(this.downloadDir, record);
    // A run killed before its first byte kept nothing: offering it would be a "0 MB" phantom.
    if (bytesOnDisk === 0) return null;
    return {
      ...(record.choice && { choice: record.choice }),
      ...(record.areaIds && { areaIds: record.areaIds }),
      startedAt: record.startedAt,
      bytesOnDisk,
    };
  }

  /** Runs the interrupted download or update again; files on disk are resumed, not fetched anew. */
  resume(onProgress?: (p: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    if (this.running) throw alreadyRunning();
    if (downloadRunningIn(this.downloadDir)) throw downloadRunningElsewhere();
    const record = this.readRecord();
    if (!record) throw notFound('There is no interrupted download to resume.', refusalData('NO_INTERRUPTED_DOWNLOAD'));
    return record.areaIds ? this.update(record.areaIds, onProgress) : this.download(record.choice, onProgress);
  }

  /**
   * Forgets the interrupted run and deletes what it had fetched, and only that: other files in the
   * downloads folder stay, and nothing is deleted while a download runs in any process.
   */
  discardInterrupted(): Promise<{ bytes: number }> {
    if (this.running) throw alreadyRunning();
    return discardRun(this.downloadDir);
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
    if (!removed) throw notFound(noOfflineArea(id), refusalData('NO_OFFLINE_AREA', { id }));
    return removed;
  }

  /** The interrupted run's record, if it is one this version can run again (another version's or a hand edit is not offered). */
  private readRecord(): OfflineRunRecord | undefined {
    const record = interruptedRunRecord(this.downloadDir);
    if (!record) return undefined;
    const { choice, areaIds, ...rest } = record;
    try {
      return Array.isArray(areaIds) ? { areaIds, ...rest } : { choice: checkOfflineChoice(choice), ...rest };
    } catch {
      return undefined;
    }
  }

  /** One run at a time in this copy, and in the downloads folder across processes (recordedRun's claim). */
  private async exclusive(
    asked: RunAsked,
    work: (run: { downloadDir: string; signal: AbortSignal; onFetching: (name: string) => void }) => Promise<OfflineDownloadResult>,
  ): Promise<OfflineDownloadResult> {
    if (this.running) throw alreadyRunning();
    const controller = new AbortController();
    this.running = controller;
    try {
      return await recordedRun(this.downloadDir, asked, controller.signal, (onFetching) =>
        work({ downloadDir: this.downloadDir, signal: controller.signal, onFetching }),
      );
    } finally {
      this.running = undefined;
    }
  }
}
