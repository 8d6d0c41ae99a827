// The records the country adapters hand to the store and read back from it: one shape for both
// floors, so it lives below both.
import type { CountryCode, FincaFacts, LonLat, ParcelGeometry, UnitFacts } from './index.js';

/** Where a stored record came from: a bulk import or a cached live answer. */
export type RecordSource = 'inspire' | 'cat' | 'bulk' | 'live';

/** A parcel of the local copy. Geometry always WGS84 (converted from the file's CRS at import). */
/**
 * What a map tile draws of the parcels in a box, column by column: parcel i is refs[i],
 * countries[i], areasM2[i], and the i-th outline of `outlines`, the stored outlines
 * (geometry-codec.ts layout, not decoded) one after another.
 */
export interface ParcelOutlines {
  refs: string[];
  countries: CountryCode[];
  areasM2: number[];
  outlines: Uint8Array;
}

export interface StoredParcel {
  ref: string; // 14-character reference (ES) or the country's id
  country: CountryCode;
  geometry: ParcelGeometry; // WGS84 lon/lat
  centroid: LonLat; // centroid of the polygon (spec item 6)
  areaM2: number; // official area when the source gives one (areaValue), else computed
  municipio?: string;
  provincia?: string;
  direccion?: string;
  codigoPostal?: string;
  uso?: string;
  clase?: string; // 'Urbano' | 'Rústico' (from the reference shape or the source)
  superficieConstruida?: number;
  anioConstruccion?: number;
  declaredUnits?: number; // building units the building declares (INSPIRE BU numberOfBuildingUnits, CAT)
  declaredDwellings?: number; // dwellings the building declares (INSPIRE BU numberOfDwellings)
  source: RecordSource;
  dataDate: string; // YYYY-MM-DD the data is valid for
}

/** A portal of an imported INSPIRE Addresses file (table addresses). */
export interface StoredAddress {
  country: CountryCode;
  ref: string; // the parcel's 14-character reference
  street: string; // as published: type code, name, locality in brackets
  number: string; // locator designator: '1', '10A', 'S-N'
  postcode?: string;
  municipality?: string;
  point: LonLat;
}

/** A parcel as a national register lists it, without an outline (table register_parcels). */
export interface RegisterParcel {
  country: CountryCode;
  ref: string;
  areaM2?: number;
  municipalityCode?: string;
  propertyId?: string;
  dataDate: string;
}

/** A unit (bien inmueble) of a Spanish finca, keyed by its 20-character reference. */
export interface StoredUnit extends UnitFacts {
  ref: string; // 20 characters
  finca: string; // 14 characters
  source: RecordSource;
  dataDate: string;
}

/** Finca-level facts that come with its units (from CAT type 11/14 or a live Consulta_DNPRC). */
export interface StoredFinca extends FincaFacts {
  ref: string; // 14 characters
  superficieParcela?: number; // m² of land (CAT type 11); the live answer has none
  declaredUnits: number; // properties the source says the finca has
  source: RecordSource;
  dataDate: string;
}

/** A building of an INSPIRE Buildings file, as the copy keeps it (table buildings). */
export interface BuildingFacts {
  ref: string;
  uso?: string;
  anioConstruccion?: number;
  superficieConstruida?: number;
  buildingUnits?: number;
  dwellings?: number;
  dataDate: string;
}

/** Shared with the renderer (import progress and summary), so they live in core/model. */
export type { ImportProgress, ImportResult } from './import.js';
