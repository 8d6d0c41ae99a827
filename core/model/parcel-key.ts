/**
 * A parcel as the app names it: the country whose cadastre holds it (a Parcel's `pais`, a vector
 * tile feature's `country`) and its reference there. A reference alone is not enough: shapes are
 * shared (a Slovak and a Czech parcel number can read alike, spec: 300 CNV_AMBIGUOUS), so every
 * call that names a parcel the app has seen carries both.
 */
export interface ParcelKey {
  country: string;
  ref: string;
}

/** The key of a parcel the service answered. */
export const parcelKeyOf = (parcel: { pais: string; refCatastral: string }): ParcelKey => ({ country: parcel.pais, ref: parcel.refCatastral });

/** The same parcel: same country and reference. */
export const sameParcelKey = (a: ParcelKey | null | undefined, b: ParcelKey | null | undefined): boolean => a?.ref === b?.ref && a?.country === b?.country;

/** The input fields an operation names a parcel by (`{ refcat, country }`, as the spec's routes take them). */
export const parcelInput = (key: ParcelKey): { refcat: string; country: string } => ({ refcat: key.ref, country: key.country });

/** A vector tile feature's key (properties `ref` and `country`, core/map/parcel-tile-encoder.ts), or null. */
export function parcelKeyOfFeature(properties: Record<string, unknown> | null | undefined): ParcelKey | null {
  const ref = properties?.ref;
  const country = properties?.country;
  return typeof ref === 'string' && typeof country === 'string' ? { country, ref } : null;
}

/** A selection export's input: the references, and each one's country in the same order (a selection may cross a border). */
export const selectionInput = (parcels: readonly ParcelKey[]): { refcat: string; country: string } => ({
  refcat: parcels.map((parcel) => parcel.ref).join(','),
  country: parcels.map((parcel) => parcel.country).join(','),
});
