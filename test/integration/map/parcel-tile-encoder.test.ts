import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARCEL_TILE_LAYER, parcelTile, tileBBox } from '../../../core/map/parcel-tiles.js';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { geojsonVtTile } from '../../helpers/geojson-vt-tile.js';
import { fixture } from '../../helpers/paths.js';

type Ring = [number, number][];
interface DecodedFeature {
  properties: Record<string, unknown>;
  rings: Ring[];
}

const decode = (bytes: Uint8Array | null): { layer?: VectorTileLayer; features: Map<string, DecodedFeature> } => {
  const features = new Map<string, DecodedFeature>();
  if (!bytes) return { features };
  const layer = new VectorTile(new PbfReader(bytes)).layers[PARCEL_TILE_LAYER];
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i);
    const rings = feature.loadGeometry().map((ring) => ring.map((p) => [p.x, p.y] as [number, number]));
    features.set(String(feature.properties.ref), { properties: feature.properties, rings });
  }
  return { layer, features };
};

/** Twice the ring's area by the surveyor's formula in tile units (y down): > 0 is an MVT exterior ring. */
const twiceArea = (ring: Ring) =>
  ring.reduce((sum, [x, y], i) => {
    const [nx, ny] = ring[(i + 1) % ring.length];
    return sum + x * ny - nx * y;
  }, 0);
/** A ring as drawn: consecutive repeats and the closing vertex left out. */
const drawn = (ring: Ring): Ring => {
  const out: Ring = [];
  for (const p of ring) if (out.length === 0 || out[out.length - 1][0] !== p[0] || out[out.length - 1][1] !== p[1]) out.push(p);
  while (out.length > 1 && out[out.length - 1][0] === out[0][0] && out[out.length - 1][1] === out[0][1]) out.pop();
  return out;
};
const drawable = (ring: Ring) => drawn(ring).length >= 3 && twiceArea(drawn(ring)) !== 0;
const reversedKeepingFirst = (ring: Ring): Ring => [ring[0], ...ring.slice(1).reverse()];
const maxDelta = (a: Ring, b: Ring) => Math.max(...a.map(([x, y], i) => Math.max(Math.abs(x - b[i][0]), Math.abs(y - b[i][1]))));

/** Every tile with data at zooms 13 to `maxZoom` over the parcels' extent. */
function tilesOver(store: ParcelStore, maxZoom: number): [number, number, number][] {
  const parcels = store.parcelsInBBox([-180, -85, 180, 85], 100_000);
  const [w, s, e, n] = parcels.reduce(
    (b, p) => [Math.min(b[0], p.centroid[0]), Math.min(b[1], p.centroid[1]), Math.max(b[2], p.centroid[0]), Math.max(b[3], p.centroid[1])],
    [180, 90, -180, -90],
  );
  const column = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
  const row = (lat: number, z: number) => Math.floor(((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * 2 ** z);
  const tiles: [number, number, number][] = [];
  for (let z = 13; z <= maxZoom; z++) {
    for (let x = column(w, z) - 1; x <= column(e, z) + 1; x++) for (let y = row(n, z) - 1; y <= row(s, z) + 1; y++) tiles.push([z, x, y]);
  }
  return tiles;
}

// Real municipalities: Segovia province's 40146 (rural, long outlines) and Épinay-sur-Orge (91216, a dense suburb).
describe.each([
  ['A.ES.SDGC.CP.40146.cadastralparcel.gml.gz', 17],
  ['countries/fr_etalab_cadastre_parcelles_91216.json.gz', 16],
])('parcel tiles of %s, against geojson-vt + vt-pbf', (file, maxZoom) => {
  let dir: string;
  let store: ParcelStore;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-tiles-'));
    store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
    await importFiles(store, [fixture(file)]);
  });
  afterAll(() => {
    store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('draws the same parcels with the same properties and the same vertices, as valid MVT polygons', async () => {
    let compared = 0,
      withData = 0,
      degenerateLeftOut = 0,
      rewound = 0;
    for (const [z, x, y] of tilesOver(store, maxZoom)) {
      const ours = await parcelTile(store, z, x, y);
      const reference = geojsonVtTile(store.parcelsInBBox(tileBBox(z, x, y), 20_000), PARCEL_TILE_LAYER, z, x, y);
      const mine = decode(ours),
        theirs = decode(reference);
      if (mine.layer) {
        withData++;
        expect(mine.layer.version).toBe(2);
        expect(mine.layer.extent).toBe(4096);
      }
      for (const [ref, feature] of mine.features) {
        // Valid by MVT 2.1 §4.3.4.4: each polygon an exterior ring (positive area) then its holes
        // (negative), closed by ClosePath, at least three distinct vertices, no zero-length edge.
        expect(twiceArea(drawn(feature.rings[0])), ref).toBeGreaterThan(0);
        for (const ring of feature.rings) {
          expect(ring[ring.length - 1]).toEqual(ring[0]);
          expect(drawn(ring).length).toBe(ring.length - 1);
          expect(ring.length - 1).toBeGreaterThanOrEqual(3);
          expect(twiceArea(drawn(ring))).not.toBe(0);
        }
        expect(theirs.features.has(ref), `${ref} only in ours, ${z}/${x}/${y}`).toBe(true);
      }
      for (const [ref, reference] of theirs.features) {
        const feature = mine.features.get(ref);
        if (!feature) {
          // geojson-vt + vt-pbf write outlines that round to a line or a point (a sliver at
          // the tile's edge, a tiny parcel at z13): not valid MVT rings, so left out.
          expect(reference.rings.some(drawable), `${ref} missing from ${z}/${x}/${y}`).toBe(false);
          degenerateLeftOut++;
          continue;
        }
        expect(feature.properties).toEqual(reference.properties);
        const expected = reference.rings.filter(drawable).map(drawn);
        const actual = feature.rings.map(drawn);
        expect(actual.length, ref).toBe(expected.length);
        actual.forEach((ring, r) => {
          let want = expected[r];
          if (JSON.stringify(ring) !== JSON.stringify(want)) {
            // geojson-vt decides the winding before rounding: a ring a few units wide can round
            // the other way round. Ours is decided on the integers written, so only then differs.
            const exterior = twiceArea(ring) > 0;
            expect(twiceArea(want) > 0, `${ref} ring ${r} differs on ${z}/${x}/${y}`).not.toBe(exterior);
            want = reversedKeepingFirst(want);
            rewound++;
          }
          expect(ring.length).toBe(want.length);
          expect(maxDelta(ring, want)).toBeLessThanOrEqual(1);
        });
        compared++;
      }
    }
    expect(withData).toBeGreaterThan(10);
    expect(compared).toBeGreaterThan(1000);
    // The differences explained above are rare: a few per thousand features.
    expect(degenerateLeftOut + rewound).toBeLessThan(compared / 50);
  });

  it('answers no tile where there are no parcels and below the parcel zoom', async () => {
    const [z, x, y] = tilesOver(store, 13)[0];
    expect(await parcelTile(store, 12, x >> 1, y >> 1)).toBeNull();
    expect(await parcelTile(store, z, x + 100, y)).toBeNull();
  });
});
