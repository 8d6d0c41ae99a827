/**
 * Croatian parcel: katastarska općina number (matični broj k.o., 6 digits) and katastarska
 * čestica number, as the DGU layer's fields MATICNI_BROJ_KO and BROJ_CESTICE hold them
 * (SOURCES.md 15, 12), written `335240-2379`. The spec has no Croatian lookup by reference:
 * this form names the parcels found by coordinates (and kept in the copy); it is never detected.
 */
const PARCEL = /^(\d{6})[\s-]+(\d{1,6}(?:\/\d{1,4})?)$/;

export const HR_REFERENCE_HINT = 'A Croatian parcel is written k.o. number (6 digits)-k.č. number, e.g. 335240-2379; Croatia answers by coordinates only.';

export function parseCroatianReference(raw: string): string | undefined {
  const match = PARCEL.exec(raw.normalize('NFC').trim());
  return match ? `${match[1]}-${match[2]}` : undefined;
}
