import { fromWgs84 } from '../../geo/crs.js';
import type { OfficialViewer } from '../official-viewer.js';
import { PARCEL_LAYER } from './geo-admin.js';

/** map.geo.admin.ch zoom (0–13 documented); 12 shows a single parcel with its neighbours. */
const PARCEL_ZOOM = 12;

/**
 * Switzerland: swisstopo's map.geo.admin.ch centred on the parcel's centroid with the cantons'
 * cadastral web map on. swisstopo documents the URL parameters (`center` = LV95 easting,northing;
 * `z` 0–13; `layers` = layer ids) on its "URL Parameters" page; the viewer has no parcel-id
 * parameter, so the centroid (in LV95, EPSG:2056) places it.
 */
export const SWITZERLAND_OFFICIAL_VIEWER: OfficialViewer = {
  name: 'map.geo.admin.ch',
  documentation: 'https://sys-docs.dev.bgdi.ch/preview/ltrea-feedback-in-3d/docs/url-parameters.html',
  url: (_ref, [lon, lat]) => {
    const [easting, northing] = fromWgs84(2056, lon, lat);
    return `https://map.geo.admin.ch/#/map?center=${Math.round(easting)},${Math.round(northing)}&z=${PARCEL_ZOOM}&layers=${encodeURIComponent(PARCEL_LAYER)}`;
  },
};
