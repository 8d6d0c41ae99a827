/** [longitude, latitude] in WGS84 degrees (EPSG:4326, GeoJSON axis order). */
export type LonLat = [number, number];

/**
 * The WGS84 degree ranges, the one place they are written: the HTTP/IPC schemas
 * (input-schemas.ts), the importer's check of reprojected points and the batch column detection
 * read them here, so a bulk import does not load the schema library (about 200 modules, a third
 * of a small file's import).
 */
export const LATITUDE_RANGE = { minimum: -90, maximum: 90 } as const;
export const LONGITUDE_RANGE = { minimum: -180, maximum: 180 } as const;
/** Decimals a coordinate in degrees is shown with: 6 is about 0.1 m, finer than any outline the cadastres draw. */
export const DEGREE_DECIMALS = 6;

/**
 * A point as messages print it, latitude first as people write it: "40.416775, -3.70379". A
 * double's full precision ("40.41677543210987") means nothing to the user; the trailing zeros of
 * the rounding are dropped so a typed "55.68, 12.58" reads back as typed.
 */
export function pointText([longitude, latitude]: LonLat): string {
  return [latitude, longitude].map((degrees) => String(Number(degrees.toFixed(DEGREE_DECIMALS)))).join(', ');
}

/** [minLon, minLat, maxLon, maxLat]. */
export type BBox = [number, number, number, number];

export type Ring = LonLat[];

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Ring[];
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: Ring[][];
}

export type ParcelGeometry = PolygonGeometry | MultiPolygonGeometry;
