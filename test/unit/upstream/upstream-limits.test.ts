import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEsSources } from '../../../core/countries/es/config.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';

/**
 * Issue #10 (medium/low): answers were read whole with no cap, redirects followed to any host,
 * Spain's defaults were plain http, and 503 messages carried socket details.
 */
let server: Server;
let base: string;
let port: number;
let bigBytesSent = 0;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.headers.host}${req.url}`);
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (bigBytesSent < 24 * 1024 * 1024) {
          bigBytesSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => undefined);
      pump();
      return;
    }
    if (req.url === '/to-other-host') return void res.writeHead(302, { location: `http://localhost:${port}/ok` }).end();
    if (req.url === '/to-same-host') return void res.writeHead(301, { location: '/ok' }).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = () => new UpstreamClient({ retries: 1, baseDelayMs: 5, timeoutMs: 10_000, maxAnswerBytes: 1024 * 1024 });

describe('upstream answers', () => {
  it('an answer larger than the cap is refused while it arrives, not read whole', async () => {
    await expect(client().getText(`${base}/big`, { source: 'Big source' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/Big source .*larger than 1 MB/),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bigBytesSent).toBeLessThan(12 * 1024 * 1024);
  });

  it('a redirect to another host is not followed; one on the same host is', async () => {
    seen.length = 0;
    await expect(client().getText(`${base}/to-other-host`, { source: 'Redirecting source' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/another host \(localhost\)/),
    });
    expect(seen.some((s) => s.startsWith('localhost'))).toBe(false);
    expect((await client().getText(`${base}/to-same-host`, { source: 'Redirecting source' })).body).toBe('{"ok":true}');
  });

  it('a source that refuses the connection answers 503 without socket details', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await client()
      .getText(`http://127.0.0.1:${deadPort}/x`, { source: 'Dead source' })
      .catch((e: unknown) => e as Error);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Dead source does not answer; retry later (connection failed).' });
    expect(String((error as Error).cause)).toMatch(/ECONNREFUSED/); // kept for the log
  });

  it("Spain's official sources default to https", () => {
    const sources = resolveEsSources();
    for (const [name, url] of Object.entries(sources)) expect(url, name).toMatch(/^https:\/\//);
  });
});
