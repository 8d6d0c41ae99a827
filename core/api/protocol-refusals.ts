import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { errorBody } from './envelope.js';

/**
 * HTTP rules Node enforces itself with an empty answer (or a closed socket), outside the API's envelope; here they
 * keep their status and get the envelope's VALIDATION_ERROR (the request is malformed, as in
 * handleClientError). The server turns Node's own check off (`requireHostHeader: false`) so this
 * hook is the one place a missing Host is refused.
 */

/**
 * RFC 9112 §3.2: an HTTP/1.1 request without Host is answered 400 (HTTP/1.0 has no Host and stays
 * served, as Node serves it).
 */
export function requireHostHeader(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  // Callback style: it runs on every request, and an async hook costs a promise and a microtask turn each.
  if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return done();
  void reply
    .status(400)
    .header('Connection', 'close')
    .send(errorBody('VALIDATION_ERROR', 'Invalid request: the Host header is missing (HTTP/1.1 requires it).'));
}

/**
 * RFC 9110 §10.1.1: an Expect the server cannot meet (anything but 100-continue, which Node
 * answers) is refused 417 before the request is read; the connection closes so its unread body is
 * never taken for the next request. Node emits 'checkExpectation' for it, fastify never sees it.
 */
export function refuseExpectation(request: IncomingMessage, response: ServerResponse): void {
  const expectation = String(request.headers.expect ?? '').slice(0, 100);
  const body = JSON.stringify(errorBody('VALIDATION_ERROR', `Invalid request: the Expect header "${expectation}" cannot be met; send the request without it.`));
  response.writeHead(417, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  response.end(body);
}

/**
 * A CONNECT request (a proxy tunnel) is not one this server serves. Node hands it to 'connect'
 * listeners and, with none, closes the socket without a word; here it gets 400 in the envelope,
 * and the connection closes (what would follow is tunnel bytes, not HTTP).
 */
export function refuseConnect(request: IncomingMessage, socket: Duplex): void {
  const target = String(request.url ?? '').slice(0, 100);
  const body = JSON.stringify(errorBody('VALIDATION_ERROR', `Invalid request: CONNECT ${target} is not served; this server is not a proxy.`));
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 400 ${STATUS_CODES[400]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.on('error', () => {});
  socket.once('finish', () => socket.destroy());
}

/** Whether `host` (a --host value) reaches this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * The names a keyless server on a loopback address answers to: a page of any other name (a
 * DNS-rebinding page on evil.example, its name pointed at 127.0.0.1) reaches the same socket but
 * sends its own name in Host, and is refused before any route runs. `host` is the --host served.
 */
export function servedHostNames(host: string): Set<string> {
  const named = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new Set(['localhost', '127.0.0.1', '[::1]', named.toLowerCase()]);
}

/** How many accepted Host values requireServedHost remembers as sent (a client sends one; a few names and ports at most). */
export const REMEMBERED_HOSTS = 64;

/** An onRequest hook refusing a Host whose name is not one of `names` (servedHostNames); HTTP/1.0 without Host passes. */
export function requireServedHost(names: ReadonlySet<string>) {
  // The Host values accepted so far, as sent: a client sends the same one on every request, and
  // parsing it (a WHATWG URL) was 2.5 % of the CPU of an answer kept in memory (docs/performance.md
  // "Serving tail", 2026-11-30). Only accepted values, and a bounded number of them, so a client
  // sending many names fills nothing; a refused one is parsed each time, as before.
  const accepted = new Set<string>();
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const given = request.headers.host;
    if (given === undefined || accepted.has(given)) return done();
    if (names.has(hostNameOf(given))) {
      if (accepted.size < REMEMBERED_HOSTS) accepted.add(given);
      return done();
    }
    void reply
      .status(400)
      .header('Connection', 'close')
      .send(
        errorBody(
          'VALIDATION_ERROR',
          `Invalid request: the Host header names ${JSON.stringify(given.slice(0, 100))}, not this server; open it as localhost or 127.0.0.1.`,
        ),
      );
  };
}

/** `example.org:8787` → `example.org`, `[::1]:8787` → `[::1]`, lower case; '' when it is no host at all. */
function hostNameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}
