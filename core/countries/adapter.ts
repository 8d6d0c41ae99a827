import type {
  BBox, CountryCode, CoordinateMatch, LonLat, Parcel, PolygonResult, UnitsPage,
} from '../model/index.js';
import type { AddressCandidatesRequest } from '../address/candidates-input.js';
import type { AddressCandidatesResult } from '../address/candidates.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import type { ParcelStore } from '../store/parcel-store.js';

/** What every adapter call gets; nothing global. */
export interface AdapterContext {
  http: UpstreamClient;
  store: ParcelStore;
  signal?: AbortSignal;
}

/** One row of the spec's coverage table, as data. */
export interface Coverage {
  byReference: boolean;
  byCoordinates: boolean;
  byAddress: boolean;
  units: boolean;
  analysis: boolean;
}

export interface CountryAdapter {
  readonly code: CountryCode;
  readonly name: string;
  readonly coverage: Coverage;
  /** Rough country extent; coordinates outside answer 400 VALIDATION_ERROR. */
  readonly bounds: BBox;
  /** True when `ref` has this country's reference shape (used for detection). */
  matchesReference(ref: string): boolean;
  /** Canonical form of a reference; throws ServiceError VALIDATION_ERROR with a hint when malformed. */
  normalizeReference(ref: string): string;
  parcelByReference(ref: string, ctx: AdapterContext): Promise<Parcel>;
  parcelAt(point: LonLat, ctx: AdapterContext): Promise<CoordinateMatch>;
  polygon(ref: string, ctx: AdapterContext): Promise<PolygonResult>;
  /** Link to the country's official map viewer at this parcel, where it has one. */
  viewerUrl?(ref: string): string;
  units?(finca: string, cursor: string | undefined, ctx: AdapterContext): Promise<UnitsPage>;
  /** Address search (endpoint 1) of a country other than Spain, whose search lives in core/address. */
  searchAddress?(request: AddressCandidatesRequest, ctx: AdapterContext): Promise<AddressCandidatesResult>;
}
