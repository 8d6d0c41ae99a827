import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS_IN_FLIGHT, SourceMonitor } from '../../../core/status/source-monitor.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';

/** Three sources behind one local server: one answers, one fails with 503, one never answers. */
let server: http.Server;
let base: string;
let slowInFlight = 0;
let slowMostInFlight = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/slow')) {
      slowMostInFlight = Math.max(slowMostInFlight, ++slowInFlight);
      setTimeout(() => {
        slowInFlight--;
        res.writeHead(200).end('ok');
      }, 60);
    } else if (req.url === '/up') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    else if (req.url === '/refuses') res.writeHead(403).end('no');
    else if (req.url === '/fails') res.writeHead(503).end('down');
    // '/hangs': never answers; the client's timeout ends it.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const monitorOf = (client: UpstreamClient) =>
  new SourceMonitor(client, [
    { check: { source: 'Up', url: `${base}/up` }, countries: ['FR'] },
    { check: { source: 'Fails', url: `${base}/fails` }, countries: ['PT'] },
    { check: { source: 'Hangs', url: `${base}/hangs` }, countries: ['BE'] },
    { check: { source: 'Refuses', url: `${base}/refuses` }, countries: ['SK'] },
  ]);

describe("the status page's checks of the sources", () => {
  it('reports each source unknown before its first check, then answers / does not answer with latency, time and reason', async () => {
    const client = new UpstreamClient({ timeoutMs: 1500, retries: 0, breakerThreshold: 3, breakerHalfOpenAfterMs: 60_000 });
    const monitor = monitorOf(client);
    expect(monitor.snapshot(0, 'v').sources.map((s) => s.health)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
    const before = Date.now();
    await monitor.checkAll();
    const status = monitor.snapshot(12, 'v');
    const [up, fails, hangs, refuses] = status.sources;
    expect(status.status).toBe('degraded');
    expect(up).toMatchObject({ name: 'Up', countries: ['FR'], health: 'up', breaker: 'closed' });
    expect(Date.parse(up.lastCheck!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(up.lastCheck!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(fails).toMatchObject({ health: 'down', lastCheck: { reason: 'answered HTTP 503' } });
    expect(hangs).toMatchObject({ health: 'down', lastCheck: { reason: 'no answer in time' } });
    expect(hangs.lastCheck!.latencyMs).toBeGreaterThanOrEqual(1400);
    expect(refuses).toMatchObject({ health: 'down', lastCheck: { reason: 'answered HTTP 403' } });
    // No internals: the JSON names no address of a source.
    expect(JSON.stringify(status)).not.toContain('127.0.0.1');
  });

  it('does not ask a source the installation has not configured, and gives the reason instead (Denmark without a key)', async () => {
    let asked = 0;
    const counting = http.createServer((_req, res) => {
      asked++;
      res.writeHead(401).end();
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(counting.address() as AddressInfo).port}/graphql`;
      const client = new UpstreamClient({ timeoutMs: 1500, retries: 0, breakerThreshold: 3, breakerHalfOpenAfterMs: 60_000 });
      const monitor = new SourceMonitor(client, [{ check: { source: 'Keyed', url, unconfigured: 'not configured: needs an API key' }, countries: ['DK'] }]);
      await monitor.checkAll();
      const [keyed] = monitor.snapshot(0, 'v').sources;
      expect(keyed).toMatchObject({ health: 'down', lastCheck: { reason: 'not configured: needs an API key', latencyMs: 0 } });
      expect(asked).toBe(0);
    } finally {
      counting.closeAllConnections();
      await new Promise<void>((resolve) => counting.close(() => resolve()));
    }
  });

  it("goes through the lookups' breaker: repeated failures open it, and the page says calls are paused", async () => {
    const client = new UpstreamClient({ timeoutMs: 1500, retries: 0, breakerThreshold: 2, breakerHalfOpenAfterMs: 60_000 });
    const monitor = monitorOf(client);
    await monitor.checkAll();
    await monitor.checkAll();
    await monitor.checkAll();
    const fails = monitor.snapshot(0, 'v').sources[1];
    expect(fails.breaker).toBe('open');
    expect(fails.lastCheck!.reason).toMatch(/circuit breaker open/);
    expect(fails.history.map((h) => h.health)).toEqual(['down', 'down', 'down']);
    // A lookup of that source is refused at once too: the breaker is shared.
    await expect(client.getText(`${base}/fails`, { source: 'Fails' })).rejects.toThrow(/paused/);
    const up = monitor.snapshot(0, 'v').sources[0];
    expect(up.history).toHaveLength(3);
    expect(up.breaker).toBe('closed');
  });

  it('runs on a schedule and never overlaps a run', async () => {
    const client = new UpstreamClient({ timeoutMs: 1500, retries: 0 });
    const monitor = new SourceMonitor(client, [{ check: { source: 'Up', url: `${base}/up` }, countries: ['FR'] }]);
    monitor.start(50);
    await new Promise((resolve) => setTimeout(resolve, 400));
    monitor.stop();
    const { sources, checkIntervalSeconds } = monitor.snapshot(0, 'v');
    expect(sources[0].history.length).toBeGreaterThanOrEqual(3);
    expect(checkIntervalSeconds).toBe(0);
    const a = monitor.checkAll();
    expect(monitor.checkAll()).toBe(a);
    await a;
  });

  it("checks a few sources at a time, so that a run over every country never holds all of Node's DNS threads", async () => {
    const client = new UpstreamClient({ timeoutMs: 1500, retries: 0 });
    const sources = Array.from({ length: 8 }, (_, i) => ({ check: { source: `Slow${i}`, url: `${base}/slow${i}` }, countries: ['FR' as const] }));
    const monitor = new SourceMonitor(client, sources);
    slowMostInFlight = 0;
    await monitor.checkAll();
    expect(monitor.snapshot(0, 'v').sources.every((s) => s.health === 'up')).toBe(true);
    expect(slowMostInFlight).toBe(CHECKS_IN_FLIGHT);
  });
});
