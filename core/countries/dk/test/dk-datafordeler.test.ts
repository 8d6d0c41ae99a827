import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DenmarkAdapter } from '../adapter.js';
import type { AdapterContext } from '../../adapter.js';
import { parseJordstykke } from '../datafordeler.js';
import { unavailable } from '../../../model/index.js';
import { DK_ADDRESS_POINT, DK_FAKE_API_KEY, DK_LINKED_PARCEL } from './fake.js';
import { startEuropeApi, type EuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

/**
 * Matriklen through Datafordeler's GraphQL (flexibleCurrent/v1) with an API key from configuration.
 * The fake's GraphQL answers are WRITTEN BY HAND in the documented shape (no recording exists).
 */
const requestsTo = (api: EuropeApi, prefix: string) => api.fake.requests.filter((u) => u.pathname.startsWith(prefix));
const graphqlAsked = (api: EuropeApi) =>
  requestsTo(api, '/dk-datafordeler/flexibleCurrent/v1').map((u) => ({
    query: u.searchParams.get('query') ?? '',
    variables: JSON.parse(u.searchParams.get('variables') ?? '{}') as Record<string, unknown>,
    apiKey: u.searchParams.get('apiKey'),
  }));

describe('Denmark with a Datafordeler API key (Matriklen via GraphQL; hand-written answers in the documented shape)', () => {
  let api: EuropeApi;
  beforeAll(async () => {
    api = await startEuropeApi((sources) => ({ ...sources, dk: { ...sources.dk, datafordelerApiKey: DK_FAKE_API_KEY } }));
  });
  afterAll(async () => {
    await api?.close();
  });
  const get = (url: string) => api.app.inject({ method: 'GET', url });

  it('asks MAT_Ejerlav by ejerlavskode, then MAT_Jordstykke by its local id and matrikelnummer, and answers the lodflade in WGS84', async () => {
    const response = await get(`/api/catastro/${DK_LINKED_PARCEL}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: DK_LINKED_PARCEL, pais: 'DK', superficieParcela: 545, dataSource: 'catastro' });
    expect(data.latitud).toBeCloseTo(DK_ADDRESS_POINT[1], 4);
    expect(data.longitud).toBeCloseTo(DK_ADDRESS_POINT[0], 4);
    const [ejerlav, jordstykke] = graphqlAsked(api).slice(-2);
    expect(ejerlav.query).toMatch(/MAT_Ejerlav\(virkningstid: \$virkningstid, first: 1, where: \{ ejerlavskode: \{ eq: \$ejerlavskode \} \}\)/);
    expect(ejerlav.variables).toEqual({ ejerlavskode: 2000178, virkningstid: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(jordstykke.query).toMatch(/MAT_Jordstykke\(.*matrikelnummer: \{ eq: \$matrikelnummer \}.*status: \{ eq: "Gældende" \}/);
    expect(jordstykke.query).toContain('lodfladeRepraesentationJordstykke');
    expect(jordstykke.variables).toMatchObject({ matrikelnummer: '13' });
    expect(ejerlav.apiKey).toBe(DK_FAKE_API_KEY);
    expect(requestsTo(api, '/dk-dawa/jordstykker')).toHaveLength(0);
    expect(response.body).not.toContain(DK_FAKE_API_KEY);
  });

  it('by point, MAT_Lodflade names the jordstykke and Matriklen answers its outline and registered area, without DAWA', async () => {
    forgetParcels(embeddedCopy(api.service), 'DK');
    const before = graphqlAsked(api).length;
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/search/coordinates',
      payload: { latitude: DK_ADDRESS_POINT[1], longitude: DK_ADDRESS_POINT[0], country: 'DK' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: DK_LINKED_PARCEL, pais: 'DK' });
    expect(requestsTo(api, '/dk-dawa/')).toHaveLength(0);
    expect(graphqlAsked(api).length - before).toBe(2);
  });

  it('by point with a key, a Datafordeler that does not answer is a 503, not a missing key', async () => {
    forgetParcels(embeddedCopy(api.service), 'DK');
    api.fake.failNext(503, 1);
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/search/coordinates',
      payload: { latitude: DK_ADDRESS_POINT[1], longitude: DK_ADDRESS_POINT[0], country: 'DK' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatch(/Datafordeler \(Matriklen\) does not answer/);
    expect(response.json().error).not.toMatch(/No Datafordeler API key/);
  });

  it('a jordstykke Matriklen does not know answers 404', async () => {
    expect((await get('/api/catastro/2000178-99x')).statusCode).toBe(404);
  });

  it('an ejerlav Matriklen does not know answers 404 after one request', async () => {
    const before = graphqlAsked(api).length;
    expect((await get('/api/catastro/1234567-1')).statusCode).toBe(404);
    expect(graphqlAsked(api).length - before).toBe(1);
  });
});

describe('Datafordeler GraphQL answers read as documented', () => {
  it('a GraphQL errors list is the source failing, with its message', () => {
    expect(() => parseJordstykke('{"errors":[{"message":"Field x does not exist"}]}', '1-1', '2026-11-24')).toThrow(
      /refused the query \(Field x does not exist\)/,
    );
  });

  it('a jordstykke without a lodflade is not answered (no outline to draw)', () => {
    const body = JSON.stringify({
      data: { MAT_Jordstykke: { nodes: [{ matrikelnummer: '1', registreretAreal: '10', lodfladeRepraesentationJordstykke: { nodes: [] } }] } },
    });
    expect(parseJordstykke(body, '1-1', '2026-11-24')).toBeUndefined();
  });
});

describe('Denmark: the API key is never shown, and its absence or refusal is said clearly', () => {
  it('a refused key answers 422 naming the variable to set, never the key', async () => {
    const api = await startEuropeApi((sources) => ({ ...sources, dk: { ...sources.dk, datafordelerApiKey: 'wrong-key-7' } }));
    try {
      const response = await api.app.inject({ method: 'GET', url: `/api/catastro/${DK_LINKED_PARCEL}` });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('CNV_COVERAGE');
      expect(response.json().error).toMatch(/refused the configured API key.*CATASTRO_DK_DATAFORDELER_API_KEY/);
      expect(response.body).not.toContain('wrong-key-7');
    } finally {
      await api.close();
    }
  });

  it('without a key, parcels come from DAWA (keyless); when DAWA does not answer the 503 says how to use Matriklen', async () => {
    const api = await startEuropeApi();
    try {
      api.fake.failNext(503, 1);
      const response = await api.app.inject({ method: 'GET', url: '/api/catastro/2000178-97' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatch(/No Datafordeler API key is configured.*CATASTRO_DK_DATAFORDELER_API_KEY/);
      expect(requestsTo(api, '/dk-datafordeler/')).toHaveLength(0);
    } finally {
      await api.close();
    }
  });

  it('a Datafordeler failure is re-raised without its cause, so the URL with the key reaches no log', async () => {
    const adapter = new DenmarkAdapter({ datafordelerUrl: 'http://dk.invalid', datafordelerApiKey: 'secret-in-url' });
    const failure = unavailable('Datafordeler (Matriklen) does not answer; retry later (connection failed).');
    failure.cause = new Error('GET http://dk.invalid/...?apiKey=secret-in-url failed');
    const ctx = {
      http: {
        getText: async () => {
          throw failure;
        },
      },
      store: { getParcel: () => undefined },
    } as unknown as AdapterContext;
    const caught = await adapter.parcelByReference(DK_LINKED_PARCEL, ctx).catch((error: unknown) => error as Error);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).cause).toBeUndefined();
    expect(JSON.stringify(caught) + (caught as Error).message).not.toContain('secret-in-url');
  });
});
