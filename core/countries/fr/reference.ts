import type { ReferenceParts } from '../../model/index.js';
import type { ReferenceShape } from '../reference-shape.js';

/**
 * French parcel id, the IDU (SOURCES.md 2.3): INSEE commune (5, `2A`/`2B` in Corsica) +
 * absorbed-commune prefix (3, normally `000`) + section (2, one-letter sections left-padded with
 * `0`: `0A`) + parcel number (4, zero-padded). Example `29158000AW0001`, `412310000A0075`.
 */
const IDU = /^(\d{5}|2[AB]\d{3})(\d{3})([0-9A-Z]{2})(\d{4})$/;
/** The IDU's parts by position, as the app reads them (CountryInfo.referenceParts): the same rule as IDU's groups. */
export const FR_REFERENCE_PARTS: ReferenceParts = { length: 14, commune: [0, 5], section: [8, 10], number: [10, 14] };
/** The same with a one-letter section left unpadded (`41231000A0075`), as people copy it from plans. */
const ONE_LETTER_SECTION = /^(\d{5}|2[AB]\d{3})(\d{3})([A-Z])(\d{4})$/;

export const FR_REFERENCE_HINT =
  'A French parcel id (IDU) has 14 characters: INSEE commune (5, 2A/2B in Corsica) + prefix (3, usually 000) + section (2, e.g. AW or 0A) + number (4), e.g. 29158000AW0001.';

export interface FrenchParcelId {
  idu: string;
  insee: string;
  prefix: string;
  section: string;
  numero: string;
}

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): the IDU's 14, or 13 with a one-letter section unpadded. */
export const FR_REFERENCE_SHAPE: ReferenceShape = { length: [13, 14], chars: /[0-9A-Z]/i };

/** Canonical IDU, or undefined when the text is not one. Spaces and dashes between the parts are ignored. */
export function parseFrenchReference(raw: string): string | undefined {
  const text = raw
    .normalize('NFC')
    .trim()
    .replace(/[\s\-‐-―]+/g, '')
    .toUpperCase();
  if (IDU.test(text)) return text;
  const short = ONE_LETTER_SECTION.exec(text);
  return short ? `${short[1]}${short[2]}0${short[3]}${short[4]}` : undefined;
}

export function splitFrenchReference(idu: string): FrenchParcelId {
  const [, insee, prefix, section, numero] = IDU.exec(idu)!;
  return { idu, insee, prefix, section, numero };
}
