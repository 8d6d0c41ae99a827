import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { slovakia } from '../country.js';
import { fake, SK_E_PARCEL, SK_PARCEL } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(slovakia, fake);

/** SK against the fake Europe: ÚGKK's WFS answers GeoServer GeoJSON written by hand (fake.ts, HAND-WRITTEN.md). */
const europe = useEuropeApi();
const { get, post, candidates } = europe;

const requests = (path: string) => europe.api.fake.requests.filter((u) => u.pathname === path);
const forget = (code: string) => forgetParcels(embeddedCopy(europe.api.service), code);

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
    europe.api.fake.failNext(503, 1);
    expect((await get(`/api/catastro/${encodeURIComponent('804959_7/7.C')}`)).statusCode).toBe(503);
  });
});
