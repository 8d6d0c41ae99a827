import { LATITUDE_RANGE, LONGITUDE_RANGE, type LonLat } from '../model/geometry.js';
import type Proj4 from 'proj4';
import { proj4 } from './proj4-library.js';
import { DEFINITIONS, isSupportedEpsg } from './crs-definitions.js';
import { withVertexCache, type PointInto } from './vertex-cache.js';

export { epsgFromSrsName, isGeographic, isLatitudeFirst, isSupportedEpsg } from './crs-definitions.js';

for (const [code, def] of Object.entries(DEFINITIONS)) proj4.defs(`EPSG:${code}`, def);

const converters = new Map<number, Proj4.Converter>();

function converterFrom(epsg: number): Proj4.Converter {
  let converter = converters.get(epsg);
  if (!converter) {
    if (!isSupportedEpsg(epsg)) throw new Error(`Unsupported CRS EPSG:${epsg}`);
    converter = proj4(`EPSG:${epsg}`, 'EPSG:4326');
    converters.set(epsg, converter);
  }
  return converter;
}

/** Converts an (x, y) = (easting|lon, northing|lat) pair to WGS84 [lon, lat]. */
export function toWgs84(epsg: number, x: number, y: number): LonLat {
  if (epsg === 4326) return [x, y];
  const [lon, lat] = converterFrom(epsg).forward([x, y]);
  return [lon, lat];
}

const R2D = 180 / Math.PI;
const PJD_WGS84 = 4;
const UTM = new Set([4083, ...Array.from({ length: 6 }, (_, k) => [25828 + k, 32628 + k]).flat()]);
const wgs84Transforms = new Map<number, PointInto>();

/**
 * `toWgs84` for one CRS, for converting many points (bulk imports), writing each answer into a
 * Float64Array (vertex-cache.ts PointInto). For the UTM zones (ETRS89 and WGS 84: no datum shift,
 * metres, Greenwich) it calls the projection's own inverse and scales radians to degrees as
 * proj4's transform does, skipping its per-point checks and objects (about a twentieth of an
 * import of Spanish GML). Used only when it gives the very doubles `toWgs84` gives on a grid over
 * the zone, checked once; otherwise `toWgs84` itself. Either goes behind a table of recent
 * vertices (vertex-cache.ts): neighbours share theirs.
 */
export function wgs84TransformInto(epsg: number): PointInto {
  let transform = wgs84Transforms.get(epsg);
  if (transform) return transform;
  transform = (x, y, out, at) => {
    const [lon, lat] = toWgs84(epsg, x, y);
    out[at] = lon;
    out[at + 1] = lat;
  };
  if (UTM.has(epsg)) {
    const projection = proj4.Proj(`EPSG:${epsg}`);
    const wgs84 = proj4.Proj('EPSG:4326');
    // One point object reused: proj4's inverse writes its answer into the point it is given.
    const scratch = { x: 0, y: 0 };
    const direct: PointInto = (x, y, out, at) => {
      scratch.x = x;
      scratch.y = y;
      const point = projection.inverse(scratch);
      out[at] = point.x * R2D;
      out[at + 1] = point.y * R2D;
    };
    const plain =
      projection.datum.datum_type === PJD_WGS84 &&
      wgs84.datum.datum_type === PJD_WGS84 &&
      !(projection as { to_meter?: number }).to_meter &&
      !(projection as { from_greenwich?: number }).from_greenwich;
    let same = plain;
    const a = new Float64Array(2);
    for (let x = 160_000; same && x <= 840_000; x += 17_000) {
      for (let y = 3_000_000; same && y <= 5_000_000; y += 50_000.123) {
        direct(x + 0.37, y, a, 0);
        const b = toWgs84(epsg, x + 0.37, y);
        same = a[0] === b[0] && a[1] === b[1];
      }
    }
    if (same) transform = direct;
  }
  if (epsg !== 4326) transform = withVertexCache(transform);
  wgs84Transforms.set(epsg, transform);
  return transform;
}

const wgs84PairTransforms = new Map<number, (x: number, y: number) => LonLat>();

/** `wgs84TransformInto` answering [lon, lat] pairs, for callers that keep GeoJSON rings. */
export function wgs84Transform(epsg: number): (x: number, y: number) => LonLat {
  let pairs = wgs84PairTransforms.get(epsg);
  if (!pairs) {
    const into = wgs84TransformInto(epsg);
    const pair = new Float64Array(2);
    pairs = (x, y) => {
      into(x, y, pair, 0);
      return [pair[0], pair[1]];
    };
    wgs84PairTransforms.set(epsg, pairs);
  }
  return pairs;
}

/** Converts WGS84 [lon, lat] to (x, y) in the given CRS. */
export function fromWgs84(epsg: number, lon: number, lat: number): [number, number] {
  if (epsg === 4326) return [lon, lat];
  const [x, y] = converterFrom(epsg).inverse([lon, lat]);
  return [x, y];
}

/** The ETRS89 UTM zone (EPSG:258xx) the Spanish cadastre uses at a longitude. */
export function spanishUtmEpsgFor(lon: number): number {
  const zone = Math.min(31, Math.max(28, Math.floor((lon + 180) / 6) + 1));
  return 25800 + zone;
}

/** True for a WGS84 point on Earth; false for one out of range, NaN or infinite. */
export const isOnEarth = ([lon, lat]: LonLat): boolean => isOnEarthAt(lon, lat);

/** `isOnEarth` of a point held as two numbers (the bulk import's reprojected outlines). */
export const isOnEarthAt = (lon: number, lat: number): boolean =>
  lon >= LONGITUDE_RANGE.minimum && lon <= LONGITUDE_RANGE.maximum && lat >= LATITUDE_RANGE.minimum && lat <= LATITUDE_RANGE.maximum;

/**
 * Why an imported point off the Earth was refused (`crs`: an EPSG code, or words naming the CRS). Metres declared as degrees (a wrong srsName)
 * once put a whole municipality at longitude 4,546,612; coordinates past a projection's domain
 * come out infinite.
 */
export function outsideTheWorld(crs: number | string, x: number, y: number, [lon, lat]: LonLat): string {
  return (
    `A point lies outside the world once read as ${typeof crs === 'number' ? `EPSG:${crs}` : crs} (${x} ${y} gives longitude ${lon}, latitude ${lat}): ` +
    "the file's declared CRS does not match its coordinates, or they are damaged."
  );
}
