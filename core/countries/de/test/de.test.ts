import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { documentedFormatCases } from '../../../../test/helpers/documented-format-cases.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { germany } from '../country.js';
import {
  BAVARIA_PLACE,
  BAVARIA_POINT,
  DE_BE_REF,
  DE_BW_HELD,
  DE_BW_REF,
  DE_NI_AREA,
  DE_NI_REF,
  DE_NW_REF,
  DE_PLACE,
  DE_POINTS,
  DE_SN_HELD,
  DE_SN_REF,
  fake,
} from './fake.js';

countryGoldenTests(germany, fake);

const europe = useEuropeApi();
const { get, post } = europe;

documentedFormatCases(
  () => europe.api,
  [
    {
      code: 'DE',
      ref: DE_BE_REF,
      centre: DE_POINTS.BE,
      detection: 'alone',
      address: { q: `${DE_PLACE.road} ${DE_PLACE.houseNumber}, Berlin`, municipality: 'Berlin', postcode: '10117', wrongPostcode: '1011' },
    },
  ],
);

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
      `/api/search/address/candidates?country=DE&q=${encodeURIComponent(`${BAVARIA_PLACE.road} ${BAVARIA_PLACE.houseNumber}, München`)}`,
    );
    expect(byAddress.statusCode).toBe(422);
    expect(byAddress.json().error).toMatch(/Bavaria/);
  });
});
