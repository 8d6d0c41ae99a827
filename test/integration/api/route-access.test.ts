import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeysCommand } from '../../../cli/keys-command.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { rawRequest } from '../../helpers/raw-http.js';

/**
 * Access is decided on the route that matched, deny by default (issue #10, critical): the
 * router decodes `%61pi` and reads absolute-form request lines, so a decision on the raw URL
 * let keyless calls through. Requests go over a real socket, byte for byte.
 */
const REF = '000700100UL74F'; // a parcel of the bundled Segovia sample

let api: TestApi;
let port: number;
let key: string;
let personalKey: string;

async function createKey(dataDir: string, ...extra: string[]): Promise<string> {
  const out: string[] = [];
  expect(await runKeysCommand(['create', '--tier', 'basic', ...extra], { dataDir, io: { out: (l) => out.push(l), err: (l) => out.push(l) } })).toBe(0);
  return /key:\s+(\S+)/.exec(out.join('\n'))![1];
}

/** Units left on a key, read from a free call (a 400 costs nothing and carries the quota headers). */
async function remaining(apiKey: string): Promise<number> {
  const answer = await rawRequest(port, 'GET /api/catastro/NOT-A-REFERENCE HTTP/1.1', { 'X-API-Key': apiKey });
  expect(answer.status).toBe(400);
  return Number(answer.headers['x-quota-remaining']);
}

/** The slippy-map tile holding a point at zoom z. */
function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}

beforeAll(async () => {
  api = await startTestApi({ auth: 'keys' });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  port = (api.app.server.address() as { port: number }).port;
  key = await createKey(api.dataDir, '--organisation');
  personalKey = await createKey(api.dataDir);
});
afterAll(async () => {
  await api?.close();
});

describe('access decided on the matched route', () => {
  it.each([
    ['percent-encoded path', `GET /%61pi/catastro/${REF} HTTP/1.1`],
    ['percent-encoded units path', `GET /%61pi/catastro/${REF}/units HTTP/1.1`],
    ['absolute-form request line', () => `GET http://127.0.0.1:${port}/api/catastro/${REF} HTTP/1.1`],
    ['absolute-form with another host', `GET http://example.org/api/catastro/${REF} HTTP/1.1`],
    ['encoded segment of a route', `GET /api/%63atastro/${REF}/polygon HTTP/1.1`],
    ['parcel tiles', 'GET /api/tiles/parcels/14/8000/6000.pbf HTTP/1.1'],
    ['hazard overlays', 'GET /api/overlays/protected-areas?bbox=-4.2,40.8,-4.0,41.0 HTTP/1.1'],
    ['a path no route matches', 'GET /api/no-such-endpoint HTTP/1.1'],
  ])('%s without a key → 401 UNAUTHORIZED', async (_name, line) => {
    const answer = await rawRequest(port, typeof line === 'function' ? line() : line);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('the organisation-only units route refuses a personal key whatever the spelling of its path', async () => {
    for (const line of [
      `GET /%61pi/catastro/${REF}/units HTTP/1.1`,
      `GET /api/catastro/${REF}/%75nits HTTP/1.1`,
      `GET http://127.0.0.1:${port}/api/catastro/${REF}/units HTTP/1.1`,
    ]) {
      const answer = await rawRequest(port, line, { 'X-API-Key': personalKey });
      expect(answer.status, line).toBe(401);
      expect(JSON.parse(answer.body).error).toMatch(/organisation/);
    }
  });

  it('a keyed call through an encoded or absolute-form path is answered and charged like the plain one', async () => {
    const before = await remaining(key);
    for (const line of [`GET /%61pi/catastro/${REF} HTTP/1.1`, `GET http://127.0.0.1:${port}/api/catastro/${REF} HTTP/1.1`]) {
      const answer = await rawRequest(port, line, { 'X-API-Key': key });
      expect(answer.status, line).toBe(200);
      expect(JSON.parse(answer.body).data.refCatastral).toBe(REF);
    }
    expect(await remaining(key)).toBe(before - 2);
  });

  it('a tile with parcels costs one unit, an empty tile none; the API description and status stay open', async () => {
    const parcel = await api.service.parcel(REF);
    const [x, y] = tileOf(parcel.longitud, parcel.latitud, 15);
    const before = await remaining(key);
    const full = await rawRequest(port, `GET /api/tiles/parcels/15/${x}/${y}.pbf HTTP/1.1`, { 'X-API-Key': key });
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toContain('vnd.mapbox-vector-tile');
    expect(await remaining(key)).toBe(before - 1);
    const empty = await rawRequest(port, 'GET /api/tiles/parcels/15/0/0.pbf HTTP/1.1', { 'X-API-Key': key });
    expect(empty.status).toBe(204);
    expect(await remaining(key)).toBe(before - 1);
    expect((await rawRequest(port, 'GET /api/status HTTP/1.1')).status).toBe(200);
    expect((await rawRequest(port, 'GET /api/openapi.json HTTP/1.1')).status).toBe(200);
  });

  it('a URL the router cannot decode and oversized headers are answered in the envelope', async () => {
    const badUrl = await rawRequest(port, 'GET /api/catastro/%ZZ HTTP/1.1', { 'X-API-Key': key });
    expect(badUrl.status).toBe(400);
    expect(JSON.parse(badUrl.body)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const big = await rawRequest(port, 'GET /api/status HTTP/1.1', { 'X-Big': 'a'.repeat(20_000) });
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});
