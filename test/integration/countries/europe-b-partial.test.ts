import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HR_PARCEL } from '../../fake-upstream/countries/geoserver-json.js';
import { inside } from '../../fake-upstream/countries/hand-parcels.js';
import { IS_PARCEL, LI_PARCEL } from '../../fake-upstream/countries/inspire-sk-li-is-uk.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';
import { forgetParcels } from '../../helpers/forget-parcels.js';

/**
 * HR, LI and IS against the fake Europe, with their partial limits (UK: united-kingdom.test.ts;
 * PT and SE: their folders' tests). No recording of
 * their services exists: the GeoServer layers (PT, HR, SE) and the open geocoder answer bodies
 * written by hand in their documented formats; the INSPIRE WFS of LI, IS and Scotland answer the
 * real Spanish INSPIRE answer re-labelled for the country (see the fakes).
 */
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
const forget = (code: string) => forgetParcels(api.service.store, code);
const candidates = (country: string, q: string) => get(`/api/search/address/candidates?country=${country}&q=${encodeURIComponent(q)}`);

describe('Croatia (DGU WFS as GeoJSON; by coordinates only, no address search) — hand-written answers', () => {
  it('answers by coordinates with the k.o.-k.č. reference, then by reference from the copy only', async () => {
    const response = await post('/api/search/coordinates', inside(HR_PARCEL));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCat14: HR_PARCEL.ref, pais: 'HR' });
    expect((await get(`/api/catastro/${HR_PARCEL.ref}?country=HR`)).json().data).toMatchObject({ refCatastral: HR_PARCEL.ref, dataSource: 'clone' });
    const unknown = await get('/api/catastro/335240-1?country=HR');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('CNV_COVERAGE');
    expect((await get(`/api/catastro/${HR_PARCEL.ref}`)).json().data?.pais).not.toBe('HR');
  });

  it('answers 404 where the layer has no parcel, and 422 CNV_COVERAGE to address search', async () => {
    expect((await post('/api/search/coordinates', { latitude: 45.3, longitude: 16.5, country: 'HR' })).statusCode).toBe(404);
    const address = await candidates('HR', 'Ilica 1, Zagreb');
    expect(address.statusCode).toBe(422);
    expect(address.json().data.supportedCountries).not.toContain('HR');
  });
});

describe('Liechtenstein and Iceland (INSPIRE CP WFS, ETRS89) — on INSPIRE answers written by hand to the cp schema', () => {
  it('Liechtenstein: Gemeinde-Grundstück is also a Slovenian shape (300), answered with ?country=LI; by coordinates; address', async () => {
    const ambiguous = await get(`/api/catastro/${LI_PARCEL.ref}`);
    expect(ambiguous.statusCode).toBe(300);
    expect(ambiguous.json().data.candidateCountries.sort()).toEqual(['LI', 'SI']);
    const response = await get(`/api/catastro/${LI_PARCEL.ref}?country=LI`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: LI_PARCEL.ref, pais: 'LI', superficieParcela: LI_PARCEL.area });
    expect(response.json().data.latitud).toBeCloseTo(47.141, 3);
    expect(requests('/li-wfs').at(-1)!.searchParams.get('SRSNAME')).toBe('urn:ogc:def:crs:EPSG::4258');
    forget('LI');
    const [longitude, latitude] = LI_PARCEL.inside;
    expect((await post('/api/search/coordinates', { latitude, longitude })).json().data).toMatchObject({ refCat14: LI_PARCEL.ref, pais: 'LI' });
    const address = await candidates('LI', 'Städtle 10, Vaduz');
    expect(address.json().data.candidatos[0]).toMatchObject({ refCatastral: LI_PARCEL.ref, coincideNumero: true, coincideMunicipio: true });
    expect((await get('/api/search/address/candidates?country=LI&q=St%C3%A4dtle%2010&postcode=94900')).statusCode).toBe(400);
  });

  it('Iceland: a 6-digit landnúmer is detected and answered; by coordinates; address', async () => {
    const response = await get(`/api/catastro/${IS_PARCEL.ref}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: IS_PARCEL.ref, pais: 'IS' });
    forget('IS');
    const [longitude, latitude] = IS_PARCEL.inside;
    expect((await post('/api/search/coordinates', { latitude, longitude })).json().data).toMatchObject({ refCat14: IS_PARCEL.ref, pais: 'IS' });
    const address = await candidates('IS', 'Laugavegur 1, Reykjavík');
    expect(address.json().data.candidatos[0]).toMatchObject({ refCatastral: IS_PARCEL.ref, pais: 'IS', coincideMunicipio: true });
  });
});

describe('Liechtenstein and Iceland with no service named (the default: no public material names one)', () => {
  let bare: EuropeApi;
  beforeAll(async () => {
    bare = await startEuropeApi((s) => {
      const { li, is, ...rest } = s as Record<string, Record<string, string> | undefined>;
      return { ...rest, li: { geocoderUrl: li!.geocoderUrl }, is: { geocoderUrl: is!.geocoderUrl } } as typeof s;
    });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it.each([
    ['LI', LI_PARCEL, '/li-wfs', /Liechtenstein is not served.*CATASTRO_LI_CP_WFS_URL/],
    ['IS', IS_PARCEL, '/is-wfs', /Iceland is not served.*CATASTRO_IS_CP_WFS_URL/],
  ] as const)('%s answers 422 CNV_COVERAGE with the reason by reference and by coordinates, asking nothing', async (country, parcel, wfsPath, reason) => {
    const byRef = await bare.app.inject({ method: 'GET', url: `/api/catastro/${encodeURIComponent(parcel.ref)}?country=${country}` });
    expect(byRef.statusCode, byRef.body).toBe(422);
    expect(byRef.json()).toMatchObject({ code: 'CNV_COVERAGE', error: expect.stringMatching(reason) });
    const [longitude, latitude] = parcel.inside;
    const byPoint = await bare.app.inject({ method: 'POST', url: '/api/search/coordinates', payload: { latitude, longitude, country } });
    expect(byPoint.statusCode, byPoint.body).toBe(422);
    expect(byPoint.json().error).toMatch(reason);
    expect(bare.fake.requests.some((u) => u.pathname === wfsPath)).toBe(false);
  });
});
