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
  kind: 'inspire-parcels' | 'inspire-buildings' | 'cat' | NationalBulkKind;
  parcels: number;
  buildings: number;
  units: number;
  fincas: number;
  skipped: number;
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

/** National bulk files of countries other than Spain (core/countries/bulk-formats.ts). */
export type NationalBulkKind = 'fr-etalab-geojson' | 'nl-dkk-gml' | 'pl-egib-gml' | 'dk-mat-json';
