import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BG_PARCEL, CY_PARCEL, GR_PARCEL, IE_PARCEL } from '../../fake-upstream/countries/arcgis.js';
import { inside } from '../../fake-upstream/countries/hand-parcels.js';
import { SK_E_PARCEL, SK_PARCEL } from '../../fake-upstream/countries/sk.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';
import { forgetParcels } from '../../helpers/forget-parcels.js';

/**
 * SK, BG, GR, CY and IE against the fake Europe. No recording of their services exists: the
 * Slovak WFS answers GeoServer GeoJSON written by hand (sk.ts); the ArcGIS layers
 * and the open geocoder answer hand-written bodies in their documented formats (see the fakes).
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

describe('Slovakia (ÚGKK INSPIRE CP WFS, GeoServer GeoJSON) — on answers written by hand', () => {
  it("detects the ÚGKK form, asks register C's workspace with a CQL filter on nationalCadastralReference and answers the parcel in WGS84", async () => {
    const response = await get(`/api/catastro/${encodeURIComponent(SK_PARCEL.ref)}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: SK_PARCEL.ref, pais: 'SK', superficieParcela: SK_PARCEL.area, dataSource: 'catastro' });
    expect(data.latitud).toBeCloseTo(48.1486, 3);
    expect(data.longitud).toBeCloseTo(17.1077, 3);
    expect(data.attribution).toMatch(/ÚGKK/);
    const asked = requests('/sk-wfs').at(-1)!.searchParams;
    expect(asked.get('outputFormat')).toBe('application/json');
    expect(asked.get('CQL_FILTER')).toBe(`nationalCadastralReference='${SK_PARCEL.ref}'`);
  });

  it("asks a register E reference of the register E workspace (cp_uo), never of register C's", async () => {
    const before = requests('/sk-wfs').length;
    const response = await get(`/api/catastro/${encodeURIComponent(SK_E_PARCEL.ref)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: SK_E_PARCEL.ref, pais: 'SK', superficieParcela: SK_E_PARCEL.area });
    expect(requests('/sk-uo-wfs').at(-1)!.searchParams.get('typeNames')).toBe('cp_uo:CP.CadastralParcelUO');
    expect(requests('/sk-wfs')).toHaveLength(before);
    const written = await get(`/api/catastro/${encodeURIComponent('804959 E 503')}?country=SK`);
    expect(written.json().data.refCatastral).toBe(SK_E_PARCEL.ref);
  });

  it('reads 804959-2158/2 as register C, and that shape is also Czech: 300 naming both', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent('804959-2158/2')}`);
    expect(response.statusCode).toBe(300);
    expect(response.json().code).toBe('CNV_AMBIGUOUS');
    expect(response.json().data.candidateCountries).toEqual(expect.arrayContaining(['SK', 'CZ']));
    const asked = await get(`/api/catastro/${encodeURIComponent('804959-2158/2')}?country=SK`);
    expect(asked.json().data.refCatastral).toBe(SK_PARCEL.ref);
  });

  it('finds the parcel by coordinates through a BBOX in EPSG:4326, latitude first (register C, the map)', async () => {
    forget('SK');
    const [longitude, latitude] = SK_PARCEL.inside;
    const response = await post('/api/search/coordinates', { latitude, longitude });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: SK_PARCEL.ref, pais: 'SK' });
    const [minLat, minLon, , , urn] = requests('/sk-wfs').at(-1)!.searchParams.get('bbox')!.split(',');
    expect([Number(minLat), Number(minLon), urn]).toEqual([expect.closeTo(latitude, 3), expect.closeTo(longitude, 3), 'urn:ogc:def:crs:EPSG::4326']);
  });

  it('finds an address through the open geocoder and the parcel under it; postcodes NNN NN', async () => {
    const response = await candidates('SK', 'Obchodná 12, Bratislava');
    expect(response.statusCode, response.body).toBe(200);
    const [best] = response.json().data.candidatos;
    expect(best).toMatchObject({ refCatastral: SK_PARCEL.ref, pais: 'SK', numero: 12, coincideNumero: true, coincideMunicipio: true, codigoPostal: '811 06' });
    expect(best.confianza).toBeGreaterThanOrEqual(0.75);
    expect(response.json().data.attribution).toMatch(/OpenStreetMap/);
    expect((await get('/api/search/address/candidates?country=SK&q=Obchodn%C3%A1%2012&postcode=81106')).statusCode).toBe(200);
    expect((await get('/api/search/address/candidates?country=SK&q=Obchodn%C3%A1%2012&postcode=8110')).statusCode).toBe(400);
  });

  it('answers 404 for a reference the WFS does not list and 503 when the WFS fails', async () => {
    expect((await get(`/api/catastro/${encodeURIComponent('804959_1/1.E')}`)).statusCode).toBe(404);
    api.fake.failNext(503, 1);
    expect((await get(`/api/catastro/${encodeURIComponent('804959_7/7.C')}`)).statusCode).toBe(503);
  });
});

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
