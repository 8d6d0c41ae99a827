import { bboxContains } from '../../geo/bbox.js';
import type { BBox, LonLat } from '../../model/index.js';

/**
 * The spec's partial limit for Portugal: no Lisbon, Porto, Coimbra (the DGT INSPIRE layer is
 * published per município and those are missing; SOURCES.md 15 notes Lisboa and Porto answering
 * numberMatched 0). Rough extents of the three municípios: a point inside one answers 422.
 */
const NOT_PUBLISHED: { name: string; bounds: BBox }[] = [
  { name: 'Lisboa', bounds: [-9.2305, 38.6914, -9.0866, 38.796] },
  { name: 'Porto', bounds: [-8.6914, 41.1383, -8.5526, 41.1859] },
  { name: 'Coimbra', bounds: [-8.5926, 40.1037, -8.3139, 40.352] },
];

/** Why the point is outside Portugal's coverage (the município named), or undefined. */
export function outsidePortugueseCoverage(point: LonLat): string | undefined {
  const municipio = NOT_PUBLISHED.find((m) => bboxContains(m.bounds, point))?.name;
  return municipio && `the official source publishes no parcels of ${municipio} (no Lisbon, Porto, Coimbra).`;
}
