import { pointOnFeature } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../../core/model/index.js';
import type { EuropeApi } from './europe-api.js';

/**
 * A country served through its official parcel service, played by a fake in its documented format
 * (issue 14): its reference, how detection treats it (the country alone, a 300 naming it among
 * others, or never: LV's bare digits need ?country=LV), and the address the fake geocoder knows on
 * that parcel.
 */
export interface DocumentedFormatRow {
  code: CountryCode;
  ref: string;
  /** Without ?country=: 'alone' → 200 from this country; 'shared' → 300 naming it; 'never' → not this country. */
  detection: 'alone' | 'shared' | 'never';
  /** A point inside the parcel (WGS84 lon, lat). */
  centre: [number, number];
  /** A query naming the fake address, its municipality and its postcode in the spec's format. */
  address: { q: string; municipality: string; postcode: string; wrongPostcode: string };
}

/** The cases every such country answers against the fake Europe (`api()` once started). */
export function documentedFormatCases(api: () => EuropeApi, rows: DocumentedFormatRow[]): void {
  const get = (url: string) => api().app.inject({ method: 'GET', url });
  const post = (url: string, body: object) => api().app.inject({ method: 'POST', url, payload: body });

  describe.each(rows)('$code against its documented-format fake', (row) => {
    const path = `/api/catastro/${encodeURIComponent(row.ref)}`;

    it('answers the parcel at a point, and 404 where the source has none', async () => {
      const [longitude, latitude] = row.centre;
      const byPoint = await post('/api/search/coordinates', { latitude, longitude });
      expect(byPoint.statusCode, byPoint.body).toBe(200);
      expect(byPoint.json().data).toMatchObject({ refCat14: row.ref, referenciaCatastral: row.ref, pais: row.code });
      const away = await post('/api/search/coordinates', { latitude: latitude + 0.01, longitude: longitude + 0.01, country: row.code });
      expect(away.statusCode, away.body).toBe(404);
    });

    it('detects the reference shape as the spec says', async () => {
      const response = await get(path);
      if (row.detection === 'alone') {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data.pais).toBe(row.code);
      } else if (row.detection === 'shared') {
        expect(response.statusCode, response.body).toBe(300);
        expect(response.json().code).toBe('CNV_AMBIGUOUS');
        expect(response.json().data.candidateCountries).toContain(row.code);
        expect(response.json().data.candidateCountries.length).toBeGreaterThan(1);
      } else {
        expect(response.statusCode).not.toBe(200);
        expect(response.statusCode).toBeLessThan(500);
      }
    });

    it('answers by reference, and the same parcel at a point of its outline', async () => {
      const byRef = await get(`${path}?country=${row.code}`);
      expect(byRef.statusCode, byRef.body).toBe(200);
      const parcel = byRef.json().data;
      expect(parcel).toMatchObject({ refCatastral: row.ref, pais: row.code });
      expect(parcel.superficieParcela).toBeGreaterThan(100);
      expect(parcel.poligono.length).toBeGreaterThanOrEqual(4);
      const [longitude, latitude] = pointOnFeature({ type: 'Polygon', coordinates: [parcel.poligono] }).geometry.coordinates;
      const byPoint = await post('/api/search/coordinates', { latitude, longitude });
      expect(byPoint.statusCode, byPoint.body).toBe(200);
      expect(byPoint.json().data).toMatchObject({ refCat14: row.ref, pais: row.code });
    });

    it('answers 404 for a well-formed reference the cadastre does not know', async () => {
      const unknown = row.ref.replace(/\d(?=\D*$)/, (d) => String((Number(d) + 1) % 10));
      const response = await get(`/api/catastro/${encodeURIComponent(unknown)}?country=${row.code}`);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    });

    it('finds the address on the parcel, with confianza ≥ 0.75 when number and municipality match', async () => {
      const q = encodeURIComponent(row.address.q);
      const response = await get(`/api/search/address/candidates?country=${row.code}&q=${q}&municipality=${encodeURIComponent(row.address.municipality)}`);
      expect(response.statusCode, response.body).toBe(200);
      const [best] = response.json().data.candidatos;
      expect(best).toMatchObject({ refCatastral: row.ref, pais: row.code, coincideNumero: true, coincideMunicipio: true });
      expect(best.confianza).toBeGreaterThanOrEqual(0.75);
      const withPostcode = await get(`/api/search/address/candidates?country=${row.code}&q=${q}&postcode=${encodeURIComponent(row.address.postcode)}`);
      expect(withPostcode.statusCode, withPostcode.body).toBe(200);
      const wrong = await get(`/api/search/address/candidates?country=${row.code}&q=${q}&postcode=${encodeURIComponent(row.address.wrongPostcode)}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('VALIDATION_ERROR');
      const nothing = await get(`/api/search/address/candidates?country=${row.code}&q=${encodeURIComponent('Nowhere lane 7')}`);
      expect(nothing.statusCode).toBe(404);
    });
  });
}
