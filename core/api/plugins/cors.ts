import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { corsOriginRefusal } from '../cors-origins.js';

export interface CorsPluginOptions {
  /** Exact origins (`https://maps.example.org`) whose pages may call the API, or `*` for any page. */
  origins: readonly string[];
}

/** What a page may send: the key, the spec's conditional request and version pin, a JSON body. */
const CORS_ALLOWED_HEADERS = ['X-API-Key', 'If-None-Match', 'X-API-Version', 'Content-Type'] as const;
/** What a page may read beyond the CORS-safelisted headers: quota, ETag, version, retry time, file name of exports. */
const CORS_EXPOSED_HEADERS = [
  'ETag',
  'X-API-Version',
  'X-Quota-Limit',
  'X-Quota-Remaining',
  'X-Quota-Reset',
  'X-Quota-Tier',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Content-Disposition',
] as const;
/** A browser keeps a preflight's answer this long (seconds): one preflight per URL an hour, not one per call. */
const PREFLIGHT_MAX_AGE_S = 3600;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Cross-origin calls from listed origins (@fastify/cors, in onRequest before authentication: a
 * preflight carries no key). Registered only when origins are given; without them the server
 * answers exactly as it did. A preflight is answered 204 only for a listed origin and only when a
 * route exists for the method it announces (the router's own lookup of the same URL); every other
 * OPTIONS goes on to the access layer and gets its usual answer (401 without a key), with no CORS
 * headers. A preflight answered here never reaches authentication or quota: it costs nothing and
 * is no failed key. The real call still needs its key; its answers, refusals included, carry the
 * CORS headers so the page can read them.
 */
async function corsPlugin(app: FastifyInstance, options: CorsPluginOptions): Promise<void> {
  const refused = options.origins.map(corsOriginRefusal).find((reason) => reason !== undefined);
  if (refused) throw new Error(`cors: ${refused}`);
  const anyOrigin = options.origins.includes('*');
  const listed = new Set(options.origins);
  const answered = {
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: PREFLIGHT_MAX_AGE_S,
  } satisfies FastifyCorsOptions;
  const notForThisRequest: FastifyCorsOptions = { origin: false };

  // The router answers a URL it cannot decode with a bad-URL handler of its own, not with a route;
  // every route it holds shares fastify's one route handler. So a route exists when the lookup
  // gives that handler (read from the wildcard OPTIONS route @fastify/cors adds; an unknown answer
  // is taken for no route).
  let routeHandler: unknown;
  app.addHook('onReady', async () => {
    routeHandler = app.findRoute({ method: 'OPTIONS', url: '/' })?.handler;
  });
  const routeExists = (method: string, url: string) =>
    routeHandler !== undefined && app.findRoute({ method: method as HTTPMethods, url })?.handler === routeHandler;

  const corsFor = (request: FastifyRequest): FastifyCorsOptions => {
    const origin = header(request, 'origin');
    if (origin === undefined || !(anyOrigin || listed.has(origin))) return notForThisRequest;
    const allowOrigin = anyOrigin ? '*' : origin;
    // @fastify/cors takes every OPTIONS for a preflight; only a real one, for a route that exists, is answered.
    if (request.method !== 'OPTIONS') return { ...answered, origin: allowOrigin };
    const method = header(request, 'access-control-request-method')?.trim().toUpperCase();
    if (!method || method === 'OPTIONS' || !routeExists(method, request.url)) return notForThisRequest;
    return { ...answered, origin: allowOrigin, methods: [method] };
  };

  await app.register(fastifyCors, { hook: 'onRequest', delegator: (request, callback) => callback(null, corsFor(request)) });
}

export default fp(corsPlugin, { fastify: '5.x', name: 'catastro-cors' });
