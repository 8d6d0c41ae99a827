/**
 * File name endings an import dialog offers: what the importer reads (INSPIRE GML loose, as .xml
 * or gzipped, CAT files and the Catastro's zips). The content, not the name, then decides.
 */
export const IMPORTABLE_EXTENSIONS = ['gml', 'xml', 'gz', 'cat', 'zip'] as const;

/** Progress of one bulk import, reported as the file streams. */
export interface ImportProgress {
  file: string;
  bytesRead: number;
  bytesTotal: number;
  records: number;
}

/** What one imported file brought into the local copy. */
export interface ImportResult {
  file: string;
  kind: 'inspire-parcels' | 'inspire-buildings' | 'inspire-addresses' | 'cat' | NationalBulkKind;
  parcels: number;
  buildings: number;
  units: number;
  fincas: number;
  skipped: number;
  /** Portals of an INSPIRE Addresses file (kind inspire-addresses). */
  addresses?: number;
  durationMs: number;
  /** The file's own date (GML timeStamp or metadata), YYYY-MM-DD, when it states one. */
  dataDate?: string;
  /** The offline area (`ES.40146`) a Catastro municipal file filled. */
  area?: string;
}

/** A published area (a Spanish municipality) the local copy holds for offline use. */
export interface OfflineArea {
  /** Country + code, e.g. `ES.40146`. */
  id: string;
  country: string;
  code: string;
  name?: string;
  province?: string;
  /** Where the parcels came from: the download URL, or the imported file's name. */
  source: string;
  /** The parcels file's own date, YYYY-MM-DD. */
  dataDate?: string;
  parcels: number;
  buildings: number;
  buildingsSource?: string;
  buildingsDate?: string;
  bytes: number;
  updatedAt: string;
}

/**
 * How an area is named in a list: its name (else its code), and beside it its province, else its
 * code: a French commune has no province (`Épinay-sur-Orge (91216)`), a Catastro municipality does
 * (`MELQUE DE CERCOS (SEGOVIA)`).
 */
export const offlineAreaLabel = (area: Pick<OfflineArea, 'code' | 'name' | 'province'>) => ({
  name: area.name ?? area.code,
  place: area.province ?? area.code,
});

/** National bulk files of countries other than Spain (core/countries/import-formats.ts). */
export type NationalBulkKind = 'fr-etalab-geojson' | 'nl-dkk-gml' | 'pl-egib-gml' | 'dk-mat-json' | 'uk-hmlr-gml';

/** The countries whose published files the app can make available offline, and their publishers. */
export const OFFLINE_COUNTRIES = ['ES', 'FR'] as const;
export type OfflineCountry = (typeof OFFLINE_COUNTRIES)[number];
/** The country of an offline choice that names none: the first of OFFLINE_COUNTRIES (a choice of it leaves `country` out). */
export const DEFAULT_OFFLINE_COUNTRY: OfflineCountry = OFFLINE_COUNTRIES[0];

/**
 * What the user asks to have offline. Spain (default): municipalities (name or code), provinces,
 * or the map's view [W, S, E, N]. France: communes (INSEE codes) and départements (codes).
 */
export interface OfflineChoice {
  country?: OfflineCountry;
  /** Spain's municipalities, or France's communes. */
  municipalities?: string[];
  /** Spain's provinces, or France's départements. */
  provinces?: string[];
  bbox?: [number, number, number, number];
  /** Also fetch the buildings zips (use, year, units); default true. */
  buildings?: boolean;
}

/** Progress of an offline download: bytes over the files the feeds announced, files done, parcels imported. */
export interface OfflineProgress {
  phase: 'feeds' | 'download' | 'import' | 'done';
  /** The zip being fetched or imported. */
  file?: string;
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  /** Sum of the sizes the feeds announce (undefined when a feed gives none). */
  bytesTotal?: number;
  parcels: number;
}

/** A file that could not be downloaded, checked or imported; the other files went on. */
export interface OfflineFileFailure {
  file: string;
  url: string;
  message: string;
  /** A refusal's data (`reason` and the values it names, errors.ts RefusalData), for the app to say it in the user's language. */
  data?: Record<string, unknown>;
}

export interface OfflineDownloadResult {
  /** Areas now in the copy from this run. */
  areas: OfflineArea[];
  failures: OfflineFileFailure[];
  parcels: number;
  buildings: number;
  /** Stopped by the user; interrupted files resume on the next run. */
  cancelled: boolean;
}

/**
 * A download or update for offline use that did not finish: cancelled, stopped by an unreachable
 * service, cut by the app closing, or a `catastro download` stopped (Ctrl-C) or killed. Kept in
 * the data folder so the app can offer to resume it (what is already on disk is not fetched
 * again) or to discard it.
 */
export interface InterruptedOfflineRun {
  /** What a download asked for. */
  choice?: OfflineChoice;
  /** The areas an update asked for. */
  areaIds?: string[];
  startedAt: string;
  /** Bytes of the run's files already in the downloads folder. */
  bytesOnDisk: number;
}

/**
 * The record of a download or update run in `<data>/downloads/interrupted-run.json`, one format
 * for the app and the command line (core/offline/interrupted-run.ts): written before the run,
 * removed when it finished or was refused, so a run cut short leaves it to resume or discard.
 */
export interface OfflineRunRecord extends Omit<InterruptedOfflineRun, 'bytesOnDisk'> {
  /**
   * Names, in the downloads folder, of the files the run began to fetch, and those of an
   * interrupted run it replaced (no other record lists them): what Discard deletes (with their
   * `.part` and transfer record), and nothing else in the folder.
   */
  files: string[];
}
