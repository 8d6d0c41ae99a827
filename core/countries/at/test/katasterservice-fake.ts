import { centroid } from '../../../geo/polygon.js';
import type { LonLat } from '../../../model/index.js';
import { json, type FakeAnswer, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { square } from '../../../../test/fake-upstream/countries/geojson-countries.js';

/**
 * BEV's Katasterservice (`/api/gst/{KG}/{GNR}`, `/api/kgnr/{KG}`, `/api/search/`) as the fake
 * plays it under `/at-kataster`.
 *
 * NO RECORDING OF THIS SERVICE EXISTS: every answer is WRITTEN BY HAND in the format public client
 * code reads (../katasterservice.ts names the clients; HAND-WRITTEN.md): a GeoJSON Feature with
 * `properties` kg, bl, gnr, ez, rstatus, nutzungen [{ nutzung, fl }]; `{ message }` with 404 for
 * an unknown parcel (the message text is made up); the search's `{ data: FeatureCollection }`.
 *
 * Umbach (KG 14168, Dunkelsteinerwald, Niederösterreich) is a real place: the outlines of `.3` and
 * `.5/1` are hale's DKM sample (halestudio/hale `io/plugins/eu.esdihumboldt.hale.io.gml.test/src/
 * data/dkm_austria/KA_14168_EPSG25833.gml`, blob 59638a3d, at commit 1abc3aee92d8; features
 * Grundstueck_14168 id2e79a982… and id9cd78f39…), converted from EPSG:25833 to lon/lat with the
 * project's proj4 (core/geo/crs.ts `toWgs84`) and rounded to 7 decimals; their EZ (`Einlage`) and
 * total area (`Flaeche_Gst`: 1445 and 40 m²) are the sample's. How that area splits into land uses
 * is made up. `01004-1711` (Wien Innere Stadt) is the made-up square the fake WMS answers at
 * AT_POINT (fake.ts), so a point there finds the same parcel in both fakes.
 */
export const AT_KATASTER_PATH = '/at-kataster';
/** Paths answering as a broken Katasterservice would: a maintenance page, a Feature without outline, HTTP 503. */
export const AT_KATASTER_BROKEN_PATHS = { notJson: '/at-kataster-maintenance', noOutline: '/at-kataster-odd', down: '/at-kataster-down' };

interface HandRecord {
  kg: string;
  kgName: string;
  gnr: string;
  bl: string;
  pg: string;
  ez: string;
  ring: LonLat[];
  nutzungen: { nutzung: string; fl: number }[];
}

export const AT_VIENNA_POINT: LonLat = [16.3725, 48.2083];

const UMBACH_3: LonLat[] = [
  [15.4406333, 48.2395136],
  [15.440461, 48.2395563],
  [15.4405375, 48.2397806],
  [15.4405082, 48.2397852],
  [15.4405173, 48.2398612],
  [15.4408162, 48.2398369],
  [15.4408622, 48.23983],
  [15.4408804, 48.2398142],
  [15.4408485, 48.2397311],
  [15.4408678, 48.2397281],
  [15.4409943, 48.2397079],
  [15.4409162, 48.2395386],
  [15.4411218, 48.2394908],
  [15.4410764, 48.2394075],
  [15.4407736, 48.2394774],
  [15.4407116, 48.2393418],
  [15.4405801, 48.2393686],
  [15.4405978, 48.2394034],
  [15.4405819, 48.2394062],
  [15.4406333, 48.2395136],
];
const UMBACH_5_1: LonLat[] = [
  [15.4414602, 48.2396909],
  [15.4413873, 48.2397092],
  [15.4414946, 48.2397881],
  [15.4415125, 48.2397836],
  [15.4414602, 48.2396909],
];

export const AT_KATASTER_RECORDS: Record<string, HandRecord> = {
  '14168-.3': {
    kg: '14168',
    kgName: 'Umbach',
    gnr: '.3',
    bl: 'Niederösterreich',
    pg: 'Dunkelsteinerwald',
    ez: '8',
    ring: UMBACH_3,
    nutzungen: [
      { nutzung: 'Gebäude', fl: 412 },
      { nutzung: 'Gärten', fl: 1033 },
    ],
  },
  '14168-.5/1': {
    kg: '14168',
    kgName: 'Umbach',
    gnr: '.5/1',
    bl: 'Niederösterreich',
    pg: 'Dunkelsteinerwald',
    ez: '8',
    ring: UMBACH_5_1,
    nutzungen: [{ nutzung: 'Gebäude', fl: 40 }],
  },
  '01004-1711': {
    kg: '01004',
    kgName: 'Innere Stadt',
    gnr: '1711',
    bl: 'Wien',
    pg: 'Wien',
    ez: '1234',
    ring: square(AT_VIENNA_POINT),
    nutzungen: [
      { nutzung: 'Gebäude', fl: 640 },
      { nutzung: 'Gärten', fl: 260 },
    ],
  },
};

const gstFeature = (r: HandRecord) => ({
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates: [r.ring] },
  properties: { kg: r.kgName, bl: r.bl, gnr: r.gnr, ez: r.ez, rstatus: 'G', nutzungen: r.nutzungen },
});

const notFoundAnswer = () => json(JSON.stringify({ message: 'Grundstück nicht gefunden' }), 404);

function katasterservice(path: string, url: URL): FakeAnswer {
  const gst = /^\/api\/gst\/(\d{5})\/(.+)$/.exec(path);
  if (gst) {
    const record = AT_KATASTER_RECORDS[`${gst[1]}-${gst[2]}`];
    return record ? json(JSON.stringify(gstFeature(record))) : notFoundAnswer();
  }
  const kgnr = /^\/api\/kgnr\/(\d{5})$/.exec(path);
  if (kgnr) {
    const record = Object.values(AT_KATASTER_RECORDS).find((r) => r.kg === kgnr[1]);
    return record ? json(JSON.stringify({ type: 'Feature', geometry: null, properties: { kg: record.kgName, kgnr: record.kg } })) : notFoundAnswer();
  }
  if (path === '/api/search/' && url.searchParams.get('layers') === 'gst') {
    const term = url.searchParams.get('term') ?? '';
    const features = Object.values(AT_KATASTER_RECORDS)
      .filter((r) => `${r.kg} ${r.gnr}` === term)
      .map((r) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: centroid({ type: 'Polygon', coordinates: [r.ring] }) },
        properties: { name: r.gnr, objectType: 7701, kg: r.kg, gnr: r.gnr, ez: r.ez, pg: r.pg },
      }));
    return json(JSON.stringify({ data: { type: 'FeatureCollection', features } }));
  }
  return notFoundAnswer();
}

export const atKatasterRoutes: FakeRoute = (url) => {
  if (url.pathname.startsWith(`${AT_KATASTER_PATH}/`)) return katasterservice(url.pathname.slice(AT_KATASTER_PATH.length), url);
  if (url.pathname.startsWith(`${AT_KATASTER_BROKEN_PATHS.notJson}/`))
    return { status: 200, type: 'text/html; charset=utf-8', body: '<html><body>Wartungsarbeiten</body></html>' };
  if (url.pathname.startsWith(`${AT_KATASTER_BROKEN_PATHS.noOutline}/`))
    return json(JSON.stringify({ type: 'Feature', geometry: null, properties: { gnr: '1711' } }));
  if (url.pathname.startsWith(`${AT_KATASTER_BROKEN_PATHS.down}/`)) return json('{"message":"Service Unavailable"}', 503);
  return undefined;
};
