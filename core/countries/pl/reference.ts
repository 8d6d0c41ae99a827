import type { ReferenceShape } from '../reference-shape.js';

/**
 * Polish parcel id (identyfikator działki, SOURCES.md 4): TERYT gmina (6 digits) + `_` + gmina
 * type digit + `.` + obręb (4 digits) + `.` + parcel number, which may carry an arkusz prefix
 * `AR_n.` and a `/` part: `141201_1.0001.6509`, `221101_1.0001.161/8`.
 */
const PARCEL_ID = /^\d{6}_\d\.\d{4}\.(AR_\d+\.)?\d+[A-Z]?(\/\d+[A-Z]?)?$/;

export const PL_REFERENCE_HINT =
  'A Polish parcel id is TERYT gmina (6 digits) _ type (1) . obręb (4) . parcel number, e.g. 141201_1.0001.6509 or 221101_1.0001.161/8.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): gmina_type.obręb.number: at least 15, the number unbounded. */
export const PL_REFERENCE_SHAPE: ReferenceShape = { length: [15, Infinity], chars: /[0-9A-Z_./]/i, required: '_.' };

export function parsePolishReference(raw: string): string | undefined {
  const text = raw
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, '')
    .replace(/^(\d{6}_\d\.\d{4}\.)ar_/i, '$1AR_');
  const upper = text.replace(/[a-z]$/, (c) => c.toUpperCase()).replace(/[a-z](?=\/)/, (c) => c.toUpperCase());
  return PARCEL_ID.test(upper) ? upper : undefined;
}

/** `<precinct name> <number>` or a bare number: ULDK's GetParcelByIdOrNr search, only with `country=PL`. */
const NAME_AND_NUMBER = /^[\p{L}][\p{L} .'-]*\s+\d+[A-Za-z]?(\/\d+[A-Za-z]?)?$|^\d+[A-Za-z]?(\/\d+[A-Za-z]?)?$/u;

/** The search text of a parcel named by precinct and number (`Nowa Wieś 123/4`), undefined for other texts. */
export function parsePolishParcelName(raw: string): string | undefined {
  const search = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  return NAME_AND_NUMBER.test(search) ? search : undefined;
}
