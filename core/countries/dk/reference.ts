import type { ReferenceShape } from '../reference-shape.js';

/**
 * Danish parcel (jordstykke): landsejerlavkode (up to 7 digits) + matrikelnummer (digits and
 * optional lower-case letters): `2000178-13`, `2005752-12a`. The composite form is the one
 * DAWA's jordstykke paths use (`/jordstykker/2000178/13`, from the recorded address).
 */
const PARCEL = /^(\d{1,7})[\s-]+(\d{1,4}[a-zæøå]{0,3})$/;

export const DK_REFERENCE_HINT = 'A Danish parcel is landsejerlavkode - matrikelnummer, e.g. 2000178-13 or 2005752-12a.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): ejerlav (1-7) + matrikelnummer (1-4 digits, 0-3 letters; æøå are not ASCII). */
export const DK_REFERENCE_SHAPE: ReferenceShape = { length: [2, 14], chars: /[0-9A-Z]/i };

export function parseDanishReference(raw: string): string | undefined {
  const match = PARCEL.exec(raw.normalize('NFC').trim().toLowerCase());
  return match ? `${Number(match[1])}-${match[2]}` : undefined;
}

export const splitDanishReference = (ref: string) => {
  const [ejerlav, matrikelnr] = ref.split('-');
  return { ejerlav, matrikelnr };
};
