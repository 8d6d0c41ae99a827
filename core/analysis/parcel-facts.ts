import { area as turfArea } from '@turf/turf';
import type { Parcel, PolygonGeometry } from '../model/index.js';

/** The parcel outline as a GeoJSON Polygon (closing the ring when the source left it open). */
export function parcelPolygon(parcel: Parcel): PolygonGeometry {
  const ring = [...parcel.poligono];
  const [first, last] = [ring[0], ring[ring.length - 1]];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push(first);
  return { type: 'Polygon', coordinates: [ring] };
}

/** Official area when the cadastre gives one, else the outline's geodesic area (m²). */
export function parcelAreaM2(parcel: Parcel): number {
  if (parcel.superficieParcela && parcel.superficieParcela > 0) return parcel.superficieParcela;
  return parcel.poligono.length >= 3 ? turfArea(parcelPolygon(parcel)) : 0;
}

/**
 * Rural (rustic) parcel: the class says so (`Rústico`), or, for Spanish references without a
 * class, the 6th character is a letter (rustic references carry the polígono there; SOURCES.md 1.6).
 */
export function isRuralParcel(parcel: Parcel): boolean {
  if (parcel.clase) return /r[uú]stic/i.test(parcel.clase);
  const ref = parcel.refCatastral;
  return ['ES', 'PV', 'NA'].includes(parcel.pais) && ref.length >= 14 && /[A-ZÑ]/i.test(ref[5]);
}
