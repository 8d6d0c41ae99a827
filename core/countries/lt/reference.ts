/**
 * Lithuanian kadastro numeris: cadastral zone (4 digits) / block (4 digits) : parcel (1–4
 * digits), `0101/0039:1406` (SOURCES.md 15; the INSPIRE WFS filters on it as `label`).
 */
const NUMBER = /^(\d{4})\/(\d{4}):(\d{1,4})$/;

export const LT_REFERENCE_HINT = 'A Lithuanian parcel is its kadastro numeris zone/block:parcel, e.g. 0101/0039:1406.';

export function parseLithuanianReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '');
  return NUMBER.test(text) ? text : undefined;
}
