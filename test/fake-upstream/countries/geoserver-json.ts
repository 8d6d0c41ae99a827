import { toWgs84 } from '../../../core/geo/crs.js';
import type { LonLat } from '../../../core/model/index.js';
import type { HandParcel } from './hand-parcels.js';
import { json, type FakeRoute } from './fake-server.js';

/**
 * GeoServer WFS layers asked for GeoJSON (Portugal's DGT `inspire:cadastralparcel`, Croatia's
 * DGU `cp_wms:CP.CadastralParcel`, Sweden's Jordbruksverket blocks) as the fakes play them (each
 * country's layer in its folder's test/fake.ts). NO
 * RECORDING of these services exists: every answer is WRITTEN BY HAND in GeoServer's GeoJSON
 * output, the shape of the real Luxembourg recordings (FeatureCollection, features with `id`,
 * `geometry`, `geometry_name`, `properties`; totalFeatures, numberMatched, numberReturned,
 * timeStamp, crs). Property names are those SOURCES.md and public clients give (HR
 * MATICNI_BROJ_KO/BROJ_CESTICE; SE blockid/agoslag/areal); Portugal's are UNCERTAIN there.
 * A `CQL_FILTER=<prop>='<value>'` naming the parcel, or a `bbox` (URN of EPSG:4326 latitude
 * first, or `EPSG:3006` easting first) meeting its envelope, answers it; else an empty collection.
 */
export interface HandLayer {
  path: string;
  typeName: string;
  filterProperty?: string;
  parcel: HandParcel;
  properties: Record<string, unknown>;
}

function collection(layer: HandLayer, found: boolean): string {
  const features = found
    ? [
        {
          type: 'Feature',
          id: `${layer.typeName.split(':')[1]}.1`,
          geometry: { type: 'Polygon', coordinates: [layer.parcel.ring] },
          geometry_name: 'geom',
          properties: layer.properties,
        },
      ]
    : [];
  return JSON.stringify({
    type: 'FeatureCollection',
    features,
    totalFeatures: features.length,
    numberMatched: features.length,
    numberReturned: features.length,
    timeStamp: '2026-11-20T10:00:00.000Z',
    crs: found ? { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } } : null,
  });
}

const parameter = (url: URL, name: string) => {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
};

function boxMeets(bbox: string, parcel: HandParcel): boolean {
  const [a, b, c, d, crs] = bbox.split(',');
  let corners: LonLat[];
  if (crs === 'urn:ogc:def:crs:EPSG::4326')
    corners = [
      [Number(b), Number(a)],
      [Number(d), Number(c)],
    ];
  else if (crs === 'EPSG:3006') corners = [toWgs84(3006, Number(a), Number(b)), toWgs84(3006, Number(c), Number(d))];
  else return false;
  const lons = parcel.ring.map((p) => p[0]);
  const lats = parcel.ring.map((p) => p[1]);
  return corners[0][0] <= Math.max(...lons) && corners[1][0] >= Math.min(...lons) && corners[0][1] <= Math.max(...lats) && corners[1][1] >= Math.min(...lats);
}

/** The fake GeoServer layer at its path: the parcel to its CQL filter or a box meeting it, an empty collection otherwise. */
export const handLayerRoute =
  (layer: HandLayer): FakeRoute =>
  (url) => {
    if (url.pathname !== layer.path) return undefined;
    if (parameter(url, 'typeNames') !== layer.typeName || parameter(url, 'outputFormat') !== 'application/json') {
      return {
        status: 400,
        type: 'application/xml',
        body: '<?xml version="1.0" encoding="UTF-8"?><ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0"><ows:Exception exceptionCode="InvalidParameterValue"><ows:ExceptionText>Unknown type or format</ows:ExceptionText></ows:Exception></ows:ExceptionReport>',
      };
    }
    const cql = parameter(url, 'CQL_FILTER');
    if (cql !== undefined) {
      const match = /^(\w+)='([^']*)'$/.exec(cql);
      return json(collection(layer, match !== null && match[1] === layer.filterProperty && match[2] === layer.properties[layer.filterProperty!]));
    }
    return json(collection(layer, boxMeets(parameter(url, 'bbox') ?? '', layer.parcel)));
  };
