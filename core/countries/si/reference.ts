import type { ReferenceShape } from '../reference-shape.js';

/**
 * Slovenian parcel: cadastral community (katastrska občina, KO_ID, 1–4 digits) and parcel number
 * (ST_PARCELE, `3274/13`), SOURCES.md 15 (`1725 3274/13`). Canonical form `1725-3274/13`; a
 * space is accepted. Norway's `kommune-gnr/bnr` has the same shape: such a reference answers
 * 300 CNV_AMBIGUOUS with both (spec), as does one without a slash with Denmark's.
 */
const PARCEL = /^(\d{1,4})[\s-]+(\d{1,5}(?:\/\d{1,4})?)$/;

export const SI_REFERENCE_HINT = 'A Slovenian parcel is cadastral community (KO) - parcel number, e.g. 1725-3274/13.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): KO (1-4) + number (1-5) + optional '/' part (1-4). */
export const SI_REFERENCE_SHAPE: ReferenceShape = { length: [2, 14], chars: /[0-9/]/ };

export function parseSlovenianReference(raw: string): string | undefined {
  const match = PARCEL.exec(raw.normalize('NFC').trim());
  return match ? `${Number(match[1])}-${match[2].split('/').map(Number).join('/')}` : undefined;
}

export function splitSlovenianReference(ref: string): { ko: string; parcel: string } {
  const [ko, parcel] = ref.split('-');
  return { ko, parcel };
}

/** The reference of a GURS feature from its KO_ID and ST_PARCELE. */
export const slovenianReferenceOf = (ko: string | undefined, parcel: string | undefined) =>
  ko && parcel ? parseSlovenianReference(`${ko}-${parcel}`) : undefined;
