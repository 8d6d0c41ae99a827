import { areaM2, centroid } from '../../geo/polygon.js';
import type { CountryCode, ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../store/types.js';

export type ParcelFacts = Pick<StoredParcel, 'municipio' | 'provincia' | 'uso'>;

/**
 * A parcel as a live national source answered it: the official area when the source gives a
 * positive one, else the outline's (one rule for every country's live answers).
 */
export function liveParcel(
  country: CountryCode, ref: string, geometry: ParcelGeometry, officialArea: number | undefined, dataDate: string, facts: ParcelFacts = {},
): StoredParcel {
  return {
    ref, country, geometry, centroid: centroid(geometry),
    areaM2: officialArea !== undefined && Number.isFinite(officialArea) && officialArea > 0 ? officialArea : areaM2(geometry),
    ...facts, source: 'live', dataDate,
  };
}
