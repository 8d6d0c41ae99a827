import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccessApp, type AccessApp } from './access-app.js';

/** Spec "Conditional requests": ETag on endpoints 1 and 2, 304 without body and without cost. */
describe('contract: ETag and 304', () => {
  let t: AccessApp;
  let key: string;
  let id: string;
  beforeAll(async () => {
    t = await startAccessApp();
    ({ key, id } = t.newKey('basic', { organisation: true }));
  });
  afterAll(() => t.close());

  const endpoints = [
    { name: 'endpoint 1, address candidates', url: '/api/search/address/candidates?q=avenida%20fuenlabrada%206', cacheControl: 'private, no-cache', cost: 1 },
    { name: 'endpoint 2, units', url: '/api/catastro/9398516VK3799G/units?n=4', cacheControl: 'private, max-age=300', cost: 4 },
  ];

  it.each(endpoints)('$name: strong ETag, Cache-Control, 304 on If-None-Match with no body and no cost', async ({ url, cacheControl, cost }) => {
    const before = t.ledger.peek(id).used;
    const first = await t.app.inject({ url, headers: { 'x-api-key': key } });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(etag.startsWith('W/')).toBe(false);
    expect(first.headers['cache-control']).toBe(cacheControl);
    expect(t.ledger.peek(id).used).toBe(before + cost);

    const second = await t.app.inject({ url, headers: { 'x-api-key': key } });
    expect(second.headers.etag).toBe(etag); // same data, same tag, though searchesRemaining moved
    expect(second.json().searchesRemaining).toBe(first.json().searchesRemaining - cost);

    const usedBefore304 = t.ledger.peek(id).used;
    const notModified = await t.app.inject({ url, headers: { 'x-api-key': key, 'if-none-match': `"other", ${etag}` } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['x-quota-remaining']).toBe(String(5000 - usedBefore304));
    expect(t.ledger.peek(id).used).toBe(usedBefore304);
  });

  it('a different body has a different tag, and a stale tag gets the full answer (charged)', async () => {
    const a = await t.app.inject({ url: '/api/catastro/9398516VK3799G/units?n=2', headers: { 'x-api-key': key } });
    const b = await t.app.inject({ url: '/api/catastro/9398516VK3799G/units?n=3', headers: { 'x-api-key': key, 'if-none-match': a.headers.etag as string } });
    expect(b.statusCode).toBe(200);
    expect(b.headers.etag).not.toBe(a.headers.etag);
  });

  it('endpoint 3 carries no ETag (spec lists none)', async () => {
    const res = await t.app.inject({ url: '/api/catastro/0472511VK3507S', headers: { 'x-api-key': key } });
    expect(res.headers.etag).toBeUndefined();
  });

  it('an exhausted key revalidating with a matching If-None-Match gets the free 304; with a stale tag, 429', async () => {
    const exhausted = t.newKey('free', { organisation: true });
    const url = '/api/catastro/9398516VK3799G/units?n=4';
    const first = await t.app.inject({ url, headers: { 'x-api-key': exhausted.key } });
    expect(first.statusCode).toBe(200);
    t.ledger.charge(exhausted.id, 100 - t.ledger.peek(exhausted.id).used);
    const revalidated = await t.app.inject({ url, headers: { 'x-api-key': exhausted.key, 'if-none-match': first.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(t.ledger.peek(exhausted.id).used).toBe(100);
    const stale = await t.app.inject({ url, headers: { 'x-api-key': exhausted.key, 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(429);
    expect(stale.json()).toMatchObject({ success: false, code: 'KEY_AUTH_004' });
    expect(stale.headers.etag).toBeUndefined();
    expect(stale.body).not.toContain('unidades');
    expect((await t.app.inject({ url, headers: { 'x-api-key': exhausted.key } })).statusCode).toBe(429);
  });
});
