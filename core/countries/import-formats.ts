// The formats the store's import door takes, as the countries define them: the Catastro's INSPIRE
// and CAT files, and the bulk files of the other countries (each country's reader lives in its
// folder; this list is the only glue). The store names no country (core/store/import-formats.ts
// is its side of the contract); the faces, the offline downloads and the tests import through here.
import type { ImportProgress, ImportResult } from '../model/records.js';
import type { ImportFormats, ImportOptions, NationalBulkFormat } from '../store/import-formats.js';
import type { LocalCopy } from '../store/cadastral-store.js';
import { isMatJson, streamMatJordstykker } from './dk/mat-json.js';
import { CATASTRO_PUBLISHER } from './es/catastro-files.js';
import { etalabAreaOfFileName } from './fr/etalab-files.js';
import { isEtalabParcels, streamEtalabParcels } from './fr/etalab-geojson.js';
import { isDkkGml, streamDkkParcels } from './nl/dkk-gml.js';
import { isEgibGml, streamEgibParcels } from './pl/egib-gml.js';
import { isHmlrGml, streamHmlrParcels } from './uk/hmlr-gml.js';
import { hmlrAuthorityOfFileName } from './uk/hmlr-files.js';

export const NATIONAL_BULK_FORMATS: readonly NationalBulkFormat[] = [
  { kind: 'fr-etalab-geojson', country: 'FR', detect: isEtalabParcels, stream: streamEtalabParcels, areaOfFileName: etalabAreaOfFileName },
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
