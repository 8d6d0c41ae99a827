import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccessApp, type AccessApp } from './access-app.js';

/**
 * Spec "Errors" and "Authentication", one row per condition: status, code, and the envelope
 * `{success:false, error, code}`.
 */
describe('contract: error statuses and codes of the access layer', () => {
  let t: AccessApp;
  let basic: string;
  let revoked: string;
  let expired: string;
  let personal: string;
  let organisation: string;
  let exhausted: string;

  beforeAll(async () => {
    t = await startAccessApp();
    basic = t.newKey('basic').key;
    const r = t.newKey('pro');
    revoked = r.key;
    t.keys.revoke(r.id);
    expired = t.newKey('business', { expiresOn: '2020-01-31' }).key;
    personal = t.newKey('business').key;
    organisation = t.newKey('basic', { organisation: true }).key;
    const e = t.newKey('free');
    exhausted = e.key;
    t.ledger.charge(e.id, 100);
  });
  afterAll(() => t.close());

  const cases: Array<{ name: string; url: string; key?: () => string; headers?: Record<string, string>; status: number; code?: string }> = [
    { name: 'no key', url: '/api/catastro/0472511VK3507S', status: 401, code: 'UNAUTHORIZED' },
    { name: 'unknown key', url: '/api/catastro/0472511VK3507S', key: () => 'cdk_not-a-key', status: 401, code: 'UNAUTHORIZED' },
    { name: 'revoked key', url: '/api/catastro/0472511VK3507S', key: () => revoked, status: 401, code: 'UNAUTHORIZED' },
    { name: 'expired key', url: '/api/catastro/0472511VK3507S', key: () => expired, status: 401, code: 'UNAUTHORIZED' },
    { name: 'units with a personal key', url: '/api/catastro/9398516VK3799G/units', key: () => personal, status: 401, code: 'UNAUTHORIZED' },
    { name: 'units without a key', url: '/api/catastro/9398516VK3799G/units', status: 401, code: 'UNAUTHORIZED' },
    { name: 'units with an organisation key', url: '/api/catastro/9398516VK3799G/units', key: () => organisation, status: 200 },
    { name: 'monthly quota used up', url: '/api/catastro/0472511VK3507S', key: () => exhausted, status: 429, code: 'KEY_AUTH_004' },
    {
      name: 'unknown API version',
      url: '/api/catastro/0472511VK3507S',
      key: () => basic,
      headers: { 'x-api-version': '2025-01-01' },
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    { name: 'pinned current API version', url: '/api/catastro/0472511VK3507S', key: () => basic, headers: { 'x-api-version': '2026-10-01' }, status: 200 },
    { name: 'not found', url: '/api/catastro/NOPE0000000000', key: () => basic, status: 404, code: 'NOT_FOUND' },
    { name: 'ambiguous', url: '/api/catastro/AMBIG', key: () => basic, status: 300, code: 'CNV_AMBIGUOUS' },
    { name: 'source down', url: '/api/catastro/DOWN0000000000', key: () => basic, status: 503, code: 'SERVICE_UNAVAILABLE' },
    { name: 'unknown endpoint with a key', url: '/api/nothing-here', key: () => basic, status: 404, code: 'NOT_FOUND' },
    { name: 'open: status without a key', url: '/api/status', status: 200 },
    { name: 'open: openapi.json without a key', url: '/api/openapi.json', status: 200 },
    { name: 'tiles without a key', url: '/api/tiles/parcels/16/1/2', status: 401, code: 'UNAUTHORIZED' },
    { name: 'tiles with a key', url: '/api/tiles/parcels/16/1/2', key: () => basic, status: 200 },
  ];

  it.each(cases)('$name → $status $code', async ({ url, key, headers, status, code }) => {
    const res = await t.app.inject({ url, headers: { ...(key ? { 'x-api-key': key() } : {}), ...headers } });
    expect(res.statusCode).toBe(status);
    if (code) {
      const body = res.json();
      expect(body).toMatchObject({ success: false, code });
      expect(typeof body.error).toBe('string');
      expect(body.error.length).toBeGreaterThan(0);
    }
  });

  it('an unknown API version names the version spoken (data.supportedVersions), answered before the work and free', async () => {
    const before = t.handlerCalls();
    const res = await t.app.inject({ url: '/api/catastro/0472511VK3507S', headers: { 'x-api-key': basic, 'x-api-version': '2025-01-01' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ supportedVersions: ['2026-10-01'] });
    expect(res.headers['x-api-version']).toBe('2026-10-01');
    expect(t.handlerCalls()).toBe(before);
  });

  it('a 429 KEY_AUTH_004 comes before the work and carries the rate headers the spec says to compare', async () => {
    const calls = t.handlerCalls();
    const res = await t.app.inject({ url: '/api/catastro/0472511VK3507S', headers: { 'x-api-key': exhausted } });
    expect(res.statusCode).toBe(429);
    expect(t.handlerCalls()).toBe(calls);
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['x-ratelimit-reset']).toMatch(/^\d{4}-\d{2}-01T00:00:00Z$/);
  });

  it('a 401 comes before the work and never echoes the key', async () => {
    const calls = t.handlerCalls();
    const res = await t.app.inject({ url: '/api/catastro/0472511VK3507S', headers: { 'x-api-key': revoked } });
    expect(res.statusCode).toBe(401);
    expect(t.handlerCalls()).toBe(calls);
    expect(res.body).not.toContain(revoked);
  });
});

describe('contract: auth off (desktop use)', () => {
  let t: AccessApp;
  beforeAll(async () => {
    t = await startAccessApp({ auth: 'off' });
  });
  afterAll(() => t.close());

  it('answers without a key, with no quota headers and searchesRemaining -1 (unlimited)', async () => {
    const res = await t.app.inject({ url: '/api/catastro/9398516VK3799G/units' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-quota-limit']).toBeUndefined();
    expect(res.json().searchesRemaining).toBe(-1);
  });
});

describe('contract: free per-IP daily allowance', () => {
  let t: AccessApp;
  beforeAll(async () => {
    t = await startAccessApp({ freeTier: { perIpDaily: 3 } });
  });
  afterAll(() => t.close());

  it('admits keyless calls until the daily allowance is spent, then 429 DAILY_LIMIT_REACHED', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await t.app.inject({ url: '/api/catastro/0472511VK3507S', remoteAddress: '127.0.0.9' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last!.json().code).toBe('DAILY_LIMIT_REACHED');
    expect(last!.headers['x-ratelimit-limit']).toBe('3');
    expect(last!.headers['x-ratelimit-reset']).toMatch(/T00:00:00Z$/);
    const other = await t.app.inject({ url: '/api/catastro/0472511VK3507S', remoteAddress: '127.0.0.10' });
    expect(other.statusCode).toBe(200);
    expect(other.json().searchesRemaining).toBe(2);
  });

  // Counted per full IPv6 address, one /64 (what a single line or server is given) held 2^64 allowances.
  it('counts an IPv6 caller by its /64: new interface ids do not bring a new allowance; another /64 does', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      statuses.push((await t.app.inject({ url: '/api/catastro/0472511VK3507S', remoteAddress: `2001:db8:5:6::${i.toString(16)}` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const neighbour = await t.app.inject({ url: '/api/catastro/0472511VK3507S', remoteAddress: '2001:db8:5:7::1' });
    expect(neighbour.statusCode).toBe(200);
    expect(neighbour.json().searchesRemaining).toBe(2);
  });

  it('still needs an organisation key for units, and still rejects a bad key', async () => {
    expect((await t.app.inject({ url: '/api/catastro/9398516VK3799G/units', remoteAddress: '127.0.0.11' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/catastro/X', headers: { 'x-api-key': 'bad' }, remoteAddress: '127.0.0.11' })).statusCode).toBe(401);
  });
});

describe('contract: the keys database busy beyond its wait', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, never 500', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-busy-'));
    const t = await startAccessApp({ dbFile: path.join(dir, 'access.sqlite') });
    const { key } = t.newKey('basic');
    t.db.pragma('busy_timeout = 50');
    const other = new Database(path.join(dir, 'access.sqlite'));
    try {
      other.exec('BEGIN IMMEDIATE');
      const res = await t.app.inject({ url: '/api/catastro/0472511VK3507S', headers: { 'x-api-key': key } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(res.json().error).not.toMatch(/SQLITE|database is locked/i);
      other.exec('ROLLBACK');
      expect((await t.app.inject({ url: '/api/catastro/0472511VK3507S', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    } finally {
      other.close();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
