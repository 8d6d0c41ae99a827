import { fold } from '../address/normalize.js';
import type { CountryCode, UnitFacts } from '../model/index.js';
import { decodeGeometry, encodeGeometry } from './geometry-codec.js';
import type { RecordSource, StoredAddress, StoredFinca, StoredParcel, StoredUnit } from '../model/records.js';

/**
 * A LIKE pattern for a folded address (SQLite's `fold_text(column)`, PostGIS's `*_folded`
 * columns) holding `word`: folded, LIKE's own characters escaped with the backslash.
 */
export const foldedLikePattern = (word: string) => `%${fold(word).replace(/[\\%_]/g, '\\$&')}%`;

/** Columns of a portal of an imported Addresses file (table addresses) in both stores, read by `addressFromRow`. */
export const ADDRESS_COLUMNS = 'ref, street, number, postcode, municipality, lon, lat';
export interface AddressRow {
  ref: string;
  street: string;
  number: string;
  postcode: string | null;
  municipality: string | null;
  lon: number;
  lat: number;
}
export const addressFromRow = (country: CountryCode, r: AddressRow): StoredAddress => ({
  country,
  ref: r.ref,
  street: r.street,
  number: r.number,
  point: [r.lon, r.lat],
  ...(r.postcode && { postcode: r.postcode }),
  ...(r.municipality && { municipality: r.municipality }),
});

/**
 * A parcel's facts after its outline, joined with its building (the building fills what the
 * parcel lacks), in parcelFromValues' order: the same SQL in both engines.
 */
export const PARCEL_FACT_COLUMNS = `
  p.centroid_lon, p.centroid_lat, p.area,
  p.municipio, p.provincia, p.direccion, p.codigo_postal,
  COALESCE(p.uso, b.uso) AS uso, p.clase,
  COALESCE(p.superficie_construida, b.superficie_construida) AS superficie_construida,
  COALESCE(p.anio_construccion, b.anio_construccion) AS anio_construccion,
  COALESCE(p.declared_units, b.building_units) AS declared_units,
  COALESCE(p.declared_dwellings, b.dwellings) AS declared_dwellings,
  p.source, p.data_date`;

/** Columns of a parcel joined with its building, as the SQLite copy reads them (ParcelRow). */
export const PARCEL_COLUMNS = `p.id, p.country, p.ref, p.geometry, ${PARCEL_FACT_COLUMNS}`;

/** How many values a row of PARCEL_COLUMNS has (a joined finca's follow them); the type keeps it ParcelRow's length. */
export const PARCEL_COLUMN_COUNT: ParcelRow['length'] = 19;

/** A parcel and the building of the same country standing on it (keyed by the parcel's reference). */
export const PARCEL_FROM = `parcels p LEFT JOIN buildings b ON b.country = p.country AND b.ref = p.ref`;
export const BOXES_FROM = `parcels_rtree r JOIN parcels p ON p.id = r.id LEFT JOIN buildings b ON b.country = p.country AND b.ref = p.ref`;

/**
 * A row of PARCEL_COLUMNS as better-sqlite3's raw mode returns it: values in column order.
 * Raw rows skip building a keyed object per row, about a quarter of a reference lookup.
 */
export type ParcelRow = [
  id: number,
  country: string,
  ref: string,
  geometry: Buffer,
  centroidLon: number,
  centroidLat: number,
  area: number,
  municipio: string | null,
  provincia: string | null,
  direccion: string | null,
  codigoPostal: string | null,
  uso: string | null,
  clase: string | null,
  superficieConstruida: number | null,
  anioConstruccion: number | null,
  declaredUnits: number | null,
  declaredDwellings: number | null,
  source: string,
  dataDate: string,
];

const optional = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

export function parcelFromRow(row: ParcelRow): StoredParcel {
  const [, country, ref, geometry, ...facts] = row;
  return parcelFromValues(country, ref, decodeGeometry(geometry), facts);
}

/**
 * A parcel from the values PARCEL_COLUMNS reads after its outline, in that order: both engines
 * read them alike (the SQLite copy's raw rows, PostGIS rows in array mode); only the outline's
 * encoding differs, so each decodes its own and hands it here.
 */
export function parcelFromValues(country: string, ref: string, geometry: StoredParcel['geometry'], facts: readonly unknown[]): StoredParcel {
  const [
    centroidLon,
    centroidLat,
    area,
    municipio,
    provincia,
    direccion,
    codigoPostal,
    uso,
    clase,
    superficieConstruida,
    anioConstruccion,
    declaredUnits,
    declaredDwellings,
    source,
    dataDate,
  ] = facts as [number, number, number, ...(string | number | null)[]];
  return {
    ref,
    country: country as CountryCode,
    geometry,
    centroid: [centroidLon, centroidLat],
    areaM2: area,
    municipio: optional(municipio as string | null),
    provincia: optional(provincia as string | null),
    direccion: optional(direccion as string | null),
    codigoPostal: optional(codigoPostal as string | null),
    uso: optional(uso as string | null),
    clase: optional(clase as string | null),
    superficieConstruida: optional(superficieConstruida as number | null),
    anioConstruccion: optional(anioConstruccion as number | null),
    declaredUnits: optional(declaredUnits as number | null),
    declaredDwellings: optional(declaredDwellings as number | null),
    source: source as RecordSource,
    dataDate: dataDate as string,
  };
}

export function parcelParams(p: StoredParcel) {
  return {
    country: p.country,
    ref: p.ref,
    geometry: encodeGeometry(p.geometry),
    centroid_lon: p.centroid[0],
    centroid_lat: p.centroid[1],
    area: p.areaM2,
    municipio: p.municipio ?? null,
    provincia: p.provincia ?? null,
    direccion: p.direccion ?? null,
    codigo_postal: p.codigoPostal ?? null,
    uso: p.uso ?? null,
    clase: p.clase ?? null,
    superficie_construida: p.superficieConstruida ?? null,
    anio_construccion: p.anioConstruccion ?? null,
    declared_units: p.declaredUnits ?? null,
    declared_dwellings: p.declaredDwellings ?? null,
    source: p.source,
    data_date: p.dataDate,
  };
}

export interface UnitRow extends UnitFacts {
  ref: string;
  finca: string;
  source: string;
  data_date: string;
}

export const unitFromRow = (r: UnitRow): StoredUnit => ({
  ref: r.ref,
  finca: r.finca,
  escalera: r.escalera,
  planta: r.planta,
  puerta: r.puerta,
  uso: r.uso,
  superficie: r.superficie,
  descripcion: r.descripcion,
  participacion: r.participacion,
  anio: r.anio,
  direccion: r.direccion,
  source: r.source as RecordSource,
  dataDate: r.data_date,
});

export const unitParams = (country: CountryCode, u: StoredUnit) => ({
  country,
  ref: u.ref,
  finca: u.finca,
  escalera: u.escalera,
  planta: u.planta,
  puerta: u.puerta,
  uso: u.uso,
  superficie: u.superficie,
  descripcion: u.descripcion,
  participacion: u.participacion,
  anio: u.anio,
  direccion: u.direccion,
  source: u.source,
  data_date: u.dataDate,
});

/** The columns of a finca a FincaRow holds: what a finca joined to its parcel reads. */
export const FINCA_COLUMNS = [
  'ref',
  'direccion',
  'codigo_postal',
  'municipio',
  'provincia',
  'uso_general',
  'superficie_total',
  'superficie_parcela',
  'anio_construccion',
  'declared_units',
  'source',
  'data_date',
] as const satisfies readonly (keyof FincaRow)[];

/** A finca from its FINCA_COLUMNS values in a raw row (after a parcel's, in a join), or undefined when the join found none. */
export function fincaFromValues(values: readonly unknown[]): StoredFinca | undefined {
  if (values[0] === null || values[0] === undefined) return undefined;
  return fincaFromRow(Object.fromEntries(FINCA_COLUMNS.map((column, i) => [column, values[i]])) as unknown as FincaRow);
}

export interface FincaRow {
  ref: string;
  direccion: string;
  codigo_postal: string;
  municipio: string;
  provincia: string;
  uso_general: string;
  superficie_total: number;
  superficie_parcela: number | null;
  anio_construccion: number;
  declared_units: number;
  source: string;
  data_date: string;
}

export const fincaFromRow = (r: FincaRow): StoredFinca => ({
  ref: r.ref,
  direccion: r.direccion,
  codigoPostal: r.codigo_postal,
  municipio: r.municipio,
  provincia: r.provincia,
  usoGeneral: r.uso_general,
  superficieTotal: r.superficie_total,
  superficieParcela: optional(r.superficie_parcela),
  anioConstruccion: r.anio_construccion,
  declaredUnits: r.declared_units,
  source: r.source as RecordSource,
  dataDate: r.data_date,
});

export const fincaParams = (country: CountryCode, f: StoredFinca) => ({
  country,
  ref: f.ref,
  direccion: f.direccion,
  codigo_postal: f.codigoPostal,
  municipio: f.municipio,
  provincia: f.provincia,
  uso_general: f.usoGeneral,
  superficie_total: f.superficieTotal,
  superficie_parcela: f.superficieParcela ?? null,
  anio_construccion: f.anioConstruccion,
  declared_units: f.declaredUnits,
  source: f.source,
  data_date: f.dataDate,
});
