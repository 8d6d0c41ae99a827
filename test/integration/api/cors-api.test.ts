import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startKeyedTestApi, startTestApi, type KeyedTestApi, type TestApi } from '../../helpers/api-harness.js';

/**
 * `serve --cors-origin` (core/api/plugins/cors.ts): a page on a listed origin may call the API with
 * its key; a preflight is answered before the access layer, only for a listed origin and a route
 * that exists; everything else keeps the answer the server gave without the option.
 */
const MAPS = 'https://maps.example.org';
const OTHER = 'https://elsewhere.example.net';
const PARCEL = '/api/catastro/000700100UL74F';

const corsHeaders = (answer: LightMyRequestResponse) => Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
const listOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
const preflight = (api: TestApi, url: string, origin: string, method = 'GET', extra: Record<string, string> = {}) =>
  api.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'x-api-key,x-api-version', ...extra },
  });

let cors: KeyedTestApi;
let plain: KeyedTestApi;

beforeAll(async () => {
  [cors, plain] = await Promise.all([startKeyedTestApi({ tier: 'basic' }, { corsOrigins: [MAPS] }), startKeyedTestApi({ tier: 'basic' })]);
});
afterAll(async () => {
  await Promise.all([cors?.close(), plain?.close()]);
});

describe('preflight from a listed origin', () => {
  it('answers 204 with the allowed method, headers and origin, and costs no quota', async () => {
    const before = cors.used();
    const answer = await preflight(cors, PARCEL, MAPS);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(MAPS);
    expect(listOf(answer.headers['access-control-allow-methods'])).toEqual(['get']);
    expect(listOf(answer.headers['access-control-allow-headers'])).toEqual(
      expect.arrayContaining(['x-api-key', 'if-none-match', 'x-api-version', 'content-type']),
    );
    expect(Number(answer.headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(answer.body).toBe('');
    const post = await preflight(cors, '/api/search/coordinates', MAPS, 'POST', { 'access-control-request-headers': 'x-api-key,content-type' });
    expect(post.statusCode).toBe(204);
    expect(listOf(post.headers['access-control-allow-methods'])).toEqual(['post']);
    expect(cors.used()).toBe(before);
  });

  it('is not answered for another origin: no CORS headers, the 401 the server gave before', async () => {
    expect((await preflight(cors, PARCEL, MAPS)).statusCode).toBe(204);
    const answer = await preflight(cors, PARCEL, OTHER);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(corsHeaders(answer)).toEqual([]);
  });

  it('is not answered for a path or method no route has, nor without a requested method', async () => {
    expect((await preflight(cors, PARCEL, MAPS)).statusCode).toBe(204);
    const refused = [
      await preflight(cors, '/api/nothing-here', MAPS),
      await preflight(cors, PARCEL, MAPS, 'DELETE'),
      await preflight(cors, '/api/search/coordinates', MAPS, 'GET'),
      await preflight(cors, PARCEL, MAPS, 'OPTIONS'),
      await preflight(cors, '/api/catastro/%ZZ', MAPS),
      await cors.app.inject({ method: 'OPTIONS', url: PARCEL, headers: { origin: MAPS } }),
    ];
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).not.toBe(204);
      expect(corsHeaders(answer), answer.body).toEqual([]);
      expect(answer.json()).toMatchObject({ success: false });
    }
  });

  it('an OPTIONS with a key that the CORS layer leaves is the 404 it was, and free', async () => {
    const before = cors.used();
    const withKey = await preflight(cors, '/api/nothing-here', MAPS, 'GET', { 'x-api-key': cors.key });
    expect(withKey.statusCode).toBe(404);
    expect(withKey.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(corsHeaders(withKey)).toEqual([]);
    expect((await preflight(cors, PARCEL, MAPS)).statusCode).toBe(204);
    expect(cors.used()).toBe(before);
  });
});

describe('the call itself from a listed origin', () => {
  it('still needs its key: 401 without one, readable by the page', async () => {
    const answer = await cors.app.inject({ method: 'GET', url: PARCEL, headers: { origin: MAPS } });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(answer.headers['access-control-allow-origin']).toBe(MAPS);
  });

  it('with its key: 200, charged, and the quota, version and ETag headers exposed to the page', async () => {
    const before = cors.used();
    const answer = await cors.app.inject({ method: 'GET', url: PARCEL, headers: { origin: MAPS, 'x-api-key': cors.key } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(MAPS);
    expect(answer.headers.vary).toMatch(/origin/i);
    const exposed = listOf(answer.headers['access-control-expose-headers']);
    expect(exposed).toEqual(
      expect.arrayContaining([
        'etag',
        'x-api-version',
        'x-quota-limit',
        'x-quota-remaining',
        'x-quota-reset',
        'x-quota-tier',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
      ]),
    );
    // Every header the page is told it may read is one this answer really carries, or an error's or an export's.
    for (const name of ['x-quota-remaining', 'x-api-version', 'x-ratelimit-reset']) expect(answer.headers[name], name).toBeDefined();
    expect(cors.used()).toBe(before + 1);
  });

  it('a call from another origin gets no CORS headers, so the page cannot read it', async () => {
    expect(
      (await cors.app.inject({ method: 'GET', url: PARCEL, headers: { origin: MAPS, 'x-api-key': cors.key } })).headers['access-control-allow-origin'],
    ).toBe(MAPS);
    const answer = await cors.app.inject({ method: 'GET', url: PARCEL, headers: { origin: OTHER, 'x-api-key': cors.key } });
    expect(answer.statusCode).toBe(200);
    expect(corsHeaders(answer)).toEqual([]);
  });
});

describe('without --cors-origin', () => {
  it('the preflight a CORS server answers 204 is answered as before: 401, no CORS headers', async () => {
    expect((await preflight(cors, PARCEL, MAPS)).statusCode).toBe(204);
    const answer = await preflight(plain, PARCEL, MAPS);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(corsHeaders(answer)).toEqual([]);
    const call = await plain.app.inject({ method: 'GET', url: PARCEL, headers: { origin: MAPS, 'x-api-key': plain.key } });
    expect(call.statusCode).toBe(200);
    expect(corsHeaders(call)).toEqual([]);
    expect(call.headers.vary).toBeUndefined();
  });
});

describe('free tier and any origin', () => {
  it('preflights spend no keyless daily allowance', async () => {
    const api = await startTestApi({ auth: 'keys', freeTier: { perIpDaily: 1 }, corsOrigins: [MAPS] });
    try {
      for (let i = 0; i < 3; i++) expect((await preflight(api, PARCEL, MAPS)).statusCode).toBe(204);
      const first = await api.app.inject({ method: 'GET', url: PARCEL, headers: { origin: MAPS } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['access-control-allow-origin']).toBe(MAPS);
      expect((await api.app.inject({ method: 'GET', url: PARCEL, headers: { origin: MAPS } })).json()).toMatchObject({ code: 'DAILY_LIMIT_REACHED' });
    } finally {
      await api.close();
    }
  });

  it('* opens the API to any page when every call needs a key, and is refused where the address is the credential', async () => {
    const api = await startTestApi({ auth: 'keys', corsOrigins: ['*'] });
    try {
      const answer = await preflight(api, PARCEL, OTHER);
      expect(answer.statusCode).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect((await api.app.inject({ method: 'GET', url: PARCEL, headers: { origin: OTHER } })).statusCode).toBe(401);
    } finally {
      await api.close();
    }
    await expect(startTestApi({ auth: 'keys', freeTier: { perIpDaily: 5 }, corsOrigins: ['*'] })).rejects.toThrow(/--free-per-ip/);
    await expect(startTestApi({ auth: 'off', corsOrigins: [MAPS, '*'] })).rejects.toThrow(/--auth off/);
  });
});
