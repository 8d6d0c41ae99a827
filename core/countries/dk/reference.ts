import type { ReferenceShape } from '../reference-shape.js';

/**
 * Danish parcel (jordstykke): landsejerlavkode (up to 7 digits) + matrikelnummer (digits and
 * optional lower-case letters): `2000178-13`, `2005752-12a`. The composite form is the one
 * DAWA's jordstykke paths use (`/jordstykker/2000178/13`, from the recorded address).
 */
const PARCEL = /^(\d{1,7})[\s-]+(\d{1,4}[a-zæøå]{0,3})$/;

/**
 * What detection claims as Danish without `?country=DK`: a 7-digit landsejerlavkode (801 of the 803
 * jordstykker of the recorded MAT download; no other country writes 7 digits before the dash), or
 * a 5- or 6-digit one (the other 2: `240252-4gr`, `541453-10b`; `60851-2l` in DAWA) with a
 * matrikelnummer ending in letters, which no other country's `digits-number` has. A 1-6 digit code
 * with a bare number is an Austrian (5-digit Katastralgemeinde), Czech, Slovak or Croatian (6-digit
 * k.ú./k.o.), Slovenian, Norwegian or Liechtenstein (1-4 digit) reference's shape, so it is asked
 * with `?country=DK`.
 */
const DETECTED = /^(?:\d{7}[\s-]+\d{1,4}[a-zæøå]{0,3}|[1-9]\d{4,5}[\s-]+\d{1,4}[a-zæøå]{1,3})$/;

export const DK_REFERENCE_HINT =
  'A Danish parcel is landsejerlavkode - matrikelnummer, e.g. 2000178-13 or 2005752-12a (a 5- or 6-digit landsejerlavkode with a bare number, like 60851-2, with ?country=DK).';

/** The outline of the texts detection claims (isDetectedDanishReference), for core/countries/reference-shape.ts: ejerlav (5-7) + matrikelnummer (1-4 digits, 0-3 letters; æøå are not ASCII). */
export const DK_REFERENCE_SHAPE: ReferenceShape = { length: [6, 14], chars: /[0-9A-Z]/i };

const folded = (raw: string) => raw.normalize('NFC').trim().toLowerCase();

export function parseDanishReference(raw: string): string | undefined {
  const match = PARCEL.exec(folded(raw));
  return match ? `${Number(match[1])}-${match[2]}` : undefined;
}

export const isDetectedDanishReference = (raw: string) => DETECTED.test(folded(raw));

export const splitDanishReference = (ref: string) => {
  const [ejerlav, matrikelnr] = ref.split('-');
  return { ejerlav, matrikelnr };
};
