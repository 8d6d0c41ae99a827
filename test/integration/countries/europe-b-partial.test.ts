import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import { CatastroService } from '../../../core/service.js';
import { startFakeEurope } from '../../fake-upstream/countries/europe.js';
import { HR_PARCEL, PT_PARCEL, SE_PARCEL } from '../../fake-upstream/countries/geoserver-json.js';
import { inside } from '../../fake-upstream/countries/hand-parcels.js';
import { IS_PARCEL, LI_PARCEL } from '../../fake-upstream/countries/inspire-sk-li-is-uk.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';
import { forgetParcels } from '../../helpers/forget-parcels.js';

/**
 * PT, HR, SE, LI and IS against the fake Europe, with their partial limits (UK: united-kingdom.test.ts). No recording of
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
  let app: FastifyInstance;
  let service: CatastroService;
  let fake: Awaited<ReturnType<typeof startFakeEurope>>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-pt-'));
    fake = await startFakeEurope();
    service = await CatastroService.open({
      dataDir,
      importSample: false,
      sources: fake.sources,
      upstream: { timeoutMs: 1500, retries: 2, baseDelayMs: 5, breakerThreshold: 2, breakerHalfOpenAfterMs: 60_000 },
    });
    app = await buildApiServer({ service, auth: 'off' });
  });
  afterAll(async () => {
    await app?.close();
    service?.close();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers through two failed attempts, then opens after repeated outages and answers 503 without asking', async () => {
    fake.failNext(503, 2);
    const response = await app.inject({ method: 'GET', url: `/api/catastro/${PT_PARCEL.ref}` });
    expect(response.statusCode, response.body).toBe(200);
    fake.failNext(503, 6);
    for (const ref of ['BBB000000001', 'BBB000000002']) {
      expect((await app.inject({ method: 'GET', url: `/api/catastro/${ref}` })).statusCode).toBe(503);
    }
    const asked = fake.requests.length;
    const refused = await app.inject({ method: 'GET', url: '/api/catastro/BBB000000003' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatch(/paused/);
    expect(fake.requests.length).toBe(asked);
  });
});

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
