import proj4 from 'proj4';
import { isSupportedEpsg, toWgs84 } from '../../geo/crs.js';
import { validationError, type LonLat } from '../../model/index.js';
import type { Reproject } from './layer-feature.js';

/** A row of gpkg_spatial_ref_sys. */
export interface GpkgSrs {
  srs_id: number;
  organization: string;
  organization_coordsys_id: number;
  definition: string;
}

/**
 * Undefined CRSs must still hold degrees, or the sites would land anywhere on the map: refuse
 * coordinates that cannot be longitude/latitude.
 */
function lonLatChecked(where: string): Reproject {
  return (x, y) => {
    if (Math.abs(x) > 180 || Math.abs(y) > 90)
      throw validationError(
        `${where}: coordinates (${x}, ${y}) are not longitude/latitude and the CRS is undefined; reproject the layer (ogr2ogr -t_srs EPSG:4326).`,
      );
    return [x, y] as LonLat;
  };
}

/**
 * Source coordinates → WGS84 for one geometry column. GeoPackage reserves srs_id 4326 (WGS84),
 * -1 (undefined Cartesian) and 0 (undefined geographic): all read as lon/lat. EPSG codes we know
 * go through core/geo/crs.ts (the same conversions as every other source); any other CRS through
 * its WKT definition, as a shapefile's .prj.
 */
export function gpkgReprojection(where: string, srsId: number, srs: GpkgSrs | undefined): Reproject {
  if (srsId === 4326) return (x, y) => [x, y];
  if (srsId === -1 || srsId === 0) return lonLatChecked(where);
  if (!srs) throw validationError(`${where}: srs_id ${srsId} is missing from gpkg_spatial_ref_sys.`);
  const epsg = /^epsg$/i.test(srs.organization.trim()) ? Number(srs.organization_coordsys_id) : undefined;
  if (epsg !== undefined && isSupportedEpsg(epsg)) return (x, y) => toWgs84(epsg, x, y);
  const name = `${srs.organization}:${srs.organization_coordsys_id}`;
  if (!srs.definition || srs.definition.trim() === 'undefined') throw validationError(`${where}: CRS ${name} has no definition.`);
  // GeoPackage geometries are always x = easting/longitude, y = northing/latitude whatever axis
  // order the CRS declares (e.g. EPSG:3042 is northing first): drop AXIS so proj4 never swaps.
  const wkt = srs.definition.replace(/,\s*AXIS\s*\[\s*"[^"]*"\s*,\s*\w+\s*\]/gi, '');
  let converter: proj4.Converter;
  try {
    converter = proj4(wkt, 'EPSG:4326');
  } catch {
    throw validationError(`${where}: unsupported CRS ${name}.`);
  }
  return (x, y) => converter.forward([x, y]) as LonLat;
}
