import { describe, expect, it } from 'vitest';
import { GEOJSON_PARCELS } from '../../fake-upstream/countries/geojson-countries.js';
import {
  BAVARIA_POINT,
  DE_BE_REF,
  DE_BW_HELD,
  DE_BW_REF,
  DE_NI_AREA,
  DE_NI_REF,
  DE_NW_REF,
  DE_POINTS,
  DE_SN_HELD,
  DE_SN_REF,
  FI_POINT,
  FI_REF,
} from '../../fake-upstream/countries/germany-finland.js';
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
    code: 'DE',
    ref: DE_BE_REF,
    centre: DE_POINTS.BE,
    detection: 'alone',
    address: { q: `${place('de').road} ${place('de').houseNumber}, Berlin`, municipality: 'Berlin', postcode: '10117', wrongPostcode: '1011' },
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
  {
    code: 'FI',
    ref: FI_REF,
    centre: FI_POINT,
    detection: 'alone',
    address: { q: `${place('fi').road} ${place('fi').houseNumber}, Helsinki`, municipality: 'Helsinki', postcode: '00170', wrongPostcode: '0017' },
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

describe('Germany: the Länder services, 15 of 16', () => {
  it('reads the INSPIRE answer of Niedersachsen (EPSG:4326, latitude first) by reference and by point', async () => {
    const byRef = await get(`/api/catastro/${encodeURIComponent(DE_NI_REF)}`);
    expect(byRef.statusCode, byRef.body).toBe(200);
    expect(byRef.json().data).toMatchObject({ refCatastral: DE_NI_REF, pais: 'DE', provincia: 'Niedersachsen', superficieParcela: DE_NI_AREA });
    const [longitude, latitude] = DE_POINTS.NI;
    const byPoint = await post('/api/search/coordinates', { latitude, longitude });
    expect(byPoint.statusCode, byPoint.body).toBe(200);
    expect(byPoint.json().data.refCat14).toBe(DE_NI_REF);
  });

  it('reads the simplified ALKIS schema of Nordrhein-Westfalen (EPSG:25832) by point, with municipality and Land', async () => {
    const [longitude, latitude] = DE_POINTS.NW;
    const byPoint = await post('/api/search/coordinates', { latitude, longitude, country: 'DE' });
    expect(byPoint.statusCode, byPoint.body).toBe(200);
    expect(byPoint.json().data).toMatchObject({ refCat14: DE_NW_REF, municipio: 'Düsseldorf' });
    const byRef = await get(`/api/catastro/${encodeURIComponent(DE_NW_REF)}`);
    expect(byRef.json().data).toMatchObject({ superficieParcela: 905, municipio: 'Düsseldorf', provincia: 'Nordrhein-Westfalen' });
  });

  it('reads the written form and the stripped Kennzeichen (with ?country=DE) as the same parcel', async () => {
    const written = await get(`/api/catastro/${encodeURIComponent('110001-919-567')}`);
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().data.refCatastral).toBe(DE_BE_REF);
    const stripped = await get('/api/catastro/11000191900567?country=DE');
    expect(stripped.json().data.refCatastral).toBe(DE_BE_REF);
  });

  it('asks Berlin in its 18-character fsko, the only form its field holds', async () => {
    const byRef = await get(`/api/catastro/${encodeURIComponent(DE_BE_REF)}`);
    expect(byRef.statusCode, byRef.body).toBe(200);
    expect(byRef.json().data).toMatchObject({ refCatastral: DE_BE_REF, municipio: 'Berlin', provincia: 'Berlin' });
  });

  it('finds Baden-Württemberg and Sachsen parcels held `0`-filled, however the user writes the empty parts', async () => {
    for (const [typed, canonical] of [
      [DE_BW_HELD, DE_BW_REF],
      [DE_BW_REF, DE_BW_REF],
      ['081460-0-6', DE_BW_REF],
      [DE_SN_HELD, DE_SN_REF],
      [DE_SN_REF, DE_SN_REF],
    ]) {
      const byRef = await get(`/api/catastro/${encodeURIComponent(typed)}?country=DE`);
      expect(byRef.statusCode, `${typed}: ${byRef.body}`).toBe(200);
      expect(byRef.json().data.refCatastral).toBe(canonical);
    }
    for (const [land, canonical] of [
      ['BW', DE_BW_REF],
      ['SN', DE_SN_REF],
    ] as const) {
      const [longitude, latitude] = DE_POINTS[land];
      const byPoint = await post('/api/search/coordinates', { latitude, longitude, country: 'DE' });
      expect(byPoint.statusCode, byPoint.body).toBe(200);
      expect(byPoint.json().data.refCat14).toBe(canonical);
    }
  });

  it('answers 422 CNV_COVERAGE naming Bavaria by reference, by point and by address', async () => {
    const byRef = await get('/api/catastro/09123400100123______');
    expect(byRef.statusCode).toBe(422);
    expect(byRef.json()).toMatchObject({ code: 'CNV_COVERAGE' });
    expect(byRef.json().error).toMatch(/Bavaria/);
    const [longitude, latitude] = BAVARIA_POINT;
    const byPoint = await post('/api/search/coordinates', { latitude, longitude });
    expect(byPoint.statusCode).toBe(422);
    expect(byPoint.json().error).toMatch(/Bavaria/);
    const byAddress = await get(
      `/api/search/address/candidates?country=DE&q=${encodeURIComponent(`${place('de-by').road} ${place('de-by').houseNumber}, München`)}`,
    );
    expect(byAddress.statusCode).toBe(422);
    expect(byAddress.json().error).toMatch(/Bavaria/);
  });
});

describe('Finland: kiinteistötunnus', () => {
  it('reads the long form with ?country=FI as the short one; without it 14 bare digits answer 300 naming FR, DE and FI (spec)', async () => {
    const long = await get('/api/catastro/09141000030044?country=FI');
    expect(long.statusCode, long.body).toBe(200);
    expect(long.json().data.refCatastral).toBe(FI_REF);
    const bare = await get('/api/catastro/09141000030044');
    expect(bare.statusCode).toBe(300);
    expect(bare.json()).toMatchObject({ code: 'CNV_AMBIGUOUS', data: { candidateCountries: ['FR', 'DE', 'FI'] } });
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
