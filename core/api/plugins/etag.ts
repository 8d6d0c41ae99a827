import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ROUTES } from './paths.js';

export interface EtagPluginOptions {
  /** Route pattern → Cache-Control value. Defaults to endpoints 1 and 2 of the spec. */
  routes?: Record<string, string>;
}

/**
 * Endpoint 2: the spec observed "a private cache with a max age". Endpoint 1: geocoder answers
 * can change at any time, so the client keeps the answer but revalidates each time (free 304).
 */
export const DEFAULT_ETAG_ROUTES: Record<string, string> = {
  [ROUTES.addressCandidates]: 'private, no-cache',
  [ROUTES.units]: 'private, max-age=300',
};

/** Strong validator: SHA-256 of the exact body bytes the route produced. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** RFC 9110 §13.1.2: If-None-Match uses the weak comparison (a `W/` prefix is ignored); `*` matches any. */
export function ifNoneMatchMatches(headerValue: string | undefined, etag: string): boolean {
  if (!headerValue) return false;
  if (headerValue.trim() === '*') return true;
  return headerValue.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Conditional requests (spec: Conditional requests) for endpoints 1 and 2: a 200 answer gets
 * `ETag` and `Cache-Control`; when `If-None-Match` names the same body the answer becomes
 * 304 without a body, which the quota plugin then counts as free.
 *
 * The tag is computed before the quota plugin adds the per-call `searchesRemaining` counter to
 * the body: that number changes on every call, and hashing it would make every tag unique and
 * 304 unreachable. So the tag identifies the resource representation the route produced; the
 * counter is the same value the X-Quota-Remaining header carries. Register this plugin before
 * the quota plugin (onSend hooks run in registration order); `apiAccessPlugin` does.
 */
async function etagPlugin(app: FastifyInstance, options: EtagPluginOptions): Promise<void> {
  const routes = options.routes ?? DEFAULT_ETAG_ROUTES;
  // Callback style: every request passes here, most on routes without a tag, and an async hook
  // costs a promise and a microtask turn each.
  app.addHook('onSend', (request, reply, payload, done) => {
    const cacheControl = routes[request.routeOptions.url ?? ''];
    if (cacheControl === undefined || reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const etag = strongEtag(payload);
    reply.header('ETag', etag);
    reply.header('Cache-Control', cacheControl);
    const condition = request.headers['if-none-match'];
    if (ifNoneMatchMatches(Array.isArray(condition) ? condition.join(',') : condition, etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      // No payload at all (null), not an empty one: fastify then writes no Content-Length, where
      // '' made it `0`, which a cache updating its stored 200 from this 304 takes as an empty
      // body (RFC 9110 §8.6). A HEAD's payload goes on to fastify's HEAD handler, which runs
      // after this hook and throws on null (a 500): an empty stream it drains and sends as null.
      return done(null, request.method === 'HEAD' ? Readable.from([]) : null);
    }
    done(null, payload);
  });
}

export default fp(etagPlugin, { fastify: '5.x', name: 'catastro-etag' });
