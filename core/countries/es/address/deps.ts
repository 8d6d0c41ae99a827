import type { AddressCandidatesDeps } from './candidates.js';
import { CallejeroClient, OVC_CALLEJERO_BASE_URL } from './callejero.js';
import { CARTOCIUDAD_BASE_URL, CartoCiudadClient } from './cartociudad.js';
import type { AddressParseDeps } from './parse.js';
import { SPANISH_NAMES } from './grammar.js';
import type { CopyAddress, LocalAddressSearch, ParcelLookup, TextFetcher } from '../../../address/ports.js';
import type { Awaitable } from '../../../model/awaitable.js';
import type { CadastralStore } from '../../../store/cadastral-store.js';
import type { StoredAddress, StoredParcel } from '../../../model/records.js';

export type AddressDeps = AddressCandidatesDeps & AddressParseDeps;

/** The store's address search (`ParcelStore.parcelsWithAddressWord` and `importedAddressesWithWord` satisfy it). */
export interface AddressWordSearch {
  parcelsWithAddressWord(country: 'ES', word: string, limit: number): Awaitable<StoredParcel[]>;
  /** Portals of imported INSPIRE Addresses files. */
  importedAddressesWithWord(country: 'ES', word: string, limit: number): Awaitable<StoredAddress[]>;
}

export interface AddressDepsSources {
  /** The local copy: `ParcelStore`; its offline areas tell a municipality's province without the network. */
  store: ParcelLookup & Partial<AddressWordSearch> & Pick<CadastralStore, 'listOfflineAreas'>;
  /** `UpstreamClient` (timeouts, retries, circuit breaker; SERVICE_UNAVAILABLE when down). */
  http: TextFetcher;
  /** CartoCiudad geocoder base, default the official one (tests point it at the fake). */
  cartociudadBaseUrl?: string;
  /** OVCCallejero.asmx base, default the official one. */
  callejeroBaseUrl?: string;
}

/**
 * A portal as the Catastro writes an address: street, number, then the locality the AD file
 * names in brackets after the street (`CL EMILIANO DIAZ CASTRO (FASNIA)`, 5 → `CL EMILIANO DIAZ CASTRO 5 (FASNIA)`).
 */
function portalAddress(portal: StoredAddress): CopyAddress {
  const [, street, locality] = /^(.*?)\s*(\(.*\))?$/.exec(portal.street) ?? [];
  return {
    ref: portal.ref,
    country: portal.country,
    direccion: [street || portal.street, portal.number, locality].filter(Boolean).join(' '),
    ...(portal.postcode && { codigoPostal: portal.postcode }),
    ...(portal.municipality && { municipio: portal.municipality }),
    centroid: portal.point,
  };
}

/**
 * Addresses of the copy holding the street's longest significant word: parcels' stored addresses
 * (the parcel's, else its finca's) and portals of imported INSPIRE Addresses files; the caller
 * keeps those on the right street. Used while the geocoder is down.
 */
function copyStreetSearch(store: AddressWordSearch): LocalAddressSearch {
  return {
    async addressesOnStreet(streetName: string, limit: number): Promise<CopyAddress[]> {
      const longest = [...SPANISH_NAMES.tokens(streetName)].sort((a, b) => b.length - a.length)[0];
      if (!longest) return [];
      const [parcels, portals] = await Promise.all([store.parcelsWithAddressWord('ES', longest, limit), store.importedAddressesWithWord('ES', longest, limit)]);
      return [...parcels, ...portals.map(portalAddress)];
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
    offlineAreas: store.listOfflineAreas?.bind(store),
    ...(store.parcelsWithAddressWord && store.importedAddressesWithWord && { localAddresses: copyStreetSearch(store as AddressWordSearch) }),
  };
}
