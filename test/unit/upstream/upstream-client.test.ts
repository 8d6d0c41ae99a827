import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../core/model/index.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, hit: number) => void;

interface TestServer {
  url: string;
  hits: number;
  userAgents: string[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: Handler): Promise<TestServer> {
  const state = { hits: 0, userAgents: [] as string[] };
  const server = http.createServer((req, res) => {
    state.hits++;
    state.userAgents.push(String(req.headers['user-agent']));
    handler(req, res, state.hits);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const result: TestServer = {
    url: `http://127.0.0.1:${port}/x`,
    get hits() {
      return state.hits;
    },
    get userAgents() {
      return state.userAgents;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(result);
  return result;
}

const fast = { timeoutMs: 1000, retries: 2, baseDelayMs: 5, breakerThreshold: 50, breakerHalfOpenAfterMs: 200 };

async function expectUnavailable(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).code).toBe('SERVICE_UNAVAILABLE');
  expect((error as ServiceError).status).toBe(503);
  return error as ServiceError;
}

describe('UpstreamClient', () => {
  it('retries a 503 and returns the answer that finally comes, with a browser User-Agent', async () => {
    const server = await serve((_req, res, hit) => {
      if (hit <= 2) {
        res.writeHead(503).end('busy');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const answer = await new UpstreamClient(fast).getText(server.url, { source: 'test' });
    expect(answer).toEqual({ status: 200, body: '{"ok":true}', contentType: 'application/json' });
    expect(server.hits).toBe(3);
    expect(server.userAgents[0]).toMatch(/^Mozilla\/5\.0 .*Chrome/);
  });

  it('gives up after the configured retries with SERVICE_UNAVAILABLE naming the source', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(503).end();
    });
    const error = await expectUnavailable(new UpstreamClient(fast).getText(server.url, { source: 'OVC test' }));
    expect(error.message).toMatch(/^OVC test does not answer; retry later/);
    expect(server.hits).toBe(3);
  });

  it('does not retry a 404 and hands it back as an answer', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
    });
    const answer = await new UpstreamClient(fast).getText(server.url, { source: 'test' });
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('no such page');
    expect(server.hits).toBe(1);
  });

  it('times out a slow answer and reports the source as down', async () => {
    const server = await serve((_req, res) => {
      setTimeout(() => res.writeHead(200).end('late'), 600);
    });
    const started = Date.now();
    const error = await expectUnavailable(new UpstreamClient({ ...fast, timeoutMs: 100, retries: 1 }).getText(server.url, { source: 'slow' }));
    expect(error.message).toContain('no answer within 100 ms');
    expect(Date.now() - started).toBeLessThan(550);
    expect(server.hits).toBe(2);
  });

  it('treats a connection cut mid-answer as the source being down', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml', 'content-length': '1000' });
      res.write('<partial');
      setTimeout(() => req.socket.destroy(), 10);
    });
    await expectUnavailable(new UpstreamClient({ ...fast, retries: 0 }).getText(server.url, { source: 'cut' }));
  });

  it('treats a refused connection as the source being down', async () => {
    const server = await serve((_req, res) => {
      res.end();
    });
    const url = server.url;
    await server.close();
    await expectUnavailable(new UpstreamClient({ ...fast, retries: 0 }).getText(url, { source: 'gone' }));
  });

  it('opens the breaker after consecutive failures, then half-opens and closes when the source is back', async () => {
    let healthy = false;
    const server = await serve((_req, res) => {
      if (healthy) res.writeHead(200).end('ok');
      else res.writeHead(502).end();
    });
    const client = new UpstreamClient({ ...fast, retries: 0, breakerThreshold: 2, breakerHalfOpenAfterMs: 150 });
    await expectUnavailable(client.getText(server.url, { source: 'flaky' }));
    await expectUnavailable(client.getText(server.url, { source: 'flaky' }));
    expect(client.breakerState('flaky')).toBe('open');

    healthy = true;
    const refused = await expectUnavailable(client.getText(server.url, { source: 'flaky' }));
    expect(refused.message).toContain('paused');
    expect(server.hits).toBe(2);
    // Another source is not affected by this breaker.
    await expect(client.getText(server.url, { source: 'other' })).resolves.toMatchObject({ status: 200 });

    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(client.getText(server.url, { source: 'flaky' })).resolves.toMatchObject({ status: 200, body: 'ok' });
    expect(client.breakerState('flaky')).toBe('closed');
  });

  it('keeps UTF-8 bodies that declare ISO-8859-1 and decodes real Latin-1 bytes', async () => {
    const server = await serve((req, res) => {
      if (req.url?.endsWith('latin1')) {
        res.writeHead(200, { 'content-type': 'text/xml; charset=ISO-8859-1' }).end(Buffer.from('<a>ESPAÑA</a>', 'latin1'));
      } else {
        res.writeHead(200, { 'content-type': 'text/xml' }).end(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>precisión</a>', 'utf8'));
      }
    });
    const client = new UpstreamClient(fast);
    expect((await client.getText(`${server.url}?latin1`, { source: 't' })).body).toBe('<a>ESPAÑA</a>');
    expect((await client.getText(server.url, { source: 't' })).body).toContain('precisión');
  });

  it('reports a request cancelled by the caller without counting it against the source', async () => {
    const server = await serve((_req, res) => {
      setTimeout(() => res.writeHead(200).end('late'), 300);
    });
    const client = new UpstreamClient({ ...fast, breakerThreshold: 1 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await expectUnavailable(client.getText(server.url, { source: 'c', signal: controller.signal }));
    expect(error.message).toContain('cancelled');
    expect(client.breakerState('c')).toBe('closed');
    await expect(client.getText(server.url, { source: 'c' })).resolves.toMatchObject({ status: 200 });
  });

  it('asks one source politely: never more requests in flight than sourceConcurrency, starts sourceIntervalMs apart; another source is not held up', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const starts: number[] = [];
    const server = await serve((req, res) => {
      if (req.url?.endsWith('?polite')) starts.push(performance.now());
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200).end('ok');
      }, 30);
    });
    const client = new UpstreamClient({ ...fast, sourceConcurrency: 2, sourceIntervalMs: 80 });
    const begun = performance.now();
    const other = client.getText(server.url, { source: 'other' }).then(() => performance.now() - begun);
    await Promise.all(Array.from({ length: 5 }, () => client.getText(`${server.url}?polite`, { source: 'polite' })));
    expect(maxInFlight).toBeLessThanOrEqual(3); // two of 'polite' and the one of 'other'
    const politeStarts = starts.sort((a, b) => a - b);
    // Five requests of one source 80 ms apart: the fifth cannot start before 4 × 80 ms after the
    // first call, and the server sees it later still (unpaced, all five arrive within about 60 ms).
    // Measured from the client's first call, not the first arrival: a loaded machine delays an
    // arrival by tens of ms, and a late first arrival shortened the span between arrivals.
    expect(politeStarts).toHaveLength(5);
    expect(politeStarts.at(-1)! - begun).toBeGreaterThanOrEqual(4 * 80);
    expect(await other).toBeLessThan(200);
  });
});
