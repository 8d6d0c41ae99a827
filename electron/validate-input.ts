import { LIMIT_MAX as ADDRESS_LIMIT_MAX, Q_MAX, Q_MIN } from '../core/address/candidates-input.js';
import {
  MAX_SELECTION, optionalCursor as facadeCursor, requireBBox, requireLatitude, requireLongitude, requireOverlayKind,
} from '../core/input.js';
import { MAX_BATCH_BYTES } from '../core/batch/read-csv.js';
import {
  FEATURE_FORMATS, HAZARD_LAYER_KINDS, PANEL_ANALYSIS_KINDS, isFeatureFormat, isServiceError, type FeatureFormat,
  type HazardLayerKind, type HazardLayerMapping, type OverlayKind, type PanelAnalysisKind,
} from '../core/model/index.js';

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

/** A selection of references (1 to MAX_SELECTION), each checked like one reference. */
export function referenceList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_SELECTION) {
    throw new InvalidIpcInput(`refs must be a list of 1 to ${MAX_SELECTION} cadastral references.`);
  }
  return value.map((ref) => reference(ref));
}

const SELECTION_FORMATS = ['geojson', 'gpkg'] as const;
export function selectionFormat(value: unknown): (typeof SELECTION_FORMATS)[number] {
  if (!SELECTION_FORMATS.includes(value as never)) throw new InvalidIpcInput('format must be "geojson" or "gpkg".');
  return value as (typeof SELECTION_FORMATS)[number];
}

/** The text of a dropped CSV, within the batch's size bound. */
export function csvText(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_BATCH_BYTES) {
    throw new InvalidIpcInput(`csv must be the text of a CSV file of at most ${MAX_BATCH_BYTES / 1024 / 1024} MiB.`);
  }
  return value;
}

/** A file's base name as shown (no folders). */
export function fileName(value: unknown): string {
  if (typeof value !== 'string' || value.length > 200 || /[\\/\0]/.test(value)) throw new InvalidIpcInput('name must be a file name of at most 200 characters.');
  return value;
}

const BATCH_COLUMN_KEYS = ['reference', 'latitude', 'longitude', 'country'] as const;
/** The columns the user named (each a header text), or nothing. */
export function batchColumns(value: unknown): Partial<Record<(typeof BATCH_COLUMN_KEYS)[number], string>> | undefined {
  if (value === undefined || value === null) return undefined;
  const raw = plainObject(value, 'columns', BATCH_COLUMN_KEYS);
  const columns: Partial<Record<(typeof BATCH_COLUMN_KEYS)[number], string>> = {};
  for (const key of BATCH_COLUMN_KEYS) {
    const text = optionalShortText(raw[key], `columns.${key}`);
    if (text) columns[key] = text;
  }
  return columns;
}

export function batchId(value: unknown): string {
  if (typeof value !== 'string' || !SELECTION.test(value)) throw new InvalidIpcInput('id must be the batch id its start answered.');
  return value;
}

export function featureFormat(value: unknown): FeatureFormat {
  if (!isFeatureFormat(value)) throw new InvalidIpcInput(`format must be one of ${FEATURE_FORMATS.join(', ')}.`);
  return value;
}

/**
 * The facade's own rule for a value (core/input.ts: the one place of each range and pattern),
 * its 400 turned into InvalidIpcInput so a bad payload stops here, before any other work.
 */
function byFacadeRule<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (isServiceError(error)) throw new InvalidIpcInput(error.message);
    throw error;
  }
}

export function optionalCursor(value: unknown): string | undefined {
  return byFacadeRule(() => facadeCursor(value));
}

export function coordinate(value: unknown, name: 'latitude' | 'longitude'): number {
  // The facade says "required" for a missing value; over IPC a missing number is simply not a number.
  if (typeof value !== 'number') throw new InvalidIpcInput(`${name} must be a number in WGS84 decimal degrees.`);
  return byFacadeRule(() => (name === 'latitude' ? requireLatitude(value) : requireLongitude(value)));
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
  if (typeof value !== 'string' || value.trim().length < Q_MIN || value.length > Q_MAX) {
    throw new InvalidIpcInput(`The address must be ${Q_MIN} to ${Q_MAX} characters.`);
  }
  return value.trim();
}

/** Endpoint 1's `limit`, with the facade's range (1 to 10). */
export function addressLimit(value: unknown): number {
  return integerInRange(value, 'limit', 1, ADDRESS_LIMIT_MAX);
}

export function booleanFlag(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new InvalidIpcInput(`${name} must be true or false.`);
  return value;
}

export function analysisKind(value: unknown): PanelAnalysisKind {
  if (!PANEL_ANALYSIS_KINDS.includes(value as never)) throw new InvalidIpcInput(`analysis must be one of ${PANEL_ANALYSIS_KINDS.join(', ')}.`);
  return value as PanelAnalysisKind;
}

export function overlayKind(value: unknown): OverlayKind {
  return byFacadeRule(() => requireOverlayKind(value));
}

/** [minLon, minLat, maxLon, maxLat] in WGS84, ordered: the facade's one box rule. */
export function bbox(value: unknown): [number, number, number, number] {
  return byFacadeRule(() => requireBBox(value));
}

/** The id pickLayerFiles answered (crypto.randomUUID). */
const SELECTION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAPPING_KEYS = ['code', 'name', 'designationField', 'designation'] as const;
const MAX_FIELD = 200;

export function hazardLayerKind(value: unknown): HazardLayerKind {
  if (!HAZARD_LAYER_KINDS.includes(value as never)) throw new InvalidIpcInput(`kind must be one of ${HAZARD_LAYER_KINDS.join(', ')}.`);
  return value as HazardLayerKind;
}

export function layerSelection(value: unknown): string {
  if (typeof value !== 'string' || !SELECTION.test(value)) throw new InvalidIpcInput('selection must be the id pickLayerFiles answered.');
  return value;
}

/** A plain object (what the structured clone of a renderer literal gives) with only the named keys. */
function plainObject(value: unknown, name: string, keys: readonly string[]): Record<string, unknown> {
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (Array.isArray(value) || (proto !== Object.prototype && proto !== null)) throw new InvalidIpcInput(`${name} must be an object.`);
  const unknown = Object.keys(value as object).filter((key) => !keys.includes(key));
  if (unknown.length > 0) throw new InvalidIpcInput(`${name} has unknown keys: ${unknown.join(', ')} (known: ${keys.join(', ')}).`);
  return value as Record<string, unknown>;
}

function optionalShortText(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > MAX_FIELD) throw new InvalidIpcInput(`${name} must be a text of at most ${MAX_FIELD} characters.`);
  return value;
}

/**
 * The options of importLayers: the mapping and country of a designated-areas layer, as texts.
 * Only their shape is checked here; what they must name is the facade's check (against the layer).
 */
export function layerImportOptions(value: unknown): { mapping?: HazardLayerMapping; country?: string } {
  if (value === undefined || value === null) return {};
  const options = plainObject(value, 'options', ['mapping', 'country']);
  const country = optionalShortText(options.country, 'country');
  if (options.mapping === undefined || options.mapping === null) return country === undefined ? {} : { country };
  const raw = plainObject(options.mapping, 'mapping', MAPPING_KEYS);
  const mapping: HazardLayerMapping = {};
  for (const key of MAPPING_KEYS) {
    const text = optionalShortText(raw[key], `mapping.${key}`);
    if (text !== undefined) mapping[key] = text;
  }
  return country === undefined ? { mapping } : { mapping, country };
}
