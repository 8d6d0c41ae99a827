/**
 * Checks on every value the renderer sends over IPC, before the facade sees it: the renderer
 * is treated as untrusted (a compromised page must not reach the core with odd types or sizes).
 * Each check throws InvalidInput, which the handlers answer as a 400 VALIDATION_ERROR.
 */
export class InvalidInput extends Error {
  override readonly name = 'InvalidInput';
}

/** Cadastral references: letters, digits and the separators foreign references use; bounded length. */
const REFERENCE = /^[0-9A-Za-zÑñ.\-/_ ]{1,64}$/;
const CURSOR = /^[0-9A-Z]{20}$/;

export function reference(value: unknown): string {
  if (typeof value !== 'string' || !REFERENCE.test(value)) throw new InvalidInput('A reference is 1–64 letters, digits, dots, dashes or slashes.');
  return value.trim();
}

export function fincaReference(value: unknown): string {
  const ref = reference(value);
  if (ref.length < 14 || ref.length > 20) throw new InvalidInput('Units need a 14- or 20-character Spanish reference.');
  return ref;
}

export function optionalCursor(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !CURSOR.test(value)) throw new InvalidInput('The cursor is the 20-character nextCursor of the previous page.');
  return value;
}

function finiteNumber(value: unknown, name: string, limit: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new InvalidInput(`${name} must be a number within ±${limit}.`);
  }
  return value;
}

export const latitude = (value: unknown) => finiteNumber(value, 'Latitude', 90);
export const longitude = (value: unknown) => finiteNumber(value, 'Longitude', 180);

export function addressQuery(value: unknown): string {
  if (typeof value !== 'string' || value.trim().length < 3 || value.length > 200) throw new InvalidInput('An address query has 3 to 200 characters.');
  return value;
}

export function limit(value: unknown): number {
  if (value === undefined) return 5;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 10) throw new InvalidInput('limit is an integer from 1 to 10.');
  return value;
}

export function exportFormat(value: unknown): 'kml' | 'gpx' {
  if (value !== 'kml' && value !== 'gpx') throw new InvalidInput('The export format is "kml" or "gpx".');
  return value;
}

export function tile(z: unknown, x: unknown, y: unknown): [number, number, number] {
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  if (!ok(z) || !ok(x) || !ok(y) || z > 24 || x >= 2 ** z || y >= 2 ** z) throw new InvalidInput('A tile is integers z ≤ 24 and x, y < 2^z.');
  return [z, x, y];
}

export function flag(value: unknown): boolean {
  if (typeof value !== 'boolean') throw new InvalidInput('Expected true or false.');
  return value;
}

export function port(value: unknown): number {
  if (value === undefined) return 8787;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1024 || value > 65535) throw new InvalidInput('The port is an integer from 1024 to 65535.');
  return value;
}
