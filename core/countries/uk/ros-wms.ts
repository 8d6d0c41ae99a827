import { fromWgs84 } from '../../geo/crs.js';
import type { LonLat } from '../../model/index.js';
import type { FeatureProperties, GeoJsonParcelProfile } from '../national/geojson-source.js';
import { textOf } from '../national/geojson-source.js';
import { withQuery } from '../national/sources-config.js';
import { parseInspireId } from './reference.js';

/** Registers of Scotland's INSPIRE view service (OGL v3, no key), relaunched on theMapCloud in 2025. */
export const ROS_WMS_URL = 'https://ros-inspire.themapcloud.com/maps/wms';

const LAYER = 'CP.CadastralParcel';
/** Half the side of the map asked around the point, in metres: 200 px of 1 m, the point at its centre pixel. */
const HALF = 100;

/**
 * The parcel at a point, as public clients ask RoS's WMS (no client uses a WFS there): WMS 1.3.0
 * GetFeatureInfo on `CP.CadastralParcel` in EPSG:27700 (easting first), a 200 m map of 200×200
 * pixels centred on the point (I=J=100), `INFO_FORMAT=application/json`, 5 features. The answer
 * is GeoServer's GeoJSON in the map's CRS; the parcel is the one whose outline holds the point
 * (RoS titles may overlap). UNCERTAIN: no recorded answer exists; public clients read the id as
 * the `inspireid` property (either case), which is what is read here.
 */
export function rosFeatureInfoUrl(base: string, [lon, lat]: LonLat): string {
  const [e, n] = fromWgs84(27700, lon, lat);
  return withQuery(
    base,
    new URLSearchParams({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetFeatureInfo',
      LAYERS: LAYER,
      QUERY_LAYERS: LAYER,
      STYLES: '',
      CRS: 'EPSG:27700',
      BBOX: [e - HALF, n - HALF, e + HALF, n + HALF].map((v) => v.toFixed(2)).join(','),
      WIDTH: String(2 * HALF),
      HEIGHT: String(2 * HALF),
      I: String(HALF),
      J: String(HALF),
      INFO_FORMAT: 'application/json',
      FEATURE_COUNT: '5',
    }),
  );
}

/** The `inspireid` property, whatever its case (public clients read both spellings). */
function inspireIdOf(properties: FeatureProperties): string | undefined {
  const key = Object.keys(properties).find((k) => k.toLowerCase() === 'inspireid');
  return key === undefined ? undefined : parseInspireId(textOf(properties[key]) ?? '');
}

export const rosWmsProfile = (base: string): GeoJsonParcelProfile => ({
  country: 'UK',
  source: 'Registers of Scotland INSPIRE CP WMS',
  answerEpsg: 27700,
  referenceOf: inspireIdOf,
  aroundUrl: (point) => rosFeatureInfoUrl(base, point),
});
