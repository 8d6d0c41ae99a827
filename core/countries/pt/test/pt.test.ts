import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inside } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi, startEuropeApi, type EuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { portugal } from '../country.js';
import { fake as portugalFake, PT_PARCEL } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(portugal, portugalFake);

/** PT against the fake Europe, with its partial limits: DGT's layer and the open geocoder answer bodies written by hand (HAND-WRITTEN.md). */
const europe = useEuropeApi();
const { get, post, requests, candidates } = europe;

const forget = (code: string) => forgetParcels(embeddedCopy(europe.api.service), code);

describe('Portugal (DGT INSPIRE WFS as GeoJSON; partial: no Lisbon, Porto, Coimbra) — hand-written answers', () => {
  it('detects letters followed by digits and answers the parcel with its município, by a CQL filter', async () => {
    const response = await get('/api/catastro/AAA%20000%20336%20903');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: PT_PARCEL.ref, pais: 'PT', municipio: 'Leiria', superficieParcela: 3612.5 });
    const asked = requests('/pt-wfs').at(-1)!.searchParams;
    expect(asked.get('CQL_FILTER')).toBe(`nationalcadastralreference='${PT_PARCEL.ref}'`);
    expect(asked.get('srsName')).toBe('EPSG:4326');
  });

  it('answers by coordinates with a latitude-first URN box, and 422 naming Lisbon, Porto or Coimbra there', async () => {
    forget('PT');
    const response = await post('/api/search/coordinates', inside(PT_PARCEL));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCat14: PT_PARCEL.ref, pais: 'PT' });
    const [lat1, lon1, , , urn] = requests('/pt-wfs').at(-1)!.searchParams.get('bbox')!.split(',');
    expect([Number(lat1) > 39, Number(lon1) < -8, urn]).toEqual([true, true, 'urn:ogc:def:crs:EPSG::4326']);
    const before = requests('/pt-wfs').length;
    for (const [latitude, longitude, name] of [
      [38.7223, -9.1393, 'Lisboa'],
      [41.1579, -8.6291, 'Porto'],
      [40.2033, -8.4103, 'Coimbra'],
    ] as const) {
      const partial = await post('/api/search/coordinates', { latitude, longitude, country: 'PT' });
      expect(partial.statusCode).toBe(422);
      expect(partial.json()).toMatchObject({ code: 'CNV_COVERAGE' });
      expect(partial.json().error).toContain(name);
    }
    expect(requests('/pt-wfs').length).toBe(before);
  });

  it('finds an address outside the three cities, and answers 422 when every place found is in one of them; postcodes NNNN-NNN', async () => {
    const response = await candidates('PT', 'Rua Barão de Viamonte 5, Leiria');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.candidatos[0]).toMatchObject({ refCatastral: PT_PARCEL.ref, pais: 'PT', coincideNumero: true, coincideMunicipio: true });
    const lisbon = await candidates('PT', 'Rua Augusta 100, Lisboa');
    expect(lisbon.statusCode).toBe(422);
    expect(lisbon.json().error).toContain('Lisboa');
    expect((await get('/api/search/address/candidates?country=PT&q=Rua%20Augusta%20100&postcode=1100-053')).statusCode).toBe(422);
    expect((await get('/api/search/address/candidates?country=PT&q=Rua%20Augusta%20100&postcode=1100')).statusCode).toBe(400);
  });
});

describe("Portugal's often-down source: retries absorb a short outage, the breaker stops asking a dead one", () => {
  let down: EuropeApi;
  beforeAll(async () => {
    down = await startEuropeApi((sources) => sources, { retries: 2, baseDelayMs: 5, breakerThreshold: 2, breakerHalfOpenAfterMs: 60_000 });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('answers through two failed attempts, then opens after repeated outages and answers 503 without asking', async () => {
    down.fake.failNext(503, 2);
    const response = await down.app.inject({ method: 'GET', url: `/api/catastro/${PT_PARCEL.ref}` });
    expect(response.statusCode, response.body).toBe(200);
    down.fake.failNext(503, 6);
    for (const ref of ['BBB000000001', 'BBB000000002']) {
      expect((await down.app.inject({ method: 'GET', url: `/api/catastro/${ref}` })).statusCode).toBe(503);
    }
    const asked = down.fake.requests.length;
    const refused = await down.app.inject({ method: 'GET', url: '/api/catastro/BBB000000003' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatch(/paused/);
    expect(down.fake.requests.length).toBe(asked);
  });
});
