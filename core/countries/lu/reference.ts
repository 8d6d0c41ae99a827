import type { ReferenceShape } from '../reference-shape.js';

/**
 * Luxembourg's national cadastral reference (ACT; SOURCES.md 15 and the recorded answers):
 * 15 characters, section (3 digits + letter, `075F`) + number (5 digits) + denominator (6
 * digits): `075F00137000000` is parcel 137 of section 75F, `075F00139000820` is 139/820.
 */
const REFERENCE = /^\d{3}[A-Z]\d{11}$/;

export const LU_REFERENCE_HINT =
  'A Luxembourg parcel reference has 15 characters: section (3 digits and a letter) + number (5 digits) + denominator (6 digits), e.g. 075F00139000820 for 139/820 in section 75F.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): section (4) + number (5) + denominator (6). */
export const LU_REFERENCE_SHAPE: ReferenceShape = { length: [15, 15], chars: /[0-9A-Z]/i };

export function parseLuxembourgReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '').toUpperCase();
  return REFERENCE.test(text) ? text : undefined;
}
