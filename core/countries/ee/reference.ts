import type { ReferenceShape } from '../reference-shape.js';

/**
 * Estonian cadastral unit (katastriüksus) tunnus: cadastral zone (5 digits) : block (3 digits) :
 * unit (4 digits), `78401:114:0086` (SOURCES.md 15, the form the INSPIRE WFS filters on as
 * nationalCadastralReference).
 */
const TUNNUS = /^(\d{5}):(\d{3}):(\d{4})$/;

export const EE_REFERENCE_HINT = 'An Estonian cadastral unit is written zone:block:unit (5, 3 and 4 digits), e.g. 78401:114:0086.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): zone:block:unit. */
export const EE_REFERENCE_SHAPE: ReferenceShape = { length: [14, 14], chars: /[0-9:]/, required: ':' };

export function parseEstonianReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '');
  return TUNNUS.test(text) ? text : undefined;
}
