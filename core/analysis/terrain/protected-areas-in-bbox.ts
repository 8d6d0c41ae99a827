import { bboxClip } from '@turf/turf';
import type { BBox, Ring } from '../../model/index.js';
import type { AnalysisTables } from '../../store/analysis-tables.js';

/**
 * Map overlay: protected-site polygons (Natura 2000 and national registers) meeting a box, as GeoJSON. Polygons are clipped to the
 * box grown by 10 % on each side, so a site of megabytes does not travel whole for one view and
 * the clip edges stay off screen.
 */
export function protectedAreasInBBox(tables: AnalysisTables, bbox: BBox, limit: number): GeoJSON.FeatureCollection {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  const dx = (maxLon - minLon) * 0.1;
  const dy = (maxLat - minLat) * 0.1;
  const grown: BBox = [minLon - dx, minLat - dy, maxLon + dx, maxLat + dy];
  const rows = tables.protectedAreaPartsIn(bbox, limit);
  const features: GeoJSON.Feature[] = [];
  for (const row of rows) {
    const clipped = bboxClip({ type: 'Polygon', coordinates: JSON.parse(row.rings) as Ring[] }, grown).geometry;
    const rings = (clipped.coordinates as Ring[]).filter((ring) => ring.length >= 4);
    if (rings.length === 0) continue;
    features.push({
      type: 'Feature',
      id: row.partId,
      // `register` lets the map colour national sites apart; `types` is empty for them.
      properties: {
        code: row.code,
        name: row.name,
        register: row.register,
        types: row.types.split(',').filter(Boolean),
        designation: row.designation,
        country: row.country,
      },
      geometry: { type: 'Polygon', coordinates: rings },
    });
  }
  return { type: 'FeatureCollection', features };
}
