// The formats the store's import door takes, as the countries define them: the Catastro's INSPIRE
// and CAT files, and the bulk files of the other countries (each country's reader lives in its
// folder; this list is the only glue). The store names no country (core/store/import-formats.ts
// is its side of the contract); the faces, the offline downloads and the tests import through here.
import type { ImportProgress, ImportResult } from '../model/records.js';
import type { ImportFormats, ImportOptions, NationalBulkFormat } from '../store/import-formats.js';
import type { LocalCopy } from '../store/cadastral-store.js';
import { isMatJson } from './dk/mat-json-head.js';
import { CATASTRO_PUBLISHER } from './es/catastro-files.js';
import { etalabAreaOfContent, etalabAreaOfFileName } from './fr/etalab-files.js';
import { isEtalabParcels } from './fr/etalab-head.js';
import { isDkkGml } from './nl/dkk-head.js';
import { isEgibGml } from './pl/egib-head.js';
import { isHmlrGml } from './uk/hmlr-head.js';
import { hmlrAuthorityOfFileName } from './uk/hmlr-files.js';

// Each reader is loaded when a file of its format is imported, not at every import's start: a
// published Catastro zip, the usual file, needs none of them (turf, the JSON stream parser and
// five readers were module loading before its first parcel; docs/performance.md).
const streamEtalabParcels: NationalBulkFormat['stream'] = async (input, sink) => (await import('./fr/etalab-geojson.js')).streamEtalabParcels(input, sink);
const streamDkkParcels: NationalBulkFormat['stream'] = async (input, sink) => (await import('./nl/dkk-gml.js')).streamDkkParcels(input, sink);
const streamEgibParcels: NationalBulkFormat['stream'] = async (input, sink) => (await import('./pl/egib-gml.js')).streamEgibParcels(input, sink);
const streamHmlrParcels: NationalBulkFormat['stream'] = async (input, sink) => (await import('./uk/hmlr-gml.js')).streamHmlrParcels(input, sink);
const streamMatJordstykker: NationalBulkFormat['streamRegister'] = async (input, sink) => (await import('./dk/mat-json.js')).streamMatJordstykker(input, sink);

export const NATIONAL_BULK_FORMATS: readonly NationalBulkFormat[] = [
  {
    kind: 'fr-etalab-geojson',
    country: 'FR',
    detect: isEtalabParcels,
    stream: streamEtalabParcels,
    areaOfFileName: etalabAreaOfFileName,
    areaOfContent: etalabAreaOfContent,
  },
  { kind: 'nl-dkk-gml', country: 'NL', detect: isDkkGml, stream: streamDkkParcels },
  { kind: 'pl-egib-gml', country: 'PL', detect: isEgibGml, stream: streamEgibParcels },
  { kind: 'dk-mat-json', country: 'DK', detect: isMatJson, streamRegister: streamMatJordstykker },
  { kind: 'uk-hmlr-gml', country: 'UK', detect: isHmlrGml, stream: streamHmlrParcels, areaOfFileName: hmlrAuthorityOfFileName },
];

export const IMPORT_FORMATS: ImportFormats = { inspire: CATASTRO_PUBLISHER, national: NATIONAL_BULK_FORMATS };

/** A store's import with these formats. */
export function importFiles(
  store: Pick<LocalCopy, 'importFiles'>,
  files: string[],
  onProgress?: (progress: ImportProgress) => void,
  options: Omit<ImportOptions, 'formats'> = {},
): Promise<ImportResult[]> {
  return store.importFiles(files, onProgress, { ...options, formats: IMPORT_FORMATS });
}
