import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { documentedFormatCases } from '../../../../test/helpers/documented-format-cases.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { belgium } from '../country.js';
import { BE_DELAY_MS, BE_PLACE, BE_POINT, BE_REF, fake } from './fake.js';

countryGoldenTests(belgium, fake);

const europe = useEuropeApi();
const { post } = europe;

describe('before any lookup (nothing in the copy)', () => {
  it("Belgium answers by point although CadGIS takes longer than the client's default time per attempt (its own timeout)", async () => {
    const [longitude, latitude] = BE_POINT;
    const started = Date.now();
    const response = await post('/api/search/coordinates', { latitude, longitude, country: 'BE' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(BE_DELAY_MS - 50);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.refCat14).toBe(BE_REF);
  }, 30_000);
});

documentedFormatCases(
  () => europe.api,
  [
    {
      code: 'BE',
      ref: BE_REF,
      centre: BE_POINT,
      detection: 'alone',
      address: { q: `${BE_PLACE.road} ${BE_PLACE.houseNumber}, Bruxelles`, municipality: 'Bruxelles', postcode: '1000', wrongPostcode: '10000' },
    },
  ],
);
