import { bbox as turfBbox } from '@turf/bbox';
import { centerOfMass } from '@turf/center-of-mass';
import { area as turfArea } from '@turf/area';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bboxOf, centroid } from '../../../core/geo/polygon.js';
import type { LonLat, ParcelGeometry, Ring } from '../../../core/model/index.js';
import { streamCadastralParcels } from '../../../core/formats/inspire-parcels.js';
import { fixture } from '../../helpers/paths.js';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';

/**
 * polygon.ts computes the centroid and the box by hand (bulk imports) and must give turf's very
 * doubles: the stored copy is compared byte for byte with what turf gave (import-unchanged.test.ts).
 */

/** turf's own answers, as polygon.ts gave them before: centerOfMass per polygon, parts weighted by area. */
function turfCentroid(geometry: ParcelGeometry): LonLat {
  const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  if (parts.length === 1) return centerOfMass({ type: 'Polygon', coordinates: parts[0] }).geometry.coordinates as LonLat;
  let sumArea = 0,
    sumLon = 0,
    sumLat = 0;
  for (const rings of parts) {
    const weight = turfArea({ type: 'Polygon', coordinates: rings });
    const [lon, lat] = centerOfMass({ type: 'Polygon', coordinates: rings }).geometry.coordinates;
    sumArea += weight;
    sumLon += lon * weight;
    sumLat += lat * weight;
  }
  return sumArea > 0 ? [sumLon / sumArea, sumLat / sumArea] : (parts[0][0][0] as LonLat);
}

const sameDoubles = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/** The doubles a computation gives, or the message it throws (turf refuses a centroid that is not numbers). */
const outcome = (compute: () => number[]) => {
  try {
    return compute();
  } catch (error) {
    return (error as Error).message;
  }
};

// Closed rings of 3 to 30 arbitrary points, anywhere on the globe and at parcel scale (tiny offsets, -0 included).
const coordinate = fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -1e-6, max: 1e-6, noNaN: true }));
const ring = fc.array(fc.tuple(coordinate, coordinate), { minLength: 3, maxLength: 30 }).map((points) => [...points, points[0]] as Ring);
const polygon = fc.array(ring, { minLength: 1, maxLength: 3 });
const geometry: fc.Arbitrary<ParcelGeometry> = fc.oneof(
  polygon.map((coordinates) => ({ type: 'Polygon' as const, coordinates })),
  fc.array(polygon, { minLength: 2, maxLength: 3 }).map((coordinates) => ({ type: 'MultiPolygon' as const, coordinates })),
);

describe("centroid and box by hand are turf's, bit for bit", () => {
  it('on arbitrary polygons with holes and multipolygons', () => {
    fc.assert(
      fc.property(geometry, (g) => {
        expect(sameDoubles(bboxOf(g), turfBbox(g))).toBe(true);
        const [ours, turf] = [outcome(() => centroid(g)), outcome(() => turfCentroid(g))];
        expect(typeof ours === 'string' ? ours === turf : typeof turf !== 'string' && sameDoubles(ours, turf)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('on every parcel of the real Segovia file', async () => {
    const file = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
    let compared = 0;
    await streamCadastralParcels(file, { ...CATASTRO_PARCELS, source: 'inspire' }, (parcels) => {
      for (const p of parcels) {
        expect(sameDoubles(p.centroid, turfCentroid(p.geometry))).toBe(true);
        expect(sameDoubles(bboxOf(p.geometry), turfBbox(p.geometry))).toBe(true);
        compared++;
      }
    });
    expect(compared).toBe(1443);
  });

  it('refuses an outline that is not numbers as turf does', () => {
    const broken: ParcelGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [NaN, 0],
          [1, 0],
          [1, 1],
          [NaN, 0],
        ],
      ],
    };
    expect(() => turfCentroid(broken)).toThrow('coordinates must contain numbers');
    expect(() => centroid(broken)).toThrow('coordinates must contain numbers');
  });
});
