import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  optionalCursor as facadeCursor,
  requireBBox,
  requireLatitude,
  requireLongitude,
  requireOverlayKind,
  requireReference,
  requireTile,
} from '../core/input.js';
import {
  ANALYSIS_KINDS,
  FEATURE_FORMATS,
  HAZARD_LAYER_KINDS,
  isServiceError,
  type AnalysisKind,
  type FeatureFormat,
  type HazardLayerKind,
  type HazardLayerMapping,
  type OverlayKind,
} from '../core/model/index.js';
import {
  BatchColumnsValue,
  CsvText,
  ExportFormatValue,
  FeatureFormatValue,
  FileName,
  GeneratedId,
  HazardLayerKindValue,
  LayerImportOptionsValue,
  MAX_BATCH_BYTES,
  MAX_SELECTION,
  ReferenceList,
  SelectionFormatValue,
  type BatchColumnsInput,
} from '../core/model/input-schemas.js';

/**
 * Checks on everything the renderer sends before it reaches the facade: the renderer is
 * untrusted (a compromised page must not pass objects, huge strings or paths through IPC).
 * Every value range is the one in core/model/input-schemas.ts: values the facade also takes over
 * HTTP go through the facade's own rule (core/input.ts), so IPC and HTTP refuse the same inputs;
 * IPC-only payloads are checked against their schema here. Each check throws InvalidIpcInput,
 * which the handler turns into a 400 VALIDATION_ERROR.
 */
export class InvalidIpcInput extends Error {
  readonly status = 400;
  readonly code = 'VALIDATION_ERROR';
}

/** `value` when it fits `schema`, else InvalidIpcInput saying what `name` must be. */
function checked<T extends TSchema>(schema: T, value: unknown, name: string, expected: string): Static<T> {
  if (Value.Check(schema, value)) return value;
  throw new InvalidIpcInput(`${name} must be ${expected}.`);
}

/** The facade's rule for a value, its 400 turned into InvalidIpcInput so a bad payload stops here. */
function byFacadeRule<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (isServiceError(error)) throw new InvalidIpcInput(error.message);
    throw error;
  }
}

/**
 * A plain object (what the structured clone of a renderer literal gives) of `schema`'s keys only,
 * null or undefined values dropped, each value checked against its property schema.
 */
function checkedObject<T extends TObject>(schema: T, value: unknown, name: string): Static<T> {
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (Array.isArray(value) || (proto !== Object.prototype && proto !== null)) throw new InvalidIpcInput(`${name} must be an object.`);
  const keys = Object.keys(schema.properties);
  const unknown = Object.keys(value as object).filter((key) => !keys.includes(key));
  if (unknown.length > 0) throw new InvalidIpcInput(`${name} has unknown keys: ${unknown.join(', ')} (known: ${keys.join(', ')}).`);
  const present = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null);
  return Object.fromEntries(
    present.map(([key, v]) => {
      const property = schema.properties[key];
      return [
        key,
        property.type === 'object'
          ? checkedObject(property as TObject, v, key)
          : checked(property, v, `${name}.${key}`, `a text of at most ${property.maxLength} characters`),
      ];
    }),
  ) as Static<T>;
}

export function reference(value: unknown, name = 'ref'): string {
  return byFacadeRule(() => requireReference(value, name));
}

/** A selection of references (1 to MAX_SELECTION), each checked like one reference. */
export function referenceList(value: unknown): string[] {
  return checked(ReferenceList, value, 'refs', `a list of 1 to ${MAX_SELECTION} cadastral references`).map((ref) => reference(ref));
}

export function selectionFormat(value: unknown): Static<typeof SelectionFormatValue> {
  return checked(SelectionFormatValue, value, 'format', '"geojson" or "gpkg"');
}

/** The text of a dropped CSV, within the batch's size bound. */
export function csvText(value: unknown): string {
  return checked(CsvText, value, 'csv', `the text of a CSV file of at most ${MAX_BATCH_BYTES / 1024 / 1024} MiB`);
}

/** A file's base name as shown (no folders). */
export function fileName(value: unknown): string {
  return checked(FileName, value, 'name', 'a file name of at most 200 characters');
}

/** The columns the user named (each a header text), or nothing. */
export function batchColumns(value: unknown): BatchColumnsInput | undefined {
  if (value === undefined || value === null) return undefined;
  return Object.fromEntries(Object.entries(checkedObject(BatchColumnsValue, value, 'columns')).filter(([, text]) => text !== ''));
}

export function batchId(value: unknown): string {
  return checked(GeneratedId, value, 'id', 'the batch id its start answered');
}

export function featureFormat(value: unknown): FeatureFormat {
  return checked(FeatureFormatValue, value, 'format', `one of ${FEATURE_FORMATS.join(', ')}`);
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
  return checked(Type.Integer({ minimum: min, maximum: max }), value, name, `an integer from ${min} to ${max}`);
}

/** Tile coordinates: the facade's tile rule (z within MapLibre's range, x and y within the 2^z grid). */
export function tile(z: unknown, x: unknown, y: unknown): [number, number, number] {
  return byFacadeRule(() => requireTile(z, x, y));
}

export function exportFormat(value: unknown): Static<typeof ExportFormatValue> {
  return checked(ExportFormatValue, value, 'format', '"kml" or "gpx"');
}

export function booleanFlag(value: unknown, name: string): boolean {
  return checked(Type.Boolean(), value, name, 'true or false');
}

export function analysisKind(value: unknown): AnalysisKind {
  return checked(Type.Union(ANALYSIS_KINDS.map((kind) => Type.Literal(kind))), value, 'analysis', `one of ${ANALYSIS_KINDS.join(', ')}`);
}

export function overlayKind(value: unknown): OverlayKind {
  return byFacadeRule(() => requireOverlayKind(value));
}

/** [minLon, minLat, maxLon, maxLat] in WGS84, ordered: the facade's one box rule. */
export function bbox(value: unknown): [number, number, number, number] {
  return byFacadeRule(() => requireBBox(value));
}

export function hazardLayerKind(value: unknown): HazardLayerKind {
  return checked(HazardLayerKindValue, value, 'kind', `one of ${HAZARD_LAYER_KINDS.join(', ')}`);
}

/** The id pickLayerFiles answered (crypto.randomUUID). */
export function layerSelection(value: unknown): string {
  return checked(GeneratedId, value, 'selection', 'the id pickLayerFiles answered');
}

/**
 * The options of importLayers: the mapping and country of a designated-areas layer, as texts.
 * Only their shape is checked here; what they must name is the facade's check (against the layer).
 */
export function layerImportOptions(value: unknown): { mapping?: HazardLayerMapping; country?: string } {
  if (value === undefined || value === null) return {};
  return checkedObject(LayerImportOptionsValue, value, 'options');
}

/**
 * An operation's input: the one plain object every IPC call carries (core/model/operations.ts),
 * or nothing for an operation that takes none. Its fields are checked one by one by the handler.
 */
export function operationInput(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (Array.isArray(value) || (proto !== Object.prototype && proto !== null)) throw new InvalidIpcInput('The input must be an object of named fields.');
  return value as Record<string, unknown>;
}
