import type { FastifyRequest } from 'fastify';

/**
 * Who may call a route, declared on the route itself (`config: { access }`) and read from the
 * route that matched, never from the raw URL: the router decodes `%61pi`, absolute-form request
 * lines and the like, so only its decision can be trusted.
 *
 * - `open`: anyone, no key, no quota (API description, status, the static app);
 * - `key` (the default for every route that says nothing, and for requests no route matched):
 *   an API key with quota when the server runs with `--auth keys`;
 * - `organisation`: an organisation key (spec: Authentication 4);
 * - `app-session`: the app's own actions (offline areas) when `catastro start` serves it to a
 *   browser: the session token that command printed in the app's address, whatever the key mode.
 */
export type RouteAccess = 'open' | 'key' | 'organisation' | 'app-session';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Deny by default: a route is open only if its config says so. */
export function routeAccess(request: FastifyRequest): RouteAccess {
  const declared = (request.routeOptions.config as { access?: unknown } | undefined)?.access;
  return declared === 'open' || declared === 'organisation' || declared === 'app-session' ? declared : 'key';
}

/** Route config of an open route: `app.get(url, { config: OPEN_ROUTE, … }, handler)`. */
export const OPEN_ROUTE = { access: 'open' } as const satisfies { access: RouteAccess };
export const ORGANISATION_ROUTE = { access: 'organisation' } as const satisfies { access: RouteAccess };
export const APP_SESSION_ROUTE = { access: 'app-session' } as const satisfies { access: RouteAccess };
