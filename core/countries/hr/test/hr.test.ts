import { describe, expect, it } from 'vitest';
import { inside } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { croatia } from '../country.js';
import { fake, HR_PARCEL } from './fake.js';

/**
 * HR against the fake Europe, with its partial limits (by coordinates only, no address search).
 * No recording of its service exists: the GeoServer layer answers bodies written by hand in its
 * documented format (HAND-WRITTEN.md).
 */
countryGoldenTests(croatia, fake);

const europe = useEuropeApi();
const { get, post, candidates } = europe;

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
