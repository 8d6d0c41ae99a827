import proj4 from 'proj4';
import { utmZoneOf } from './utm-zone.js';

/**
 * ETRS89 / UTM (EPSG:25828–25838, northern zones): what Spanish and European surveyors and the
 * Catastro use for coordinates. GRS80 ellipsoid, as the EPSG definitions; proj4 does the maths.
 * Loaded after the first view (projections.ts): proj4 is 130 KiB the map does not need.
 */
export interface Utm {
  zone: number;
  easting: number;
  northing: number;
}

const definition = (zone: number) => `+proj=utm +zone=${zone} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;

export function toUtm(longitude: number, latitude: number, zone = utmZoneOf(longitude)): Utm {
  const [easting, northing] = proj4('WGS84', definition(zone), [longitude, latitude]);
  return { zone, easting, northing };
}

export function fromUtm({ zone, easting, northing }: Utm): { longitude: number; latitude: number } {
  const [longitude, latitude] = proj4(definition(zone), 'WGS84', [easting, northing]);
  return { longitude, latitude };
}
