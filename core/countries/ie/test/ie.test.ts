import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { ireland } from '../country.js';
import { fake, IE_PARCEL } from './fake.js';

countryGoldenTests(ireland, fake);

describe('Ireland (Tailte Éireann ArcGIS layers; partial) — hand-written answers', () => {
  const { get, post, candidates, requests } = useEuropeApi();

  it('answers the numeric plot id only with ?country=IE, asking SP_ID as a number', async () => {
    expect((await get(`/api/catastro/${IE_PARCEL.ref}`)).json().data?.pais).not.toBe('IE');
    const response = await get(`/api/catastro/${IE_PARCEL.ref}?country=IE`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: IE_PARCEL.ref, pais: 'IE' });
    expect(requests('/arcgis/ie/12/query').at(-1)!.searchParams.get('where')).toBe(`SP_ID=${IE_PARCEL.ref}`);
  });

  it('asks the leasehold layer too, and answers 404 where neither has a registered plot', async () => {
    const response = await post('/api/search/coordinates', { latitude: 53.5, longitude: -7.5, country: 'IE' });
    expect(response.statusCode).toBe(404);
    expect(requests('/arcgis/ie/13/query').length).toBeGreaterThan(0);
  });

  it('finds an address with its county, and validates Eircodes', async () => {
    const response = await candidates('IE', '1 Dame Street, Dublin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.candidatos[0]).toMatchObject({ refCatastral: IE_PARCEL.ref, pais: 'IE', provincia: 'County Dublin' });
    expect((await get('/api/search/address/candidates?country=IE&q=1%20Dame%20Street&postcode=D02%20X285')).statusCode).toBe(200);
    expect((await get('/api/search/address/candidates?country=IE&q=1%20Dame%20Street&postcode=12345')).statusCode).toBe(400);
  });
});
