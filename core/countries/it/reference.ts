import type { ReferenceShape } from '../reference-shape.js';

/**
 * Italian parcel reference as the Agenzia delle Entrate's INSPIRE WFS writes
 * NATIONALCADASTRALREFERENCE (real recording; SOURCES.md 15): comune Belfiore code (letter + 3
 * digits) + sezione (one letter or `_`) + foglio (4 digits) + allegato/sviluppo (2) + `.` +
 * particella (digits, or labels such as `STRADA001` for roads and waters): `A000W000200.STRADA001`,
 * `H501A048600.D`.
 */
const NCR = /^([A-Z]\d{3})([A-Z0-9_])(\d{4})([0-9A-Z]{2})\.([0-9A-Z]{1,12})$/;

export const IT_REFERENCE_HINT =
  'An Italian parcel is written as the Agenzia delle Entrate writes it: comune code (e.g. H501) + sezione + foglio (4 digits) + 2 characters + . + particella, e.g. H501A048600.123.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): comune + sezione + foglio + 2 + '.' + particella (1-12). */
export const IT_REFERENCE_SHAPE: ReferenceShape = { length: [13, 24], chars: /[0-9A-Z_.]/i, required: '.' };

export function parseItalianReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().toUpperCase().replace(/\s+/g, '');
  return NCR.test(text) ? text : undefined;
}

/** Roads and waters carry pseudo-parcels (`STRADA001`, `ACQUA…`): never an address candidate (spec rule 3). */
export const isRoadOrWater = (ref: string) => /\.(STRADA|ACQUA)/.test(ref);

export const comuneOf = (ref: string) => ref.slice(0, 4);
