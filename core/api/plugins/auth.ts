import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { allowanceAddress } from '../../auth/allowance-address.js';
import type { ApiKeyVerifier } from '../../auth/key-store.js';
import { ServiceError, validationError } from '../../model/index.js';
import type { ApiCaller } from './caller.js';
import { routeAccess, type RouteAccess } from './route-access.js';

/** The caller of a request no key is checked for (nobody changes it: one object for all). */
const LOCAL_CALLER: ApiCaller = Object.freeze({ kind: 'local' });

export interface AuthPluginOptions {
  /** `keys`: X-API-Key required on every route not declared open; `off`: desktop/local use, everyone trusted. */
  auth: 'keys' | 'off';
  /** Required when auth is `keys`. */
  keys?: ApiKeyVerifier;
  /** When set, requests without a key are admitted (and counted per IP per UTC day by the quota plugin). */
  freeTier?: { perIpDaily: number };
  /** The session token of `catastro start`'s browser app (X-Catastro-Session): the only way into `app-session` routes. */
  appSession?: string;
}

const REASONS = {
  unknown: 'The API key is not valid.',
  revoked: 'The API key has been revoked.',
  expired: 'The API key has expired.',
} as const;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The header that carries `catastro start`'s session token (see renderer/client/app-session.ts). */
export const APP_SESSION_HEADER = 'x-catastro-session';
const appSessionRefused = () =>
  new ServiceError(
    'UNAUTHORIZED',
    'This action belongs to the app that `catastro start` opened: its session token (X-Catastro-Session, from the address that command printed) is missing or wrong.',
  );

/**
 * Identifies the caller of every request (spec: Authentication) and sets `request.apiCaller`,
 * from the access its matched route declares (route-access.ts; deny by default). Missing, unknown, revoked or expired keys answer 401 UNAUTHORIZED;
 * the units endpoint needs an organisation key (401 too: the credentials are the problem).
 * Runs in onRequest, before the body is read, so unauthenticated calls cost no work.
 */
async function authPlugin(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  if (options.auth === 'keys' && !options.keys) throw new Error('auth plugin: `keys` (a KeyStore) is required when auth is "keys"');
  app.decorateRequest('apiCaller', null as any);

  // Callback style with a synchronous answer where no key is checked (auth off, open routes): this
  // runs on every request, and an async hook costs a promise and a microtask turn per request.
  app.addHook('onRequest', (request, _reply, done) => {
    request.apiCaller = LOCAL_CALLER;
    const access = routeAccess(request);
    if (access === 'app-session') return done(hasAppSession(request) ? undefined : appSessionRefused());
    if (options.auth === 'off' || access === 'open') return done();
    identify(request, access).then(() => done(), done);
  });

  const expected = options.appSession ? Buffer.from(options.appSession) : undefined;
  // An API key never opens these routes: they change the data folder of the person who started the app.
  const hasAppSession = (request: FastifyRequest): boolean => {
    const given = Buffer.from(header(request, APP_SESSION_HEADER) ?? '');
    return expected !== undefined && given.length === expected.length && timingSafeEqual(given, expected);
  };

  async function identify(request: FastifyRequest, access: RouteAccess): Promise<void> {
    const clearKey = header(request, 'x-api-key')?.trim();
    if (!clearKey) {
      if (options.freeTier && access === 'key') {
        const ip = allowanceAddress(request.ip);
        // Only a trusted proxy's X-Forwarded-For can name something else than the socket's address.
        if (!ip)
          throw validationError(
            `Invalid request: X-Forwarded-For names no IP address as the caller ('${request.ip.slice(0, 60)}'); the proxy must append the caller's address.`,
          );
        request.apiCaller = { kind: 'ip', ip };
        return;
      }
      throw new ServiceError(
        'UNAUTHORIZED',
        access === 'organisation' ? 'This endpoint needs an organisation API key in the X-API-Key header.' : 'An API key is required in the X-API-Key header.',
      );
    }
    // Node joins a header sent twice into "a, b"; a key never holds a comma (base64url), so this
    // is a second header, which otherwise read as "not valid" for a good key.
    if (clearKey.includes(',')) throw new ServiceError('UNAUTHORIZED', 'The X-API-Key header was sent more than once; send one key, in one header.');
    const verification = await options.keys!.verify(clearKey);
    if (!verification.ok) throw new ServiceError('UNAUTHORIZED', REASONS[verification.reason]);
    if (access === 'organisation' && !verification.key.organisation) {
      throw new ServiceError('UNAUTHORIZED', 'This endpoint needs an organisation API key; this key is not one.');
    }
    request.apiCaller = { kind: 'key', key: verification.key };
  }
}

export default fp(authPlugin, { fastify: '5.x', name: 'catastro-auth' });
