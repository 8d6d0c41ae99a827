import type { ReferenceShape } from '../reference-shape.js';

/**
 * Icelandic landnúmer: the 6-digit number Þjóðskrá / HMS gives each plot of land (e.g. 102345).
 * No Icelandic service or reference appears in SOURCES.md (UNCERTAIN): this is the number the
 * INSPIRE nationalCadastralReference is expected to carry.
 */
const LANDNUMER = /^(?:L)?(\d{6})$/;

export const IS_REFERENCE_HINT = 'An Icelandic plot is its landnúmer, 6 digits, e.g. 102345.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): 6 digits, optionally after an L. */
export const IS_REFERENCE_SHAPE: ReferenceShape = { length: [6, 7], chars: /[0-9L]/i };

export function parseIcelandicReference(raw: string): string | undefined {
  return LANDNUMER.exec(raw.normalize('NFC').trim().toUpperCase())?.[1];
}
