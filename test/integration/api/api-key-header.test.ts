import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDirOf, openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { rawRequest } from '../../helpers/raw-http.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/**
 * The X-API-Key header as clumsy scripts send it, over a real socket (Node joins a header sent
 * twice into one value, "a, b"). Found by probing: a valid key sent twice was answered
 * "The API key is not valid.", which sends its author hunting for a typo in a good key.
 */
const REF = '000700100UL74F';

describe('X-API-Key sent more than once', () => {
  let api: TestApi;
  let port: number;
  let key: string;

  beforeAll(async () => {
    api = await startTestApi({ auth: 'keys' });
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    port = (api.app.server.address() as { port: number }).port;
    const access = openAccessDatabase(accessDirOf(embeddedCopy(api.service).file));
    ({ key } = new KeyStore(access).create({ tier: 'basic' }));
    access.close();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('one header → 200 (control)', async () => {
    const answer = await rawRequest(port, `GET /api/catastro/${REF} HTTP/1.1`, { 'X-API-Key': key });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['the same valid key twice', () => [key, key]],
    ['a valid key and another value', () => [key, 'cdk_other']],
  ])('%s → 401 UNAUTHORIZED saying the header came more than once', async (_name, values) => {
    const [first, second] = values();
    const answer = await rawRequest(port, `GET /api/catastro/${REF} HTTP/1.1`, { 'X-API-Key': first, 'x-api-key': second });
    expect(answer.status).toBe(401);
    const body = JSON.parse(answer.body);
    expect(body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(body.error).toMatch(/more than once/);
    expect(answer.headers['x-quota-remaining']).toBeUndefined();
  });
});
