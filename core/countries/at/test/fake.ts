import { fromWgs84, toWgs84 } from '../../../geo/crs.js';
import { containsPoint } from '../../../geo/polygon.js';
import type { LonLat } from '../../../model/index.js';
import { json, type FakeAnswer, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { square } from '../../../../test/fake-upstream/countries/geojson-countries.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { AT_KATASTER_PATH, AT_KATASTER_RECORDS, AT_VIENNA_POINT, atKatasterRoutes } from './katasterservice-fake.js';

/**
 * Austria's BEV WMS GetFeatureInfo (`/at-dkm-wms`, `/at-wms`) and Katasterservice (`/at-kataster`,
 * katasterservice-fake.ts) as the fake plays them.
 *
 * NO RECORDING OF THEM EXISTS (SOURCES.md 15; HAND-WRITTEN.md): every WMS answer is WRITTEN BY HAND
 * in the service's documented format, GeoServer GetFeatureInfo JSON in EPSG:3857. One made-up
 * ~30 m parcel in Vienna, and Umbach's split building plot.
 */
export const AT_REF = '01004-1711';
/** The made-up parcel both BEV fakes know: the WMS at this point, the Katasterservice (katasterservice-fake.ts) by reference. */
export const AT_POINT: LonLat = AT_VIENNA_POINT;

const AT_RING = square(AT_POINT);

/** The open geocoder's Austrian place on that parcel (written by hand in Nominatim's jsonv2). */
export const AT_PLACE = addPlace('at', {
  road: 'Stephansplatz',
  houseNumber: '3',
  city: 'Wien',
  postcode: '1010',
  state: 'Wien',
  country: 'Österreich',
  point: AT_POINT,
});
const polygon = (ring: LonLat[]) => ({ type: 'Polygon' as const, coordinates: [ring] });

/**
 * BEV GetFeatureInfo (GeoServer JSON, EPSG:3857) at the pixel I,J of BBOX: the parcel containing the
 * map's centre. The DKM WMS's layer `DKM_GST` (`/at-dkm-wms`) names it by `KG` and `GNR`, the only
 * properties public client code reads of it (core/countries/at/dkm-wms.ts); the INSPIRE WMS's
 * `CP_CadastralParcel` (`/at-wms`) by its inspireId only (SOURCES.md 15). Vienna's made-up square
 * and Umbach's split building plot `.5/1` (hale's real DKM outline, katasterservice-fake.ts).
 */
function bevWms(url: URL, layer: 'DKM_GST' | 'CP_CadastralParcel'): FakeAnswer {
  const q = url.searchParams;
  const [minX, minY, maxX, maxY] = (q.get('BBOX') ?? '').split(',').map(Number);
  const centre = toWgs84(3857, (minX + maxX) / 2, (minY + maxY) / 2);
  const asked =
    q.get('REQUEST') === 'GetFeatureInfo' && q.get('CRS') === 'EPSG:3857' && q.get('INFO_FORMAT') === 'application/json' && q.get('QUERY_LAYERS') === layer;
  const hits = asked ? BEV_WMS_PARCELS.filter((p) => containsPoint(polygon(p.ring), centre)) : [];
  return json(
    JSON.stringify({
      type: 'FeatureCollection',
      features: hits.map((p, i) => ({
        type: 'Feature',
        id: `${layer}.fid-${i + 1}`,
        geometry_name: 'geom',
        geometry: { type: 'MultiPolygon', coordinates: [[p.ring.map(([lon, lat]) => fromWgs84(3857, lon, lat).map((v) => Math.round(v * 1000) / 1000))]] },
        properties: layer === 'DKM_GST' ? { KG: p.kg, GNR: p.gnr } : { inspireId: p.inspireId },
      })),
      totalFeatures: 'unknown',
      numberReturned: hits.length,
      timeStamp: '2026-11-24T09:00:00.000Z',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
    }),
  );
}
const BEV_WMS_PARCELS = [
  { ring: AT_RING, kg: '01004', gnr: '1711', inspireId: 'AT.0002.I.6.CP.010041711' },
  { ring: AT_KATASTER_RECORDS['14168-.5/1'].ring, kg: '14168', gnr: '.5/1', inspireId: undefined },
];

const austriaRoutes: FakeRoute = (url) => {
  if (url.pathname === '/at-wms') return bevWms(url, 'CP_CadastralParcel');
  if (url.pathname === '/at-dkm-wms') return bevWms(url, 'DKM_GST');
  if (url.pathname === '/at-dkm-down') return json('{"message":"Service Unavailable"}', 503);
  return atKatasterRoutes(url);
};

const austriaSources = (base: string) => ({
  dkmWmsUrl: `${base}/at-dkm-wms`,
  cpWmsUrl: `${base}/at-wms`,
  katasterUrl: `${base}${AT_KATASTER_PATH}`,
  geocoderUrl: `${base}/nominatim`,
});

/** AT's fake for its golden tests (at.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [austriaRoutes], sources: austriaSources };
