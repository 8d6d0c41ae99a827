import { containsPoint } from '../../../geo/polygon.js';
import type { LonLat } from '../../../model/index.js';
import { json, type FakeAnswer, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { square } from '../../../../test/fake-upstream/countries/geojson-countries.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * Switzerland's geo.admin.ch (MapServer find/identify `/ch-mapserver`, SearchServer `/ch-search`)
 * as the fake plays it.
 *
 * NO RECORDING OF IT EXISTS (SOURCES.md 15; HAND-WRITTEN.md): every answer is WRITTEN BY HAND in
 * the service's documented format: `{results: [...]}` with GeoJSON Features
 * (`geometryFormat=geojson`) or SearchServer `attrs`. One made-up ~30 m parcel on the Bundesplatz
 * of Bern; the cantons layer knows Bern (publishes parcels) and Appenzell Innerrhoden (the canton
 * the fake says publishes none).
 */
export const CH_REF = 'CH119192997709';
export const CH_POINT: LonLat = [7.444, 46.9466];
/** A point in Appenzell Innerrhoden, the canton the fake says publishes no parcels. */
export const CH_NO_PARCELS_POINT: LonLat = [9.4096, 47.3316];
/** A point in Bern on no parcel (the Aare): canton BE publishes parcels, so 404. */
export const CH_NO_PARCEL_HERE: LonLat = [7.4515, 46.944];

const CH_RING = square(CH_POINT);
const CH_OUTLINE = { type: 'Polygon' as const, coordinates: [CH_RING] };

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
    if (q.get('layers') === 'all:ch.kantone.cadastralwebmap-farbe') return results(containsPoint(CH_OUTLINE, point) ? [CH_FEATURE] : []);
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

const switzerlandRoutes: FakeRoute = (url) => {
  if (url.pathname.startsWith('/ch-mapserver/')) return geoAdmin(url);
  if (url.pathname === '/ch-search') return searchServer(url);
  return undefined;
};

/** CH's fake for its golden tests (ch.test.ts) and the fake Europe. */
export const fake: CountryFake = {
  routes: [switzerlandRoutes],
  sources: (base) => ({ mapServerUrl: `${base}/ch-mapserver`, searchServerUrl: `${base}/ch-search` }),
};
