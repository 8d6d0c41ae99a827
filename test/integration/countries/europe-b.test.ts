import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BG_PARCEL, CY_PARCEL, GR_PARCEL, IE_PARCEL } from '../../fake-upstream/countries/arcgis.js';
import { inside } from '../../fake-upstream/countries/hand-parcels.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';
import { forgetParcels } from '../../helpers/forget-parcels.js';

/**
 * BG, GR, CY and IE against the fake Europe (SK's cases are in core/countries/sk/test). No
 * recording of their services exists: the ArcGIS layers and the open geocoder answer hand-written
 * bodies in their documented formats (see the fakes).
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
const requests = (path: string) => api.fake.requests.filter((u) => u.pathname === path);
const forget = (code: string) => forgetParcels(api.service.store, code);
const candidates = (country: string, q: string) => get(`/api/search/address/candidates?country=${country}&q=${encodeURIComponent(q)}`);

describe('Bulgaria (AGKK ArcGIS layer; Cyrillic addresses) — hand-written answers in the documented ArcGIS format', () => {
  it("detects EKATTE.district.property and answers the parcel with the layer's area", async () => {
    const response = await get(`/api/catastro/${BG_PARCEL.ref}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: BG_PARCEL.ref, pais: 'BG', superficieParcela: 3598.2 });
    const asked = requests('/arcgis/bg/0/query').at(-1)!.searchParams;
    expect(asked.get('where')).toBe(`nationalcadastralref='${BG_PARCEL.ref}'`);
    expect(asked.get('outSR')).toBe('4326');
  });

  it('answers by coordinates with a point query', async () => {
    forget('BG');
    const response = await post('/api/search/coordinates', inside(BG_PARCEL));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCat14: BG_PARCEL.ref, pais: 'BG' });
    expect(requests('/arcgis/bg/0/query').at(-1)!.searchParams.get('geometryType')).toBe('esriGeometryPoint');
  });

  it('accepts a Cyrillic address, asks the geocoder in Bulgarian and matches the municipality in Cyrillic', async () => {
    const response = await candidates('BG', 'бул. Витоша 15, София');
    expect(response.statusCode, response.body).toBe(200);
    const [best] = response.json().data.candidatos;
    expect(best).toMatchObject({ refCatastral: BG_PARCEL.ref, pais: 'BG', municipio: 'София', coincideNumero: true, coincideMunicipio: true });
    expect(best.confianza).toBeGreaterThanOrEqual(0.75);
    expect(requests('/nominatim/search').at(-1)!.searchParams.get('accept-language')).toBe('bg');
    expect((await candidates('BG', 'бул. Витоша 15, Пловдив')).json().data.candidatos[0].coincideMunicipio).toBe(false);
  });
});

describe('Greece (Hellenic Cadastre ArcGIS layer; Greek script) — hand-written answers', () => {
  it('never detects 12 bare digits as Greek; answers the KAEK with ?country=GR', async () => {
    const bare = await get(`/api/catastro/${GR_PARCEL.ref}`);
    expect(bare.statusCode).not.toBe(200);
    const response = await get(`/api/catastro/${GR_PARCEL.ref}?country=GR`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: GR_PARCEL.ref, pais: 'GR' });
  });

  it('answers by coordinates and finds a Greek-script address', async () => {
    forget('GR');
    expect((await post('/api/search/coordinates', inside(GR_PARCEL))).json().data.refCat14).toBe(GR_PARCEL.ref);
    const response = await candidates('GR', 'Ερμού 10, Αθήνα');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.candidatos[0]).toMatchObject({ refCatastral: GR_PARCEL.ref, pais: 'GR', coincideMunicipio: true, coincideNumero: true });
    expect((await get('/api/search/address/candidates?country=GR&q=%CE%95%CF%81%CE%BC%CE%BF%CF%8D%2010&postcode=10563')).statusCode).toBe(200);
  });
});

describe('Cyprus (DLS ArcGIS layer; few house numbers mapped) — hand-written answers', () => {
  it('detects the DLS reference and answers by reference and by coordinates', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent(CY_PARCEL.ref)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: CY_PARCEL.ref, pais: 'CY', superficieParcela: 3280 });
    forget('CY');
    expect((await post('/api/search/coordinates', inside(CY_PARCEL))).json().data.refCat14).toBe(CY_PARCEL.ref);
  });

  it('gives a low confianza when the geocoder knows only the street (no number mapped)', async () => {
    const response = await candidates('CY', 'Λεωφόρος Μακαρίου Γ΄ 20, Λευκωσία');
    expect(response.statusCode, response.body).toBe(200);
    const [best] = response.json().data.candidatos;
    expect(best).toMatchObject({ refCatastral: CY_PARCEL.ref, coincideNumero: false, coincideMunicipio: true });
    expect(best.confianza).toBeLessThan(0.75);
  });
});

describe('Ireland (Tailte Éireann ArcGIS layers; partial) — hand-written answers', () => {
  it('answers the numeric plot id only with ?country=IE, asking SP_ID as a number', async () => {
    expect((await get(`/api/catastro/${IE_PARCEL.ref}`)).json().data?.pais).not.toBe('IE');
    const response = await get(`/api/catastro/${IE_PARCEL.ref}?country=IE`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: IE_PARCEL.ref, pais: 'IE' });
    expect(requests('/arcgis/ie/12/query').at(-1)!.searchParams.get('where')).toBe(`SP_ID=${IE_PARCEL.ref}`);
  });

  it('asks the leasehold layer too, and answers 404 where neither has a registered plot', async () => {
    const response = await post('/api/search/coordinates', { latitude: 53.5, longitude: -7.5, country: 'IE' });
    expect(response.statusCode).toBe(404);
    expect(requests('/arcgis/ie/13/query').length).toBeGreaterThan(0);
  });

  it('finds an address with its county, and validates Eircodes', async () => {
    const response = await candidates('IE', '1 Dame Street, Dublin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.candidatos[0]).toMatchObject({ refCatastral: IE_PARCEL.ref, pais: 'IE', provincia: 'County Dublin' });
    expect((await get('/api/search/address/candidates?country=IE&q=1%20Dame%20Street&postcode=D02%20X285')).statusCode).toBe(200);
    expect((await get('/api/search/address/candidates?country=IE&q=1%20Dame%20Street&postcode=12345')).statusCode).toBe(400);
  });
});
