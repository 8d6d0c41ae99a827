import { containsPoint } from '../../geo/polygon.js';
import type { LonLat } from '../../model/index.js';

/**
 * A rough outline of Scotland (mainland and islands, with its sea), for the spec's "Scotland
 * only": the border from the Solway Firth to Berwick, the North Channel between Kintyre and
 * Northern Ireland. Points near the border are decided by this outline, not by the legal line.
 */
const SCOTLAND: LonLat[] = [
  [-3.6, 54.75], [-3.05, 54.95], [-2.6, 55.1], [-2.2, 55.45], [-2.03, 55.81], [-1.0, 57.0], [-0.3, 61.0],
  [-2.5, 61.2], [-9.2, 59.5], [-9.0, 57.5], [-7.6, 56.0], [-6.3, 55.35], [-5.95, 55.2], [-5.2, 54.55], [-3.6, 54.75],
];

export function inScotland(point: LonLat): boolean {
  return containsPoint({ type: 'Polygon', coordinates: [SCOTLAND] }, point);
}

/**
 * Why a point outside Scotland gets no parcel. England and Wales do publish open parcel outlines
 * (HM Land Registry's INSPIRE Index Polygons, Open Government Licence, GML per local authority):
 * the app does not read them yet, and says that rather than that none exist.
 */
export const OUTSIDE_SCOTLAND = "the United Kingdom is covered in Scotland only (Registers of Scotland). England and Wales publish their parcel outlines as open data (HM Land Registry's INSPIRE Index Polygons), which this app does not read yet.";
