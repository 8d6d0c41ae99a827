/**
 * Which paths the access plugins meter. The local app itself (Electron or the browser app)
 * reads the API description, the status and the map tiles without a key, so those stay open;
 * everything else under /api/ needs `X-API-Key` when auth is on. Paths outside /api/ (the
 * static renderer) are not API calls.
 */
const OPEN_API_PATHS: RegExp[] = [
  /^\/api\/openapi\.json$/,
  /^\/api\/docs(\/.*)?$/,
  /^\/api\/status$/,
  /^\/api\/tiles\/.*/,
  /^\/api\/overlays\/.*/,
];

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function isMeteredPath(url: string): boolean {
  const path = pathOf(url);
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  return !OPEN_API_PATHS.some((re) => re.test(path));
}

/** Route patterns as fastify names them (request.routeOptions.url). */
export const ROUTES = {
  addressCandidates: '/api/search/address/candidates',
  addressParse: '/api/search/address/parse',
  units: '/api/catastro/:refcat/units',
  agro: '/api/catastro/:refcat/agro',
  score: '/api/catastro/:refcat/score',
  market: '/api/catastro/:refcat/market',
  solar: '/api/catastro/:refcat/solar',
} as const;

/** Routes whose 2xx cost depends on the body (units served, or an answer without data). */
export const BODY_PRICED_ROUTES: ReadonlySet<string> = new Set([ROUTES.units, ROUTES.agro, ROUTES.score, ROUTES.market, ROUTES.solar]);

/** Endpoint 2 needs an organisation key (spec: Authentication 4). */
export const ORGANISATION_ROUTES: ReadonlySet<string> = new Set([ROUTES.units]);
