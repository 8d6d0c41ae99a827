import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { documentedFormatCases } from '../../../../test/helpers/documented-format-cases.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { switzerland } from '../country.js';
import { CH_NO_PARCEL_HERE, CH_NO_PARCELS_POINT, CH_POINT, CH_REF, fake } from './fake.js';

countryGoldenTests(switzerland, fake);

const europe = useEuropeApi();
const { get, post } = europe;

documentedFormatCases(
  () => europe.api,
  [
    {
      code: 'CH',
      ref: CH_REF,
      centre: CH_POINT,
      detection: 'alone',
      address: { q: 'Bundesplatz 3, Bern', municipality: 'Bern', postcode: '3011', wrongPostcode: '30110' },
    },
  ],
);

describe('Switzerland: cantons without parcels', () => {
  it('answers 422 CNV_COVERAGE naming the canton when its canton publishes no parcels', async () => {
    const [longitude, latitude] = CH_NO_PARCELS_POINT;
    const response = await post('/api/search/coordinates', { latitude, longitude });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe('CNV_COVERAGE');
    expect(response.json().error).toMatch(/Appenzell Innerrhoden \(AI\)/);
  });

  it('answers 404 on no parcel in a canton that publishes them', async () => {
    const [longitude, latitude] = CH_NO_PARCEL_HERE;
    const response = await post('/api/search/coordinates', { latitude, longitude });
    expect(response.statusCode, response.body).toBe(404);
  });

  it('carries the canton', async () => {
    const response = await get(`/api/catastro/${CH_REF}`);
    expect(response.json().data.provincia).toBe('BE');
  });
});
