import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { liechtenstein } from '../country.js';
import { fake, LI_PARCEL } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(liechtenstein, fake);

describe('Liechtenstein (INSPIRE CP WFS, ETRS89) — on INSPIRE answers written by hand to the cp schema', () => {
  const europe = useEuropeApi();
  const { get, post, candidates, requests } = europe;

  it('Liechtenstein: Gemeinde-Grundstück is also a Slovenian shape (300), answered with ?country=LI; by coordinates; address', async () => {
    const ambiguous = await get(`/api/catastro/${LI_PARCEL.ref}`);
    expect(ambiguous.statusCode).toBe(300);
    expect(ambiguous.json().data.candidateCountries.sort()).toEqual(['LI', 'SI']);
    const response = await get(`/api/catastro/${LI_PARCEL.ref}?country=LI`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: LI_PARCEL.ref, pais: 'LI', superficieParcela: LI_PARCEL.area });
    expect(response.json().data.latitud).toBeCloseTo(47.141, 3);
    expect(requests('/li-wfs').at(-1)!.searchParams.get('SRSNAME')).toBe('urn:ogc:def:crs:EPSG::4258');
    forgetParcels(embeddedCopy(europe.api.service), 'LI');
    const [longitude, latitude] = LI_PARCEL.inside;
    expect((await post('/api/search/coordinates', { latitude, longitude })).json().data).toMatchObject({ refCat14: LI_PARCEL.ref, pais: 'LI' });
    const address = await candidates('LI', 'Städtle 10, Vaduz');
    expect(address.json().data.candidatos[0]).toMatchObject({ refCatastral: LI_PARCEL.ref, coincideNumero: true, coincideMunicipio: true });
    expect((await get('/api/search/address/candidates?country=LI&q=St%C3%A4dtle%2010&postcode=94900')).statusCode).toBe(400);
  });
});

describe('Liechtenstein with no service named (the default: no public material names one)', () => {
  const bare = useEuropeApi((sources) => ({ ...sources, li: { geocoderUrl: sources.li!.geocoderUrl } }));

  it('LI answers 422 CNV_COVERAGE with the reason by reference and by coordinates, asking nothing', async () => {
    const reason = /Liechtenstein is not served.*CATASTRO_LI_CP_WFS_URL/;
    const byRef = await bare.get(`/api/catastro/${encodeURIComponent(LI_PARCEL.ref)}?country=LI`);
    expect(byRef.statusCode, byRef.body).toBe(422);
    expect(byRef.json()).toMatchObject({ code: 'CNV_COVERAGE', error: expect.stringMatching(reason) });
    const [longitude, latitude] = LI_PARCEL.inside;
    const byPoint = await bare.post('/api/search/coordinates', { latitude, longitude, country: 'LI' });
    expect(byPoint.statusCode, byPoint.body).toBe(422);
    expect(byPoint.json().error).toMatch(reason);
    expect(bare.requests('/li-wfs')).toEqual([]);
  });
});
