/**
 * Scottish parcel: the INSPIRE identifier Registers of Scotland give a cadastral parcel (a
 * number). The spec has no UK lookup by reference: the number names parcels found by
 * coordinates (kept in the copy); it is never detected. UNCERTAIN: no RoS answer was seen.
 */
const INSPIRE_ID = /^\d{1,12}$/;

export const UK_REFERENCE_HINT = 'A Scottish parcel is named by its Registers of Scotland INSPIRE id (digits); the United Kingdom is answered by coordinates in Scotland only.';

export function parseScottishReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim();
  return INSPIRE_ID.test(text) ? text : undefined;
}
