import type { ReferenceShape } from '../reference-shape.js';

/**
 * Slovak parcel (SOURCES.md 15): katastrálne územie code (6 digits) + parcel number of register
 * C (the cadastral map) or E (the original land), written by ÚGKK's INSPIRE service as
 * nationalCadastralReference `<k.ú.>_<number>.C`, e.g. `804959_2158/2.C`. People also write
 * `804959-2158/2` (register C understood) or `804959 E 503`. The hyphen form is also a Czech
 * reference's shape: without `?country=` it answers 300 naming both.
 */
const PARCEL = /^(\d{6})\s*[-_\s]\s*(?:([CE])\s*[-\s]?\s*)?(\d{1,5}(?:\/\d{1,4})?)(?:\.([CE]))?$/;

export const SK_REFERENCE_HINT =
  'A Slovak parcel is the katastrálne územie code (6 digits) and the parcel number with its register (C or E), as ÚGKK writes it: 804959_2158/2.C (also 804959-2158/2, register C).';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): k.ú. (6) + '_' + register letter + number with its '/' part + '.C'. */
export const SK_REFERENCE_SHAPE: ReferenceShape = { length: [7, 20], chars: /[0-9CE_./]/i };

export function parseSlovakReference(raw: string): string | undefined {
  const match = PARCEL.exec(raw.normalize('NFC').trim().toUpperCase());
  if (!match) return undefined;
  const [, ku, before, number, after] = match;
  if (before && after && before !== after) return undefined;
  const digits = number.split('/').map((n) => String(Number(n)));
  if (digits.some((n) => n === '0')) return undefined;
  return `${ku}_${digits.join('/')}.${before ?? after ?? 'C'}`;
}
