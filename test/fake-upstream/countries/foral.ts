import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { multiPolygon, pointToPolygonDistance, polygon as turfPolygon } from '@turf/turf';
import { toWgs84 } from '../../../core/geo/crs.js';
import { bboxOf, containsPoint } from '../../../core/geo/polygon.js';
import { readForalFeatures } from '../../../core/countries/foral/cp-features.js';
import type { BBox, LonLat, ParcelGeometry } from '../../../core/model/index.js';
import { writeZip } from '../../helpers/catastro-zips.js';
import { loadCountryFixture, xml, type FakeAnswer, type FakeRoute } from './fake-server.js';
import { handWrittenInspireBuilding } from './hand-written-inspire.js';

/**
 * The foral cadastres' services as the fake plays them (SOURCES.md 1b), REAL recordings:
 * - `/na-wfs` (Navarre RRTN INSPIRE WFS): FES filter on 001010001 → the IDENA GetFeature
 *   recording; on 217050626 → the RRTN GML of that parcel (a real WFS 2.0 FeatureCollection of
 *   the same cp/4.0 schema, downloaded from the RRTN, in EPSG:25830: the service's answer when
 *   asked that srsName); a bbox around a point inside either parcel → that file;
 * - `/pv-gipuzkoa` (b5m): FES filter on cp:nationalCadastralReference 8594149, or a bbox inside
 *   it → the recording (two versions of the parcel, one expired);
 * - `/pv-araba` (GeoAraba): FES filter on INSPIRE_CP:nationalCadastralReference 64010007, or a
 *   bbox inside it → the recording (flat INSPIRE_CP feature in EPSG:25830);
 * - `/pv-bizkaia-wfs` (ArcGIS InspireFeatureDownload): a bbox inside 48.020.1619.04006 → the
 *   recording (the repository trimmed it to that one member); attribute filters are ignored, as
 *   the real service does;
 * - `/pv-bizkaia-atom/ES.BFA.CP.020.zip`: a zip holding the same recording as `ES.BFA.CP.gml`
 *   (the recording's source is probably that municipal download; the zip is built here).
 *
 * - `/bu-pv-*`, `/bu-na` (the territories' INSPIRE Buildings WFS): NO FORAL BUILDINGS RECORDING
 *   EXISTS. A bbox meeting a recorded parcel answers ONE building WRITTEN BY HAND to the INSPIRE
 *   Buildings schema (hand-written-inspire.ts: the service's feature type, currentUse
 *   `1_residential`, a small square footprint at the parcel's deepest point, in EPSG:25830, the CRS
 *   asked). `setBuildingsDown(path)` makes one of them answer HTTP 503.
 *
 * WRITTEN BY HAND (no recording exists), in the WFS 2.0 shape: every other filter or bbox answers
 * an empty `wfs:FeatureCollection` (numberMatched/numberReturned 0); other zips are 404.
 */
const RECORDED = {
  na: ['es-na_idena-inspire-wfs_getfeature_cp_001010001.xml', 'es-na_rrtn_cp_gml_217050626.gml'],
  gipuzkoa: ['es-pv_gipuzkoa-b5m-wfs_getfeature_cp_8594149.xml'],
  araba: ['es-pv_araba-geoaraba-wfs_getfeature_cp_64010007.xml'],
  bizkaia: ['es-pv_bizkaia-inspire_cp_48.020.1619.04006.gml'],
};

interface Recording {
  body: Buffer;
  ref: string;
  geometry: ReturnType<typeof readForalFeatures>[number]['geometry'];
}

const recordings = (files: string[]): Recording[] =>
  files.map((file) => {
    const body = loadCountryFixture(file);
    const [feature] = readForalFeatures(body.toString('utf8'));
    return { body, ref: feature.ref, geometry: feature.geometry };
  });

const EMPTY =
  '<?xml version="1.0" encoding="UTF-8"?><wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" ' +
  'xmlns:gml="http://www.opengis.net/gml/3.2" numberMatched="0" numberReturned="0" timeStamp="2026-09-14T06:17:05.334Z"/>';

/** The point a `bbox=minx,miny,maxx,maxy,<crs>` request is centred on, in WGS84 (EPSG:25830 or 4258 lat-lon). */
function bboxCentre(bbox: string | null): [number, number] | undefined {
  if (!bbox) return undefined;
  const parts = bbox.split(',');
  const [a, b, c, d] = parts.slice(0, 4).map(Number);
  if (![a, b, c, d].every(Number.isFinite)) return undefined;
  const crs = parts[4] ?? '';
  if (/25830$/.test(crs)) return toWgs84(25830, (a + c) / 2, (b + d) / 2);
  return [(b + d) / 2, (a + c) / 2];
}

function wfsRoute(prefix: string, files: string[], filtersByReference: boolean): FakeRoute {
  const recorded = recordings(files);
  return (url) => {
    if (url.pathname !== prefix) return undefined;
    const q = new URLSearchParams([...url.searchParams].map(([k, v]) => [k.toLowerCase(), v]));
    if (q.get('request') !== 'GetFeature') return xml(EMPTY, 400);
    const literal = /<fes:Literal>([^<]*)<\/fes:Literal>/.exec(q.get('filter') ?? '')?.[1];
    let hit: Recording | undefined;
    if (literal !== undefined && filtersByReference) hit = recorded.find((r) => r.ref === literal);
    const centre = bboxCentre(q.get('bbox'));
    if (centre) hit = recorded.find((r) => containsPoint(r.geometry, centre));
    return xml(hit?.body ?? EMPTY);
  };
}

/**
 * The point of a 40×40 grid over the parcel farthest from its outline (pointOnFeature may give a
 * vertex of a holed parcel), and that distance in degrees of latitude.
 */
function deepInside(parcel: ParcelGeometry): { point: LonLat; depth: number } {
  const [minLon, minLat, maxLon, maxLat] = bboxOf(parcel);
  const feature = parcel.type === 'Polygon' ? turfPolygon(parcel.coordinates) : multiPolygon(parcel.coordinates);
  let best: { point: LonLat; depth: number } | undefined;
  for (let i = 1; i < 40; i++) {
    for (let j = 1; j < 40; j++) {
      const point: LonLat = [minLon + ((maxLon - minLon) * i) / 40, minLat + ((maxLat - minLat) * j) / 40];
      const depth = -pointToPolygonDistance(point, feature, { units: 'degrees' });
      if (depth > 0 && (!best || depth > best.depth)) best = { point, depth };
    }
  }
  return best!;
}

/** A `bbox=minx,miny,maxx,maxy,urn:ogc:def:crs:EPSG::25830` request as a WGS84 box (the building services are asked in 25830). */
function bboxIn25830(bbox: string | null): BBox | undefined {
  const parts = (bbox ?? '').split(',');
  if (!/25830$/.test(parts[4] ?? '')) return undefined;
  const [minX, minY, maxX, maxY] = parts.slice(0, 4).map(Number);
  return [...toWgs84(25830, minX, minY), ...toWgs84(25830, maxX, maxY)] as BBox;
}
const boxesMeet = (a: BBox, b: BBox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

const buildingsDown = new Set<string>();
/** Makes one buildings service answer 503 (true) or answer again (false). */
export function setBuildingsDown(path: string, down: boolean): void {
  if (down) buildingsDown.add(path);
  else buildingsDown.delete(path);
}

/** A residential building well inside the parcel: a square within the circle of `depth` around its deepest point. */
const buildingAt = (featureType: string, { point, depth }: { point: LonLat; depth: number }) =>
  handWrittenInspireBuilding({ featureType, at: point, half: Math.min(0.0001, depth / 2), currentUse: '1_residential' });

function buildingsRoute(prefix: string, featureType: string, files: string[]): FakeRoute {
  const recorded = recordings(files);
  // Placed once per parcel: the grid search is slow on a large holed parcel, and a slow fake times the client out.
  const answers = new Map<string, string>();
  const answerFor = (r: Recording) => answers.get(r.ref) ?? answers.set(r.ref, buildingAt(featureType, deepInside(r.geometry))).get(r.ref)!;
  return (url) => {
    if (url.pathname !== prefix) return undefined;
    if (buildingsDown.has(prefix)) return xml('<html><body>Service Unavailable</body></html>', 503);
    const q = new URLSearchParams([...url.searchParams].map(([k, v]) => [k.toLowerCase(), v]));
    const box = bboxIn25830(q.get('bbox'));
    const parcel = box && recorded.find((r) => boxesMeet(box, bboxOf(r.geometry)));
    return xml(parcel ? answerFor(parcel) : EMPTY);
  };
}

export interface FakeForal {
  routes: FakeRoute[];
  close(): void;
}

export async function prepareForalRoutes(): Promise<FakeForal> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-bizkaia-'));
  const zip = readFileSync(await writeZip(path.join(dir, 'ES.BFA.CP.020.zip'), { 'ES.BFA.CP.gml': loadCountryFixture(RECORDED.bizkaia[0]) }));
  const atom: FakeRoute = (url): FakeAnswer | undefined => {
    if (!url.pathname.startsWith('/pv-bizkaia-atom/')) return undefined;
    return url.pathname === '/pv-bizkaia-atom/ES.BFA.CP.020.zip'
      ? { status: 200, type: 'application/zip', body: zip }
      : { status: 404, type: 'text/plain', body: 'not found' };
  };
  return {
    routes: [
      wfsRoute('/na-wfs', RECORDED.na, true),
      wfsRoute('/pv-gipuzkoa', RECORDED.gipuzkoa, true),
      wfsRoute('/pv-araba', RECORDED.araba, true),
      wfsRoute('/pv-bizkaia-wfs', RECORDED.bizkaia, false),
      buildingsRoute('/bu-na', 'BU:Building', RECORDED.na),
      buildingsRoute('/bu-pv-gipuzkoa', 'bu-ext2d:Building', RECORDED.gipuzkoa),
      buildingsRoute('/bu-pv-araba', 'INSPIRE_BU:BU.Building', RECORDED.araba),
      buildingsRoute('/bu-pv-bizkaia', 'bu-core2d:Building', RECORDED.bizkaia),
      atom,
    ],
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const foralSources = (base: string) => ({
  pv: {
    bizkaiaWfsUrl: `${base}/pv-bizkaia-wfs`,
    bizkaiaAtomUrl: `${base}/pv-bizkaia-atom`,
    gipuzkoaWfsUrl: `${base}/pv-gipuzkoa`,
    arabaWfsUrl: `${base}/pv-araba`,
    bizkaiaBuildingsWfsUrl: `${base}/bu-pv-bizkaia`,
    gipuzkoaBuildingsWfsUrl: `${base}/bu-pv-gipuzkoa`,
    arabaBuildingsWfsUrl: `${base}/bu-pv-araba`,
  },
  na: { wfsUrl: `${base}/na-wfs`, buildingsWfsUrl: `${base}/bu-na` },
});
