import { describe, expect, it } from 'vitest';
import { areaM2, centroid, containsPoint, largestPolygon, outerRing, parcelAreaM2 } from '../../../core/geo/polygon.js';
import type { LonLat, MultiPolygonGeometry } from '../../../core/model/index.js';

// A 0.001° square near the equator: its centroid is its middle, its area ≈ (111.32 m)².
const square = (lon: number, lat: number, size: number): LonLat[] => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
  [lon, lat],
];

describe('polygon helpers', () => {
  it('centroid of a square is its middle', () => {
    const [lon, lat] = centroid({ type: 'Polygon', coordinates: [square(10, 0, 0.001)] });
    expect(lon).toBeCloseTo(10.0005, 9);
    expect(lat).toBeCloseTo(0.0005, 9);
  });

  it('centroid of a multipolygon weights parts by area (not a vertex mean or convex hull)', () => {
    const multi: MultiPolygonGeometry = {
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 0.002)], [square(0.01, 0, 0.001)]],
    };
    // Areas 4:1, centres 0.001 and 0.0105 → weighted lon = (4·0.001 + 1·0.0105)/5 = 0.0029.
    expect(centroid(multi)[0]).toBeCloseTo(0.0029, 5);
  });

  it('area of a 0.001° equatorial square is about 111.3 m squared', () => {
    const area = areaM2({ type: 'Polygon', coordinates: [square(0, 0, 0.001)] });
    expect(area).toBeGreaterThan(12_300);
    expect(area).toBeLessThan(12_450);
  });

  it('picks the largest part as the outline and tests containment', () => {
    const multi: MultiPolygonGeometry = {
      type: 'MultiPolygon',
      coordinates: [[square(0.01, 0, 0.001)], [square(0, 0, 0.002)]],
    };
    expect(outerRing(multi)).toEqual(square(0, 0, 0.002));
    expect(largestPolygon(multi).coordinates[0]).toEqual(square(0, 0, 0.002));
    expect(containsPoint(multi, [0.001, 0.001])).toBe(true);
    expect(containsPoint(multi, [0.005, 0.001])).toBe(false);
  });
});

describe('a parcel area as the copy keeps it', () => {
  const hectare: MultiPolygonGeometry = {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [-3.7, 40.4],
          [-3.6988, 40.4],
          [-3.6988, 40.4009],
          [-3.7, 40.4009],
          [-3.7, 40.4],
        ],
      ],
    ],
  };
  it('is the official figure when the source gives a positive one, else the outline’s', () => {
    const outline = areaM2(hectare);
    expect(outline).toBeGreaterThan(9_000);
    expect(parcelAreaM2(812.5, hectare)).toBe(812.5);
    for (const missing of [undefined, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) expect(parcelAreaM2(missing, hectare)).toBe(outline);
  });
});
