import type { LonLat } from '../../../core/model/index.js';

/**
 * Parcels of the fakes WRITTEN BY HAND for sources of which no recording exists (ArcGIS REST
 * layers, GeoServer GeoJSON layers): a square of about 60 m around a point inside the country,
 * with the country's reference. The answers wrapping them follow each protocol's documented
 * format (see arcgis.ts, geoserver-json.ts); nothing here is a recording.
 */
export interface HandParcel {
  ref: string;
  centre: LonLat;
  /** The ring, [lon, lat], counter-clockwise, closed. */
  ring: LonLat[];
}

export function handParcel(ref: string, centre: LonLat, half = 0.0003): HandParcel {
  const [x, y] = centre;
  const ring: LonLat[] = [
    [x - half, y - half],
    [x + half, y - half],
    [x + half, y + half],
    [x - half, y + half],
    [x - half, y - half],
  ];
  return { ref, centre, ring };
}

/** A point inside the hand-written parcel (its centre). */
export const inside = (parcel: HandParcel) => ({ longitude: parcel.centre[0], latitude: parcel.centre[1] });
