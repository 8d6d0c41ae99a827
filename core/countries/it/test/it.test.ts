import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { italy } from '../country.js';
import { fake, IT_RECORDED_REF, IT_RELABELLED_REF } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(italy, fake);

const europe = useEuropeApi();
const { get, post } = europe;

const wfsRequests = (path: string) => europe.api.fake.requests.filter((u) => u.pathname === path);

describe('Italy (Agenzia delle Entrate WFS: BBOX only, MapServer flat schema, EPSG:6706 latitude first; real recording)', () => {
  // Inside the recorded triangle 39.54843572 9.13011880 / 39.54838145 9.13008628 / 39.54841445 9.13012273 (lat lon).
  const inside = { latitude: (39.54843572 + 39.54838145 + 39.54841445) / 3, longitude: (9.1301188 + 9.13008628 + 9.13012273) / 3 };

  it('finds the recorded parcel by coordinates, asking a latitude-first BBOX in EPSG:6706', async () => {
    const response = await post('/api/search/coordinates', { ...inside, country: 'IT' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: IT_RECORDED_REF, pais: 'IT', municipio: 'A000' });
    expect(response.json().data.attribution).toMatch(/Agenzia delle Entrate/);
    const asked = wfsRequests('/it-wfs').at(-1)!.searchParams;
    expect(asked.get('SRSNAME')).toBe('urn:ogc:def:crs:EPSG::6706');
    const [lat1, lon1] = asked.get('BBOX')!.split(',').map(Number);
    expect(lat1).toBeGreaterThan(39);
    expect(lon1).toBeLessThan(10);
  });

  it('then answers the parcel by reference from the copy, with its outline in lon/lat order', async () => {
    const response = await get(`/api/catastro/${IT_RECORDED_REF}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: IT_RECORDED_REF, pais: 'IT', dataSource: 'clone' });
    expect(data.poligono[0]).toEqual([9.1301188, 39.54843572]);
  });

  it("by reference scans the comune's extent from the bundled table and answers the comune's name and province", async () => {
    const response = await get(`/api/catastro/${IT_RELABELLED_REF}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: IT_RELABELLED_REF, pais: 'IT', municipio: 'Senorbì', provincia: 'SU', dataSource: 'catastro' });
    expect(data.poligono[0]).toEqual([9.1301188, 39.54843572]);
    const asked = wfsRequests('/it-wfs').at(-1)!.searchParams;
    expect(asked.get('STARTINDEX')).toBe('0');
    expect(asked.get('COUNT')).toBe('1000');
    // Senorbì's ISTAT extent, latitude first, in the answers' CRS.
    const [south, west, north, east, urn] = asked.get('BBOX')!.split(',');
    expect([Number(south), Number(west), Number(north), Number(east), urn]).toEqual([39.485, 9.107, 39.582, 9.178, 'urn:ogc:def:crs:EPSG::6706']);
  });

  it('a reference whose comune lists no such parcel answers 404; an unknown comune code says so', async () => {
    const rome = await get('/api/catastro/H501A048600.123');
    expect(rome.statusCode).toBe(404);
    const [south, west] = wfsRequests('/it-wfs').at(-1)!.searchParams.get('BBOX')!.split(',').map(Number);
    expect([south, west]).toEqual([41.655, 12.234]);
    const unknown = await get('/api/catastro/Z999A000100.12');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/Z999 is not the cadastral code of any comune/);
  });

  it('answers 404 where the WFS lists no parcel and 503 when it does not answer', async () => {
    expect((await post('/api/search/coordinates', { latitude: 41.9, longitude: 12.5, country: 'IT' })).statusCode).toBe(404);
    europe.api.fake.failNext(503, 1);
    expect((await post('/api/search/coordinates', { latitude: 41.91, longitude: 12.5, country: 'IT' })).statusCode).toBe(503);
  });
});

describe("Italy by address (open geocoder: Nominatim's documented jsonv2 answers, written by hand)", () => {
  it('asks Nominatim for Italy, finds the parcel under the address point, and never returns a piece of road (spec rule 3)', async () => {
    forgetParcels(embeddedCopy(europe.api.service), 'IT');
    const response = await get(`/api/search/address/candidates?country=IT&q=${encodeURIComponent('Via Roma 1, Senorbì')}`);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error).toMatch(/roads or waters \(A000W000200\.STRADA001\)/);
    const asked = europe.api.fake.requests.filter((u) => u.pathname === '/nominatim/search').at(-1)!.searchParams;
    expect(asked.get('countrycodes')).toBe('it');
    expect(asked.get('format')).toBe('jsonv2');
    // The parcel was asked of the AdE WFS at the address point (a small latitude-first box).
    const [lat1, lon1] = wfsRequests('/it-wfs').at(-1)!.searchParams.get('BBOX')!.split(',').map(Number);
    expect(lat1).toBeCloseTo(39.5484, 3);
    expect(lon1).toBeCloseTo(9.1301, 3);
  });
});
