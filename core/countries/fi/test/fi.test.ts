import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { documentedFormatCases } from '../../../../test/helpers/documented-format-cases.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { finland } from '../country.js';
import { fake, FI_PLACE, FI_POINT, FI_REF } from './fake.js';

countryGoldenTests(finland, fake);

const europe = useEuropeApi();
const { get } = europe;

documentedFormatCases(
  () => europe.api,
  [
    {
      code: 'FI',
      ref: FI_REF,
      centre: FI_POINT,
      detection: 'alone',
      address: { q: `${FI_PLACE.road} ${FI_PLACE.houseNumber}, Helsinki`, municipality: 'Helsinki', postcode: '00170', wrongPostcode: '0017' },
    },
  ],
);

describe('Finland: kiinteistötunnus', () => {
  it('reads the long form with ?country=FI as the short one; without it 14 bare digits answer 300 naming FR, DE and FI (spec)', async () => {
    const long = await get('/api/catastro/09141000030044?country=FI');
    expect(long.statusCode, long.body).toBe(200);
    expect(long.json().data.refCatastral).toBe(FI_REF);
    const bare = await get('/api/catastro/09141000030044');
    expect(bare.statusCode).toBe(300);
    expect(bare.json()).toMatchObject({ code: 'CNV_AMBIGUOUS', data: { candidateCountries: ['FR', 'DE', 'FI'] } });
  });
});
