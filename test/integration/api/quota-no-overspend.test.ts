import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleError, handleNotFound } from '../../../core/api/envelope.js';
import apiAccessPlugin from '../../../core/api/plugins/access.js';
import { ORGANISATION_ROUTE } from '../../../core/api/plugins/route-access.js';
import { accessDirOf, openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { QuotaLedger } from '../../../core/auth/quota.js';
import { UsageCounter, type UsageCounting } from '../../../core/auth/usage-counter.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/**
 * A key never spends past its quota (spec Limits), also on answers that cost more than the one
 * unit reserved on admission: a file export of N parcels (N units), a batch result, a units page.
 * Found by probing: a free key with 1 unit left exported 30 parcels as GeoJSON and its month
 * ended at 129/100.
 */
describe('answers costing more than one unit on a key near its limit', () => {
  let api: TestApi;
  let access: Database.Database;
  let keys: KeyStore;
  let ledger: QuotaLedger;
  let refs: string[];

  beforeAll(async () => {
    api = await startTestApi({ auth: 'keys' });
    access = openAccessDatabase(accessDirOf(embeddedCopy(api.service).file));
    keys = new KeyStore(access);
    ledger = new QuotaLedger(access);
    refs = embeddedCopy(api.service).db.prepare("SELECT ref FROM parcels WHERE country = 'ES' ORDER BY ref LIMIT 30").pluck().all() as string[];
    expect(refs).toHaveLength(30);
  });
  afterAll(async () => {
    access?.close();
    await api?.close();
  });

  /** A free key (100 a month) with `left` units left. */
  function keyWithUnitsLeft(left: number) {
    const { key, record } = keys.create({ tier: 'free' });
    ledger.charge(record.id, 100 - left);
    return { key, id: record.id };
  }

  it.each([
    ['GET /api/export/geojson', (list: string) => ({ method: 'GET' as const, url: `/api/export/geojson?refcat=${list}` })],
    ['POST /api/export/gpkg', (list: string) => ({ method: 'POST' as const, url: '/api/export/gpkg', payload: { refcat: list } })],
  ])('%s of 30 parcels with 5 units left → 429 KEY_AUTH_004, nothing served, nothing spent', async (_name, request) => {
    const { key, id } = keyWithUnitsLeft(5);
    const answer = await api.app.inject({ ...request(refs.join(',')), headers: { 'x-api-key': key } });
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers['content-disposition']).toBeUndefined();
    const body = answer.json();
    expect(body).toMatchObject({ success: false, code: 'KEY_AUTH_004' });
    expect(body.error).toMatch(/costs 30 units/);
    expect(body.error).toMatch(/5 left/);
    expect(ledger.peek(id).used).toBe(95);
    expect(answer.headers['x-quota-remaining']).toBe('5');
  });

  it('the same export that fits is served and charged one unit per parcel, to the last unit', async () => {
    const { key, id } = keyWithUnitsLeft(30);
    const answer = await api.app.inject({ url: `/api/export/geojson?refcat=${refs.join(',')}`, headers: { 'x-api-key': key } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().features).toHaveLength(30);
    expect(ledger.peek(id).used).toBe(100);
    expect(answer.headers['x-quota-remaining']).toBe('0');
  });
});

/**
 * A units page cut to the units left must stay exact when requests settle at once: on a shared
 * database (a team server, several `serve --workers` processes) the counter answers later, so a
 * "how much is left" read followed by a separate charge let concurrent pages each take the same
 * remaining units.
 */
describe('units pages on a shared, asynchronous counter', () => {
  let db: Database.Database;
  let app: ReturnType<typeof Fastify>;
  let keys: KeyStore;
  let counter: UsageCounter;

  /** The SQLite counter answering on a later turn, as a database server does. */
  const later = <T>(value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), 2));

  beforeAll(async () => {
    db = new Database(':memory:');
    counter = new UsageCounter(db);
    keys = new KeyStore(db);
    const shared: UsageCounting = {
      chargeIfWithin: (...a) => later(() => counter.chargeIfWithin(...a)),
      adjust: (...a) => later(() => counter.adjust(...a)),
      peek: (...a) => later(() => counter.peek(...a)),
    };
    app = Fastify();
    app.setErrorHandler(handleError);
    app.setNotFoundHandler(handleNotFound);
    await app.register(apiAccessPlugin, { auth: 'keys', access: { keys, counter: shared }, version: '2026-10-01' });
    app.get('/api/catastro/:refcat/units', { config: ORGANISATION_ROUTE }, async () => ({
      success: true,
      data: {
        refCatastral: '9398516VK3799G',
        totalUnidades: 40,
        totalUnidadesFinca: 40,
        truncated: false,
        unidades: Array.from({ length: 40 }, (_, i) => ({ refCatastral: `9398516VK3799G${String(i + 1).padStart(4, '0')}AB` })),
      },
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    db?.close();
  });

  it('six concurrent 40-unit pages on a 100-unit key serve exactly the units counted, never past 100', async () => {
    const { key, record } = keys.create({ tier: 'free', organisation: true });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app.inject({ url: '/api/catastro/9398516VK3799G/units', headers: { 'x-api-key': key } })),
    );
    const served = answers.filter((a) => a.statusCode === 200).reduce((sum, a) => sum + a.json().data.unidades.length, 0);
    const used = counter.peek(`key:${record.id}`, new Date().toISOString().slice(0, 7));
    expect(used).toBeLessThanOrEqual(100);
    expect(served).toBe(used);
    expect(answers.every((a) => a.statusCode === 200 || (a.statusCode === 429 && a.json().code === 'KEY_AUTH_004'))).toBe(true);
  });
});
