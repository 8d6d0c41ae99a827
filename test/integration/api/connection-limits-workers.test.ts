import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_LIMITS, perAddressShare } from '../../../core/api/connection-limits.js';
import { startServe, type ServeProcess } from '../../helpers/serve-process.js';

/**
 * Issue #38: the bound of connections per address held per process, so `serve --workers 2` let
 * 205 of 300 sockets from one address through. Each worker now keeps floor(128 / workers). A real
 * two-worker server, 300 sockets from 127.0.0.1 held open.
 */
const data = mkdtempSync(path.join(os.tmpdir(), 'catastro-workers-bound-'));
let server: ServeProcess | undefined;
afterAll(() => {
  server?.child.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
});

it('serve --workers 2: one address holds at most 128 connections across both workers', async () => {
  server = await startServe(['--host', '127.0.0.1', '--port', '0', '--data', data, '--workers', '2', '--status-interval', '0']);
  const port = Number(new URL(server.url).port);
  const sockets = Array.from({ length: 300 }, () => net.connect(port, '127.0.0.1'));
  const closed = new Set<net.Socket>();
  for (const socket of sockets) {
    socket.on('error', () => {});
    socket.on('close', () => closed.add(socket));
  }
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          socket.once('connect', resolve);
          socket.once('close', resolve);
        }),
    ),
  );
  // The ones over the bound are closed as they arrive; give the workers time to close them all.
  let before = -1;
  while (closed.size !== before) {
    before = closed.size;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const held = sockets.length - closed.size;
  for (const socket of sockets) socket.destroy();
  expect(held).toBeLessThanOrEqual(DEFAULT_CONNECTION_LIMITS.perAddress);
  // Round-robin hands each worker half: each admits its whole share.
  expect(held).toBeGreaterThanOrEqual(perAddressShare(2));
  expect(perAddressShare(2)).toBe(64);
}, 120_000);
