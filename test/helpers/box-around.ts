import type { PolygonGeometry } from '../../core/model/index.js';

/** A closed rectangle of ±halfLon by ±halfLat degrees around (lon, lat), its corners from the south-west counter-clockwise. */
export const boxAround = (lon: number, lat: number, halfLon: number, halfLat = halfLon): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon - halfLon, lat - halfLat],
      [lon + halfLon, lat - halfLat],
      [lon + halfLon, lat + halfLat],
      [lon - halfLon, lat + halfLat],
      [lon - halfLon, lat - halfLat],
    ],
  ],
});
