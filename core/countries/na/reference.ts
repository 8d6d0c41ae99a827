import type { ReferenceShape } from '../reference-shape.js';

/**
 * Navarre's cadastral reference (SOURCES.md 1b): 9 digits = municipality (3) + polígono (2) +
 * parcela (4), the RRTN's `nationalCadastralReference` and IDENA's `REFCAT`. People type it in
 * groups (`201-7-184`, `201/07/0184`, `201 7 184`); those are zero-padded to the 9 digits.
 */
const CANONICAL = /^\d{9}$/;
const GROUPED = /^(\d{1,3})\s*[-/.,\s]\s*(\d{1,2})\s*[-/.,\s]\s*(\d{1,4})$/;

export const NA_REFERENCE_HINT =
  'A Navarre (NA) reference has 9 digits: municipality (3) + polígono (2) + parcela (4), e.g. 201061838 ' + '(also written in groups: 201-6-1838).';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): 9 digits, or 3 groups of 1-3, 1-2, 1-4 digits with up to 2 separators. */
export const NA_REFERENCE_SHAPE: ReferenceShape = { length: [3, 11], chars: /[0-9/.,]/ };

export function parseNavarreReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim();
  if (CANONICAL.test(text)) return text;
  const grouped = GROUPED.exec(text);
  if (!grouped) return undefined;
  const [, municipality, polygon, parcel] = grouped;
  if (Number(polygon) === 0 || Number(parcel) === 0) return undefined;
  return `${municipality.padStart(3, '0')}${polygon.padStart(2, '0')}${parcel.padStart(4, '0')}`;
}
