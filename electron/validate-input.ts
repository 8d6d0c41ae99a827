/**
 * Checks on everything the renderer sends before it reaches the facade: the renderer is
 * untrusted (a compromised page must not pass objects, huge strings or paths through IPC).
 * Each check throws InvalidIpcInput, which the handler turns into a 400 VALIDATION_ERROR.
 */
export class InvalidIpcInput extends Error {
  readonly status = 400;
  readonly code = 'VALIDATION_ERROR';
}

/** Cadastral references of every country: letters, digits and the separators some use; 1–64 chars. */
const REFERENCE = /^[\p{L}\p{N}.\-/ _]{1,64}$/u;
const EXPORT_FORMATS = ['kml', 'gpx'] as const;

export function reference(value: unknown, name = 'ref'): string {
  if (typeof value !== 'string' || !REFERENCE.test(value.trim())) {
    throw new InvalidIpcInput(`${name} must be a cadastral reference of 1 to 64 letters or digits.`);
  }
  return value.trim();
}

export function optionalCursor(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^[A-Za-z0-9]{20}$/.test(value)) {
    throw new InvalidIpcInput('cursor must be the 20-character reference given as nextCursor.');
  }
  return value;
}

export function coordinate(value: unknown, name: 'latitude' | 'longitude'): number {
  const limit = name === 'latitude' ? 90 : 180;
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new InvalidIpcInput(`${name} must be a number between -${limit} and ${limit}.`);
  }
  return value;
}

export function integerInRange(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidIpcInput(`${name} must be an integer from ${min} to ${max}.`);
  }
  return value;
}

/** Tile coordinates: z within MapLibre's range, x and y within the 2^z grid. */
export function tile(z: unknown, x: unknown, y: unknown): [number, number, number] {
  const zoom = integerInRange(z, 'z', 0, 24);
  const size = 2 ** zoom - 1;
  return [zoom, integerInRange(x, 'x', 0, size), integerInRange(y, 'y', 0, size)];
}

export function exportFormat(value: unknown): (typeof EXPORT_FORMATS)[number] {
  if (!EXPORT_FORMATS.includes(value as never)) throw new InvalidIpcInput('format must be "kml" or "gpx".');
  return value as (typeof EXPORT_FORMATS)[number];
}

export function addressQuery(value: unknown): string {
  if (typeof value !== 'string' || value.trim().length < 3 || value.length > 200) {
    throw new InvalidIpcInput('The address must be 3 to 200 characters.');
  }
  return value.trim();
}

export function booleanFlag(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new InvalidIpcInput(`${name} must be true or false.`);
  return value;
}
