import type { BBox, LonLat } from '../model/index.js';

/** True when the point lies in the box (edges included). */
export function bboxContains([minLon, minLat, maxLon, maxLat]: BBox, [lon, lat]: LonLat): boolean {
  return lon >= minLon && lon <= maxLon && lat >= minLat && lat <= maxLat;
}
