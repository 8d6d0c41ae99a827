import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDirOf, openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { QuotaLedger } from '../../../core/auth/quota.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';

/** The rustic lookup answers one parcel: it needs a key and costs what a lookup by reference costs. */
describe('GET /api/catastro/rustic under --auth keys', () => {
  let api: TestApi;
  let access: Database.Database;
  let ledger: QuotaLedger;
  let key: string;
  let id: string;
  const used = () => ledger.peek(id).used;
  const get = (url: string, headers: Record<string, string> = { 'x-api-key': key }) => api.app.inject({ url, headers });

  beforeAll(async () => {
    api = await startTestApi({ auth: 'keys' });
    access = openAccessDatabase(accessDirOf(api.service.store.file));
    ledger = new QuotaLedger(access);
    ({ key, record: { id } } = new KeyStore(access).create({ tier: 'basic' }));
  });
  afterAll(async () => {
    access?.close();
    await api?.close();
  });

  it('refuses a call without a key', async () => {
    const response = await get('/api/catastro/rustic?provincia=40&municipio=146&poligono=1&parcela=5', {});
    expect(response.statusCode).toBe(401);
  });

  it('charges a parcel found as the lookup of its reference does, and nothing for a refusal', async () => {
    const byNumbers = await get('/api/catastro/rustic?provincia=40&municipio=146&poligono=1&parcela=5');
    expect(byNumbers.statusCode).toBe(200);
    const afterNumbers = used();
    const byReference = await get('/api/catastro/40146A00100005');
    expect(byReference.statusCode).toBe(200);
    expect(used() - afterNumbers).toBe(afterNumbers);
    expect(afterNumbers).toBe(1);

    const before = used();
    expect((await get('/api/catastro/rustic?provincia=40&municipio=146&poligono=0&parcela=5')).statusCode).toBe(400);
    expect((await get('/api/catastro/rustic?provincia=31&municipio=201&poligono=6&parcela=1838')).statusCode).toBe(422);
    expect((await get('/api/catastro/rustic?provincia=40&municipio=146&poligono=999&parcela=99999')).statusCode).toBe(404);
    expect(used()).toBe(before);
  });
});
