import { pointOnFeature } from '@turf/turf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCartoCiudad, type FakeCartoCiudad } from '../../../../test/fake-upstream/cartociudad.js';
import { startEuropeApi, type EuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

/**
 * Spec: Basque Country and Navarre addresses are searched with `country=ES`; their candidates
 * carry `pais` PV / NA with the foral reference. The national geocoder (the CartoCiudad fake on
 * its REAL Humanes index) is given one portal in Donostia WRITTEN BY HAND, on the REAL recorded
 * Gipuzkoa parcel 8594149, with no cadastral reference (the Catastro holds none there); the
 * foral parcel under it names the candidate.
 */
let api: EuropeApi;
let carto: FakeCartoCiudad;

beforeAll(async () => {
  carto = await startFakeCartoCiudad();
  api = await startEuropeApi((sources) => ({ ...sources, es: { cartociudadBaseUrl: carto.url } }));
});
afterAll(async () => {
  await api?.close();
  await carto?.close();
});

const get = (url: string) => api.app.inject({ method: 'GET', url });

type Portal = FakeCartoCiudad['portals'][number];
/** A street portal in Donostia/San Sebastián (Gipuzkoa) as CartoCiudad answers one, written by hand: a number on a CALLE, no cadastral reference. */
const donostiaPortal = (portal: Pick<Portal, 'objId' | 'streetCode' | 'street' | 'numero' | 'postcodes' | 'lat' | 'lng'>): Portal => ({
  tipoVia: 'CALLE',
  extension: null,
  ineMun: '20069',
  municipality: 'Donostia/San Sebastián',
  ineProv: '20',
  province: 'Gipuzkoa',
  ineComunidad: '16',
  comunidad: 'País Vasco',
  poblacion: 'Donostia',
  ref: null,
  sinNumero: false,
  ...portal,
});

describe('address search in the Basque Country with country=ES', () => {
  it('answers the portal with pais PV and the foral reference of the parcel under it', async () => {
    const parcel = (await get('/api/catastro/8594149?country=PV')).json().data;
    const [lng, lat] = pointOnFeature({ type: 'Polygon', coordinates: [parcel.poligono] }).geometry.coordinates;
    forgetParcels(embeddedCopy(api.service), 'PV');
    carto.portals.push(donostiaPortal({ objId: '200690000001.1', streetCode: '00001', street: 'MIRAMON', numero: 7, postcodes: ['20014'], lat, lng }));
    const response = await get(`/api/search/address/candidates?country=ES&q=${encodeURIComponent('Calle Miramon 7, Donostia')}`);
    expect(response.statusCode, response.body).toBe(200);
    const [candidate] = response.json().data.candidatos;
    expect(candidate).toMatchObject({ refCatastral: '8594149', pais: 'PV', numero: 7, coincideNumero: true, enCopia: false });
    expect(response.json().data.attribution).toMatch(/Gipuzkoa/);
  });

  it('drops a foral portal on no foral parcel (404 when nothing else is found)', async () => {
    carto.portals.push(
      donostiaPortal({ objId: '200690000002.1', streetCode: '00002', street: 'ITSASO', numero: 1, postcodes: ['20001'], lat: 43.33, lng: -2.0 }),
    );
    expect((await get(`/api/search/address/candidates?country=ES&q=${encodeURIComponent('Calle Itsaso 1, Donostia')}`)).statusCode).toBe(404);
  });
});
