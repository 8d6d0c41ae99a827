import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../core/model/index.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';

/** A server answering after `delayMs` (a slow source such as Belgium's CadGIS). */
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

async function slowServer(delayMs: number): Promise<string> {
  const server = http.createServer((_req, res) => {
    const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('late but fine'), delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
}

const options = { timeoutMs: 150, retries: 0, baseDelayMs: 5, breakerThreshold: 50, breakerHalfOpenAfterMs: 200 };

describe('per-source timeouts', () => {
  it('gives a slow source its own time per attempt, while the client default still applies to the others', async () => {
    const url = await slowServer(600);
    const client = new UpstreamClient(options);
    const slow = await client.getText(url, { source: 'slow source', timeoutMs: 5_000 });
    expect(slow.body).toBe('late but fine');
    const error = await client.getText(url, { source: 'ordinary source' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).message).toMatch(/no answer within 150 ms/);
  });

  it("lets the client configuration override a source's own time by name", async () => {
    const url = await slowServer(600);
    const client = new UpstreamClient({ ...options, sourceTimeoutsMs: { 'slow source': 200 } });
    const error = await client.getText(url, { source: 'slow source', timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect((error as ServiceError).code).toBe('SERVICE_UNAVAILABLE');
    expect((error as ServiceError).message).toMatch(/no answer within 200 ms/);
  });
});
