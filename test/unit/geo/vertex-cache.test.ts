import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toWgs84 } from '../../../core/geo/crs.js';
import { withVertexCache, type PointInto } from '../../../core/geo/vertex-cache.js';
import { fixture } from '../../helpers/paths.js';

/** A transform answering pairs, as the tests read it: `into` behind a pair. */
const pairs = (into: PointInto) => {
  const out = new Float64Array(2);
  return (x: number, y: number) => {
    into(x, y, out, 0);
    return [out[0], out[1]];
  };
};
const writing =
  (transform: (x: number, y: number) => number[]): PointInto =>
  (x, y, out, at) => {
    [out[at], out[at + 1]] = transform(x, y);
  };

/** Every vertex of the real Segovia parcels file, in file order, as x, y pairs (EPSG:25830). */
const gml = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
const vertices = [...gml.matchAll(/<gml:posList[^>]*>([^<]+)</g)].flatMap((m) => m[1].trim().split(/\s+/).map(Number));

describe('withVertexCache (reprojection of the bulk import)', () => {
  it("gives the transform's very doubles for every vertex of a real file, reprojecting the shared ones once", () => {
    let calls = 0;
    const transform = (x: number, y: number) => {
      calls++;
      return toWgs84(25830, x, y);
    };
    const cached = pairs(withVertexCache(writing(transform)));
    for (let i = 0; i < vertices.length; i += 2) {
      expect(cached(vertices[i], vertices[i + 1])).toEqual(toWgs84(25830, vertices[i], vertices[i + 1]));
    }
    // Neighbouring parcels share their boundary: each of these vertices is written about twice.
    const points = vertices.length / 2;
    expect(calls).toBeLessThan(points * 0.65);
    expect(calls).toBeGreaterThanOrEqual(new Set(Array.from({ length: points }, (_, k) => `${vertices[2 * k]} ${vertices[2 * k + 1]}`)).size);
  });

  it('tells 0 from -0 (equal as numbers, not always as inputs)', () => {
    const signOfX = (x: number, y: number) => [Object.is(x, -0) ? -1 : 1, y];
    const cached = pairs(withVertexCache(writing(signOfX)));
    expect(cached(0, 5)).toEqual([1, 5]);
    expect(cached(-0, 5)).toEqual([-1, 5]);
  });

  it('a slot taken by another vertex answers for that one only', () => {
    const cached = pairs(withVertexCache(writing((x, y) => [x + 1, y + 1])));
    // Far more vertices than slots: every answer is still its own.
    const wrong: number[] = [];
    for (let k = 1; k <= 200_000; k++) if (cached(k * 0.5, k * 0.25)[0] !== k * 0.5 + 1) wrong.push(k);
    expect(wrong).toEqual([]);
  });
});
