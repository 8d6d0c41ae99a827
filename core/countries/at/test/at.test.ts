import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KATASTERSERVICE_SOURCE } from '../katasterservice.js';
import { AT_NO_REFERENCE } from '../live-source.js';
import { centroid } from '../../../geo/polygon.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { documentedFormatCases } from '../../../../test/helpers/documented-format-cases.js';
import { startEuropeApi, useEuropeApi, type EuropeApi } from '../../../../test/helpers/europe-api.js';
import { austria } from '../country.js';
import { AT_PLACE, AT_POINT, AT_REF, fake } from './fake.js';
import { AT_KATASTER_BROKEN_PATHS, AT_KATASTER_RECORDS } from './katasterservice-fake.js';

countryGoldenTests(austria, fake);

const europe = useEuropeApi();

documentedFormatCases(
  () => europe.api,
  [
    {
      code: 'AT',
      ref: AT_REF,
      centre: AT_POINT,
      detection: 'alone',
      address: { q: `${AT_PLACE.road} ${AT_PLACE.houseNumber}, Wien`, municipality: 'Wien', postcode: '1010', wrongPostcode: '10100' },
    },
  ],
);

/**
 * Issue 14: Austria by reference, live from BEV's Katasterservice where the user names it (the
 * fake's answers are written by hand in the format public clients read; the Umbach outlines are
 * hale's real DKM sample), and by point from BEV's WMS with the Katasterservice's record of the
 * parcel found.
 */
const UMBACH = AT_KATASTER_RECORDS['14168-.3'];
const VIENNA = AT_KATASTER_RECORDS[AT_REF];
const UMBACH_5_1 = AT_KATASTER_RECORDS['14168-.5/1'];
const sum = (record: typeof UMBACH) => record.nutzungen.reduce((total, use) => total + use.fl, 0);

describe('Austria against the fake Katasterservice', () => {
  let api: EuropeApi;
  beforeAll(async () => {
    api = await startEuropeApi();
  });
  afterAll(async () => {
    await api?.close();
  });
  const get = (url: string) => api.app.inject({ method: 'GET', url });
  const post = (url: string, body: object) => api.app.inject({ method: 'POST', url, payload: body });

  it('answers a building plot by reference live: outline, official area, largest use, municipality and state', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent('14168-.3')}?country=AT`);
    expect(response.statusCode, response.body).toBe(200);
    const parcel = response.json().data;
    expect(parcel).toMatchObject({
      refCatastral: '14168-.3',
      pais: 'AT',
      dataSource: 'catastro',
      superficieParcela: sum(UMBACH),
      uso: 'Gärten',
      municipio: 'Dunkelsteinerwald',
      provincia: 'Niederösterreich',
    });
    expect(parcel.availableFields.uso).toBe(true);
    expect(parcel.poligono).toEqual(UMBACH.ring);
    expect(parcel.attribution).toMatch(/BEV/);
    expect(api.fake.requests.some((r) => r.pathname === '/at-kataster/api/gst/14168/.3')).toBe(true);
    const again = await get(`/api/catastro/${encodeURIComponent('14168 .3')}?country=AT`);
    expect(again.json().data).toMatchObject({ refCatastral: '14168-.3', dataSource: 'clone', uso: 'Gärten' });
  });

  it('asks a sub-numbered building plot with its slash as a path separator', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent('14168-.5/1')}?country=AT`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: '14168-.5/1', superficieParcela: 40, uso: 'Gebäude' });
    expect(api.fake.requests.some((r) => r.pathname === '/at-kataster/api/gst/14168/.5/1')).toBe(true);
  });

  it('answers 404 NOT_FOUND, with the hint, for a parcel BEV does not know', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent('14168-.99')}?country=AT`);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect(response.json().error).toMatch(/14168-\.99.*Katastralgemeinde/);
  });

  it('answers 503 SERVICE_UNAVAILABLE when the Katasterservice does not answer', async () => {
    api.fake.failNext(503, 1);
    const response = await get(`/api/catastro/${encodeURIComponent('14168-.4')}?country=AT`);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
    expect(response.json().error).toContain(KATASTERSERVICE_SOURCE);
  });

  it("answers at a point the WMS parcel with the Katasterservice's record of it (use, area, state)", async () => {
    const [longitude, latitude] = AT_POINT;
    const byPoint = await post('/api/search/coordinates', { latitude, longitude, country: 'AT' });
    expect(byPoint.statusCode, byPoint.body).toBe(200);
    expect(byPoint.json().data).toMatchObject({ refCat14: AT_REF, pais: 'AT', municipio: 'Wien', tipoInmueble: 'Gebäude' });
    const kept = await get(`/api/catastro/${encodeURIComponent(AT_REF)}?country=AT`);
    expect(kept.json().data).toMatchObject({ dataSource: 'clone', superficieParcela: sum(VIENNA), provincia: 'Wien', uso: 'Gebäude' });
    expect(api.fake.requests.some((r) => r.pathname === '/at-dkm-wms')).toBe(true);
  });
});

describe.each([
  ['a maintenance page (not JSON)', AT_KATASTER_BROKEN_PATHS.notJson],
  ['a Feature without outline', AT_KATASTER_BROKEN_PATHS.noOutline],
  ['HTTP 503', AT_KATASTER_BROKEN_PATHS.down],
])('a Katasterservice answering %s', (_, path) => {
  let api: EuropeApi;
  beforeAll(async () => {
    api = await startEuropeApi((s) => ({ ...s, at: { ...s.at, katasterUrl: `${fakeOrigin(s)}${path}` } }));
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers by reference 503 SERVICE_UNAVAILABLE naming the source, never 500', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/api/catastro/${encodeURIComponent(AT_REF)}?country=AT` });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.stringContaining(KATASTERSERVICE_SOURCE) });
  });

  it('still answers by point with the WMS parcel, without use', async () => {
    const [longitude, latitude] = AT_POINT;
    const byPoint = await api.app.inject({ method: 'POST', url: '/api/search/coordinates', payload: { latitude, longitude, country: 'AT' } });
    expect(byPoint.statusCode, byPoint.body).toBe(200);
    expect(byPoint.json().data).toMatchObject({ refCat14: AT_REF, tipoInmueble: '' });
    const kept = await api.app.inject({ method: 'GET', url: `/api/catastro/${encodeURIComponent(AT_REF)}?country=AT` });
    expect(kept.json().data).toMatchObject({ dataSource: 'clone', availableFields: { uso: false } });
    expect(kept.json().data.provincia).toBeUndefined();
  });
});

describe('Austria with no Katasterservice named (the default: it is undocumented and was never recorded)', () => {
  const bare = useEuropeApi((s) => ({ ...s, at: { ...s.at, katasterUrl: '' } }));

  it('answers by reference 422 CNV_COVERAGE with the reason, asking nothing', async () => {
    const response = await bare.get(`/api/catastro/${encodeURIComponent('14168-.3')}?country=AT`);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'CNV_COVERAGE', error: AT_NO_REFERENCE });
    expect(bare.requests('/at-kataster/api/gst/14168/.3')).toEqual([]);
  });

  it('answers at a point the DKM WMS parcel alone, which then answers by reference from the copy', async () => {
    const [longitude, latitude] = centroid({ type: 'Polygon', coordinates: [UMBACH_5_1.ring] });
    const byPoint = await bare.post('/api/search/coordinates', { latitude, longitude, country: 'AT' });
    expect(byPoint.statusCode, byPoint.body).toBe(200);
    expect(byPoint.json().data).toMatchObject({ refCat14: '14168-.5/1', tipoInmueble: '' });
    expect(bare.requests('/at-kataster/api/gst/14168/.5/1')).toEqual([]);
    const kept = await bare.get(`/api/catastro/${encodeURIComponent('14168-.5/1')}?country=AT`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ refCatastral: '14168-.5/1', dataSource: 'clone', availableFields: { uso: false } });
  });
});

describe("Austria by point from BEV's DKM WMS, nothing in the copy yet", () => {
  let api: EuropeApi;
  beforeAll(async () => {
    api = await startEuropeApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers at a point a split building plot by the KG and GNR the DKM WMS names (14168-.5/1)', async () => {
    const [longitude, latitude] = centroid({ type: 'Polygon', coordinates: [UMBACH_5_1.ring] });
    const byPoint = await api.app.inject({ method: 'POST', url: '/api/search/coordinates', payload: { latitude, longitude, country: 'AT' } });
    expect(byPoint.statusCode, byPoint.body).toBe(200);
    expect(byPoint.json().data).toMatchObject({ refCat14: '14168-.5/1', municipio: 'Dunkelsteinerwald', tipoInmueble: 'Gebäude' });
    expect(api.fake.requests.some((r) => r.pathname === '/at-kataster/api/gst/14168/.5/1')).toBe(true);
  });
});

describe("Austria with BEV's DKM WMS down", () => {
  let api: EuropeApi;
  beforeAll(async () => {
    api = await startEuropeApi((s) => ({ ...s, at: { ...s.at, dkmWmsUrl: `${fakeOrigin(s)}/at-dkm-down` } }));
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers at a point through the INSPIRE WMS (its inspireId read), with the Katasterservice's record", async () => {
    const [longitude, latitude] = AT_POINT;
    const byPoint = await api.app.inject({ method: 'POST', url: '/api/search/coordinates', payload: { latitude, longitude, country: 'AT' } });
    expect(byPoint.statusCode, byPoint.body).toBe(200);
    expect(byPoint.json().data).toMatchObject({ refCat14: AT_REF, municipio: 'Wien', tipoInmueble: 'Gebäude' });
    expect(api.fake.requests.some((r) => r.pathname === '/at-dkm-down')).toBe(true);
    expect(api.fake.requests.some((r) => r.pathname === '/at-wms')).toBe(true);
  });
});

/** The fake's base URL, read back from a source it configured (the WMS's). */
const fakeOrigin = (sources: { at?: Record<string, string | undefined> }) => new URL(sources.at!.cpWmsUrl!).origin;
