import type { ReferenceShape } from '../reference-shape.js';

/**
 * Swiss parcels are named by their EGRID, the federal parcel identifier: `CH` + 12 digits,
 * `CH119192997709` (SOURCES.md 15; the field `egris_egrid` of the cadastral web map layer).
 */
const EGRID = /^CH\d{12}$/;

export const CH_REFERENCE_HINT = 'A Swiss parcel is its EGRID, CH followed by 12 digits, e.g. CH119192997709.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): CH + 12 digits. */
export const CH_REFERENCE_SHAPE: ReferenceShape = { length: [14, 14], chars: /[0-9CH]/i };

export function parseSwissReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '').toUpperCase();
  return EGRID.test(text) ? text : undefined;
}
