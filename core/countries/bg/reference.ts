import type { ReferenceShape } from '../reference-shape.js';

/**
 * Bulgarian cadastral identifier (SOURCES.md 15; AGKK's layer field `nationalcadastralref`):
 * EKATTE code of the settlement (5 digits) . cadastral district . property, e.g. `68134.100.5`
 * (Sofia). Groups are written without leading zeros.
 */
const IDENTIFIER = /^(\d{5})\.(\d{1,4})\.(\d{1,4})$/;

export const BG_REFERENCE_HINT = 'A Bulgarian cadastral identifier is EKATTE code (5 digits) . district . property, e.g. 68134.100.5.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): EKATTE (5) . district (1-4) . property (1-4). */
export const BG_REFERENCE_SHAPE: ReferenceShape = { length: [9, 15], chars: /[0-9.]/, required: '.' };

export function parseBulgarianReference(raw: string): string | undefined {
  const match = IDENTIFIER.exec(raw.normalize('NFC').trim().replace(/\s+/g, ''));
  if (!match) return undefined;
  const [, ekatte, district, property] = match;
  if (Number(district) === 0 || Number(property) === 0) return undefined;
  return `${ekatte}.${Number(district)}.${Number(property)}`;
}
