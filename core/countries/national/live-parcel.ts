import { centroid, parcelAreaM2 } from '../../geo/polygon.js';
import type { CountryCode, ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';

export type ParcelFacts = Pick<StoredParcel, 'municipio' | 'provincia' | 'uso'>;

/**
 * A parcel as a live national source answered it, its area by `parcelAreaM2`.
 */
export function liveParcel(
  country: CountryCode,
  ref: string,
  geometry: ParcelGeometry,
  officialArea: number | undefined,
  dataDate: string,
  facts: ParcelFacts = {},
): StoredParcel {
  return {
    ref,
    country,
    geometry,
    centroid: centroid(geometry),
    areaM2: parcelAreaM2(officialArea, geometry),
    ...facts,
    source: 'live',
    dataDate,
  };
}
