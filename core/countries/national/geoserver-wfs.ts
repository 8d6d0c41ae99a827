import type { LonLat } from '../../model/index.js';
import type { GeoJsonParcelProfile } from './geojson-source.js';
import { withQuery } from './sources-config.js';

/**
 * A GeoServer WFS 2.0 asked for GeoJSON (`outputFormat=application/json`, `srsName=EPSG:4326`:
 * longitude first, SOURCES.md 15 LU/PT): around a point with a small BBOX written latitude first
 * with the URN of EPSG:4326 (a bare `EPSG:4326` box is read otherwise by these servers), one
 * parcel by reference with GeoServer's `CQL_FILTER` on the type's own attribute.
 */
export interface GeoServerWfs {
  base: string;
  typeName: string;
  /** Half-size of the box around a point, in metres (the parcel is then picked by containment). */
  boxMetres?: number;
  /** `CQL_FILTER` asking one parcel by its canonical reference; none: the service is asked by point only. */
  cqlOf?(ref: string): string;
}

function getFeature(wfs: GeoServerWfs, extra: Record<string, string>): string {
  return withQuery(
    wfs.base,
    new URLSearchParams({
      service: 'WFS',
      version: '2.0.0',
      request: 'GetFeature',
      typeNames: wfs.typeName,
      outputFormat: 'application/json',
      srsName: 'EPSG:4326',
      ...extra,
    }),
  );
}

export function geoServerAroundUrl(wfs: GeoServerWfs, [lon, lat]: LonLat): string {
  const metres = wfs.boxMetres ?? 10;
  const dLat = metres / 111_320;
  const dLon = metres / (111_320 * Math.cos((lat * Math.PI) / 180));
  const box = [lat - dLat, lon - dLon, lat + dLat, lon + dLon].map((v) => v.toFixed(7)).join(',');
  return getFeature(wfs, { bbox: `${box},urn:ogc:def:crs:EPSG::4326`, count: '50' });
}

export const geoServerByReferenceUrl = (wfs: GeoServerWfs & Required<Pick<GeoServerWfs, 'cqlOf'>>, ref: string) =>
  getFeature(wfs, { CQL_FILTER: wfs.cqlOf(ref), count: '5' });

/** A CQL string literal (quotes doubled). */
export const cqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The URL half of a GeoJSON profile for a GeoServer WFS (without a CQL filter, by point only). */
export function geoServerUrls(wfs: GeoServerWfs): Pick<GeoJsonParcelProfile, 'aroundUrl' | 'byReferenceUrl'> {
  const { cqlOf } = wfs;
  return {
    aroundUrl: (point) => geoServerAroundUrl(wfs, point),
    ...(cqlOf && { byReferenceUrl: (ref: string) => geoServerByReferenceUrl({ ...wfs, cqlOf }, ref) }),
  };
}

/** A property by name whatever its case (GeoServer publishes INSPIRE attributes lower-cased, `nationalcadastralreference`). */
export function propertyOf(properties: Readonly<Record<string, unknown>>, name: string): unknown {
  if (name in properties) return properties[name];
  const lower = name.toLowerCase();
  const key = Object.keys(properties).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : properties[key];
}
