import type { LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import type { GeoJsonParcelProfile, GeoJsonParcelSource } from '../national/geojson-source.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { withQuery } from '../national/sources-config.js';

/**
 * A country's cadastral parcels published as an ArcGIS REST layer (MapServer or FeatureServer)
 * rather than a WFS (SOURCES.md 15: Bulgaria, Cyprus, Greece, Ireland), asked through Esri's
 * documented `query` operation
 * (https://developers.arcgis.com/rest/services-reference/enterprise/query-feature-service-layer/):
 * `where` on the reference field, or a point with `esriSpatialRelIntersects`, answered as
 * `f=geojson` in `outSR=4326` (longitude, latitude). The answers are read by
 * national/geojson-source.ts; ArcGIS's errors (HTTP 200 `{"error":{…}}`) are not a
 * FeatureCollection there, so they are the source failing (503).
 */
export interface ArcgisLayer {
  /** The layer's URL, ending in its id (`…/MapServer/0`). */
  url: string;
  /** Field holding the national reference (e.g. `nationalcadastralref`). */
  referenceField: string;
  /** True when the field is numeric: the `where` literal is written without quotes. */
  numericReference?: boolean;
}

const query = (layer: ArcgisLayer, extra: Record<string, string>) =>
  withQuery(`${layer.url}/query`, new URLSearchParams({ outFields: '*', returnGeometry: 'true', outSR: '4326', f: 'geojson', ...extra }));

export function arcgisByReferenceUrl(layer: ArcgisLayer, ref: string): string {
  const literal = layer.numericReference ? ref : `'${ref.replace(/'/g, "''")}'`;
  return query(layer, { where: `${layer.referenceField}=${literal}` });
}

export const arcgisAtPointUrl = (layer: ArcgisLayer, [lon, lat]: LonLat) =>
  query(layer, {
    geometry: `${lon},${lat}`,
    geometryType: 'esriGeometryPoint',
    inSR: '4326',
    spatialRel: 'esriSpatialRelIntersects',
    resultRecordCount: '10',
  });

/** The URL half of a GeoJSON parcel profile for an ArcGIS layer. */
export const arcgisUrls = (layer: ArcgisLayer): Pick<GeoJsonParcelProfile, 'aroundUrl' | 'byReferenceUrl'> => ({
  aroundUrl: (point) => arcgisAtPointUrl(layer, point),
  byReferenceUrl: (ref) => arcgisByReferenceUrl(layer, ref),
});

/** Several layers of one cadastre asked in order until one has the parcel (Ireland: freehold, then leasehold). */
export class LayersInOrder implements LiveParcelSource {
  constructor(private readonly layers: GeoJsonParcelSource[]) {}

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    for (const layer of this.layers) {
      const found = await layer.byReference(ref, ctx);
      if (found) return found;
    }
    return undefined;
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    for (const layer of this.layers) {
      const found = await layer.at(point, ctx);
      if (found) return found;
    }
    return undefined;
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return this.layers.flatMap((layer) => layer.statusChecks(near));
  }
}
