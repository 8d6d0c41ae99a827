import type { MarketResult } from './types.js';

/**
 * Spec, endpoint 12: market data is for the web application and is not served through the API
 * key; a `disponible: false` answer costs nothing. No market source is reachable here either.
 */
export function marketResult(): MarketResult {
  return {
    disponible: false,
    motivo: 'Market data is offered in the web application only, not through the API.',
  };
}
