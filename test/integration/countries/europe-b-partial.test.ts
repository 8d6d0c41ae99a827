import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HR_PARCEL } from '../../fake-upstream/countries/geoserver-json.js';
import { inside } from '../../fake-upstream/countries/hand-parcels.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';

/**
 * HR against the fake Europe, with its partial limits (UK: united-kingdom.test.ts; PT, SE, LI
 * and IS: their folders' tests, core/countries/<cc>/test). No recording of its service exists: the
 * GeoServer layer and the open geocoder answer bodies written by hand in their documented formats
 * (see the fakes).
 */
let api: EuropeApi;
beforeAll(async () => {
  api = await startEuropeApi();
});
afterAll(async () => {
  await api?.close();
});

const get = (url: string) => api.app.inject({ method: 'GET', url });
const post = (url: string, body: unknown) => api.app.inject({ method: 'POST', url, payload: body as object });
const candidates = (country: string, q: string) => get(`/api/search/address/candidates?country=${country}&q=${encodeURIComponent(q)}`);

describe('Croatia (DGU WFS as GeoJSON; by coordinates only, no address search) — hand-written answers', () => {
  it('answers by coordinates with the k.o.-k.č. reference, then by reference from the copy only', async () => {
    const response = await post('/api/search/coordinates', inside(HR_PARCEL));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCat14: HR_PARCEL.ref, pais: 'HR' });
    expect((await get(`/api/catastro/${HR_PARCEL.ref}?country=HR`)).json().data).toMatchObject({ refCatastral: HR_PARCEL.ref, dataSource: 'clone' });
    const unknown = await get('/api/catastro/335240-1?country=HR');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('CNV_COVERAGE');
    expect((await get(`/api/catastro/${HR_PARCEL.ref}`)).json().data?.pais).not.toBe('HR');
  });

  it('answers 404 where the layer has no parcel, and 422 CNV_COVERAGE to address search', async () => {
    expect((await post('/api/search/coordinates', { latitude: 45.3, longitude: 16.5, country: 'HR' })).statusCode).toBe(404);
    const address = await candidates('HR', 'Ilica 1, Zagreb');
    expect(address.statusCode).toBe(422);
    expect(address.json().data.supportedCountries).not.toContain('HR');
  });
});
