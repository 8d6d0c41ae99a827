import { bboxClip, bbox as turfBbox } from '@turf/turf';
import type { BBox, Ring } from '../../model/index.js';

/** Largest piece stored: small enough that reading and intersecting a candidate costs microseconds. */
export const MAX_PIECE_VERTICES = 256;

const vertexCount = (rings: Ring[]) => rings.reduce((sum, ring) => sum + ring.length, 0);

/**
 * Cuts a large polygon into pieces of at most `maxVertices` vertices by halving its box along the
 * longer side, recursively (the idea of PostGIS ST_Subdivide). Each cut is a box clip (turf
 * bboxClip, linear time; an exact polygon intersection per cut took minutes on the Madrid ZEC
 * layer). The halves tile the polygon: their areas add up to its area, and a parcel's overlap
 * with the site is the sum of its overlaps with the pieces. Clipping a concave ring can leave
 * zero-width slivers along the cut line; they carry no area. The R*Tree then holds small boxes,
 * and a parcel meets only the few pieces around it.
 */
/** One ring clipped to a box, or undefined when too little is left to be a ring. */
function clipRing(ring: Ring, box: BBox): Ring | undefined {
  const [clipped] = bboxClip({ type: 'Polygon', coordinates: [ring] }, box).geometry.coordinates as Ring[];
  return clipped && clipped.length >= 4 ? clipped : undefined;
}

export function subdividePolygon(rings: Ring[], maxVertices = MAX_PIECE_VERTICES, depth = 0): Ring[][] {
  if (vertexCount(rings) <= maxVertices || depth >= 24) return [rings];
  const [minX, minY, maxX, maxY] = turfBbox({ type: 'Polygon', coordinates: rings });
  const halves: BBox[] =
    maxX - minX >= maxY - minY
      ? [
          [minX, minY, (minX + maxX) / 2, maxY],
          [(minX + maxX) / 2, minY, maxX, maxY],
        ]
      : [
          [minX, minY, maxX, (minY + maxY) / 2],
          [minX, (minY + maxY) / 2, maxX, maxY],
        ];
  const pieces: Ring[][] = [];
  for (const half of halves) {
    const [outer, ...holes] = rings.map((ring) => clipRing(ring, half));
    // Nothing of the outer ring in this half means nothing of the polygon (its holes lie inside it).
    if (!outer) continue;
    const clipped = [outer, ...holes.filter((hole): hole is Ring => hole !== undefined)];
    pieces.push(...subdividePolygon(clipped, maxVertices, depth + 1));
  }
  return pieces;
}
