import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDirOf, openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { rawRequest } from '../../helpers/raw-http.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/**
 * A 304 over a real socket (spec: Conditional requests). RFC 9110 §8.6: a 304 must not carry a
 * Content-Length other than the length of the 200 it stands for, since a cache updates its stored
 * headers from the 304. Found by probing: the 304 of the units page said `Content-Length: 0`,
 * which a cache applying it would take as an empty page.
 */
describe('304 Not Modified of the units page', () => {
  let api: TestApi;
  let port: number;
  let key: string;
  const URL = '/api/catastro/9398516VK3799G/units';

  beforeAll(async () => {
    api = await startTestApi({ auth: 'keys' });
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    port = (api.app.server.address() as { port: number }).port;
    const access = openAccessDatabase(accessDirOf(embeddedCopy(api.service).file));
    ({ key } = new KeyStore(access).create({ tier: 'basic', organisation: true }));
    access.close();
    // The first answer reads the finca live and keeps it in the copy; later ones come from the copy.
    expect((await api.app.inject({ url: URL, headers: { 'x-api-key': key } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each(['exact', 'weak', 'in a list', '*'])('If-None-Match %s → 304, no body, no Content-Length of 0, same ETag and Cache-Control', async (form) => {
    const full = await rawRequest(port, `GET ${URL} HTTP/1.1`, { 'X-API-Key': key });
    expect(full.status).toBe(200);
    const etag = full.headers.etag;
    const condition = { exact: etag, weak: `W/${etag}`, 'in a list': `"other", ${etag}`, '*': '*' }[form]!;
    const answer = await rawRequest(port, `GET ${URL} HTTP/1.1`, { 'X-API-Key': key, 'If-None-Match': condition });
    expect(answer.status).toBe(304);
    expect(answer.body).toBe('');
    expect(answer.headers.etag).toBe(etag);
    expect(answer.headers['cache-control']).toBe(full.headers['cache-control']);
    expect(answer.headers['content-type']).toBeUndefined();
    if (answer.headers['content-length'] !== undefined) expect(answer.headers['content-length']).toBe(full.headers['content-length']);
  });

  // Found by probing: fastify's HEAD handler, run after the ETag hook, read the 304's null payload and threw (a 500).
  it('HEAD with a matching If-None-Match → the same free 304, never a 500', async () => {
    const full = await rawRequest(port, `GET ${URL} HTTP/1.1`, { 'X-API-Key': key });
    const head = await rawRequest(port, `HEAD ${URL} HTTP/1.1`, { 'X-API-Key': key, 'If-None-Match': full.headers.etag });
    expect(head.status).toBe(304);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers['cache-control']).toBe(full.headers['cache-control']);
    expect(head.headers['x-quota-remaining']).toBe(full.headers['x-quota-remaining']);
    if (head.headers['content-length'] !== undefined) expect(head.headers['content-length']).toBe(full.headers['content-length']);
  });
});
