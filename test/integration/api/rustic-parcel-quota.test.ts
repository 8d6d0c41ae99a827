import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKeyedTestApi, type KeyedTestApi } from '../../helpers/api-harness.js';

/** The rustic lookup answers one parcel: it needs a key and costs what a lookup by reference costs. */
describe('GET /api/catastro/rustic under --auth keys', () => {
  let api: KeyedTestApi;
  const get = (url: string, headers: Record<string, string> = { 'x-api-key': api.key }) => api.app.inject({ url, headers });

  beforeAll(async () => {
    api = await startKeyedTestApi({ tier: 'basic' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('refuses a call without a key', async () => {
    const response = await get('/api/catastro/rustic?provincia=40&municipio=146&poligono=1&parcela=5', {});
    expect(response.statusCode).toBe(401);
  });

  it('charges a parcel found as the lookup of its reference does, and nothing for a refusal', async () => {
    const byNumbers = await get('/api/catastro/rustic?provincia=40&municipio=146&poligono=1&parcela=5');
    expect(byNumbers.statusCode).toBe(200);
    const afterNumbers = api.used();
    const byReference = await get('/api/catastro/40146A00100005');
    expect(byReference.statusCode).toBe(200);
    expect(api.used() - afterNumbers).toBe(afterNumbers);
    expect(afterNumbers).toBe(1);

    const before = api.used();
    expect((await get('/api/catastro/rustic?provincia=40&municipio=146&poligono=0&parcela=5')).statusCode).toBe(400);
    expect((await get('/api/catastro/rustic?provincia=31&municipio=201&poligono=6&parcela=1838')).statusCode).toBe(422);
    expect((await get('/api/catastro/rustic?provincia=40&municipio=146&poligono=999&parcela=99999')).statusCode).toBe(404);
    expect(api.used()).toBe(before);
  });
});
