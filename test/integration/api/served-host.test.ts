import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../helpers/raw-http.js';
import { startServe, type ServeProcess } from '../../helpers/serve-process.js';

/**
 * Issue #38: a keyless server (`catastro start`'s browser app, `serve --auth off`) accepted any
 * Host, so a DNS-rebinding page (evil.example, its name pointed at 127.0.0.1 after the page
 * loaded) could drive it from the visitor's browser: start batches, read the copy. On a loopback
 * address it now answers only to the names it is served at. Real `catastro serve` processes,
 * requests sent byte for byte (fetch does not let a page, nor a test, set Host).
 */
const data = mkdtempSync(path.join(os.tmpdir(), 'catastro-served-host-'));
let keyless: ServeProcess;
let keyed: ServeProcess;
const portOf = (server: ServeProcess) => Number(new URL(server.url).port);

beforeAll(async () => {
  const common = ['--host', '127.0.0.1', '--port', '0', '--data', data, '--status-interval', '0'];
  keyless = await startServe([...common, '--auth', 'off']);
  keyed = await startServe([...common, '--auth', 'keys']);
}, 120_000);
afterAll(() => {
  for (const server of [keyless, keyed]) server?.child.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
});

describe('Host on a keyless server on this machine', () => {
  it.each(['localhost', '127.0.0.1', '[::1]', 'LOCALHOST'])('%s (with the port) is served', async (name) => {
    const answer = await rawRequest(portOf(keyless), 'GET /api/status HTTP/1.1', { Host: `${name}:${portOf(keyless)}` });
    expect(answer.status).toBe(200);
  });

  it.each([
    ["a rebinding page's name", 'evil.example'],
    ['with the port', `evil.example:PORT`],
    ['a name ending in localhost', 'localhost.evil.example'],
    ['another address', '192.168.1.20'],
    ['no host at all', ':80'],
  ])('%s → 400 VALIDATION_ERROR, before any route runs', async (_name, host) => {
    const port = portOf(keyless);
    for (const line of ['GET /api/status HTTP/1.1', 'POST /api/batch HTTP/1.1', 'GET /api/catastro/000700100UL74F HTTP/1.1']) {
      const answer = await rawRequest(port, line, { Host: host.replace('PORT', String(port)) });
      expect(answer.status, line).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        error: expect.stringMatching(/the Host header names .*not this server/),
      });
    }
  });

  it('an HTTP/1.0 request, which has no Host, is still served', async () => {
    expect((await rawRequest(portOf(keyless), 'GET /api/status HTTP/1.0', { Host: null })).status).toBe(200);
  });

  it('a server with keys answers any Host (a page has no key; behind a proxy the public name is unknown)', async () => {
    expect((await rawRequest(portOf(keyed), 'GET /api/status HTTP/1.1', { Host: 'catastro.example.org' })).status).toBe(200);
  });
});
