import { area as turfArea, unkinkPolygon } from '@turf/turf';
import { installedCountries, type CountryRegistry } from '../countries/registry.js';
import { validationError, type Parcel, type PolygonGeometry } from '../model/index.js';

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
 * Rural (rustic) parcel: the class says so (`Rústico`), or, without a class, the country's own
 * reference rule says rustic (Spain's lives in core/countries/es/reference.ts landClassOfReference).
 */
export function isRuralParcel(parcel: Parcel, countries: Pick<CountryRegistry, 'landClassOf'> = installedCountries()): boolean {
  if (parcel.clase) return /r[uú]stic/i.test(parcel.clase);
  return countries.landClassOf(parcel.pais, parcel.refCatastral) === 'rustic';
}

/**
 * The outline, checked: overlap and cell statistics need an area, so an outline with fewer than
 * three distinct finite points answers 400 instead of crashing the geometry code.
 */
export function requireOutline(parcel: Parcel): PolygonGeometry {
  const points = parcel.poligono ?? [];
  const finite = points.every((p) => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[1]) <= 90);
  const distinct = new Set(points.map((p) => `${p[0]},${p[1]}`)).size;
  if (!finite || distinct < 3) throw validationError(`Parcel ${parcel.refCatastral} has no usable outline for this analysis.`);
  return parcelPolygon(parcel);
}

/**
 * The outline as simple polygons: a self-intersecting ring (a "bow tie" from a careless digitiser)
 * has signed areas that cancel, so it is split at its crossings first (turf unkinkPolygon).
 */
export function simplePolygons(polygon: PolygonGeometry): PolygonGeometry[] {
  try {
    return unkinkPolygon(polygon).features.map((f) => f.geometry as PolygonGeometry);
  } catch {
    return [polygon];
  }
}
