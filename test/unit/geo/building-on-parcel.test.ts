import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readGmlFeatures } from '../../../core/countries/national/gml-features.js';
import { buildingStandsOn } from '../../../core/geo/building-on-parcel.js';
import { bboxOf, centroid, containsPoint } from '../../../core/geo/polygon.js';
import type { ParcelGeometry } from '../../../core/model/index.js';
import { fixture } from '../../helpers/paths.js';

// The real Melque de Cercos (40146) files: every INSPIRE building's localId is the reference of
// the parcel it was drawn on, so the files say which parcel each building stands on.
const read = (name: string, features: string[]) =>
  readGmlFeatures(gunzipSync(readFileSync(fixture(name))).toString('utf8'), new Set(features), 'fixture', 'urn:ogc:def:crs:EPSG::25830');
const parcels = new Map(
  read('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz', ['CadastralParcel']).flatMap(({ values, geometry }) =>
    geometry && values.nationalCadastralReference ? [[values.nationalCadastralReference, geometry] as const] : [],
  ),
);
const buildings = read('A.ES.SDGC.BU.40146.building.gml.gz', ['Building']).flatMap(({ values, geometry }) =>
  geometry && parcels.has(values.localId) ? [{ ref: values.localId, footprint: geometry }] : [],
);

const boxesMeet = (a: ParcelGeometry, b: ParcelGeometry) => {
  const [ax0, ay0, ax1, ay1] = bboxOf(a);
  const [bx0, by0, bx1, by1] = bboxOf(b);
  return ax0 <= bx1 && bx0 <= ax1 && ay0 <= by1 && by0 <= ay1;
};

describe('a building stands on the parcel holding most of its footprint', () => {
  it('reads the real files (hundreds of buildings on their parcels)', () => {
    expect(parcels.size).toBeGreaterThan(1000);
    expect(buildings.length).toBeGreaterThan(200);
  });

  it('every real building stands on its own parcel and on none of the neighbours a box query returns', () => {
    const misplaced: string[] = [];
    let neighboursTested = 0;
    for (const { ref, footprint } of buildings) {
      if (!buildingStandsOn(footprint, parcels.get(ref)!)) misplaced.push(ref);
      for (const [otherRef, other] of parcels) {
        if (otherRef === ref || !boxesMeet(footprint, other)) continue;
        neighboursTested++;
        if (buildingStandsOn(footprint, other)) misplaced.push(`${ref} on ${otherRef}`);
      }
    }
    expect(neighboursTested).toBeGreaterThan(100);
    expect(misplaced).toEqual([]);
  });

  it('decides where a centroid cannot: a building whose centroid lies off its parcel', () => {
    const lShaped: ParcelGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0.001, 0],
          [0.001, 0.0001],
          [0.0001, 0.0001],
          [0.0001, 0.001],
          [0, 0.001],
          [0, 0],
        ],
      ],
    };
    const parcel: ParcelGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [-0.00005, -0.00005],
          [0.00105, -0.00005],
          [0.00105, 0.00012],
          [0.00012, 0.00012],
          [0.00012, 0.00105],
          [-0.00005, 0.00105],
          [-0.00005, -0.00005],
        ],
      ],
    };
    expect(containsPoint(parcel, centroid(lShaped))).toBe(false);
    expect(buildingStandsOn(lShaped, parcel)).toBe(true);
  });
});
