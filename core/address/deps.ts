import type BetterSqlite3 from 'better-sqlite3';
import type { AddressCandidatesDeps } from './candidates.js';
import { CallejeroClient, OVC_CALLEJERO_BASE_URL } from './callejero.js';
import { CARTOCIUDAD_BASE_URL, CartoCiudadClient } from './cartociudad.js';
import { sqliteLocalAddresses } from './local-addresses.js';
import type { AddressParseDeps } from './parse.js';
import type { ParcelLookup, TextFetcher } from './ports.js';

export type AddressDeps = AddressCandidatesDeps & AddressParseDeps;

export interface AddressDepsSources {
  /** The local copy: `ParcelStore` (its `db` handle gives the fallback street search). */
  store: ParcelLookup & { readonly db?: BetterSqlite3.Database };
  /** `UpstreamClient` (timeouts, retries, circuit breaker; SERVICE_UNAVAILABLE when down). */
  http: TextFetcher;
  /** CartoCiudad geocoder base, default the official one (tests point it at the fake). */
  cartociudadBaseUrl?: string;
  /** OVCCallejero.asmx base, default the official one. */
  callejeroBaseUrl?: string;
}

/**
 * Builds the deps of endpoints 1 and 5 from the store and the upstream client:
 *
 *   const deps = createAddressDeps({ store: service.store, http: upstreamClient,
 *     cartociudadBaseUrl: process.env.CATASTRO_ES_CARTOCIUDAD_URL, callejeroBaseUrl: process.env.CATASTRO_ES_CALLEJERO_URL });
 */
export function createAddressDeps(sources: AddressDepsSources): AddressDeps {
  return {
    geocoder: new CartoCiudadClient(sources.http, sources.cartociudadBaseUrl ?? CARTOCIUDAD_BASE_URL),
    callejero: new CallejeroClient(sources.http, sources.callejeroBaseUrl ?? OVC_CALLEJERO_BASE_URL),
    copy: sources.store,
    ...(sources.store.db && { localAddresses: sqliteLocalAddresses(sources.store.db, sources.store) }),
  };
}
