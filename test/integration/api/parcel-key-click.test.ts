// The renderer code under test reads its locales with import.meta.glob (Vite).
/// <reference types="vite/client" />
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PARCEL_TILE_LAYER } from '../../../core/map/parcel-tiles.js';
import { parcelKeyOfFeature, selectionInput, type ParcelKey } from '../../../core/model/index.js';
import { HttpClient } from '../../../renderer/client/http-client.js';
import { selectParcelAt } from '../../../renderer/parcel/select-parcel.js';
import { useAppStore } from '../../../renderer/state/store.js';
import { CZ_ADDRESS_POINT, CZ_REF } from '../../../core/countries/cz/test/fake.js';
import { SK_PARCEL } from '../../../core/countries/sk/test/fake.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';

/**
 * A parcel drawn on the map keeps its country from the vector tile through the click into the
 * lookup (issue 39 item 2): a Czech reference such as 727024-542 is also a Slovak shape, so the
 * reference alone answers 300 CNV_AMBIGUOUS. The renderer's click handling runs against the real
 * HTTP server and facade over loopback, the Czech source being the fake Europe.
 */
let api: EuropeApi;
let client: HttpClient;
beforeAll(async () => {
  api = await startEuropeApi();
  client = new HttpClient(await api.app.listen({ host: '127.0.0.1', port: 0 }));
});
afterAll(async () => {
  await api?.close();
});
const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));

/** The tile (z 18) holding a point, as the map asks it. */
function tileAt([lon, lat]: [number, number], z = 18): { z: number; x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

/** The keys of the parcels a vector tile of the copy draws. */
async function drawnParcels(point: [number, number]): Promise<ParcelKey[]> {
  const { z, x, y } = tileAt(point);
  const response = await api.app.inject({ method: 'GET', url: `/api/tiles/parcels/${z}/${x}/${y}.pbf` });
  expect(response.statusCode).toBe(200);
  const layer = new VectorTile(new PbfReader(response.rawPayload)).layers[PARCEL_TILE_LAYER];
  return Array.from({ length: layer.length }, (_, i) => parcelKeyOfFeature(layer.feature(i).properties)!);
}

describe('a click on a drawn parcel carries its country', () => {
  it('the reference of the drawn Czech parcel alone is ambiguous (the case this guards)', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/api/catastro/${CZ_REF}` });
    expect(response.statusCode).toBe(300);
    expect(response.json().data.candidateCountries).toEqual(expect.arrayContaining(['CZ', 'SK']));
  });

  it('a click on the drawn Czech parcel selects it, never 300', async () => {
    // Looked up once by its country: the copy keeps the answer and draws it.
    const seen = await api.app.inject({ method: 'GET', url: `/api/catastro/${CZ_REF}?country=CZ` });
    expect(seen.statusCode, seen.body).toBe(200);
    const [longitude, latitude] = CZ_ADDRESS_POINT;
    const drawn = await drawnParcels([longitude, latitude]);
    expect(drawn).toContainEqual({ country: 'CZ', ref: CZ_REF });

    await selectParcelAt(client, { latitude, longitude, parcel: drawn.find((p) => p.ref === CZ_REF)! }, true);
    const state = useAppStore.getState();
    expect(state.error).toBeNull();
    expect(state.parcel).toMatchObject({ refCatastral: CZ_REF, pais: 'CZ' });
    expect(state.selection).toMatchObject({ kind: 'parcel', ref: CZ_REF, country: 'CZ' });
  });

  it('a selection across the border exports each picked parcel by its own country', async () => {
    const picked: ParcelKey[] = [
      { country: 'CZ', ref: CZ_REF },
      { country: 'SK', ref: SK_PARCEL.ref },
    ];
    const file = await client.call('exportSelection', { ...selectionInput(picked), format: 'geojson' });
    const features = JSON.parse(new TextDecoder().decode(file.bytes)).features as { properties: Record<string, unknown> }[];
    expect(features.map((f) => [f.properties.pais, f.properties.refCatastral])).toEqual([
      ['CZ', CZ_REF],
      ['SK', SK_PARCEL.ref],
    ]);
    // Codes and references must pair up: a short list is refused, never applied to the wrong parcel.
    const short = await api.app.inject({ method: 'POST', url: '/api/export/geojson', payload: { refcat: `${CZ_REF},${SK_PARCEL.ref},x`, country: 'CZ,SK' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('one per reference');
  });
});
