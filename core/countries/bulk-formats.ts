import type { CountryCode, NationalBulkKind } from '../model/index.js';
import type { TextChunk, TextInput } from '../store/importers/text-stream.js';
import type { RegisterParcel, StoredParcel } from '../store/types.js';
import { isMatJson, streamMatJordstykker } from './dk/mat-json.js';
import { isEtalabParcels, streamEtalabParcels } from './fr/etalab-geojson.js';
import { isDkkGml, streamDkkParcels } from './nl/dkk-gml.js';
import { isEgibGml, streamEgibParcels } from './pl/egib-gml.js';
import { isHmlrGml, streamHmlrParcels } from './uk/hmlr-gml.js';

/**
 * Bulk files of the countries besides Spain that the import door (store/import-runner.ts)
 * takes. Each country's reader lives in its folder; this list is the only glue.
 */
export interface NationalBulkFormat {
  kind: NationalBulkKind;
  country: CountryCode;
  /** True when the first decoded characters of a file are this format's. */
  detect(head: string): boolean;
  /** Streams the file's parcels in batches; throws on anything it cannot read (the import then keeps nothing). */
  stream?(input: TextInput, sink: (parcels: StoredParcel[], progress: TextChunk) => void): Promise<number>;
  /** For registers without outlines: streams register entries instead (store/register-parcels.ts). */
  streamRegister?(input: TextInput, sink: (entries: RegisterParcel[], progress: TextChunk) => void): Promise<{ kept: number; skipped: number }>;
}

export const NATIONAL_BULK_FORMATS: readonly NationalBulkFormat[] = [
  { kind: 'fr-etalab-geojson', country: 'FR', detect: isEtalabParcels, stream: streamEtalabParcels },
  { kind: 'nl-dkk-gml', country: 'NL', detect: isDkkGml, stream: streamDkkParcels },
  { kind: 'pl-egib-gml', country: 'PL', detect: isEgibGml, stream: streamEgibParcels },
  { kind: 'uk-hmlr-gml', country: 'UK', detect: isHmlrGml, stream: streamHmlrParcels },
  { kind: 'dk-mat-json', country: 'DK', detect: isMatJson, streamRegister: streamMatJordstykker },
];

export function nationalBulkFormat(head: string): NationalBulkFormat | undefined {
  return NATIONAL_BULK_FORMATS.find((format) => format.detect(head));
}
