import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { inside } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { greece } from '../country.js';
import { fake, GR_PARCEL } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(greece, fake);

describe('Greece (Hellenic Cadastre ArcGIS layer; Greek script) — hand-written answers', () => {
  const europe = useEuropeApi();
  const { get, post, candidates } = europe;

  it('never detects 12 bare digits as Greek; answers the KAEK with ?country=GR', async () => {
    const bare = await get(`/api/catastro/${GR_PARCEL.ref}`);
    expect(bare.statusCode).not.toBe(200);
    const response = await get(`/api/catastro/${GR_PARCEL.ref}?country=GR`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: GR_PARCEL.ref, pais: 'GR' });
  });

  it('answers by coordinates and finds a Greek-script address', async () => {
    forgetParcels(embeddedCopy(europe.api.service), 'GR');
    expect((await post('/api/search/coordinates', inside(GR_PARCEL))).json().data.refCat14).toBe(GR_PARCEL.ref);
    const response = await candidates('GR', 'Ερμού 10, Αθήνα');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.candidatos[0]).toMatchObject({ refCatastral: GR_PARCEL.ref, pais: 'GR', coincideMunicipio: true, coincideNumero: true });
    expect((await get('/api/search/address/candidates?country=GR&q=%CE%95%CF%81%CE%BC%CE%BF%CF%8D%2010&postcode=10563')).statusCode).toBe(200);
  });
});
