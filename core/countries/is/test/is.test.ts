import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { iceland } from '../country.js';
import { fake, IS_PARCEL } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(iceland, fake);

describe('Iceland (INSPIRE CP WFS, ETRS89) — on INSPIRE answers written by hand to the cp schema', () => {
  const europe = useEuropeApi();
  const { get, post, candidates } = europe;

  it('Iceland: a 6-digit landnúmer is detected and answered; by coordinates; address', async () => {
    const response = await get(`/api/catastro/${IS_PARCEL.ref}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: IS_PARCEL.ref, pais: 'IS' });
    forgetParcels(embeddedCopy(europe.api.service), 'IS');
    const [longitude, latitude] = IS_PARCEL.inside;
    expect((await post('/api/search/coordinates', { latitude, longitude })).json().data).toMatchObject({ refCat14: IS_PARCEL.ref, pais: 'IS' });
    const address = await candidates('IS', 'Laugavegur 1, Reykjavík');
    expect(address.json().data.candidatos[0]).toMatchObject({ refCatastral: IS_PARCEL.ref, pais: 'IS', coincideMunicipio: true });
  });
});

describe('Iceland with no service named (the default: no public material names one)', () => {
  const bare = useEuropeApi((sources) => ({ ...sources, is: { geocoderUrl: sources.is!.geocoderUrl } }));

  it('IS answers 422 CNV_COVERAGE with the reason by reference and by coordinates, asking nothing', async () => {
    const reason = /Iceland is not served.*CATASTRO_IS_CP_WFS_URL/;
    const byRef = await bare.get(`/api/catastro/${encodeURIComponent(IS_PARCEL.ref)}?country=IS`);
    expect(byRef.statusCode, byRef.body).toBe(422);
    expect(byRef.json()).toMatchObject({ code: 'CNV_COVERAGE', error: expect.stringMatching(reason) });
    const [longitude, latitude] = IS_PARCEL.inside;
    const byPoint = await bare.post('/api/search/coordinates', { latitude, longitude, country: 'IS' });
    expect(byPoint.statusCode, byPoint.body).toBe(422);
    expect(byPoint.json().error).toMatch(reason);
    expect(bare.requests('/is-wfs')).toEqual([]);
  });
});
