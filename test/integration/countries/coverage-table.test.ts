import { pointOnFeature } from '@turf/turf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, type CountryCode } from '../../../core/model/index.js';
import { COUNTRIES, CountryRegistry } from '../../../core/countries/registry.js';
import { HR_PARCEL } from '../../../core/countries/hr/test/fake.js';
import { UK_PARCEL } from '../../../core/countries/uk/test/fake.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';
import { expectSpecCandidates, expectSpecCoordinateResult, expectSpecParcel } from '../../helpers/spec-fields.js';

/**
 * The spec's coverage table walked row by row against the fakes. A row this installation serves:
 * its reference is detected without `country`, answered by reference, the parcel's own point
 * answers the same parcel by coordinates, and address search is served or refused (422) as the
 * adapter's coverage row says. A row it does not serve answers the spec's 422 CNV_COVERAGE on all
 * three. Spain's common territory has its own fake and tests (core/countries/es/test).
 */
/** Each served row's sample: the parcel its evidence names for `catastro sources check` (core/countries/<cc>/evidence.ts `check`), which the fakes answer. */
const SERVED_SAMPLES: Partial<Record<CountryCode, string>> = Object.fromEntries(COUNTRIES.map(({ code, evidence }) => [code, evidence.check.ref]));
/** Rows whose references are detected only with `?country=` (spec: LV bare digits, GR, IE; SE blocks, whose id shape is undocumented). */
const NEEDS_COUNTRY = new Set<CountryCode>(['LV', 'GR', 'IE', 'SE']);
/** Rows without lookup by reference (spec: HR, UK): a point finds the parcel, which then answers by reference from the copy only. */
const BY_POINT_FIRST: Partial<Record<CountryCode, [number, number]>> = { HR: HR_PARCEL.centre, UK: UK_PARCEL.inside };
/** A point inside each country, for rows without coverage (no parcel is asked). */
const INSIDE: Partial<Record<CountryCode, [number, number]>> = {
  DE: [10.0, 51.0],
  AT: [14.5, 47.5],
  BE: [4.4, 50.8],
  CH: [8.2, 46.8],
  NO: [10.7, 59.9],
  FI: [25.0, 61.0],
  EE: [25.0, 58.7],
  LV: [24.1, 56.9],
  LT: [25.3, 54.7],
  SI: [14.5, 46.1],
  SK: [19.0, 48.7],
  BG: [23.3, 42.7],
  GR: [23.7, 38.0],
  CY: [33.4, 35.1],
  LI: [9.55, 47.15],
  IS: [-21.9, 64.1],
  PT: [-8.6, 40.2],
  IE: [-7.5, 53.3],
  UK: [-3.2, 55.95],
  HR: [16.0, 45.8],
  SE: [18.0, 59.3],
};

let api: EuropeApi;
const served = new Set(CountryRegistry.create().codes);
beforeAll(async () => {
  api = await startEuropeApi();
});
afterAll(async () => {
  await api?.close();
});

const get = (url: string) => api.app.inject({ method: 'GET', url });
const post = (url: string, body: unknown) => api.app.inject({ method: 'POST', url, payload: body as object });
const rows = COUNTRY_CODES.filter((c) => c !== 'ES');

describe("the spec's coverage table, row by row", () => {
  it('has a sample for every row this installation serves', () => {
    for (const code of rows) if (served.has(code)) expect(SERVED_SAMPLES[code], code).toBeDefined();
  });

  describe.each(rows.filter((c) => served.has(c)))('%s (served)', (code) => {
    const ref = SERVED_SAMPLES[code]!;
    it('detects the reference, answers it, and answers the same parcel at its own point', async () => {
      const point = BY_POINT_FIRST[code];
      if (point) {
        const found = await post('/api/search/coordinates', { latitude: point[1], longitude: point[0], country: code });
        expect(found.statusCode, found.body).toBe(200);
        expect(found.json().data).toMatchObject({ refCat14: ref, pais: code });
        expectSpecCoordinateResult(`${code} by point`, found.json().data);
        const kept = await get(`/api/catastro/${encodeURIComponent(ref)}?country=${code}`);
        expect(kept.json().data).toMatchObject({ refCatastral: ref, pais: code, dataSource: 'clone' });
        expectSpecParcel(`${code} from the copy`, kept.json().data);
        expect((await get(`/api/catastro/${encodeURIComponent(`${ref}9`)}?country=${code}`)).json().code).toBe('CNV_COVERAGE');
        return;
      }
      if (NEEDS_COUNTRY.has(code)) expect((await get(`/api/catastro/${encodeURIComponent(ref)}`)).json().data?.pais).not.toBe(code);
      let byRef = await get(`/api/catastro/${encodeURIComponent(ref)}${NEEDS_COUNTRY.has(code) ? `?country=${code}` : ''}`);
      if (byRef.statusCode === 300) {
        // Shapes several countries share (CZ `727024-542` is also a Danish ejerlav-matrikelnr): the
        // spec's 300 names the candidates, and the client repeats the call with ?country=.
        expect(byRef.json().data.candidateCountries).toContain(code);
        byRef = await get(`/api/catastro/${encodeURIComponent(ref)}?country=${code}`);
      }
      expect(byRef.statusCode, byRef.body).toBe(200);
      const parcel = byRef.json().data;
      expect(parcel.pais).toBe(code);
      expectSpecParcel(`${code} by reference`, parcel);
      const [longitude, latitude] = pointOnFeature({ type: 'Polygon', coordinates: [parcel.poligono] }).geometry.coordinates;
      const asked = code === 'PV' || code === 'NA' ? 'ES' : code;
      const byPoint = await post('/api/search/coordinates', { latitude, longitude, country: asked });
      expect(byPoint.statusCode, byPoint.body).toBe(200);
      expect(byPoint.json().data).toMatchObject({ refCat14: parcel.refCatastral, pais: code });
      expectSpecCoordinateResult(`${code} by point`, byPoint.json().data);
    });

    it('serves address search, or refuses it with 422 CNV_COVERAGE, as its coverage row says', async () => {
      const adapter = CountryRegistry.create().forCountry(code);
      const response = await get(`/api/search/address/candidates?country=${code}&q=${encodeURIComponent('Main street 1')}`);
      if (adapter.coverage.byAddress) {
        expect([200, 404]).toContain(response.statusCode);
        if (response.statusCode === 200) expectSpecCandidates(`${code} address search`, response.json().data);
      } else {
        expect(response.statusCode).toBe(422);
        expect(response.json().code).toBe('CNV_COVERAGE');
        expect(response.json().data.supportedCountries).not.toContain(code);
      }
    });
  });

  describe.each(rows.filter((c) => !served.has(c)))('%s (not served here)', (code) => {
    it('answers 422 CNV_COVERAGE by reference, by coordinates and by address, naming the countries served', async () => {
      const byRef = await get(`/api/catastro/12345?country=${code}`);
      expect(byRef.statusCode).toBe(422);
      expect(byRef.json().code).toBe('CNV_COVERAGE');
      const [longitude, latitude] = INSIDE[code]!;
      const byPoint = await post('/api/search/coordinates', { latitude, longitude, country: code });
      expect(byPoint.statusCode).toBe(422);
      const byAddress = await get(`/api/search/address/candidates?country=${code}&q=${encodeURIComponent('Main street 1')}`);
      expect(byAddress.statusCode).toBe(422);
      expect(byAddress.json().data.supportedCountries).toContain('ES');
    });
  });
});
