import type { ReferenceShape } from '../reference-shape.js';

/**
 * Portuguese parcel (spec: "letters followed by digits"): the DGT INSPIRE layer's
 * nationalcadastralreference, 3 letters + 9 digits, e.g. `AAA000336903`; its label writes the
 * same with spaces (`AAA 001 318 684`), also accepted.
 */
const REFERENCE = /^([A-Z]{3})(\d{9})$/;

export const PT_REFERENCE_HINT = 'A Portuguese parcel is 3 letters followed by 9 digits, e.g. AAA000336903 (also written AAA 000 336 903).';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): 3 letters + 9 digits. */
export const PT_REFERENCE_SHAPE: ReferenceShape = { length: [12, 12], chars: /[0-9A-Z]/i };

export function parsePortugueseReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().toUpperCase().replace(/\s+/g, '');
  return REFERENCE.test(text) ? text : undefined;
}
