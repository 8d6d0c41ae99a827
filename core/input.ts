import { Value } from '@sinclair/typebox/value';
import type { Static, TSchema } from '@sinclair/typebox';
import { validationError, type BBox, type OverlayKind, type RusticParcelRequest } from './model/index.js';
import {
  BBoxValue,
  CountryParam,
  INE_MUNICIPIO_CODE,
  RUSTIC_PARCEL_FIELDS,
  RusticMunicipioIne,
  RusticPlaceName,
  Cursor,
  Latitude,
  Longitude,
  MAX_SELECTION,
  OVERLAY_LIMIT_DEFAULT,
  OverlayKindValue,
  OverlayLimit,
  REFERENCE_MAX,
  Reference,
  TileIndex,
  TileZoom,
} from './model/input-schemas.js';
import { OVERLAY_KINDS } from './model/index.js';

/**
 * Checks shared by every entry point (HTTP routes, Electron IPC): the facade validates its own
 * input against the one set of schemas (core/model/input-schemas.ts), so a caller that skips
 * schema validation still gets the spec's 400, never a crash, and every caller gets the same.
 */

/** `value` when it fits `schema`, else 400 VALIDATION_ERROR with `message`. */
export function checkInput<T extends TSchema>(schema: T, value: unknown, message: () => string): Static<T> {
  if (Value.Check(schema, value)) return value;
  throw validationError(message());
}

/**
 * A refused value as an error message quotes it, cut to `max` characters. Never throws: a JSON
 * body may nest 30,000 arrays deep within the body limit, which overflows JSON.stringify's stack.
 */
export function quotedValue(value: unknown, max = 40): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, max);
  } catch {
    return Array.isArray(value) ? 'a nested array' : `a nested ${typeof value}`;
  }
}

/** A cadastral reference of any country as typed, trimmed (each adapter normalises it further, once). */
export function requireReference(value: unknown, name = 'refcat'): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw validationError(`Parameter '${name}' is required: a cadastral reference such as 9872023VH5797S (14 characters) or 9872023VH5797S0001WX (20).`);
  }
  if (value.length > REFERENCE_MAX) {
    throw validationError(`Parameter '${name}' is too long (${value.length} characters; a cadastral reference has at most ${REFERENCE_MAX}).`);
  }
  return checkInput(
    Reference,
    value.trim(),
    () => `Parameter '${name}' must be a cadastral reference: letters, digits and the separators . - / _ , : or space.`,
  );
}

export function optionalCountry(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'string' ? value.trim() : value;
  return checkInput(CountryParam, text, () => `Parameter 'country' must be a two-letter country code such as ES, PV or NA.`).toUpperCase();
}

function coordinate(value: unknown, name: 'latitude' | 'longitude', schema: typeof Latitude | typeof Longitude): number {
  if (value === undefined || value === null || value === '') {
    throw validationError(`Field '${name}' is required (WGS84 decimal degrees).`);
  }
  // Infinity (JSON `1e309`) falls to the range check below, which names it; JSON.stringify would say `null`.
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw validationError(`Field '${name}' must be a number in WGS84 decimal degrees, got ${quotedValue(value)}.`);
  }
  return checkInput(schema, value, () => `Field '${name}' must be between ${schema.minimum} and ${schema.maximum}, got ${value}.`);
}

export function requireLatitude(value: unknown): number {
  return coordinate(value, 'latitude', Latitude);
}

export function requireLongitude(value: unknown): number {
  return coordinate(value, 'longitude', Longitude);
}

export { MAX_SELECTION } from './model/input-schemas.js';

/** Spec endpoint 2: the `nextCursor` of the previous page (upper case only). */
export function optionalCursor(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return checkInput(Cursor, value, () => `Parameter 'cursor' must be the 20-character 'nextCursor' of the previous page (${Cursor.pattern}).`);
}

/** A list of references: an array, or one text separated by commas; duplicates dropped, order kept. */
export function requireReferenceList(value: unknown, max = MAX_SELECTION, name = 'refcat'): string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items)) throw validationError(`Parameter '${name}' must be one or more cadastral references separated by commas.`);
  const refs = [...new Set(items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== ''))];
  if (refs.length === 0) throw validationError(`Parameter '${name}' is required: one or more cadastral references separated by commas.`);
  if (refs.length > max) throw validationError(`Parameter '${name}' holds ${refs.length} references; one export takes at most ${max}.`);
  return refs.map((ref) => requireReference(ref, name));
}

/**
 * The parcels of a selection export: `refcat` as for requireReferenceList, and `country` one code
 * for them all or one per reference in the same order (the app sends each picked parcel's own: a
 * selection may cross a border, and a shape two countries share is then not guessed).
 */
export function requireParcelList(refcats: unknown, country: unknown, max = MAX_SELECTION): { ref: string; country?: string }[] {
  const codes = typeof country === 'string' && country.includes(',') ? country.split(',') : undefined;
  if (!codes) {
    const one = optionalCountry(country);
    return requireReferenceList(refcats, max).map((ref) => ({ ref, country: one }));
  }
  const refs = typeof refcats === 'string' ? refcats.split(',') : refcats;
  if (!Array.isArray(refs) || refs.length !== codes.length) {
    throw validationError(
      `Parameter 'country' holds ${codes.length} codes for ${Array.isArray(refs) ? refs.length : 0} references: give one code, or one per reference.`,
    );
  }
  if (refs.length > max) throw validationError(`Parameter 'refcat' holds ${refs.length} references; one export takes at most ${max}.`);
  const parcels = refs.map((ref, i) => ({ ref: requireReference(ref), country: optionalCountry(codes[i]) }));
  return [...new Map(parcels.map((parcel) => [`${parcel.country}:${parcel.ref}`, parcel])).values()];
}

/**
 * A box typed as text, "west,south,east,north" (an HTTP query, a command-line option): its four
 * numbers, NaN for an empty or non-numeric part, for requireBBox to judge.
 */
export const bboxFromText = (text: string | undefined): number[] => (text ?? '').split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));

export interface BBoxRule {
  /** A box to download must enclose an area: west below east and south below north (a map view may be a line). */
  area?: boolean;
  /** The refusal's words, for the face that asked (a CLI option names its flag and an example). */
  message?: string;
}

/**
 * The one box rule: [minLon, minLat, maxLon, maxLat] in WGS84 degrees (longitudes -180 to 180,
 * latitudes -90 to 90), ordered, as numbers (HTTP `bbox=a,b,c,d` through bboxFromText, IPC
 * arrays, the offline choice and `catastro download --bbox` alike).
 */
export function requireBBox(value: unknown, rule: BBoxRule = {}): BBox {
  const message = () => rule.message ?? "Parameter 'bbox' must be minLon,minLat,maxLon,maxLat in WGS84 degrees.";
  const [minLon, minLat, maxLon, maxLat] = checkInput(BBoxValue, value, message);
  const ordered = rule.area ? minLon < maxLon && minLat < maxLat : minLon <= maxLon && minLat <= maxLat;
  if (!ordered) throw validationError(message());
  return [minLon, minLat, maxLon, maxLat];
}

export { OVERLAY_LIMIT_DEFAULT };

/** Features of one overlay answer: 1 to 20000, default 5000 (a number, or its digits from a query string). */
export function optionalOverlayLimit(value: unknown): number {
  if (value === undefined || value === null || value === '') return OVERLAY_LIMIT_DEFAULT;
  const limit = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;
  return checkInput(OverlayLimit, limit, () => `Parameter 'limit' must be an integer from ${OverlayLimit.minimum} to ${OverlayLimit.maximum}.`);
}

export function requireOverlayKind(value: unknown): OverlayKind {
  return checkInput(OverlayKindValue, value, () => `The overlay must be one of ${OVERLAY_KINDS.join(', ')}.`);
}

/** A number given as text (a URL path segment): its decimal digits only, never ' ', '0x3' or '1e0'. */
const fromDigits = (value: unknown): unknown => (typeof value === 'string' ? (/^\d{1,10}$/.test(value) ? Number(value) : value) : value);

/** A vector tile's z/x/y (numbers, or their decimal digits from a path): z from 0 to 24 (MapLibre's range), x and y within the 2^z grid. */
export function requireTile(zInput: unknown, xInput: unknown, yInput: unknown): [number, number, number] {
  const [z, x, y] = [zInput, xInput, yInput].map(fromDigits);
  const zoom = checkInput(TileZoom, z, () => `Tile zoom z must be an integer from ${TileZoom.minimum} to ${TileZoom.maximum}.`);
  const last = 2 ** zoom - 1;
  const index = (value: unknown, name: string) => checkInput(TileIndex, value, () => `Tile ${name} must be an integer from 0 to ${last} at zoom ${zoom}.`);
  const [column, row] = [index(x, 'x'), index(y, 'y')];
  if (column > last || row > last) throw validationError(`Tile ${zoom}/${column}/${row} does not exist: x and y run from 0 to ${last} at zoom ${zoom}.`);
  return [zoom, column, row];
}

const RUSTIC_FIELD_NAMES = { provincia: 'the province', municipio: 'the municipality', poligono: 'the polígono', parcela: 'the parcela' } as const;

/** How the 400 names what `provincia` and `municipio` take besides their codes. */
const RUSTIC_PLACE_FORMS = {
  provincia: 'a whole number from 1 to 52 (the INE province code) or the province name (e.g. Segovia)',
  municipio:
    "the Catastro's municipality code (1 to 999, the digits after the province in the reference, e.g. 146), INE's 5-digit code (e.g. 40125) or the municipality name (e.g. Melque de Cercos)",
} as const;

/** A whole number given as its decimal digits (a query string, a spreadsheet cell) or as a number. */
const digitsOrNumber = (value: unknown): unknown => (typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : value);

/**
 * A province or municipality as asked: its code (checked against `schema`, given back with
 * `width` digits), for the municipality an INE 5-digit code (kept as written), or a name
 * (trimmed, spaces collapsed). Which it is follows from the text alone: digits are a code, five
 * digits in `municipio` INE's, a letter first a name.
 */
function rusticPlace(name: 'provincia' | 'municipio', raw: unknown, width: number): string {
  const refused = () => `Parameter '${name}' must be ${RUSTIC_PLACE_FORMS[name]}, got ${quotedValue(raw)}.`;
  const text = typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : raw;
  if (name === 'municipio' && typeof text === 'string' && Value.Check(RusticMunicipioIne, text)) return text;
  if (typeof text === 'number' || (typeof text === 'string' && /^[0-9]/.test(text))) {
    return String(checkInput(RUSTIC_PARCEL_FIELDS[name], digitsOrNumber(text), refused)).padStart(width, '0');
  }
  return checkInput(RusticPlaceName, text, refused);
}

/** 400 unless the municipality's INE code `municipio` (5 digits) is of the province whose INE code is `provincia`: its first two digits are the province's. */
export function requireIneCodeOfProvince(municipio: string, provincia: string): void {
  if (municipio.slice(0, 2) !== provincia) {
    throw validationError(
      `Parameter 'municipio' ${municipio} is an INE code of province ${municipio.slice(0, 2)}, not of province ${provincia}: an INE code starts with its province's two digits.`,
    );
  }
}

/**
 * A rustic parcel asked by province, municipality, polígono and parcela: polígono and parcela
 * whole numbers (decimal digits as text, or a number) in their ranges (RUSTIC_PARCEL_FIELDS); the
 * province and municipality as codes (given back as the reference writes them, 2 and 3 digits),
 * the municipality's INE code (5 digits, its first two the province's) or names, which Spain's
 * adapter resolves to the Catastro's codes.
 */
export function requireRusticParcel(input: unknown): RusticParcelRequest {
  if (input === null || typeof input !== 'object') {
    throw validationError('A rustic parcel needs provincia, municipio, poligono and parcela.');
  }
  const asked = input as Record<string, unknown>;
  for (const name of Object.keys(RUSTIC_PARCEL_FIELDS) as (keyof typeof RUSTIC_PARCEL_FIELDS)[]) {
    const raw = asked[name];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      const schema = RUSTIC_PARCEL_FIELDS[name];
      const forms = name === 'provincia' || name === 'municipio' ? RUSTIC_PLACE_FORMS[name] : `a whole number from ${schema.minimum} to ${schema.maximum}`;
      throw validationError(`Parameter '${name}' is required: ${RUSTIC_FIELD_NAMES[name]}, ${forms}.`);
    }
  }
  const number = (name: 'poligono' | 'parcela') => {
    const schema = RUSTIC_PARCEL_FIELDS[name];
    const raw = asked[name];
    return checkInput(
      schema,
      digitsOrNumber(typeof raw === 'string' ? raw.trim() : raw),
      () => `Parameter '${name}' (${RUSTIC_FIELD_NAMES[name]}) must be a whole number from ${schema.minimum} to ${schema.maximum}, got ${quotedValue(raw)}.`,
    );
  };
  const provincia = rusticPlace('provincia', asked.provincia, 2);
  const municipio = rusticPlace('municipio', asked.municipio, 3);
  // A province by name is known by its code only once Spain's adapter has found it: it checks then.
  if (INE_MUNICIPIO_CODE.test(municipio) && /^[0-9]{2}$/.test(provincia)) requireIneCodeOfProvince(municipio, provincia);
  return { provincia, municipio, poligono: number('poligono'), parcela: number('parcela') };
}
