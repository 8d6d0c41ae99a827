import { area } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { sharedAreaM2 } from '../../../core/analysis/terrain/site-overlap.js';
import type { BBox, PolygonGeometry, Ring } from '../../../core/model/index.js';

const square = (x0: number, y0: number, size: number): Ring => [
  [x0, y0],
  [x0 + size, y0],
  [x0 + size, y0 + size],
  [x0, y0 + size],
  [x0, y0],
];
const polygon = (...rings: Ring[]): PolygonGeometry => ({ type: 'Polygon', coordinates: rings });
const box = (p: PolygonGeometry): BBox => {
  const xs = p.coordinates[0].map((c) => c[0]);
  const ys = p.coordinates[0].map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
};

describe('shared area of a parcel and a site piece (geodesic m²)', () => {
  const site = [square(0, 40, 1), square(0.4, 40.4, 0.2)]; // 1° square with a 0.2° hole
  it('parcel inside the site, away from the hole: the whole parcel', () => {
    const parcel = polygon(square(0.1, 40.1, 0.01));
    expect(sharedAreaM2(parcel, box(parcel), site)).toBeCloseTo(area(parcel), 3);
  });
  it('parcel inside the hole: nothing', () => {
    const parcel = polygon(square(0.45, 40.45, 0.01));
    expect(sharedAreaM2(parcel, box(parcel), site)).toBe(0);
  });
  it('parcel around the hole: parcel minus hole', () => {
    const parcel = polygon(square(0.3, 40.3, 0.4));
    expect(sharedAreaM2(parcel, box(parcel), site)).toBeCloseTo(area(parcel) - area(polygon(site[1])), 0);
  });
  it('parcel containing the whole site piece: the piece', () => {
    const piece = [square(0.1, 40.1, 0.01)];
    const parcel = polygon(square(0, 40, 1));
    expect(sharedAreaM2(parcel, box(parcel), piece)).toBeCloseTo(area(polygon(...piece)), 3);
  });
  it('crossing boundaries: half of a parcel straddling the site edge (exact intersection path)', () => {
    const parcel = polygon([
      [-0.005, 40.5],
      [0.005, 40.5],
      [0.005, 40.51],
      [-0.005, 40.51],
      [-0.005, 40.5],
    ]);
    const half = polygon([
      [0, 40.5],
      [0.005, 40.5],
      [0.005, 40.51],
      [0, 40.51],
      [0, 40.5],
    ]);
    expect(sharedAreaM2(parcel, box(parcel), site)).toBeCloseTo(area(half), 0);
  });
  it('apart: nothing', () => {
    const parcel = polygon(square(2, 40, 0.01));
    expect(sharedAreaM2(parcel, box(parcel), site)).toBe(0);
  });
});
