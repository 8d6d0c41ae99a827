import type { LonLat } from '../../model/index.js';
import type { FeatureProperties, GeoJsonParcelProfile } from '../national/geojson-source.js';
import { textOf } from '../national/geojson-source.js';
import { featureInfoAt } from '../national/wms-feature-info.js';
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
export function rosFeatureInfoUrl(base: string, point: LonLat): string {
  return featureInfoAt(base, { layer: LAYER, epsg: 27700, halfMetres: HALF, pixels: 2 * HALF, featureCount: 5 }, point);
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
