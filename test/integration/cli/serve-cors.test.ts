import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../../helpers/serve-process.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * `catastro serve --cors-origin` reaches the server (a real listening process, asked over HTTP as
 * a browser asks it): its option repeated lets both origins in; any other gets the old answer.
 * The CORS rules themselves: test/integration/api/cors-api.test.ts; bad values: option-refusals.test.ts.
 */
const MAPS = 'https://maps.example.org';
const INTRANET = 'http://intranet.example:8080';
let server: ServeProcess;

beforeAll(async () => {
  server = await startServe([
    '--port',
    '0',
    '--status-interval',
    '0',
    '--data',
    tempDir('catastro-serve-cors-'),
    '--cors-origin',
    MAPS,
    '--cors-origin',
    INTRANET,
  ]);
}, 120_000);
afterAll(() => {
  server?.child.kill('SIGTERM');
});

const preflight = (origin: string) =>
  fetch(`${server.url}/api/catastro/000700100UL74F`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
  });

describe('serve --cors-origin (repeated)', () => {
  it('answers the preflight of each listed origin, and not of another', async () => {
    for (const origin of [MAPS, INTRANET]) {
      const answer = await preflight(origin);
      expect(answer.status, origin).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('access-control-allow-headers')).toMatch(/X-API-Key/);
    }
    const other = await preflight('https://elsewhere.example.net');
    expect(other.status).toBe(401);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the call without a key is still 401, readable by the page', async () => {
    const answer = await fetch(`${server.url}/api/catastro/000700100UL74F`, { headers: { origin: MAPS } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe(MAPS);
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/X-Quota-Remaining/);
  });
});
