/**
 * Swiss parcels are named by their EGRID, the federal parcel identifier: `CH` + 12 digits,
 * `CH119192997709` (SOURCES.md 15; the field `egris_egrid` of the cadastral web map layer).
 */
const EGRID = /^CH\d{12}$/;

export const CH_REFERENCE_HINT = 'A Swiss parcel is its EGRID, CH followed by 12 digits, e.g. CH119192997709.';

export function parseSwissReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '').toUpperCase();
  return EGRID.test(text) ? text : undefined;
}
