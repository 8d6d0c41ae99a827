import { area as turfArea, bboxClip, booleanPointInPolygon, feature, featureCollection, intersect, lineIntersect } from '@turf/turf';
import type { BBox, PolygonGeometry, Ring } from '../../model/index.js';

/**
 * Area (m², geodesic) shared by a simple parcel polygon and one piece of a site.
 *
 * turf's exact intersect (polyclip-ts, arbitrary-precision arithmetic) takes 10–50 ms on a piece
 * of a few hundred vertices, so it only runs where the two boundaries actually cross. Where
 * they never meet (turf lineIntersect finds no point, sub-millisecond), the shared area follows
 * from containment alone: the parcel lies in the piece (minus any hole inside the parcel), the
 * piece lies in the parcel, or they are apart.
 */
export function sharedAreaM2(parcel: PolygonGeometry, parcelBox: BBox, siteRings: Ring[], parcelArea = turfArea(parcel)): number {
  const site: PolygonGeometry = { type: 'Polygon', coordinates: siteRings };
  if (lineIntersect(parcel, site).features.length === 0) return areaWithoutCrossings(parcel, parcelArea, siteRings);
  // Clip to a slightly larger box first: the exact intersection then sees only the vertices near
  // the parcel, and Sutherland–Hodgman's zero-width bridges along the clip edges stay off the
  // parcel's own extreme edges.
  const mx = (parcelBox[2] - parcelBox[0]) * 0.05 + 1e-7;
  const my = (parcelBox[3] - parcelBox[1]) * 0.05 + 1e-7;
  const box: BBox = [parcelBox[0] - mx, parcelBox[1] - my, parcelBox[2] + mx, parcelBox[3] + my];
  const clipped = bboxClip(site, box).geometry;
  const rings = (clipped.coordinates as Ring[]).filter((ring) => ring.length >= 4);
  if (rings.length === 0) return 0;
  const shared = intersect(featureCollection([feature(parcel), feature({ type: 'Polygon', coordinates: rings })]));
  return shared ? turfArea(shared) : 0;
}

function areaWithoutCrossings(parcel: PolygonGeometry, parcelArea: number, siteRings: Ring[]): number {
  const parcelVertex = parcel.coordinates[0][0];
  const outer: PolygonGeometry = { type: 'Polygon', coordinates: [siteRings[0]] };
  if (booleanPointInPolygon(parcelVertex, outer)) {
    let shared = parcelArea;
    for (const hole of siteRings.slice(1)) {
      const holePolygon: PolygonGeometry = { type: 'Polygon', coordinates: [hole] };
      if (booleanPointInPolygon(parcelVertex, holePolygon, { ignoreBoundary: true })) return 0; // the parcel sits in a hole
      if (booleanPointInPolygon(hole[0], parcel)) shared -= turfArea(holePolygon);
    }
    return Math.max(0, shared);
  }
  if (booleanPointInPolygon(siteRings[0][0], parcel)) return turfArea({ type: 'Polygon', coordinates: siteRings });
  return 0;
}
