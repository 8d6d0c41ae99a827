/** Route patterns as fastify names them (request.routeOptions.url). */
export const ROUTES = {
  addressCandidates: '/api/search/address/candidates',
  addressParse: '/api/search/address/parse',
  units: '/api/catastro/:refcat/units',
  agro: '/api/catastro/:refcat/agro',
  score: '/api/catastro/:refcat/score',
  market: '/api/catastro/:refcat/market',
  solar: '/api/catastro/:refcat/solar',
  terrain: '/api/catastro/:refcat/terrain',
  groundMotion: '/api/catastro/:refcat/ground-motion',
} as const;

/** Routes whose 2xx cost depends on the body (units served, or an answer without data). */
export const BODY_PRICED_ROUTES: ReadonlySet<string> = new Set([
  ROUTES.units,
  ROUTES.agro,
  ROUTES.score,
  ROUTES.market,
  ROUTES.solar,
  ROUTES.terrain,
  ROUTES.groundMotion,
]);
