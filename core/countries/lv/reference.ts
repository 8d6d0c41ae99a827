/**
 * Latvian kadastra apzīmējums: 11 digits, territory (4) + group (3) + parcel (4), `01000070162`
 * (SOURCES.md 15). Bare digits: the spec's coverage table says they need `?country=LV`, so
 * detection never claims them (matchesLatvianShape) while `?country=LV` reads them.
 */
const DESIGNATION = /^\d{11}$/;

export const LV_REFERENCE_HINT = 'A Latvian parcel is its kadastra apzīmējums, 11 digits (e.g. 01000070162), asked with ?country=LV.';

export function parseLatvianReference(raw: string): string | undefined {
  const text = raw
    .normalize('NFC')
    .trim()
    .replace(/[\s-]+/g, '');
  return DESIGNATION.test(text) ? text : undefined;
}
