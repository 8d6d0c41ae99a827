import { validationError } from './model/index.js';

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

export function optionalCursor(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^[0-9A-Z]{20}$/.test(value)) {
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
