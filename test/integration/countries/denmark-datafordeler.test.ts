import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWgs84 } from '../../../core/geo/crs.js';
import { DenmarkAdapter } from '../../../core/countries/dk/adapter.js';
import type { AdapterContext } from '../../../core/countries/adapter.js';
import { unavailable } from '../../../core/model/index.js';
import { DK_ADDRESS_POINT, DK_FAKE_SERVICE_USER, DK_LINKED_PARCEL } from '../../fake-upstream/countries/dk.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';

/**
 * Matriklen through Datafordeler's Matriklen2 REST with a service user from configuration. The
 * fake's Datafordeler answers are WRITTEN BY HAND in the documented shape (no recording exists).
 */
const requestsTo = (api: EuropeApi, prefix: string) => api.fake.requests.filter((u) => u.pathname.startsWith(prefix));

describe('Denmark with a Datafordeler service user (Matriklen2 REST; hand-written answers in the documented shape)', () => {
  let api: EuropeApi;
  beforeAll(async () => {
    api = await startEuropeApi((sources) => ({
      ...sources,
      dk: { ...sources.dk, datafordelerUsername: DK_FAKE_SERVICE_USER.username, datafordelerPassword: DK_FAKE_SERVICE_USER.password },
    }));
  });
  afterAll(async () => { await api?.close(); });
  const get = (url: string) => api.app.inject({ method: 'GET', url });

  it('asks SamletFastEjendom by Ejerlavskode and Matrikelnr with the service user and answers the jordstykke in WGS84', async () => {
    const response = await get(`/api/catastro/${DK_LINKED_PARCEL}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: DK_LINKED_PARCEL, pais: 'DK', municipio: 'København', superficieParcela: 545, dataSource: 'catastro' });
    expect(data.latitud).toBeCloseTo(DK_ADDRESS_POINT[1], 4);
    expect(data.longitud).toBeCloseTo(DK_ADDRESS_POINT[0], 4);
    const asked = requestsTo(api, '/dk-datafordeler/Matriklen2/Matrikel/2.0.0/rest/SamletFastEjendom').at(-1)!.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ Ejerlavskode: '2000178', Matrikelnr: '13', username: DK_FAKE_SERVICE_USER.username });
    expect(requestsTo(api, '/dk-dawa/jordstykker')).toHaveLength(0);
    expect(response.body).not.toContain(DK_FAKE_SERVICE_USER.password);
  });

  it('asks the parcel at a point as a UTM32 POINT(x y)', async () => {
    api.service.store.db.prepare("DELETE FROM parcels WHERE country = 'DK'").run();
    const response = await api.app.inject({ method: 'POST', url: '/api/search/coordinates', payload: { latitude: DK_ADDRESS_POINT[1], longitude: DK_ADDRESS_POINT[0], country: 'DK' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: DK_LINKED_PARCEL, pais: 'DK' });
    const point = requestsTo(api, '/dk-datafordeler/').at(-1)!.searchParams.get('Point')!;
    const [, x, y] = /^POINT\(([\d.]+) ([\d.]+)\)$/.exec(point)!;
    const [lon, lat] = toWgs84(25832, Number(x), Number(y));
    expect(lon).toBeCloseTo(DK_ADDRESS_POINT[0], 6);
    expect(lat).toBeCloseTo(DK_ADDRESS_POINT[1], 6);
  });

  it('a property Matriklen does not know answers 404', async () => {
    expect((await get('/api/catastro/2000178-99x')).statusCode).toBe(404);
  });
});

describe('Denmark: the service user is never shown, and its absence or refusal is said clearly', () => {
  it('a refused service user answers 422 naming the variables to set, never the password', async () => {
    const api = await startEuropeApi((sources) => ({ ...sources, dk: { ...sources.dk, datafordelerUsername: 'someone', datafordelerPassword: 'wrong-secret-7' } }));
    try {
      const response = await api.app.inject({ method: 'GET', url: `/api/catastro/${DK_LINKED_PARCEL}` });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('CNV_COVERAGE');
      expect(response.json().error).toMatch(/refused the configured service user.*CATASTRO_DK_DATAFORDELER_USERNAME.*CATASTRO_DK_DATAFORDELER_PASSWORD/);
      expect(response.body).not.toContain('wrong-secret-7');
    } finally {
      await api.close();
    }
  });

  it('without a service user, parcels come from DAWA (keyless); when DAWA does not answer the 503 says how to use Matriklen', async () => {
    const api = await startEuropeApi();
    try {
      api.fake.failNext(503, 1);
      const response = await api.app.inject({ method: 'GET', url: '/api/catastro/2000178-97' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatch(/No Datafordeler service user is configured.*CATASTRO_DK_DATAFORDELER_USERNAME/);
      expect(requestsTo(api, '/dk-datafordeler/')).toHaveLength(0);
    } finally {
      await api.close();
    }
  });

  it('a Datafordeler failure is re-raised without its cause, so the URL with the password reaches no log', async () => {
    const adapter = new DenmarkAdapter({ datafordelerUrl: 'http://dk.invalid', datafordelerUsername: 'u', datafordelerPassword: 'secret-in-url' });
    const failure = unavailable('Datafordeler (Matriklen) does not answer; retry later (connection failed).');
    failure.cause = new Error('GET http://dk.invalid/...?password=secret-in-url failed');
    const ctx = {
      http: { getText: async () => { throw failure; } },
      store: { getParcel: () => undefined },
    } as unknown as AdapterContext;
    const caught = await adapter.parcelByReference(DK_LINKED_PARCEL, ctx).catch((error: unknown) => error as Error);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).cause).toBeUndefined();
    expect(JSON.stringify(caught) + (caught as Error).message).not.toContain('secret-in-url');
  });
});
