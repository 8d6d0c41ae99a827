import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { rawRequest } from '../../helpers/raw-http.js';

/**
 * Issue #10 (medium): a POST sending 1 of 50 declared bytes held a connection for 10 minutes,
 * and one address could open any number of connections. Small limits here, the defaults in
 * core/api/connection-limits.ts.
 */
let api: TestApi;
let port: number;
beforeAll(async () => {
  api = await startTestApi({ limits: { requestMs: 1_000, headersMs: 1_000, perAddress: 3 } });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  port = (api.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await api?.close();
});

/** Opens a socket; resolves when connected, with what the server sends and when it closes. */
function openSocket() {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  return { socket, closed, received: () => received, connected: new Promise<void>((resolve) => socket.on('connect', () => resolve())) };
}

const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);

describe('connection limits', () => {
  it('a POST that sends 1 of 50 declared bytes is cut after the request timeout, with a 408 in the envelope', async () => {
    const slow = openSocket();
    await slow.connected;
    const started = Date.now();
    slow.socket.write('POST /api/search/coordinates HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{');
    const closedAt = await within(slow.closed, 6_000);
    expect(closedAt, 'the slow request still holds its connection').not.toBe('timeout');
    expect((closedAt as number) - started).toBeLessThan(4_000);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(slow.received().slice(slow.received().indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  }, 10_000);

  it('one address holds at most N connections: the N+1th is closed, the others still answer', async () => {
    const held = [openSocket(), openSocket(), openSocket()];
    await Promise.all(held.map((s) => s.connected));
    const extra = openSocket();
    expect(await within(extra.closed, 2_000), 'the connection over the bound was not closed').not.toBe('timeout');
    expect(extra.received()).toBe('');
    held[0].socket.write('GET /api/status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await held[0].closed;
    expect(held[0].received()).toMatch(/^HTTP\/1\.1 200/);
    for (const s of held) s.socket.destroy();
    await Promise.all(held.map((s) => s.closed));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await rawRequest(port, 'GET /api/status HTTP/1.1')).status).toBe(200); // freed slots are usable again
  });
});
