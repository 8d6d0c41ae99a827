import { pointOnFeature } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { czechia } from '../country.js';
import { parseRuianCandidates } from '../ruian-geocoder.js';
import { CZ_ADDRESS_POINT, CZ_AREA, CZ_REF, czechGeocoderAnswer, fake } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(czechia, fake);

const europe = useEuropeApi();
const { get, post, requests } = europe;

describe('Czechia (ČÚZK CP WFS, EPSG:5514) — on an INSPIRE answer written by hand to the cp schema (no Czech recording exists)', () => {
  it('asks the GetParcel stored query with k.ú. and number and answers the parcel in WGS84', async () => {
    const response = await get(`/api/catastro/${CZ_REF}?country=CZ`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: CZ_REF, pais: 'CZ', superficieParcela: CZ_AREA, dataSource: 'catastro' });
    expect(data.latitud).toBeGreaterThan(49.9);
    expect(data.latitud).toBeLessThan(50.2);
    expect(data.poligono.every(([lon]: number[]) => lon > 14.4 && lon < 14.5)).toBe(true);
    const asked = requests('/cz-wfs').at(-1)!.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      STOREDQUERY_ID: 'GetParcel',
      UPPER_ZONING_ID: '727024',
      TEXT: '542',
      SRSNAME: 'urn:ogc:def:crs:EPSG::5514',
    });
  });

  it('finds it by coordinates through a BBOX in EPSG:5514 (negative easting and northing)', async () => {
    const { poligono } = (await get(`/api/catastro/${CZ_REF}?country=CZ`)).json().data;
    // A point surely inside the outline, whatever its shape.
    const [longitude, latitude] = pointOnFeature({ type: 'Polygon', coordinates: [poligono] }).geometry.coordinates;
    forgetParcels(embeddedCopy(europe.api.service), 'CZ');
    const response = await post('/api/search/coordinates', { latitude, longitude, country: 'CZ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.referenciaCatastral).toBe(CZ_REF);
    const [minX, minY] = requests('/cz-wfs').at(-1)!.searchParams.get('BBOX')!.split(',').map(Number);
    expect(minX).toBeLessThan(-700_000);
    expect(minY).toBeLessThan(-1_000_000);
  });

  it('writes building parcels as st. and answers 404 for a parcel the WFS does not list', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent('727024-st.542')}`);
    expect(response.statusCode).toBe(404);
    expect(requests('/cz-wfs').at(-1)!.searchParams.get('TEXT')).toBe('st. 542');
  });
});

describe("Czechia by address (ČÚZK RÚIAN geocoder, findAddressCandidates JSON written to Esri's published schema; parcel from the hand-written WFS answer)", () => {
  it('geocodes through RÚIAN, matches the orientation number after the slash, and answers the parcel under the point', async () => {
    forgetParcels(embeddedCopy(europe.api.service), 'CZ');
    const response = await get(
      `/api/search/address/candidates?country=CZ&q=${encodeURIComponent('Karlova 5, Praha')}&postcode=${encodeURIComponent('110 00')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [best] = response.json().data.candidatos;
    expect(best).toMatchObject({
      refCatastral: CZ_REF,
      pais: 'CZ',
      numero: 5,
      codigoPostal: '110 00',
      municipio: 'Praha 1',
      coincideNumero: true,
      coincideMunicipio: true,
    });
    expect(best.longitud).toBeCloseTo(CZ_ADDRESS_POINT[0], 6);
    expect(best.confianza).toBeGreaterThanOrEqual(0.75);
    expect(response.json().data.attribution).toMatch(/RÚIAN/);
    const asked = requests('/cz-geocoder/findAddressCandidates').at(-1)!.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ SingleLine: 'Karlova 5, Praha', outSR: '4326', f: 'json' });
    expect(response.json().data.candidatos.map((c: { direccion: string }) => c.direccion)).not.toContain('Karlova, Praha');
  });

  it("keeps RÚIAN's address points (Type AdresniMisto), not the streets it also finds", () => {
    expect(parseRuianCandidates(czechGeocoderAnswer('Karlova')).map((a) => a.label)).toEqual(['Karlova 123/5, Staré Město, 11000 Praha 1']);
  });

  it('answers 404 when RÚIAN finds nothing', async () => {
    expect((await get(`/api/search/address/candidates?country=CZ&q=${encodeURIComponent('Neexistující 1, Praha')}`)).statusCode).toBe(404);
  });
});
