/**
 * A UK parcel is named by its INSPIRE id, a number: Registers of Scotland's (UNCERTAIN: no RoS
 * answer was seen; public clients read it as `inspireid`) and HM Land Registry's (`LR:INSPIREID`,
 * e.g. 16721537, in every INSPIRE Index Polygons file). The spec has no UK lookup by reference: the
 * number names parcels found by coordinates or imported (kept in the copy); it is never detected.
 */
const INSPIRE_ID = /^\d{1,12}$/;

export const UK_REFERENCE_HINT =
  'A UK parcel is named by its INSPIRE id (digits, e.g. 16721537); the United Kingdom is answered by coordinates: in Scotland from Registers of Scotland, in England and Wales from imported HM Land Registry INSPIRE Index Polygons.';

export function parseInspireId(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim();
  return INSPIRE_ID.test(text) ? text : undefined;
}
