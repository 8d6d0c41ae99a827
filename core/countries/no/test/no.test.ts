import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { documentedFormatCases } from '../../../../test/helpers/documented-format-cases.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { norway } from '../country.js';
import { fake, NO_ADDRESS, NO_POINT, NO_REF } from './fake.js';

countryGoldenTests(norway, fake);

const europe = useEuropeApi();
const { get } = europe;

describe('before any lookup (nothing in the copy)', () => {
  it('Norway finds a property through the address register, then its teig at the address point', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent(NO_REF)}?country=NO`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: NO_REF, pais: 'NO', superficieParcela: 931.4 });
    expect(europe.api.fake.requests.some((r) => r.pathname === '/no-adresser/sok' && r.searchParams.get('gardsnummer') === '208')).toBe(true);
  });
});

documentedFormatCases(
  () => europe.api,
  [
    {
      code: 'NO',
      ref: NO_REF,
      centre: NO_POINT,
      detection: 'shared',
      address: { q: `${NO_ADDRESS.street} ${NO_ADDRESS.number}, Oslo`, municipality: 'Oslo', postcode: NO_ADDRESS.postcode, wrongPostcode: '01590' },
    },
  ],
);
