import { describe, expect, it } from 'vitest';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';
import { RING_TOO_SHORT } from '../../../core/formats/gml-surfaces.js';
import { streamParsedParcels, type ParsedParcel } from '../../../core/formats/inspire-parcel-reader.js';
import { storedParcelOf } from '../../../core/formats/inspire-parcels.js';
import { wgs84Ring } from '../../../core/formats/gml-geometry.js';
import { packParcels, type ParcelBatch } from '../../../core/store/importers/parcel-batch.js';
import { ParcelBatchBuilder } from '../../../core/store/importers/parcel-batch-builder.js';
import { fixture } from '../../helpers/paths.js';

/**
 * The bulk import packs parsed parcels in one pass (parcel-batch-builder.ts); the copy must hold
 * what the GeoJSON path (storedParcelOf, then packParcels) gave, byte for byte.
 */
const OPTIONS = { ...CATASTRO_PARCELS, source: 'inspire' } as const;

/** The batch's values as plain data, doubles by their bytes (so -0, and every last bit, count). */
function contentOf(batch: ParcelBatch) {
  const blobs = Array.from({ length: batch.count }, (_, i) => Buffer.from(batch.geometry.subarray(batch.offsets[i], batch.offsets[i + 1])).toString('hex'));
  return {
    count: batch.count,
    countries: batch.countries,
    refs: batch.refs,
    classes: batch.classes,
    sources: batch.sources,
    dataDates: batch.dataDates,
    numbers: Buffer.from(batch.numbers.buffer, batch.numbers.byteOffset, batch.numbers.byteLength).toString('hex'),
    blobs,
  };
}

function builtAndPacked(parcels: ParsedParcel[]) {
  const builder = new ParcelBatchBuilder(OPTIONS);
  for (const parcel of parcels) builder.add(parcel);
  return [contentOf(builder.take()), contentOf(packParcels(parcels.map((p) => storedParcelOf(p, OPTIONS))))];
}

const square = (x: number, y: number, side: number) => [x, y, x + side, y, x + side, y + side, x, y + side, x, y];
const ring = (xy: number[], epsg = 25830) => ({ epsg, xy });

describe('ParcelBatchBuilder (the bulk import packs parsed parcels in one pass)', () => {
  it('gives, for every parcel of the real Segovia file, the very bytes storedParcelOf and packParcels gave', async () => {
    const builder = new ParcelBatchBuilder(OPTIONS);
    let batches = 0;
    await streamParsedParcels(
      fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'),
      OPTIONS,
      (parcel) => parcel,
      (parcels) => {
        for (const parcel of parcels) builder.add(parcel);
        // Taken per chunk, as the import does: the builder's buffer is reused from one batch to the next.
        const built = contentOf(builder.take());
        // (A chunk that closes no parcel: an empty batch either way, its shared values unread.)
        if (parcels.length === 0) return expect(built.count).toBe(0);
        expect(built).toEqual(contentOf(packParcels(parcels.map((p) => storedParcelOf(p, OPTIONS)))));
        batches++;
      },
    );
    expect(batches).toBeGreaterThan(10);
  });

  it('the same for a MultiPolygon, a hole, repeated points, an unclosed ring and no official area', () => {
    const parcels: ParsedParcel[] = [
      { ref: '1234567VL0000A', polygons: [[ring(square(400000, 4500000, 30)), ring(square(400010, 4500010, 5))]], areaValue: 875, dataDate: '2024-01-02' },
      {
        ref: '40146A00100001',
        polygons: [[ring(square(400100, 4500100, 20))], [ring(square(400200, 4500200, 10))]],
        dataDate: '2024-01-02',
      },
      // Repeated points dropped and the ring closed, as wgs84Ring keeps it; the file's area is not positive.
      {
        ref: '1234568VL0000A',
        polygons: [[ring([400300, 4500300, 400300, 4500300, 400340, 4500300, 400340, 4500340, 400300, 4500340])]],
        areaValue: 0,
        dataDate: '2024-01-02',
      },
      // Already WGS84 (no reprojection), 0 and -0 among the coordinates.
      { ref: '1234569VL0000A', polygons: [[ring([0, 0, -0, 1, 1, 1, 1, 0, 0, 0], 4326)]], areaValue: Number.NaN, dataDate: '2024-01-02' },
    ];
    const [built, packed] = builtAndPacked(parcels);
    expect(built).toEqual(packed);
    expect(built.count).toBe(4);
  });

  it('refuses a point off the Earth and a ring too short once reprojected with wgs84Ring’s own words', () => {
    const offEarth = ring([4546612, 40, 4546613, 40, 4546613, 41, 4546612, 40], 4326);
    const expected = (() => {
      try {
        wgs84Ring(offEarth);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(expected).toMatch(/outside the world/);
    const builder = new ParcelBatchBuilder(OPTIONS);
    expect(() => builder.add({ ref: 'X', polygons: [[offEarth]], dataDate: '2024-01-02' })).toThrow(expected);
    // Distinct in the source CRS, one point once in WGS84 (4326: the same doubles): too short.
    expect(() => new ParcelBatchBuilder(OPTIONS).add({ ref: 'Y', polygons: [[ring([1, 1, 1, 1, 1, 1, 1, 1], 4326)]], dataDate: '2024-01-02' })).toThrow(
      RING_TOO_SHORT,
    );
  });
});
