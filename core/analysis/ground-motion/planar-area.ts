/**
 * Area of planar polygon rings (projected metres), outer ring minus holes, by the shoelace
 * formula. Hand-written: turf's `area` is geodesic and expects degrees.
 */
export function planarArea(rings: readonly (readonly number[])[][]): number {
  let total = 0;
  rings.forEach((ring, index) => {
    let twice = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) twice += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
    total += (index === 0 ? 1 : -1) * Math.abs(twice / 2);
  });
  return total;
}
