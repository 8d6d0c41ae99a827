import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, startAccessApp, type AccessApp } from './access-app.js';

/** Spec Limits → "Quota cost", one row per rule, measured as the change of the key's counter. */
describe('contract: quota cost table', () => {
  let t: AccessApp;
  beforeAll(async () => {
    t = await startAccessApp();
  });
  afterAll(() => t.close());

  const rows: Array<{ rule: string; url: string; headers?: Record<string, string>; status: number; cost: number }> = [
    { rule: 'any 2xx costs 1', url: '/api/catastro/0472511VK3507S', status: 200, cost: 1 },
    { rule: 'a 2xx file export costs 1', url: '/api/export/kml', status: 200, cost: 1 },
    { rule: '/units costs one per unit in the page', url: '/api/catastro/9398516VK3799G/units?n=18', status: 200, cost: 18 },
    { rule: '/units with an empty page costs the minimum 1', url: '/api/catastro/9398516VK3799G/units?n=0', status: 200, cost: 1 },
    { rule: '2xx with disponible:false is free', url: '/api/catastro/X/solar', status: 200, cost: 0 },
    { rule: 'empty /agro is free', url: '/api/catastro/X/agro', status: 200, cost: 0 },
    { rule: '/score without data is free', url: '/api/catastro/X/score', status: 200, cost: 0 },
    { rule: 'a route may declare itself free (reply.quotaCost = 0)', url: '/api/catastro/X/terrain', status: 200, cost: 0 },
    { rule: 'address search with no candidates (404) is free', url: '/api/search/address/candidates?q=nowhere', status: 404, cost: 0 },
    { rule: '404 is free', url: '/api/catastro/NOPE0000000000', status: 404, cost: 0 },
    { rule: '300 is free', url: '/api/catastro/AMBIG', status: 300, cost: 0 },
    { rule: '503 is free', url: '/api/catastro/DOWN0000000000', status: 503, cost: 0 },
    { rule: '400 is free', url: '/api/catastro/0472511VK3507S', headers: { 'x-api-version': 'v0' }, status: 400, cost: 0 },
  ];

  it.each(rows)('$rule', async ({ url, headers, status, cost }) => {
    const { key, id } = t.newKey('basic', { organisation: true });
    const res = await t.app.inject({ url, headers: { 'x-api-key': key, ...headers } });
    expect(res.statusCode).toBe(status);
    expect(t.ledger.peek(id).used).toBe(cost);
    if (status === 200) expect(res.headers['x-quota-remaining']).toBe(String(5000 - cost));
  });

  it('304 is free (ETag revalidation)', async () => {
    const { key, id } = t.newKey('basic');
    const first = await t.app.inject({ url: '/api/search/address/candidates?q=mayor', headers: { 'x-api-key': key } });
    expect(t.ledger.peek(id).used).toBe(1);
    const again = await t.app.inject({
      url: '/api/search/address/candidates?q=mayor',
      headers: { 'x-api-key': key, 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(t.ledger.peek(id).used).toBe(1);
  });

  it('searchesRemaining in the success body equals X-Quota-Remaining', async () => {
    const { key } = t.newKey('free');
    const res = await t.app.inject({ url: '/api/catastro/0472511VK3507S', headers: { 'x-api-key': key } });
    expect(res.json().searchesRemaining).toBe(99);
    expect(res.headers['x-quota-remaining']).toBe('99');
  });

  it('an organisation key with 89 units left asking a 200-unit page gets 89 units, truncated, with a cursor (usage 100/100, never 211)', async () => {
    const { key, id } = t.newKey('free', { organisation: true });
    t.ledger.charge(id, 11);
    const res = await t.app.inject({ url: '/api/catastro/9398516VK3799G/units?n=200', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    const { data, searchesRemaining } = res.json();
    expect(data.unidades).toHaveLength(89);
    expect(data).toMatchObject({ truncated: true, totalUnidades: 89, nextCursor: data.unidades[88].refCatastral });
    expect(t.ledger.peek(id).used).toBe(100);
    expect(searchesRemaining).toBe(0);
    expect(res.headers['x-quota-remaining']).toBe('0');
    expect(res.headers.etag).toBeUndefined(); // a page cut for quota is not the resource's representation
    const next = await t.app.inject({ url: '/api/catastro/9398516VK3799G/units?n=1', headers: { 'x-api-key': key } });
    expect(next.statusCode).toBe(429);
    expect(next.json().code).toBe('KEY_AUTH_004');
  });
});

/** Spec Limits → "Rate headers" and endpoint 1's header list. */
describe('contract: quota headers', () => {
  const clock = manualClock('2026-11-23T10:00:00Z');
  let t: AccessApp;
  beforeAll(async () => {
    t = await startAccessApp({ clock });
  });
  afterAll(() => t.close());

  const tiers = [
    { tier: 'free', limit: 100 },
    { tier: 'basic', limit: 5000 },
    { tier: 'pro', limit: 15000 },
    { tier: 'business', limit: 50000 },
  ] as const;

  it.each(tiers)('$tier key: limit $limit, tier name, reset at the next UTC month (ISO 8601)', async ({ tier, limit }) => {
    const { key } = t.newKey(tier);
    const res = await t.app.inject({ url: '/api/search/address/candidates?q=mayor', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'x-quota-limit': String(limit),
      'x-quota-remaining': String(limit - 1),
      'x-quota-reset': '2026-12-01T00:00:00Z',
      'x-quota-tier': tier,
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - 1),
      'x-ratelimit-reset': '2026-12-01T00:00:00Z',
      'cache-control': 'private, no-cache',
    });
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('error answers of a known key carry the headers too (remaining unchanged)', async () => {
    const { key } = t.newKey('pro');
    const res = await t.app.inject({ url: '/api/catastro/NOPE0000000000', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-quota-remaining']).toBe('15000');
    expect(res.headers['x-quota-tier']).toBe('pro');
  });
});

describe('contract: monthly reset and persistence', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts per UTC calendar month, survives a restart, and starts again in the next month', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-quota-'));
    const dbFile = path.join(dir, 'catastro.sqlite');
    const clock = manualClock('2026-11-30T23:59:58Z');
    let t = await startAccessApp({ dbFile, clock });
    const { key, id } = t.newKey('free');
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ url: '/api/catastro/A', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    }
    await t.close();

    t = await startAccessApp({ dbFile, clock });
    expect(t.ledger.peek(id).used).toBe(3);
    const res = await t.app.inject({ url: '/api/catastro/A', headers: { 'x-api-key': key } });
    expect(res.headers['x-quota-remaining']).toBe('96');

    clock.set('2026-12-01T00:00:00Z');
    const december = await t.app.inject({ url: '/api/catastro/A', headers: { 'x-api-key': key } });
    expect(december.headers['x-quota-remaining']).toBe('99');
    expect(december.headers['x-quota-reset']).toBe('2027-01-01T00:00:00Z');
    await t.close();
  });

  it('an exhausted key works again on the first of the month', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-quota-'));
    const clock = manualClock('2027-01-31T12:00:00Z');
    const t = await startAccessApp({ clock });
    const { key, id } = t.newKey('free');
    t.ledger.charge(id, 100);
    expect((await t.app.inject({ url: '/api/catastro/A', headers: { 'x-api-key': key } })).statusCode).toBe(429);
    clock.set('2027-02-01T00:00:01Z');
    expect((await t.app.inject({ url: '/api/catastro/A', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    await t.close();
  });
});
