import type { AddressCandidatesDeps } from './candidates.js';
import { CallejeroClient, OVC_CALLEJERO_BASE_URL } from './callejero.js';
import { CARTOCIUDAD_BASE_URL, CartoCiudadClient } from './cartociudad.js';
import type { AddressParseDeps } from './parse.js';
import { SPANISH_NAMES } from './grammar.js';
import type { LocalAddressSearch, ParcelLookup, TextFetcher } from '../../../address/ports.js';
import type { Awaitable } from '../../../store/cadastral-store.js';
import type { StoredParcel } from '../../../store/types.js';

export type AddressDeps = AddressCandidatesDeps & AddressParseDeps;

/** The store's address search (`ParcelStore.parcelsWithAddressWord` satisfies it). */
export interface AddressWordSearch {
  parcelsWithAddressWord(country: 'ES', word: string, limit: number): Awaitable<StoredParcel[]>;
}

export interface AddressDepsSources {
  /** The local copy: `ParcelStore`. */
  store: ParcelLookup & Partial<AddressWordSearch>;
  /** `UpstreamClient` (timeouts, retries, circuit breaker; SERVICE_UNAVAILABLE when down). */
  http: TextFetcher;
  /** CartoCiudad geocoder base, default the official one (tests point it at the fake). */
  cartociudadBaseUrl?: string;
  /** OVCCallejero.asmx base, default the official one. */
  callejeroBaseUrl?: string;
}

/**
 * Parcels of the copy whose stored address (the parcel's, else its finca's) holds the street's
 * longest significant word; the caller keeps those on the right street. Used while the geocoder is down.
 */
function copyStreetSearch(store: AddressWordSearch): LocalAddressSearch {
  return {
    parcelsOnStreet(streetName: string, limit: number): Awaitable<StoredParcel[]> {
      const longest = [...SPANISH_NAMES.tokens(streetName)].sort((a, b) => b.length - a.length)[0];
      return longest ? store.parcelsWithAddressWord('ES', longest, limit) : [];
    },
  };
}

/** The deps of Spain's endpoints 1 and 5 from the store and the upstream client. */
export function createAddressDeps(sources: AddressDepsSources): AddressDeps {
  const { store } = sources;
  return {
    geocoder: new CartoCiudadClient(sources.http, sources.cartociudadBaseUrl ?? CARTOCIUDAD_BASE_URL),
    callejero: new CallejeroClient(sources.http, sources.callejeroBaseUrl ?? OVC_CALLEJERO_BASE_URL),
    copy: store,
    ...(store.parcelsWithAddressWord && { localAddresses: copyStreetSearch(store as AddressWordSearch) }),
  };
}
