import { fromWgs84, toWgs84 } from '../../../core/geo/crs.js';
import { containsPoint } from '../../../core/geo/polygon.js';
import type { LonLat } from '../../../core/model/index.js';
import { AT_KATASTER_PATH, AT_KATASTER_RECORDS, AT_VIENNA_POINT, atKatasterRoutes } from './at-katasterservice.js';
import { json, type FakeAnswer, type FakeRoute } from './fake-server.js';
import { square } from './geojson-countries.js';

/**
 * Belgium's CadGIS (ArcGIS REST `query`, `/be-cadgis`), Switzerland's geo.admin.ch (MapServer
 * find/identify `/ch-mapserver`, SearchServer `/ch-search`) and Austria's BEV WMS GetFeatureInfo
 * (`/at-wms`; its Katasterservice in at-katasterservice.ts) as the fake plays them.
 *
 * NO RECORDING OF ANY OF THESE SERVICES EXISTS (SOURCES.md 15): every answer is WRITTEN BY HAND
 * in the service's documented format: ArcGIS `f=geojson` FeatureCollections; geo.admin.ch
 * `{results: [...]}` with GeoJSON Features (`geometryFormat=geojson`) or SearchServer `attrs`;
 * GeoServer GetFeatureInfo JSON in EPSG:3857. One made-up ~30 m parcel at a real place of each
 * capital. CadGIS is the spec's slow source: its answers by point come after `BE_DELAY_MS`, longer
 * than the test client's default timeout, so only CadGIS's own timeout lets them through.
 */
export const BE_REF = '21004C0512/00B000';
export const BE_POINT: LonLat = [4.3525, 50.8467];
export const BE_DELAY_MS = 2_000;

export const CH_REF = 'CH119192997709';
export const CH_POINT: LonLat = [7.444, 46.9466];
/** A point in Appenzell Innerrhoden, the canton the fake says publishes no parcels. */
export const CH_NO_PARCELS_POINT: LonLat = [9.4096, 47.3316];
/** A point in Bern on no parcel (the Aare): canton BE publishes parcels, so 404. */
export const CH_NO_PARCEL_HERE: LonLat = [7.4515, 46.944];

export const AT_REF = '01004-1711';
/** The made-up parcel both BEV fakes know: the WMS at this point, the Katasterservice (at-katasterservice.ts) by reference. */
export const AT_POINT: LonLat = AT_VIENNA_POINT;

const BE_RING = square(BE_POINT);
const CH_RING = square(CH_POINT);
const AT_RING = square(AT_POINT);
const polygon = (ring: LonLat[]) => ({ type: 'Polygon' as const, coordinates: [ring] });

const arcgisCollection = (features: object[]) => JSON.stringify({ type: 'FeatureCollection', features });
const BE_FEATURE = {
  type: 'Feature',
  id: 4_711_001,
  geometry: { type: 'Polygon', coordinates: [BE_RING] },
  properties: { OBJECTID: 4_711_001, nationalCadastralRef: BE_REF, label: '512B', areaValue: 840, inspireId: `BE.GEN.CP.${BE_REF}` },
};

function cadgis(url: URL): FakeAnswer {
  const where = url.searchParams.get('where');
  if (where !== null) return json(arcgisCollection(where === `nationalCadastralRef='${BE_REF}'` ? [BE_FEATURE] : []));
  const [lon, lat] = (url.searchParams.get('geometry') ?? '').split(',').map(Number);
  const hit = url.searchParams.get('inSR') === '4326' && containsPoint(polygon(BE_RING), [lon, lat]);
  return { ...json(arcgisCollection(hit ? [BE_FEATURE] : [])), delayMs: BE_DELAY_MS };
}

const CH_FEATURE = {
  type: 'Feature',
  id: 'BE0200000351_1234',
  featureId: 'BE0200000351_1234',
  layerBodId: 'ch.kantone.cadastralwebmap-farbe',
  layerName: 'Amtliche Vermessung (farbig)',
  bbox: [
    Math.min(...CH_RING.map((p) => p[0])),
    Math.min(...CH_RING.map((p) => p[1])),
    Math.max(...CH_RING.map((p) => p[0])),
    Math.max(...CH_RING.map((p) => p[1])),
  ],
  geometry: { type: 'MultiPolygon', coordinates: [[CH_RING]] },
  properties: { egris_egrid: CH_REF, number: '1234', identnd: 'BE0200000351', ak: 'BE', label: '1234' },
};
const CANTONS = [
  {
    ak: 'AI',
    name: 'Appenzell Innerrhoden',
    at: (p: LonLat) => Math.abs(p[0] - CH_NO_PARCELS_POINT[0]) < 0.05 && Math.abs(p[1] - CH_NO_PARCELS_POINT[1]) < 0.05,
  },
  { ak: 'BE', name: 'Bern', at: (p: LonLat) => Math.abs(p[0] - CH_POINT[0]) < 0.05 && Math.abs(p[1] - CH_POINT[1]) < 0.05 },
];
const results = (list: object[]) => json(JSON.stringify({ results: list }));

function geoAdmin(url: URL): FakeAnswer | undefined {
  const q = url.searchParams;
  if (q.get('sr') !== '4326') return json('{"error":{"code":400,"message":"hand-written fake: sr=4326 expected"}}', 400);
  if (url.pathname === '/ch-mapserver/find') {
    const layer = q.get('layer');
    if (layer === 'ch.kantone.cadastralwebmap-farbe' && q.get('searchField') === 'egris_egrid')
      return results(q.get('searchText') === CH_REF ? [CH_FEATURE] : []);
    if (layer === 'ch.kantone.cadastralwebmap-farbe' && q.get('searchField') === 'ak') {
      return results(q.get('searchText') === 'BE' ? [{ ...CH_FEATURE, geometry: null }] : []);
    }
    return results([]);
  }
  if (url.pathname === '/ch-mapserver/identify') {
    const point = (q.get('geometry') ?? '').split(',').map(Number) as LonLat;
    if (q.get('layers') === 'all:ch.kantone.cadastralwebmap-farbe') return results(containsPoint(polygon(CH_RING), point) ? [CH_FEATURE] : []);
    if (q.get('layers') === 'all:ch.swisstopo.swissboundaries3d-kanton-flaeche.fill') {
      const canton = CANTONS.find((c) => c.at(point));
      return results(
        canton
          ? [
              {
                type: 'Feature',
                id: canton.ak,
                layerBodId: 'ch.swisstopo.swissboundaries3d-kanton-flaeche.fill',
                geometry: null,
                properties: { ak: canton.ak, name: canton.name },
              },
            ]
          : [],
      );
    }
    return results([]);
  }
  return undefined;
}

function searchServer(url: URL): FakeAnswer {
  const text = (url.searchParams.get('searchText') ?? '').toLowerCase();
  const [lon, lat] = CH_POINT;
  const [x, y] = [2_600_670.5, 1_199_650.2];
  return results(
    text.includes('bundesplatz') && url.searchParams.get('origins') === 'address'
      ? [
          {
            id: 1_205_001,
            weight: 100,
            attrs: {
              origin: 'address',
              geom_quadindex: '021300220302203002',
              zoomlevel: 10,
              featureId: '1205001_0',
              lon,
              lat,
              x: y,
              y: x,
              num: 3,
              rank: 7,
              detail: 'bundesplatz 3 3011 bern 351 bern ch be',
              geom_st_box2d: `BOX(${x} ${y},${x} ${y})`,
              label: 'Bundesplatz 3 <b>3011 Bern</b>',
            },
          },
        ]
      : [],
  );
}

/**
 * BEV GetFeatureInfo (GeoServer JSON, EPSG:3857) at the pixel I,J of BBOX: the parcel containing the
 * map's centre. The DKM WMS's layer `DKM_GST` (`/at-dkm-wms`) names it by `KG` and `GNR`, the only
 * properties public client code reads of it (core/countries/at/dkm-wms.ts); the INSPIRE WMS's
 * `CP_CadastralParcel` (`/at-wms`) by its inspireId only (SOURCES.md 15). Vienna's made-up square
 * and Umbach's split building plot `.5/1` (hale's real DKM outline, at-katasterservice.ts).
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

export const beChAtRoutes: FakeRoute = (url) => {
  if (url.pathname === '/be-cadgis/query') return cadgis(url);
  if (url.pathname.startsWith('/ch-mapserver/')) return geoAdmin(url);
  if (url.pathname === '/ch-search') return searchServer(url);
  if (url.pathname === '/at-wms') return bevWms(url, 'CP_CadastralParcel');
  if (url.pathname === '/at-dkm-wms') return bevWms(url, 'DKM_GST');
  if (url.pathname === '/at-dkm-down') return json('{"message":"Service Unavailable"}', 503);
  return atKatasterRoutes(url);
};

export const beChAtSources = (base: string) => ({
  be: { cadgisUrl: `${base}/be-cadgis`, geocoderUrl: `${base}/nominatim` },
  ch: { mapServerUrl: `${base}/ch-mapserver`, searchServerUrl: `${base}/ch-search` },
  at: { dkmWmsUrl: `${base}/at-dkm-wms`, cpWmsUrl: `${base}/at-wms`, katasterUrl: `${base}${AT_KATASTER_PATH}`, geocoderUrl: `${base}/nominatim` },
});
