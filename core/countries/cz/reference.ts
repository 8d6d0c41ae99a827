import type { ReferenceShape } from '../reference-shape.js';

/**
 * Czech parcel: katastrální území code (6 digits) + parcel number `kmenové číslo[/poddělení]`,
 * building parcels (stavební) prefixed `st.`: `727024-542`, `727024-st.542`, `727024-1090/2`.
 * The composite form is the one ČÚZK's INSPIRE answers write as nationalCadastralReference
 * (`727024-542`, SOURCES.md 15); how they write building parcels there is UNCERTAIN.
 */
const PARCEL = /^(\d{6})[\s-]+(ST\.?\s*)?(\d{1,5})(?:\/(\d{1,3}))?$/;

export const CZ_REFERENCE_HINT =
  'A Czech parcel is the katastrální území code (6 digits) - parcel number, building parcels with st., e.g. 727024-542 or 727024-st.542.';

export interface CzechParcel {
  ku: string;
  building: boolean;
  number: string;
}

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): k.ú. (6) + optional 'st.' + number (1-5) + optional '/' part (1-3). */
export const CZ_REFERENCE_SHAPE: ReferenceShape = { length: [7, 18], chars: /[0-9ST./]/i };

export function parseCzechReference(raw: string): string | undefined {
  const match = PARCEL.exec(raw.normalize('NFC').trim().toUpperCase());
  if (!match) return undefined;
  const number = `${Number(match[3])}${match[4] ? `/${Number(match[4])}` : ''}`;
  return `${match[1]}-${match[2] ? 'st.' : ''}${number}`;
}

export function splitCzechReference(ref: string): CzechParcel {
  const [ku, rest] = [ref.slice(0, 6), ref.slice(7)];
  return { ku, building: rest.startsWith('st.'), number: rest.replace(/^st\./, '') };
}
