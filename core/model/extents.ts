import type { BBox } from './geometry.js';

/** Where the local copy has parcels: one box per offline area (or per municipality for files imported outside one). */
export interface CopyExtent {
  /** The offline area's id (e.g. `ES.40146`), else `country:municipality`. */
  area: string;
  name?: string;
  bbox: BBox;
  parcels: number;
  /** Every parcel of it came from a live lookup: not an area the user took, so no first view or area list counts it. */
  lookedUp?: true;
}

/** The parcel tiles exist from this zoom on: below it the map draws no parcels (one rule for the tiles and the renderer). */
export const MIN_PARCEL_TILE_ZOOM = 13;

/**
 * What the local copy records of a Spanish parcel's building (INSPIRE Buildings, a CAT file): the
 * panel shows it while the list of units needs a connection. Beside the spec (app endpoint
 * `GET /api/copy/buildings/{refcat}`); field names follow the spec's where it has one.
 */
export interface CopyBuildingFacts {
  refCatastral: string;
  uso?: string;
  /** m² the building declares (INSPIRE officialArea). */
  superficieConstruida?: number;
  anioConstruccion?: number;
  /** Dwellings the building declares (INSPIRE numberOfDwellings); the spec's candidate calls them `viviendas`. */
  viviendas?: number;
  /** Building units it declares (INSPIRE numberOfBuildingUnits): dwellings, shops, garages… */
  unidades?: number;
  dataDate: string;
}
