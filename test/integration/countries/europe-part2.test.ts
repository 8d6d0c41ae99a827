import { describe, expect, it } from 'vitest';
import { GEOJSON_PARCELS } from '../../fake-upstream/countries/geojson-countries.js';
import { NOMINATIM_PLACES } from '../../fake-upstream/countries/nominatim.js';
import {
  AT_POINT,
  AT_REF,
  BE_DELAY_MS,
  BE_POINT,
  BE_REF,
  CH_NO_PARCEL_HERE,
  CH_NO_PARCELS_POINT,
  CH_POINT,
  CH_REF,
} from '../../fake-upstream/countries/be-ch-at.js';
import { documentedFormatCases, type DocumentedFormatRow } from '../../helpers/documented-format-cases.js';
import { useEuropeApi } from '../../helpers/europe-api.js';

/** Issue 14's countries served through their official parcel services, one row each (documented-format-cases.ts). */
const place = (cc: string) => NOMINATIM_PLACES[cc];
const ROWS: DocumentedFormatRow[] = [
  {
    code: 'EE',
    ref: GEOJSON_PARCELS.EE.ref,
    centre: GEOJSON_PARCELS.EE.centre,
    detection: 'alone',
    address: { q: `${place('ee').road} ${place('ee').houseNumber}, Tallinn`, municipality: 'Tallinn', postcode: '10146', wrongPostcode: '1014' },
  },
  {
    code: 'LV',
    ref: GEOJSON_PARCELS.LV.ref,
    centre: GEOJSON_PARCELS.LV.centre,
    detection: 'never',
    address: { q: `${place('lv').road} ${place('lv').houseNumber}, Rīga`, municipality: 'Rīga', postcode: 'LV-1050', wrongPostcode: '10500' },
  },
  {
    code: 'LT',
    ref: GEOJSON_PARCELS.LT.ref,
    centre: GEOJSON_PARCELS.LT.centre,
    detection: 'alone',
    address: { q: `${place('lt').road} ${place('lt').houseNumber}, Vilnius`, municipality: 'Vilnius', postcode: 'LT-01103', wrongPostcode: '0110' },
  },
  {
    code: 'SI',
    ref: GEOJSON_PARCELS.SI.ref,
    centre: GEOJSON_PARCELS.SI.centre,
    detection: 'shared',
    address: { q: `${place('si').road} ${place('si').houseNumber}, Ljubljana`, municipality: 'Ljubljana', postcode: '1000', wrongPostcode: '10000' },
  },
  {
    code: 'BE',
    ref: BE_REF,
    centre: BE_POINT,
    detection: 'alone',
    address: { q: `${place('be').road} ${place('be').houseNumber}, Bruxelles`, municipality: 'Bruxelles', postcode: '1000', wrongPostcode: '10000' },
  },
  {
    code: 'CH',
    ref: CH_REF,
    centre: CH_POINT,
    detection: 'alone',
    address: { q: 'Bundesplatz 3, Bern', municipality: 'Bern', postcode: '3011', wrongPostcode: '30110' },
  },
  {
    code: 'AT',
    ref: AT_REF,
    centre: AT_POINT,
    detection: 'alone',
    address: { q: `${place('at').road} ${place('at').houseNumber}, Wien`, municipality: 'Wien', postcode: '1010', wrongPostcode: '10100' },
  },
];

const europe = useEuropeApi();
const { get } = europe;

const post = (url: string, body: object) => europe.api.app.inject({ method: 'POST', url, payload: body });

describe('before any lookup (nothing in the copy)', () => {
  it("Belgium answers by point although CadGIS takes longer than the client's default time per attempt (its own timeout)", async () => {
    const [longitude, latitude] = BE_POINT;
    const started = Date.now();
    const response = await post('/api/search/coordinates', { latitude, longitude, country: 'BE' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(BE_DELAY_MS - 50);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.refCat14).toBe(BE_REF);
  }, 30_000);
});

documentedFormatCases(() => europe.api, ROWS);

describe('Latvia: bare digits only with ?country=LV', () => {
  it('does not claim 11 bare digits without country, and reads them with it', async () => {
    const bare = await get(`/api/catastro/${GEOJSON_PARCELS.LV.ref}`);
    expect(bare.statusCode).toBe(400);
    const asked = await get(`/api/catastro/${GEOJSON_PARCELS.LV.ref}?country=LV`);
    expect(asked.statusCode, asked.body).toBe(200);
  });
});

describe('Switzerland: cantons without parcels', () => {
  it('answers 422 CNV_COVERAGE naming the canton when its canton publishes no parcels', async () => {
    const [longitude, latitude] = CH_NO_PARCELS_POINT;
    const response = await post('/api/search/coordinates', { latitude, longitude });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe('CNV_COVERAGE');
    expect(response.json().error).toMatch(/Appenzell Innerrhoden \(AI\)/);
  });

  it('answers 404 on no parcel in a canton that publishes them', async () => {
    const [longitude, latitude] = CH_NO_PARCEL_HERE;
    const response = await post('/api/search/coordinates', { latitude, longitude });
    expect(response.statusCode, response.body).toBe(404);
  });

  it('carries the canton', async () => {
    const response = await get(`/api/catastro/${CH_REF}`);
    expect(response.json().data.provincia).toBe('BE');
  });
});
