import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMEMBERED_HOSTS, requireServedHost, servedHostNames } from '../../../core/api/protocol-refusals.js';

/**
 * requireServedHost remembers the Host values it accepted (parsing each one was 2.5 % of a kept
 * answer's CPU): what it remembers must never change an answer. Hosts accepted first, refused ones
 * after, more accepted values than it keeps, and refused ones asked again: each answered as the
 * parse alone answers it. test/integration/api/served-host.test.ts checks the rule itself on a real server.
 */
const app = Fastify();
beforeAll(async () => {
  app.addHook('onRequest', requireServedHost(servedHostNames('127.0.0.1')));
  app.get('/', async () => 'served');
  await app.ready();
});
afterAll(() => app.close());

const statusFor = async (host: string) => (await app.inject({ method: 'GET', url: '/', headers: { host } })).statusCode;

describe('requireServedHost with the Host values it remembers', () => {
  it('answers a value asked again as it answered it first, accepted or refused', async () => {
    const asked = ['localhost:8787', 'evil.example:8787', '127.0.0.1:8787', 'localhost.evil.example', '[::1]:8787', 'LOCALHOST:8787', ':80'];
    const first = await Promise.all(asked.map(statusFor));
    expect(first).toEqual([200, 400, 200, 400, 200, 200, 400]);
    for (let again = 0; again < 3; again++) expect(await Promise.all(asked.map(statusFor))).toEqual(first);
  });

  it('still parses every value once more than it keeps are accepted, and never lets a refused one through', async () => {
    const ports = Array.from({ length: REMEMBERED_HOSTS * 2 }, (_, i) => 10_000 + i);
    for (const port of ports) expect(await statusFor(`localhost:${port}`)).toBe(200);
    for (const port of ports) {
      expect(await statusFor(`127.0.0.1:${port}`)).toBe(200);
      expect(await statusFor(`evil.example:${port}`)).toBe(400);
    }
  });
});
