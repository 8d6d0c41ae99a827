import { describe, expect, it } from 'vitest';
import { parcelTile, parcelTileFrom } from '../../../core/map/parcel-tiles.js';
import { apiForTests } from '../../helpers/api-harness.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/** A parcel of the bundled sample (real Segovia data) and the zoom-16 tile under its centroid. */
const SAMPLE_REF = '000700100UL74F';
const tileAt = (lon: number, lat: number, z: number) => {
  const n = 2 ** z;
  const y = Math.floor(((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
  return `${z}/${Math.floor(((lon + 180) / 360) * n)}/${y}`;
};

const api = apiForTests();

const tile = (path: string) => api.app.inject({ method: 'GET', url: `/api/tiles/parcels/${path}.pbf` });

describe('GET /api/tiles/parcels/{z}/{x}/{y}.pbf, kept while the copy is unchanged', () => {
  it('answers the same bytes again, and a new tile once the copy changed', async () => {
    const parcel = embeddedCopy(api.service).getParcel('ES', SAMPLE_REF)!;
    const path = tileAt(parcel.centroid[0], parcel.centroid[1], 16);
    const first = await tile(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(first.rawPayload.includes(SAMPLE_REF)).toBe(true);
    const again = await tile(path);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    // A parcel written to the copy (as a live answer would be) on the same spot is drawn at once.
    const added = '0007001VL7400Z';
    embeddedCopy(api.service).upsertParcels([{ ...parcel, ref: added }]);
    const after = await tile(path);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.includes(added)).toBe(true);
    expect(after.rawPayload.includes(SAMPLE_REF)).toBe(true);
  });

  it("draws from the lean outline read exactly what the full parcel read (the team store's path) draws", async () => {
    const parcel = embeddedCopy(api.service).getParcel('ES', SAMPLE_REF)!;
    for (const z of [13, 15, 17]) {
      const [, x, y] = tileAt(parcel.centroid[0], parcel.centroid[1], z).split('/').map(Number);
      const lean = (await parcelTile(embeddedCopy(api.service), z, x, y))!;
      const full = (await parcelTileFrom(embeddedCopy(api.service), z, x, y))!;
      expect(lean.byteLength).toBeGreaterThan(100);
      expect(Buffer.from(lean).equals(Buffer.from(full))).toBe(true);
    }
  });

  it('answers 204 for an empty tile, again when asked again, and 400 for a tile that does not exist', async () => {
    for (let i = 0; i < 2; i++) {
      const empty = await tile('15/0/0');
      expect(empty.statusCode).toBe(204);
      expect(empty.rawPayload.length).toBe(0);
    }
    expect((await tile('15/40000/0')).statusCode).toBe(400);
  });
});

/**
 * Tile numbers are decimal digits. Found by probing: the route schema's type coercion read
 * ' ' as 0, '0x3' as 3, '1e0' and '1.0' as 1, so `/api/tiles/parcels/%20/0/0.pbf` was served
 * (and charged, when it held parcels) as tile 0/0/0.
 */
describe('tile numbers that are not decimal digits', () => {
  it.each(['%20/0/0', '0x3/1/1', '3/1e0/1', '3/1.0/1', '3/+1/1', '3/0b1/1', '3/0o1/1', '3/1/%201', '3/-0/1'])(
    '%s → 400 VALIDATION_ERROR naming the number',
    async (path) => {
      const answer = await tile(path);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(answer.json().error).toMatch(/^Tile (zoom z|x|y) must be an integer/);
    },
  );

  it('the same tiles in digits are answered (control), leading zeros included', async () => {
    for (const path of ['0/0/0', '3/1/1', '03/01/1']) expect([200, 204]).toContain((await tile(path)).statusCode);
  });
});
