import { fromWgs84 } from '../../geo/crs.js';
import type { LonLat } from '../../model/index.js';
import { withQuery } from './sources-config.js';

/** How a WMS is asked for the features at a point: the layer, the map's projected CRS and its size. */
export interface WmsFeatureInfo {
  layer: string;
  /** EPSG code of the map (metres, easting first). */
  epsg: number;
  /** Half the side of the map around the point, in metres. */
  halfMetres: number;
  /** Side of the map in pixels; the point is asked at its centre pixel. */
  pixels: number;
  featureCount: number;
}

/**
 * WMS 1.3.0 GetFeatureInfo of `layer` at a point, as GeoServer JSON (`INFO_FORMAT=application/json`,
 * geometries in the map's CRS): a square map of `2 × halfMetres` centred on the point, asked at
 * its centre pixel.
 */
export function featureInfoAt(base: string, wms: WmsFeatureInfo, [lon, lat]: LonLat): string {
  const [x, y] = fromWgs84(wms.epsg, lon, lat);
  const half = wms.halfMetres;
  const centre = String(Math.floor(wms.pixels / 2));
  return withQuery(
    base,
    new URLSearchParams({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetFeatureInfo',
      LAYERS: wms.layer,
      QUERY_LAYERS: wms.layer,
      STYLES: '',
      CRS: `EPSG:${wms.epsg}`,
      BBOX: [x - half, y - half, x + half, y + half].map((v) => v.toFixed(2)).join(','),
      WIDTH: String(wms.pixels),
      HEIGHT: String(wms.pixels),
      I: centre,
      J: centre,
      INFO_FORMAT: 'application/json',
      FEATURE_COUNT: String(wms.featureCount),
    }),
  );
}
