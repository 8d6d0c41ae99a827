/**
 * Danish parcel (jordstykke): landsejerlavkode (up to 7 digits) + matrikelnummer (digits and
 * optional lower-case letters): `2000178-13`, `2005752-12a`. The composite form is the one
 * DAWA's jordstykke paths use (`/jordstykker/2000178/13`, from the recorded address).
 */
const PARCEL = /^(\d{1,7})[\s-]+(\d{1,4}[a-zæøå]{0,3})$/;

export const DK_REFERENCE_HINT = 'A Danish parcel is landsejerlavkode - matrikelnummer, e.g. 2000178-13 or 2005752-12a.';

export function parseDanishReference(raw: string): string | undefined {
  const match = PARCEL.exec(raw.normalize('NFC').trim().toLowerCase());
  return match ? `${Number(match[1])}-${match[2]}` : undefined;
}

export const splitDanishReference = (ref: string) => {
  const [ejerlav, matrikelnr] = ref.split('-');
  return { ejerlav, matrikelnr };
};
