import { OVERLAY_KINDS, validationError, type BBox, type OverlayKind } from './model/index.js';

/**
 * Checks shared by every entry point (HTTP routes, Electron IPC): the facade validates its own
 * input so a caller that skips schema validation still gets the spec's 400, never a crash.
 */
const MAX_REFERENCE_LENGTH = 64;

export function requireReference(value: unknown, name = 'refcat'): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw validationError(`Parameter '${name}' is required: a cadastral reference such as 9872023VH5797S (14 characters) or 9872023VH5797S0001WX (20).`);
  }
  if (value.length > MAX_REFERENCE_LENGTH) {
    throw validationError(`Parameter '${name}' is too long (${value.length} characters; a cadastral reference has at most ${MAX_REFERENCE_LENGTH}).`);
  }
  return value;
}

export function optionalCountry(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^[A-Za-z]{2}$/.test(value.trim())) {
    throw validationError(`Parameter 'country' must be a two-letter country code such as ES, PV or NA.`);
  }
  return value.trim().toUpperCase();
}

function coordinate(value: unknown, name: 'latitude' | 'longitude', limit: number): number {
  if (value === undefined || value === null || value === '') {
    throw validationError(`Field '${name}' is required (WGS84 decimal degrees).`);
  }
  const number = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(number)) {
    throw validationError(`Field '${name}' must be a number in WGS84 decimal degrees, got ${JSON.stringify(value)?.slice(0, 40)}.`);
  }
  if (Math.abs(number) > limit) {
    throw validationError(`Field '${name}' must be between -${limit} and ${limit}, got ${number}.`);
  }
  return number;
}

export function requireLatitude(value: unknown): number {
  return coordinate(value, 'latitude', 90);
}

export function requireLongitude(value: unknown): number {
  return coordinate(value, 'longitude', 180);
}

/** Spec endpoint 2: the `nextCursor` of the previous page, `^[0-9A-Z]{20}$` (upper case only). */
export const CURSOR_PATTERN = /^[0-9A-Z]{20}$/;

export function optionalCursor(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !CURSOR_PATTERN.test(value)) {
    throw validationError(`Parameter 'cursor' must be the 20-character 'nextCursor' of the previous page (^[0-9A-Z]{20}$).`);
  }
  return value;
}

/** Parcels one selection export holds at most (a drawn box over a town can catch thousands). */
export const MAX_SELECTION = 2000;

/** A list of references: an array, or one text separated by commas; duplicates dropped, order kept. */
export function requireReferenceList(value: unknown, max = MAX_SELECTION, name = 'refcat'): string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items)) throw validationError(`Parameter '${name}' must be one or more cadastral references separated by commas.`);
  const refs = [...new Set(items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== ''))];
  if (refs.length === 0) throw validationError(`Parameter '${name}' is required: one or more cadastral references separated by commas.`);
  if (refs.length > max) throw validationError(`Parameter '${name}' holds ${refs.length} references; one export takes at most ${max}.`);
  return refs.map((ref) => requireReference(ref, name));
}

/** A map box [minLon, minLat, maxLon, maxLat] in WGS84 degrees, ordered (HTTP `bbox=a,b,c,d` and IPC arrays alike). */
export function requireBBox(value: unknown): BBox {
  const ok = Array.isArray(value) && value.length === 4 && value.every((v) => typeof v === 'number' && Number.isFinite(v));
  const [minLon, minLat, maxLon, maxLat] = ok ? (value as number[]) : [];
  if (!ok || minLon > maxLon || minLat > maxLat || Math.abs(minLat) > 90 || Math.abs(maxLat) > 90 || Math.abs(minLon) > 180 || Math.abs(maxLon) > 180) {
    throw validationError("Parameter 'bbox' must be minLon,minLat,maxLon,maxLat in WGS84 degrees.");
  }
  return [minLon, minLat, maxLon, maxLat];
}

export const OVERLAY_LIMIT_DEFAULT = 5000;
export const OVERLAY_LIMIT_MAX = 20000;

/** Features of one overlay answer: 1 to 20000, default 5000. */
export function optionalOverlayLimit(value: unknown): number {
  if (value === undefined || value === null || value === '') return OVERLAY_LIMIT_DEFAULT;
  const limit = typeof value === 'string' ? Number(value) : value;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > OVERLAY_LIMIT_MAX) {
    throw validationError(`Parameter 'limit' must be an integer from 1 to ${OVERLAY_LIMIT_MAX}.`);
  }
  return limit;
}

export function requireOverlayKind(value: unknown): OverlayKind {
  if (!OVERLAY_KINDS.includes(value as OverlayKind)) throw validationError(`The overlay must be one of ${OVERLAY_KINDS.join(', ')}.`);
  return value as OverlayKind;
}
