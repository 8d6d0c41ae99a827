import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toWgs84, wgs84Transform } from '../../../core/geo/crs.js';

describe("wgs84Transform (the bulk import's per-CRS converter)", () => {
  it.each([25828, 25829, 25830, 25831, 32630, 4083, 2154, 4258])('gives exactly the doubles toWgs84 gives (EPSG:%i)', (epsg) => {
    const transform = wgs84Transform(epsg);
    const geographic = epsg === 4258;
    const [xs, ys] = geographic
      ? [
          [-10, 5],
          [35, 45],
        ]
      : epsg === 2154
        ? [
            [100_000, 1_200_000],
            [6_000_000, 7_100_000],
          ]
        : [
            [150_000, 850_000],
            [3_000_000, 4_900_000],
          ];
    fc.assert(
      fc.property(fc.double({ min: xs[0], max: xs[1], noNaN: true }), fc.double({ min: ys[0], max: ys[1], noNaN: true }), (x, y) => {
        expect(transform(x, y)).toEqual(toWgs84(epsg, x, y));
      }),
      { numRuns: 3000 },
    );
  });
});
