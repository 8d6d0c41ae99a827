import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inside } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { startEuropeApi, type EuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { sweden } from '../country.js';
import { fake, SE_PARCEL } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(sweden, fake);

/** SE against the fake Europe: Jordbruksverket's blocks layer answers a body written by hand (HAND-WRITTEN.md). */
let api: EuropeApi;
beforeAll(async () => {
  api = await startEuropeApi();
});
afterAll(async () => {
  await api?.close();
});

const get = (url: string) => api.app.inject({ method: 'GET', url });
const post = (url: string, body: unknown) => api.app.inject({ method: 'POST', url, payload: body as object });
const requests = (p: string) => api.fake.requests.filter((u) => u.pathname === p);
const forget = (code: string) => forgetParcels(embeddedCopy(api.service), code);
const candidates = (country: string, q: string) => get(`/api/search/address/candidates?country=${country}&q=${encodeURIComponent(q)}`);

describe('Sweden (Jordbruksverket agricultural blocks; no address search) — hand-written answers', () => {
  it('answers a block by id with ?country=SE, with its land use, and by coordinates through a SWEREF 99 TM box', async () => {
    const response = await get(`/api/catastro/${SE_PARCEL.ref}?country=SE`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: SE_PARCEL.ref, pais: 'SE', uso: 'Åker' });
    forget('SE');
    expect((await post('/api/search/coordinates', inside(SE_PARCEL))).json().data).toMatchObject({ refCat14: SE_PARCEL.ref, tipoInmueble: 'Åker' });
    const [x, y, , , crs] = requests('/se-wfs').at(-1)!.searchParams.get('bbox')!.split(',');
    expect(crs).toBe('EPSG:3006');
    expect(Number(x)).toBeGreaterThan(600_000);
    expect(Number(y)).toBeGreaterThan(6_600_000);
  });

  it('refuses address search with 422 CNV_COVERAGE (no parcels at urban addresses)', async () => {
    const response = await candidates('SE', 'Drottninggatan 1, Stockholm');
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/urban addresses/);
  });
});
