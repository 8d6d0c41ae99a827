import { pointOnFeature } from '@turf/turf';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { containsPoint } from '../../../geo/polygon.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';
import { fake, PL_ADDRESS_POINT, RECORDED_PL_ID, WARSZAWA_PL_ID, WARSZAWA_PROBED_POINT } from './fake.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { poland } from '../country.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(poland, fake);

const WARSZAWA_RECORDING = readFileSync(countryFixture('pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt'), 'utf8');
/** id|voivodeship|county|commune|region|parcel|geom_wkt, as recorded. */
const warszawaRecord = WARSZAWA_RECORDING.split('\n')[1].split('|');
const EGIB = countryFixture('pl_egib_gml_dzialka_221101_1.0001.152_3.gml');

const europe = useEuropeApi();
const { get, post } = europe;

describe('Poland by reference (ULDK GetParcelById, real recording)', () => {
  it('detects the id, asks ULDK in the recorded field order and answers commune, voivodeship and outline in WGS84', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent(WARSZAWA_PL_ID)}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      refCatastral: WARSZAWA_PL_ID,
      pais: 'PL',
      municipio: warszawaRecord[3],
      provincia: warszawaRecord[1],
      dataSource: 'catastro',
    });
    expect(data.attribution).toMatch(/GUGiK/);
    // First vertex 636949.912510792 487118.535496397 (EPSG:2180) is 52.2330553 N 21.0060190 E according to cs2cs (EPSG:2180 axis order: northing first).
    expect(data.poligono[0][0]).toBeCloseTo(21.006019, 6);
    expect(data.poligono[0][1]).toBeCloseTo(52.2330553, 6);
    expect(containsPoint({ type: 'Polygon', coordinates: [data.poligono] }, [data.longitud, data.latitud])).toBe(true);
    const asked = europe.api.fake.requests.find((u) => u.searchParams.get('request') === 'GetParcelById')!;
    expect(asked.searchParams.get('result')).toBe('id,voivodeship,county,commune,region,parcel,geom_wkt');
  });

  it('sends an id with a slash percent-encoded and answers 404 with the id shape on the recorded "-1 brak wyników"', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent('221101_1.0001.161/8')}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/TERYT/);
    const asked = europe.api.fake.requests.filter((u) => u.searchParams.get('request') === 'GetParcelById').at(-1)!;
    expect(asked.searchParams.get('id')).toBe('221101_1.0001.161/8');
    expect(asked.search).toContain('161%2F8');
  });

  it("under country=PL, a bare number naming two precincts' parcels (GetParcelByIdOrNr, status = count) is a 400 listing both", async () => {
    const response = await get('/api/catastro/134?country=PL');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/022503_5\.0003\.134.*301903_2\.0006\.134/);
  });

  it('answers 503 when ULDK does not answer', async () => {
    europe.api.fake.failNext(503, 1);
    const response = await get('/api/catastro/141201_1.0001.6510');
    expect(response.statusCode).toBe(503);
  });
});

describe('Poland by coordinates (GetParcelByXY with lon,lat,4326, the order a client measured)', () => {
  it('answers the recorded parcel at the point the client probed live, asking longitude first', async () => {
    forgetParcels(embeddedCopy(europe.api.service), 'PL');
    const [lon, lat] = WARSZAWA_PROBED_POINT;
    const response = await post('/api/search/coordinates', { latitude: lat, longitude: lon, country: 'PL' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: WARSZAWA_PL_ID, pais: 'PL', municipio: warszawaRecord[3] });
    const xy = europe.api.fake.requests
      .filter((u) => u.searchParams.get('request') === 'GetParcelByXY')
      .at(-1)!
      .searchParams.get('xy')!;
    expect(xy).toBe('21.0061000,52.2317000,4326');
  });

  it('finds the parcel under a point inside it', async () => {
    const parcel = (await get(`/api/catastro/${RECORDED_PL_ID}`)).json().data;
    const [lon, lat] = pointOnFeature({ type: 'Polygon', coordinates: [parcel.poligono] }).geometry.coordinates;
    forgetParcels(embeddedCopy(europe.api.service), 'PL');
    const response = await post('/api/search/coordinates', { latitude: lat, longitude: lon, country: 'PL' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: RECORDED_PL_ID, pais: 'PL' });
  });

  it('answers 404 in the Baltic (the recorded "-1" answer)', async () => {
    const response = await post('/api/search/coordinates', { latitude: 54.9, longitude: 18.5, country: 'PL' });
    expect(response.statusCode).toBe(404);
  });
});

describe('Poland bulk import (EGiB GML, PL-2000 zone 6, northing first)', () => {
  it('imports the parcel with its registered area and an outline PROJ agrees with', async () => {
    const [result] = await europe.api.service.importFiles([EGIB]);
    expect(result).toMatchObject({ kind: 'pl-egib-gml', parcels: 1 });
    const before = europe.api.fake.requests.length;
    const response = await get(`/api/catastro/${encodeURIComponent('221101_1.0001.152/3')}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    // powierzchniaEwidencyjna 0.0087 ha.
    expect(data).toMatchObject({ refCatastral: '221101_1.0001.152/3', superficieParcela: 87, dataSource: 'clone', dataDate: '2015-06-03' });
    // First vertex 6052556.94 6552495.58 (north, east) is 18.8123328 E 54.6001552 N according to cs2cs.
    expect(data.poligono[0][0]).toBeCloseTo(18.8123328, 6);
    expect(data.poligono[0][1]).toBeCloseTo(54.6001552, 6);
    expect(europe.api.fake.requests.length).toBe(before);
  });
});

describe('Poland by address (GUGiK UUG GetAddress; hand-written answers in the shape of real ones)', () => {
  it('geocodes the address and answers the ULDK parcel under its point, with confianza from the shared helper', async () => {
    forgetParcels(embeddedCopy(europe.api.service), 'PL');
    const response = await get(`/api/search/address/candidates?country=PL&q=${encodeURIComponent('Kościuszki 1, Mińsk Mazowiecki')}&postcode=05-300`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.candidatos[0]).toMatchObject({
      refCatastral: RECORDED_PL_ID,
      pais: 'PL',
      numero: 1,
      codigoPostal: '05-300',
      municipio: 'Mińsk Mazowiecki',
      provincia: 'mazowieckie',
      coincideNumero: true,
      coincideMunicipio: true,
    });
    // UUG writes the street with its type ("ulica Kościuszki"), people without: the name alone is compared.
    expect(data.candidatos[0].confianza).toBe(1);
    expect(data.candidatos[0].latitud).toBeCloseTo(PL_ADDRESS_POINT[1], 5);
    expect(data.attribution).toMatch(/UUG.*GUGiK|GUGiK.*UUG/);
    const asked = europe.api.fake.requests.filter((u) => u.pathname === '/pl-uug/').at(-1)!.searchParams;
    expect(asked.get('request')).toBe('GetAddress');
    expect(asked.get('address')).toContain('Kościuszki 1');
    // The parcel came from ULDK by the address point.
    expect(europe.api.fake.requests.some((u) => u.pathname === '/pl-uldk/' && u.searchParams.get('request') === 'GetParcelByXY')).toBe(true);
  });

  it('answers 404 when UUG finds no address, 503 when it does not answer', async () => {
    expect((await get(`/api/search/address/candidates?country=PL&q=${encodeURIComponent('Nieistniejąca 99, Nigdzie')}`)).statusCode).toBe(404);
    europe.api.fake.failNext(503, 1);
    expect((await get(`/api/search/address/candidates?country=PL&q=${encodeURIComponent('Kościuszki 1, Mińsk Mazowiecki')}`)).statusCode).toBe(503);
  });
});
