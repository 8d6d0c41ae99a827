import { hasSpanishReferenceShape } from '../../core/model/index.js';
import { controlLetterMismatch } from '../../core/countries/es/reference.js';
import { parseRusticText } from '../../core/countries/es/rustic-text.js';
import { projections } from '../geo/projections.js';
import { utmZoneOf } from '../geo/utm-zone.js';

/**
 * What the search box understood: a cadastral reference, a coordinate pair (decimal or DMS),
 * or free text to geocode as an address.
 */
export type SearchQuery =
  | { kind: 'reference'; ref: string }
  | { kind: 'coordinates'; latitude: number; longitude: number; utmZone?: number }
  /**
   * Spanish rustic land by polígono and parcela, with the municipality (and province) when typed
   * by name; else they come from the selection or the map.
   */
  | { kind: 'rustic'; poligono: number; parcela: number; municipio?: string; provincia?: string }
  | { kind: 'address'; text: string }
  /** A code that is not Spanish: another country's reference if the service recognises it, else an address. */
  | { kind: 'code'; text: string }
  | { kind: 'invalid'; reason: InvalidReason; values?: Record<string, string | number> };

/** Why the text cannot be searched: a key of the search namespace's `invalid` strings. */
export type InvalidReason = 'empty' | 'notLatLon' | 'dmsOver60' | 'dmsFormat' | 'addressTooShort' | 'controlLetters' | 'utmZone';

/** Where the user is looking, for readings that need it (the UTM zone of a bare easting/northing). */
export interface QueryContext {
  longitude?: number;
}

/** A Spanish reference's shape (core/model) with a letter and a digit, as every real one has: 14 digits or 14 letters are no reference. */
const isReference = (text: string) => /[A-ZÑ]/.test(text) && /\d/.test(text) && hasSpanishReferenceShape(text);
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

/**
 * Where the cadastres this app reads lie (Azores and Canaries to the North Cape and Cyprus): a
 * coordinate reading outside it is not what the user meant when the other reading falls inside.
 */
const COVERED = { west: -32, south: 27, east: 45, north: 72 };
const inCoverage = (latitude: number, longitude: number) =>
  latitude >= COVERED.south && latitude <= COVERED.north && longitude >= COVERED.west && longitude <= COVERED.east;

function parseDecimalPair(text: string): SearchQuery | null {
  const match = DECIMAL_PAIR.exec(text);
  if (!match) return null;
  const first = toNumber(match[1]);
  const second = toNumber(match[2]);
  // People paste "lon, lat" from GIS tools: swapped when the first cannot be a latitude, or when only the swapped reading lies in coverage.
  if (!isLatitude(first) && isLatitude(second)) return coordinates(second, first);
  if (!inCoverage(first, second) && inCoverage(second, first)) return coordinates(second, first);
  return coordinates(first, second);
}

/**
 * UTM (ETRS89) easting and northing in metres, with an optional zone (`30T 376458 4546461`,
 * `huso 30 X 376458 Y 4546461`, `376458, 4546461`). Without a zone, the zone of the map's centre.
 */
const UTM_QUERY =
  /^(?:(?:utm|zone|huso|fuseau|etrs89)\s*)*(?:(\d{1,2})\s*[C-HJ-NP-X]?\s*[,;]?\s+)?(?:x\s*[=:]?\s*)?(\d{6}(?:[.,]\d+)?)\s*(?:m\b)?\s*[,;]?\s*(?:y\s*[=:]?\s*)?(\d{7}(?:[.,]\d+)?)\s*(?:m\b)?(?:\s*(?:huso|zone|fuseau)\s*(\d{1,2}))?$/i;

/** Text read as UTM: the caller loads `projections` before parsing it (proj4 is not on the load path). */
export const looksLikeUtm = (text: string): boolean => UTM_QUERY.test(text.trim());

function parseUtm(text: string, context: QueryContext): SearchQuery | null {
  const match = UTM_QUERY.exec(text.trim());
  const fromUtm = projections.loaded()?.fromUtm;
  if (!match || !fromUtm) return null;
  const zone = Number(match[1] ?? match[4] ?? (context.longitude !== undefined ? utmZoneOf(context.longitude) : NaN));
  if (!Number.isInteger(zone) || zone < 1 || zone > 60) return { kind: 'invalid', reason: 'utmZone' };
  const easting = toNumber(match[2]);
  const northing = toNumber(match[3]);
  const { latitude, longitude } = fromUtm({ zone, easting, northing });
  return { ...coordinates(latitude, longitude), ...(isLatitude(latitude) ? { utmZone: zone } : {}) } as SearchQuery;
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

export function parseQuery(input: string, context: QueryContext = {}): SearchQuery {
  const text = input.trim();
  if (text === '') return { kind: 'invalid', reason: 'empty' };
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  if (isReference(compact)) {
    // The control letters of a unit reference are checked here, with the rule the service uses, before anything is asked.
    const mismatch = controlLetterMismatch(compact);
    if (mismatch) return { kind: 'invalid', reason: 'controlLetters', values: mismatch };
    return { kind: 'reference', ref: compact };
  }
  const rustic = parseRusticText(text);
  if (rustic) return { kind: 'rustic', ...rustic };
  const utm = parseUtm(text, context);
  if (utm) return utm;
  if (/[°º]/.test(text)) return parseDms(text) ?? { kind: 'invalid', reason: 'dmsFormat' };
  const pair = parseDecimalPair(text);
  if (pair) return pair;
  if (text.length < 3) return { kind: 'invalid', reason: 'addressTooShort' };
  if (looksLikeCode(text)) return { kind: 'code', text };
  return { kind: 'address', text: text.slice(0, 200) };
}
