import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a client may take, and how many connections one address may hold (server.ts). */
export interface ConnectionLimits {
  /** Whole request, headers and body, from its first byte (a POST sending 1 of 50 declared bytes is cut). */
  requestMs: number;
  /** Request headers complete. */
  headersMs: number;
  /** A socket with no traffic at all. */
  idleMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number;
  /** Open connections per client address; the one over the bound is closed at once. */
  perAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestMs: 30_000,
  headersMs: 15_000,
  idleMs: 60_000,
  keepAliveMs: 5_000,
  // Above a browser's 6 per origin and the 64 of the benchmark, far below what exhausts descriptors.
  perAddress: 128,
};

/**
 * The bound of connections per address each of `workers` processes (`serve --workers`) keeps:
 * floor(bound / workers), so one address holds at most the bound across them all. Each process
 * counts only its own sockets (node:cluster hands connections round-robin), and a share is simple
 * and exact where counting in the primary would cost a message per connection.
 */
export function perAddressShare(workers: number, bound = DEFAULT_CONNECTION_LIMITS.perAddress): number {
  return Math.max(1, Math.floor(bound / workers));
}

/**
 * Bounds the connections one client address holds open: one address cannot take every socket
 * of the server with slow or idle connections. Counted on the raw sockets, before HTTP parsing.
 * `unbounded`: addresses exempt, the trusted reverse proxies (trusted-proxies.ts), whose
 * connections carry many callers.
 */
export function limitConnectionsPerAddress(server: Server, perAddress: number, unbounded?: (address: string) => boolean): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (unbounded?.(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
