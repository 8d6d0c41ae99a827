/**
 * What the search box understood: a cadastral reference, a coordinate pair (decimal or DMS),
 * or free text to geocode as an address.
 */
export type SearchQuery =
  | { kind: 'reference'; ref: string }
  | { kind: 'coordinates'; latitude: number; longitude: number }
  | { kind: 'address'; text: string }
  /** A code that is not Spanish: another country's reference if the service recognises it, else an address. */
  | { kind: 'code'; text: string }
  | { kind: 'invalid'; reason: InvalidReason; values?: Record<string, string | number> };

/** Why the text cannot be searched: a key of the search namespace's `invalid` strings. */
export type InvalidReason = 'empty' | 'notLatLon' | 'dmsOver60' | 'dmsFormat' | 'addressTooShort';

/** Spanish references: 14 characters (finca) or 20 (unit: + 4 digits and 2 check letters). */
const REFERENCE = /^(?=.*[A-Z])(?=.*\d)[0-9A-Z]{14}(?:\d{4}[A-Z]{2})?$/;
const NUMBER = String.raw`[-+]?\d+(?:[.,]\d+)?`;
const DECIMAL_PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:[,;]\s*|\s+)(${NUMBER})\s*$`);
/** One DMS component: optional hemisphere before or after, degrees, optional minutes and seconds. */
const DMS_PART = /([NSEWO])?\s*(\d+(?:[.,]\d+)?)\s*[°º]\s*(?:(\d+(?:[.,]\d+)?)\s*['′’]\s*)?(?:(\d+(?:[.,]\d+)?)\s*(?:"|″|''|”)\s*)?([NSEWO])?/gi;

const toNumber = (text: string | undefined) => (text === undefined ? 0 : Number(text.replace(',', '.')));
const isLatitude = (value: number) => Math.abs(value) <= 90;
const isLongitude = (value: number) => Math.abs(value) <= 180;

function coordinates(latitude: number, longitude: number): SearchQuery {
  if (!isLatitude(latitude) || !isLongitude(longitude)) {
    return { kind: 'invalid', reason: 'notLatLon', values: { latitude, longitude } };
  }
  return { kind: 'coordinates', latitude, longitude };
}

function parseDecimalPair(text: string): SearchQuery | null {
  const match = DECIMAL_PAIR.exec(text);
  if (!match) return null;
  const first = toNumber(match[1]);
  const second = toNumber(match[2]);
  // People paste "lon, lat" from GIS tools; the order is only unambiguous when the first cannot be a latitude.
  if (!isLatitude(first) && isLatitude(second)) return coordinates(second, first);
  return coordinates(first, second);
}

function parseDms(text: string): SearchQuery | null {
  const parts = [...text.matchAll(DMS_PART)].filter((m) => m[0].trim() !== '');
  if (parts.length !== 2) return null;
  const values = parts.map((m) => {
    const hemisphere = (m[1] ?? m[5] ?? '').toUpperCase();
    const minutes = toNumber(m[3]);
    const seconds = toNumber(m[4]);
    const magnitude = toNumber(m[2]) + minutes / 60 + seconds / 3600;
    const negative = hemisphere === 'S' || hemisphere === 'W' || hemisphere === 'O';
    return { value: negative ? -magnitude : magnitude, hemisphere, valid: minutes < 60 && seconds < 60 };
  });
  if (values.some((v) => !v.valid)) return { kind: 'invalid', reason: 'dmsOver60' };
  const [a, b] = values;
  const isLon = (h: string) => h === 'E' || h === 'W' || h === 'O';
  if (isLon(a.hemisphere) && !isLon(b.hemisphere)) return coordinates(b.value, a.value);
  return coordinates(a.value, b.value);
}

/**
 * Other countries' references (GVH03 F 422, 141201_1.0001.6509, 2000178-13, H501A048600.12)
 * are recognised by the service, whose country adapters own those rules; here only the
 * difference from an address matters: every word carries a digit or is one or two characters.
 */
function looksLikeCode(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length <= 4 && words.some((w) => /\d/.test(w)) && words.every((w) => /\d/.test(w) || w.length <= 2);
}

export function parseQuery(input: string): SearchQuery {
  const text = input.trim();
  if (text === '') return { kind: 'invalid', reason: 'empty' };
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  if (REFERENCE.test(compact)) return { kind: 'reference', ref: compact };
  if (/[°º]/.test(text)) return parseDms(text) ?? { kind: 'invalid', reason: 'dmsFormat' };
  const pair = parseDecimalPair(text);
  if (pair) return pair;
  if (text.length < 3) return { kind: 'invalid', reason: 'addressTooShort' };
  if (looksLikeCode(text)) return { kind: 'code', text };
  return { kind: 'address', text: text.slice(0, 200) };
}
