/** [longitude, latitude] in WGS84 degrees (EPSG:4326, GeoJSON axis order). */
export type LonLat = [number, number];
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
