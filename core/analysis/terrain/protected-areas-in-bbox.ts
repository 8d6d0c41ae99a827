import { bboxClip } from '@turf/turf';
import type { Database } from 'better-sqlite3';
import type { BBox, Ring } from '../../model/index.js';

/**
 * Map overlay: protected-site polygons (Natura 2000 and national registers) meeting a box, as GeoJSON. Polygons are clipped to the
 * box grown by 10 % on each side, so a site of megabytes does not travel whole for one view and
 * the clip edges stay off screen.
 */
export function protectedAreasInBBox(db: Database, bbox: BBox, limit: number): GeoJSON.FeatureCollection {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  const dx = (maxLon - minLon) * 0.1;
  const dy = (maxLat - minLat) * 0.1;
  const grown: BBox = [minLon - dx, minLat - dy, maxLon + dx, maxLat + dy];
  const rows = db.prepare(`
    SELECT p.id, d.register, s.code, s.name, s.types, s.designation, s.country, p.rings
    FROM analysis_pa_parts_rtree r JOIN analysis_pa_parts p ON p.id = r.id JOIN analysis_pa_sites s ON s.id = p.site_id
      JOIN analysis_pa_datasets d ON d.id = s.dataset_id
    WHERE r.min_lon <= ? AND r.max_lon >= ? AND r.min_lat <= ? AND r.max_lat >= ? LIMIT ?`)
    .all(maxLon, minLon, maxLat, minLat, limit) as { id: number; register: string; code: string; name: string; types: string; designation: string; country: string; rings: string }[];
  const features: GeoJSON.Feature[] = [];
  for (const row of rows) {
    const clipped = bboxClip({ type: 'Polygon', coordinates: JSON.parse(row.rings) as Ring[] }, grown).geometry;
    const rings = (clipped.coordinates as Ring[]).filter((ring) => ring.length >= 4);
    if (rings.length === 0) continue;
    features.push({
      type: 'Feature',
      id: row.id,
      // `register` lets the map colour national sites apart; `types` is empty for them.
      properties: { code: row.code, name: row.name, register: row.register, types: row.types.split(',').filter(Boolean), designation: row.designation, country: row.country },
      geometry: { type: 'Polygon', coordinates: rings },
    });
  }
  return { type: 'FeatureCollection', features };
}
