import { fromWgs84 } from '../../geo/crs.js';
import type { LonLat } from '../../model/index.js';
import { textOf, type GeoJsonParcelProfile } from '../national/geojson-source.js';
import { cqlText, geoServerByReferenceUrl } from '../national/geoserver-wfs.js';
import { withQuery } from '../national/sources-config.js';
import { parseSwedishBlock } from './reference.js';

const TYPE_NAME = 'inspire:senaste_arslager_block';

/** The blocks in a 10 m box around a point, the box in SWEREF 99 TM (`EPSG:3006` form: easting first), converted with proj4. */
export function blocksAroundUrl(base: string, [lon, lat]: LonLat): string {
  const [x, y] = fromWgs84(3006, lon, lat);
  const box = [x - 5, y - 5, x + 5, y + 5].map((v) => v.toFixed(2)).join(',');
  return withQuery(
    base,
    new URLSearchParams({
      service: 'WFS',
      version: '2.0.0',
      request: 'GetFeature',
      typeNames: TYPE_NAME,
      outputFormat: 'application/json',
      srsName: 'EPSG:4326',
      bbox: `${box},EPSG:3006`,
      count: '50',
    }),
  );
}

/**
 * Sweden's cadastre (Lantmäteriet) needs credentials (SOURCES.md 12), so the spec's SE row is
 * agricultural blocks: Jordbruksverket's open WFS, latest year's layer
 * `inspire:senaste_arslager_block` (fields blockid, agoslag = land use, areal, region_kod, read
 * in public clients), GeoJSON in WGS84, box in SWEREF 99 TM, blocks by CQL filter on blockid.
 */
export function swedishBlocks(blocksWfsUrl: string): GeoJsonParcelProfile {
  const wfs = { base: blocksWfsUrl, typeName: TYPE_NAME, cqlOf: (ref: string) => `blockid=${cqlText(ref)}` };
  return {
    country: 'SE',
    source: 'Jordbruksverket blocks WFS',
    aroundUrl: (point) => blocksAroundUrl(blocksWfsUrl, point),
    byReferenceUrl: (ref) => geoServerByReferenceUrl(wfs, ref),
    referenceOf: (p) => parseSwedishBlock(textOf(p.blockid) ?? ''),
    factsOf: (p) => ({ uso: textOf(p.agoslag) }),
  };
}
