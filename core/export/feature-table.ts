import type { Parcel, PolygonGeometry } from '../model/index.js';

/** Attribute types as a GeoPackage column declares them (TEXT, REAL, INTEGER). */
export type FieldType = 'TEXT' | 'REAL' | 'INTEGER';

export interface Field {
  name: string;
  type: FieldType;
}

export type FieldValue = string | number | null;

/** One row of an export: an outline (null when the row found no parcel) and its attributes. */
export interface FeatureRow {
  geometry: PolygonGeometry | null;
  properties: Record<string, FieldValue>;
}

/**
 * A flat table of features, the one shape every export writer (CSV, GeoJSON, GeoPackage, KML)
 * takes, so a selection export and a batch output share the writers and their column rules.
 */
export interface FeatureTable {
  /** Table or layer name (GeoPackage table, KML document name). */
  name: string;
  fields: Field[];
  /** Read once, in order, as the file is written: a batch's rows come from its journal one at a time. */
  rows: Iterable<FeatureRow>;
}

/**
 * The parcel fields an export carries, in the spec's names and order; units are those of the
 * spec (m², WGS84 degrees). `poligono` becomes the geometry, `availableFields` is left out.
 */
export const PARCEL_FIELDS: readonly (Field & { name: keyof Parcel })[] = [
  { name: 'refCatastral', type: 'TEXT' },
  { name: 'pais', type: 'TEXT' },
  { name: 'direccion', type: 'TEXT' },
  { name: 'codigoPostal', type: 'TEXT' },
  { name: 'municipio', type: 'TEXT' },
  { name: 'provincia', type: 'TEXT' },
  { name: 'latitud', type: 'REAL' },
  { name: 'longitud', type: 'REAL' },
  { name: 'uso', type: 'TEXT' },
  { name: 'clase', type: 'TEXT' },
  { name: 'superficieParcela', type: 'REAL' },
  { name: 'superficieConstruida', type: 'REAL' },
  { name: 'anioConstruccion', type: 'INTEGER' },
  { name: 'coefParticipacion', type: 'TEXT' },
  { name: 'participacion', type: 'REAL' },
  { name: 'escalera', type: 'TEXT' },
  { name: 'planta', type: 'TEXT' },
  { name: 'puerta', type: 'TEXT' },
  { name: 'dataSource', type: 'TEXT' },
  { name: 'dataDate', type: 'TEXT' },
  { name: 'attribution', type: 'TEXT' },
  { name: 'mapsUrl', type: 'TEXT' },
];

/**
 * The fields a parcel file (KML, GeoJSON, GeoPackage, CSV) carries: the parcel's facts. The
 * answer's bookkeeping stays out: `availableFields` (flags for API clients) is not a field here,
 * and `dataSource` is a code ('clone'); the attribution and the data date say whose and when.
 */
export const FILE_FIELDS: readonly (Field & { name: keyof Parcel })[] = PARCEL_FIELDS.filter((field) => field.name !== 'dataSource');

export function parcelProperties(parcel: Parcel | undefined): Record<string, FieldValue> {
  const properties: Record<string, FieldValue> = {};
  for (const field of FILE_FIELDS) {
    const value = parcel?.[field.name];
    properties[field.name] = typeof value === 'string' || typeof value === 'number' ? value : null;
  }
  return properties;
}

/** The outline as a GeoJSON Polygon with a closed ring (the spec's `poligono` is one ring). */
export function parcelGeometry(parcel: Parcel): PolygonGeometry {
  const ring = [...parcel.poligono];
  const [first, last] = [ring[0], ring[ring.length - 1]];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push(first);
  return { type: 'Polygon', coordinates: [ring] };
}

export function parcelTable(parcels: Parcel[], name = 'parcels'): FeatureTable {
  return {
    name,
    fields: [...FILE_FIELDS],
    rows: parcels.map((parcel) => ({ geometry: parcelGeometry(parcel), properties: parcelProperties(parcel) })),
  };
}
