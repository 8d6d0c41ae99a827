import type { ReferenceShape } from '../reference-shape.js';

/**
 * Lithuanian kadastro numeris: cadastral zone (4 digits) / block (4 digits) : parcel (1–4
 * digits), `0101/0039:1406` (SOURCES.md 15; the INSPIRE WFS filters on it as `label`).
 */
const NUMBER = /^(\d{4})\/(\d{4}):(\d{1,4})$/;

export const LT_REFERENCE_HINT = 'A Lithuanian parcel is its kadastro numeris zone/block:parcel, e.g. 0101/0039:1406.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): zone/block:parcel. */
export const LT_REFERENCE_SHAPE: ReferenceShape = { length: [11, 14], chars: /[0-9/:]/, required: '/:' };

export function parseLithuanianReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '');
  return NUMBER.test(text) ? text : undefined;
}
