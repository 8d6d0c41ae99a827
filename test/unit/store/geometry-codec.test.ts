import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bboxOf, containsPoint } from '../../../core/geo/polygon.js';
import type { ParcelGeometry } from '../../../core/model/index.js';
import { decodeGeometry, encodeGeometry, encodedContains } from '../../../core/store/geometry-codec.js';
import { parseCadastralParcelXml } from '../../../core/formats/inspire-parcels.js';
import { fixture } from '../../helpers/paths.js';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';

const real = ['es_catastro_wfs-neighbour-9398516VK3799G.xml', 'es_catastro_wfs_getparcel_6362209CF9666S_25831.gml'].flatMap((name) =>
  parseCadastralParcelXml(readFileSync(fixture(name), 'utf8'), { ...CATASTRO_PARCELS, source: 'live' }),
);

const withHole: ParcelGeometry = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      [
        [4, 4],
        [6, 4],
        [6, 6],
        [4, 6],
        [4, 4],
      ],
    ],
    [
      [
        [20, 20],
        [21, 20],
        [21, 21],
        [20, 21],
        [20, 20],
      ],
    ],
  ],
};

describe('geometry codec', () => {
  it.each([...real.map((p) => [p.ref, p.geometry] as const), ['multipolygon with a hole', withHole] as const])('round-trips %s exactly', (_name, geometry) => {
    const blob = Buffer.from(encodeGeometry(geometry)); // copy: SQLite blobs arrive unaligned
    expect(decodeGeometry(Buffer.concat([Buffer.alloc(3), blob]).subarray(3))).toEqual(geometry);
  });

  it('answers containment like turf, holes and parts included', () => {
    const blob = encodeGeometry(withHole);
    expect(encodedContains(blob, 1, 1)).toBe(true);
    expect(encodedContains(blob, 5, 5)).toBe(false);
    expect(encodedContains(blob, 20.5, 20.5)).toBe(true);
    expect(encodedContains(blob, 15, 15)).toBe(false);
  });

  it('counts a point on a ring in (every vertex, a point exactly on an edge), as ST_Intersects and turf do', () => {
    for (const parcel of real) {
      const blob = encodeGeometry(parcel.geometry);
      const rings = parcel.geometry.type === 'Polygon' ? parcel.geometry.coordinates : parcel.geometry.coordinates.flat();
      for (const vertex of rings.flat()) expect(encodedContains(blob, ...vertex)).toBe(true);
    }
    const blob = encodeGeometry(withHole);
    expect(encodedContains(blob, 0, 5)).toBe(true); // the exterior's west edge
    expect(encodedContains(blob, 4, 5)).toBe(true); // a hole's edge is the polygon's border too
    expect(encodedContains(blob, 5, 5)).toBe(false); // inside the hole
  });

  // Random points inside each parcel's box: off its rings, so this is the even-odd rule alone.
  it('agrees with turf on random points around real parcels', () => {
    for (const parcel of real) {
      const blob = encodeGeometry(parcel.geometry);
      const [w, s, e, n] = bboxOf(parcel.geometry);
      fc.assert(
        fc.property(fc.double({ min: 0.001, max: 0.999, noNaN: true }), fc.double({ min: 0.001, max: 0.999, noNaN: true }), (u, v) => {
          const point: [number, number] = [w + u * (e - w), s + v * (n - s)];
          return encodedContains(blob, ...point) === containsPoint(parcel.geometry, point);
        }),
        { numRuns: 2000 },
      );
    }
  });
});
