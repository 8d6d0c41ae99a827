import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { rawRequest, type RawAnswer } from '../../helpers/raw-http.js';

/**
 * Requests Node itself refused with an empty body (no Host on HTTP/1.1, an Expect it cannot meet):
 * answered in the spec's envelope with their status kept. Sent byte for byte over a real socket
 * to the real server, with keys on, as `catastro serve` runs.
 */
let api: TestApi;
let port: number;
beforeAll(async () => {
  api = await startTestApi({ auth: 'keys' });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  port = (api.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await api?.close();
});

function expectEnvelope(answer: RawAnswer, status: number, error: RegExp): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ success: false, code: 'VALIDATION_ERROR', error: expect.stringMatching(error) });
}

describe('protocol refusals in the envelope', () => {
  it.each([
    ['the open status route', 'GET /api/status HTTP/1.1'],
    ['a metered route without a key (malformed before unauthorised)', 'GET /api/catastro/000700100UL74F HTTP/1.1'],
    ['a path no route matches', 'GET /api/no-such-endpoint HTTP/1.1'],
    ["the API description's pages (registered by a plugin before the hook)", 'GET /api/docs/ HTTP/1.1'],
  ])('an HTTP/1.1 request without Host to %s → 400 VALIDATION_ERROR', async (_name, line) => {
    expectEnvelope(await rawRequest(port, line, { Host: null }), 400, /Host header is missing/);
  });

  it('an HTTP/1.0 request, which has no Host, is still served', async () => {
    const answer = await rawRequest(port, 'GET /api/status HTTP/1.0', { Host: null });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).success).toBe(true);
  });

  it('an Expect the server cannot meet → 417 VALIDATION_ERROR naming it, the body never read as a request', async () => {
    const body = JSON.stringify({ latitude: 41.06, longitude: -4.47 });
    const answer = await rawRequest(port, 'POST /api/search/coordinates HTTP/1.1', { Expect: 'x-teapot', 'Content-Type': 'application/json' }, body);
    expectEnvelope(answer, 417, /Expect header "x-teapot" cannot be met/);
    expect(answer.headers.connection).toBe('close');
  });

  it('CONNECT (a proxy tunnel) → 400 VALIDATION_ERROR, not a socket closed without a word', async () => {
    const answer = await rawRequest(port, 'CONNECT example.org:443 HTTP/1.1', { Host: 'example.org:443' });
    expectEnvelope(answer, 400, /CONNECT example\.org:443 is not served; this server is not a proxy/);
    expect(answer.headers.connection).toBe('close');
  });
});
