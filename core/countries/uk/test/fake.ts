import { fromWgs84, toWgs84 } from '../../../geo/crs.js';
import { containsPoint } from '../../../geo/polygon.js';
import type { LonLat } from '../../../model/index.js';
import { json, xml, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';

/**
 * Registers of Scotland's INSPIRE view service (`ros-inspire.themapcloud.com/maps/wms`) as the
 * fake plays it. NO RECORDING of its GetFeatureInfo exists: the answer is WRITTEN BY HAND in
 * GeoServer's `application/json` GetFeatureInfo output (FeatureCollection; features with `id`,
 * `geometry` in the map's CRS, `geometry_name`, `properties`; totalFeatures "unknown",
 * numberReturned, timeStamp, crs), the property `inspireid` being what public clients read. The
 * parcel is a 40 m square in EPSG:27700 at Edinburgh's High Street, numbered by hand. Only the
 * request public clients send is answered (WMS 1.3.0, CRS EPSG:27700, QUERY_LAYERS
 * CP.CadastralParcel, INFO_FORMAT application/json): the pixel I,J of the BBOX names the point;
 * anything else is GeoServer's ServiceExceptionReport.
 */
const CENTRE_BNG = fromWgs84(27700, -3.1883, 55.9533).map((v) => Math.round(v));
const HALF = 20;
const RING_BNG: [number, number][] = [
  [CENTRE_BNG[0] - HALF, CENTRE_BNG[1] - HALF],
  [CENTRE_BNG[0] + HALF, CENTRE_BNG[1] - HALF],
  [CENTRE_BNG[0] + HALF, CENTRE_BNG[1] + HALF],
  [CENTRE_BNG[0] - HALF, CENTRE_BNG[1] + HALF],
  [CENTRE_BNG[0] - HALF, CENTRE_BNG[1] - HALF],
];

export const UK_PARCEL = {
  ref: '5503317',
  /** A point inside the parcel, [lon, lat]. */
  inside: toWgs84(27700, CENTRE_BNG[0] + 5, CENTRE_BNG[1] - 5) as LonLat,
  ringBng: RING_BNG,
};

const parameter = (url: URL, name: string) => {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
};

const exception = (text: string) =>
  xml(
    `<?xml version="1.0" encoding="UTF-8"?><ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc"><ServiceException code="InvalidParameterValue">${text}</ServiceException></ServiceExceptionReport>`,
  );

function featureInfo(found: boolean): string {
  const features = found
    ? [
        {
          type: 'Feature',
          id: 'cadastralparcel.5503317',
          geometry: { type: 'MultiPolygon', coordinates: [[RING_BNG]] },
          geometry_name: 'geom',
          properties: { inspireid: 5503317 },
        },
      ]
    : [];
  return JSON.stringify({
    type: 'FeatureCollection',
    features,
    totalFeatures: 'unknown',
    numberReturned: features.length,
    timeStamp: '2026-11-20T10:00:00.000Z',
    crs: found ? { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::27700' } } : null,
  });
}

/**
 * The open geocoder's UK places (WRITTEN BY HAND in Nominatim's jsonv2, test/fake-upstream/countries/nominatim.ts):
 * one on the parcel, and one in London, outside the coverage of Scotland's WMS.
 */
addPlace('gb', { country: 'United Kingdom', point: UK_PARCEL.inside, road: 'High Street', houseNumber: '1', city: 'Edinburgh', postcode: 'EH1 1YZ' });
addPlace('gb', { country: 'United Kingdom', point: [-0.1276, 51.5034], road: 'Downing Street', houseNumber: '10', city: 'London', postcode: 'SW1A 2AA' });

const ukRosWmsRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/uk-wms') return undefined;
  const wanted = {
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetFeatureInfo',
    CRS: 'EPSG:27700',
    QUERY_LAYERS: 'CP.CadastralParcel',
    INFO_FORMAT: 'application/json',
  };
  for (const [name, value] of Object.entries(wanted)) {
    if (parameter(url, name) !== value) return exception(`${name} must be ${value}`);
  }
  const [minE, minN, maxE, maxN] = (parameter(url, 'BBOX') ?? '').split(',').map(Number);
  const [width, height, i, j] = ['WIDTH', 'HEIGHT', 'I', 'J'].map((name) => Number(parameter(url, name)));
  if (![minE, minN, maxE, maxN, width, height, i, j].every(Number.isFinite)) return exception('BBOX, WIDTH, HEIGHT, I and J must be numbers');
  // The pixel's centre; J counts rows from the top of the map.
  const e = minE + ((i + 0.5) * (maxE - minE)) / width;
  const n = maxN - ((j + 0.5) * (maxN - minN)) / height;
  return json(featureInfo(containsPoint({ type: 'Polygon', coordinates: [RING_BNG] }, [e, n])));
};

/** The UK's fake: Scotland's WMS (England and Wales are answered from an import), and the open geocoder. */
export const fake: CountryFake = { routes: [ukRosWmsRoutes], sources: (base) => ({ cpWmsUrl: `${base}/uk-wms`, geocoderUrl: `${base}/nominatim` }) };
