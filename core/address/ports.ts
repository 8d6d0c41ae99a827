import type { CountryCode } from '../model/index.js';
import type { Awaitable } from '../model/awaitable.js';
import type { StoredFinca, StoredParcel } from '../model/records.js';

/**
 * What the address code needs from the rest of the core, as the narrowest interfaces, so the
 * lead wires the real objects (UpstreamClient, ParcelStore) and tests can use small fakes.
 */

/** core/upstream/upstream-client.ts `UpstreamClient` satisfies this (it throws SERVICE_UNAVAILABLE when a source is down). */
export interface TextFetcher {
  getText(url: string, options: { source: string; signal?: AbortSignal }): Promise<{ status: number; body: string; contentType?: string | null }>;
}

/** core/store/parcel-store.ts `ParcelStore` satisfies this. */
export interface ParcelLookup {
  getParcel(country: CountryCode, ref: string): Awaitable<StoredParcel | undefined | null>;
  /** Finca facts (address, use, year) that came with its units, when the copy has them. */
  getFinca?(ref14: string): Awaitable<StoredFinca | undefined | null>;
}

/**
 * An address the local copy holds: a parcel's (or its finca's) stored address, or a portal of an
 * imported addresses file, whose parcel may not be in the copy. A `StoredParcel` is one.
 */
export type CopyAddress = Pick<StoredParcel, 'ref' | 'country' | 'direccion' | 'codigoPostal' | 'municipio' | 'provincia' | 'centroid'>;

/** Addresses of the local copy on a street; used when the geocoder is down. */
export interface LocalAddressSearch {
  addressesOnStreet(streetName: string, limit: number): Awaitable<CopyAddress[]>;
}
