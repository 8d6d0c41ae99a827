import { expect } from 'vitest';

/**
 * The spec's field tables as data (Resources and fields: Parcel, Coordinate-search result), to
 * check an answer's every key is spelt as the spec writes it and holds the spec's type. Written
 * from the spec's text here, not imported from core/model, so a rename in the model fails.
 */
type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'ring' | 'object' | 'array';

const PARCEL: Record<string, FieldType> = {
  refCatastral: 'string',
  pais: 'string',
  direccion: 'string',
  codigoPostal: 'string',
  municipio: 'string',
  provincia: 'string',
  latitud: 'number',
  longitud: 'number',
  mapsUrl: 'string',
  uso: 'string',
  clase: 'string',
  superficieConstruida: 'number',
  superficieParcela: 'number',
  anioConstruccion: 'integer',
  coefParticipacion: 'string',
  poligono: 'ring',
  availableFields: 'object',
  // A 20-character Spanish reference's unit fields.
  participacion: 'number',
  escalera: 'string',
  planta: 'string',
  puerta: 'string',
  // "What the service does" 5: where the data came from, and the attribution to display.
  dataSource: 'string',
  dataDate: 'string',
  attribution: 'string',
};
const AVAILABLE_FIELDS = ['uso', 'clase', 'anioConstruccion', 'superficieConstruida', 'coefParticipacion', 'direccion', 'busquedaDireccion'];

const COORDINATE_RESULT: Record<string, FieldType> = {
  referenciaCatastral: 'string',
  refCat14: 'string',
  direccion: 'string',
  municipio: 'string',
  tipoInmueble: 'string',
  coordenadas: 'object',
  mapsUrl: 'string',
  // Beyond the spec's table: the country of the parcel found (the Parcel's own `pais`), and the
  // attribution "returned where it applies" ("What the service does" 5).
  pais: 'string',
  attribution: 'string',
};

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'ring':
      return (
        Array.isArray(value) &&
        value.length >= 4 &&
        value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((n) => typeof n === 'number' && Number.isFinite(n)))
      );
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    default:
      return typeof value === type;
  }
}

function expectFields(what: string, data: Record<string, unknown>, table: Record<string, FieldType>): void {
  for (const [key, value] of Object.entries(data)) {
    expect(table[key], `${what}: field '${key}' is not one the spec names`).toBeDefined();
    expect(hasType(value, table[key]), `${what}: '${key}' should be ${table[key]}, got ${JSON.stringify(value)?.slice(0, 80)}`).toBe(true);
  }
}

/** A Parcel (`data` of endpoint 3) with the spec's names and types; the required ones present. */
export function expectSpecParcel(what: string, parcel: Record<string, unknown>): void {
  expectFields(what, parcel, PARCEL);
  for (const key of ['refCatastral', 'pais', 'latitud', 'longitud', 'mapsUrl', 'poligono', 'availableFields'])
    expect(parcel, `${what}: ${key}`).toHaveProperty(key);
  const available = parcel.availableFields as Record<string, unknown>;
  expect(Object.keys(available).sort(), `${what}: availableFields keys`).toEqual([...AVAILABLE_FIELDS].sort());
  for (const key of AVAILABLE_FIELDS) expect(typeof available[key], `${what}: availableFields.${key}`).toBe('boolean');
}

/** A Coordinate-search result (`data` of endpoint 4) with the spec's names and types. */
export function expectSpecCoordinateResult(what: string, data: Record<string, unknown>): void {
  expectFields(what, data, COORDINATE_RESULT);
  for (const key of ['referenciaCatastral', 'refCat14', 'coordenadas', 'mapsUrl']) expect(data, `${what}: ${key}`).toHaveProperty(key);
  const point = data.coordenadas as Record<string, unknown>;
  expect(Object.keys(point).sort(), `${what}: coordenadas keys`).toEqual(['latitud', 'longitud']);
  expect(hasType(point.latitud, 'number') && hasType(point.longitud, 'number'), `${what}: coordenadas numbers`).toBe(true);
}

const UNITS_PAGE: Record<string, FieldType> = {
  refCatastral: 'string',
  direccion: 'string',
  codigoPostal: 'string',
  municipio: 'string',
  provincia: 'string',
  usoGeneral: 'string',
  superficieTotal: 'number',
  anioConstruccion: 'integer',
  totalUnidades: 'integer',
  totalUnidadesFinca: 'integer',
  unidades: 'array',
  truncated: 'boolean',
  nextCursor: 'string',
  dataSource: 'string',
  dataDate: 'string',
  attribution: 'string',
};
const UNIT: Record<string, FieldType> = {
  refCatastral: 'string',
  escalera: 'string',
  planta: 'string',
  puerta: 'string',
  uso: 'string',
  superficie: 'number',
  descripcion: 'string',
  participacion: 'number',
  anio: 'integer',
  direccion: 'string',
};

/** A Units page (`data` of endpoint 2) and each Unit object with the spec's names and types, every field present. */
export function expectSpecUnitsPage(what: string, page: Record<string, unknown>): void {
  const { unidades, ...rest } = page;
  expectFields(what, rest, UNITS_PAGE);
  expect(Array.isArray(unidades), `${what}: unidades is an array`).toBe(true);
  for (const key of Object.keys(UNITS_PAGE).filter((k) => k !== 'nextCursor' && k !== 'unidades')) expect(page, `${what}: ${key}`).toHaveProperty(key);
  for (const unit of unidades as Record<string, unknown>[]) {
    expectFields(`${what}, unit ${String(unit.refCatastral)}`, unit, UNIT);
    expect(Object.keys(unit).sort(), `${what}: unit fields`).toEqual(Object.keys(UNIT).sort());
    expect(String(unit.refCatastral)).toMatch(/^[0-9A-Z]{20}$/);
  }
}

const CANDIDATE: Record<string, FieldType> = {
  refCatastral: 'string',
  pais: 'string',
  direccion: 'string',
  numero: 'integer',
  codigoPostal: 'string',
  municipio: 'string',
  provincia: 'string',
  latitud: 'number',
  longitud: 'number',
  confianza: 'number',
  coincideNumero: 'boolean',
  coincideMunicipio: 'boolean',
  enCopia: 'boolean',
  direccionCatastro: 'string',
  uso: 'string',
  viviendas: 'integer',
  anioConstruccion: 'integer',
};
const CANDIDATES_DATA: Record<string, FieldType> = { consulta: 'object', candidatos: 'array', attribution: 'string', dataSource: 'string' };

/** The `data` of an address search (endpoint 1): consulta, candidatos best first, attribution; each candidate as the spec's table. */
export function expectSpecCandidates(what: string, data: Record<string, unknown>): void {
  expectFields(what, data, CANDIDATES_DATA);
  const consulta = data.consulta as Record<string, unknown>;
  for (const key of Object.keys(consulta)) expect(['texto', 'calle', 'numero', 'municipio'], `${what}: consulta.${key}`).toContain(key);
  const candidatos = data.candidatos as Record<string, unknown>[];
  expect(Array.isArray(candidatos), `${what}: candidatos is an array`).toBe(true);
  for (const candidate of candidatos) {
    expectFields(`${what}, candidate ${String(candidate.refCatastral)}`, candidate, CANDIDATE);
    for (const key of ['refCatastral', 'pais', 'direccion', 'confianza', 'coincideNumero', 'coincideMunicipio', 'enCopia'])
      expect(candidate, `${what}: ${key}`).toHaveProperty(key);
    expect(candidate.confianza as number).toBeGreaterThanOrEqual(0);
    expect(candidate.confianza as number).toBeLessThanOrEqual(1);
  }
  const scores = candidatos.map((c) => c.confianza as number);
  expect(scores, `${what}: best first`).toEqual([...scores].sort((a, b) => b - a));
}
