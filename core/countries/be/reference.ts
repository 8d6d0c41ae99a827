import type { ReferenceShape } from '../reference-shape.js';

/**
 * Belgian CAPAKEY (FPS Finance, CadGIS; SOURCES.md 15): cadastral division (5 digits) + section
 * (letter) + radical (4 digits) / bis (2 digits) + exponent letter (`_` when none) + power (3
 * digits): `11803C2116/00_000`, `11803C2165/00M000`.
 */
const CAPAKEY = /^(\d{5})([A-Z])(\d{4})\/(\d{2})([A-Z_])(\d{3})$/;

export const BE_REFERENCE_HINT =
  'A Belgian parcel is its CAPAKEY: division (5 digits), section letter, radical (4 digits) / bis (2 digits), exponent letter or _, power (3 digits), e.g. 11803C2116/00_000.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): the CAPAKEY. */
export const BE_REFERENCE_SHAPE: ReferenceShape = { length: [17, 17], chars: /[0-9A-Z_/]/i, required: '/' };

export function parseBelgianReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '').toUpperCase();
  return CAPAKEY.test(text) ? text : undefined;
}
