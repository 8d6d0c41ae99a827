import { area as turfArea, bboxClip, feature, featureCollection, intersect } from '@turf/turf';
import type { BBox, PolygonGeometry, Ring } from '../../model/index.js';

/**
 * Area (m², geodesic) shared by the parcel and one polygon of a site. The site polygon is first
 * clipped to the parcel's box (linear time), so the exact intersection only ever sees the few
 * vertices near the parcel, however large the site is.
 */
export function sharedAreaM2(parcel: PolygonGeometry, parcelBox: BBox, siteRings: Ring[]): number {
  // Clip to a slightly larger box: Sutherland–Hodgman leaves zero-width bridges along the clip
  // edges, and those must not run along the parcel's own extreme edges.
  const mx = (parcelBox[2] - parcelBox[0]) * 0.05 + 1e-7;
  const my = (parcelBox[3] - parcelBox[1]) * 0.05 + 1e-7;
  const box: BBox = [parcelBox[0] - mx, parcelBox[1] - my, parcelBox[2] + mx, parcelBox[3] + my];
  const clipped = bboxClip({ type: 'Polygon', coordinates: siteRings }, box).geometry;
  const rings = (clipped.coordinates as Ring[]).filter((ring) => ring.length >= 4);
  if (rings.length === 0) return 0;
  const shared = intersect(featureCollection([feature(parcel), feature({ type: 'Polygon', coordinates: rings })]));
  return shared ? turfArea(shared) : 0;
}
