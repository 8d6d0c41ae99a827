import { multiPolygon, pointToPolygonDistance, polygon as turfPolygon } from '@turf/turf';
import { toWgs84 } from '../../../core/geo/crs.js';
import { bboxOf, containsPoint } from '../../../core/geo/polygon.js';
import { readForalFeatures } from '../../../core/countries/foral/cp-features.js';
import type { BBox, LonLat, ParcelGeometry } from '../../../core/model/index.js';
import { loadCountryFixture, xml, type FakeRoute } from './fake-server.js';
import { handWrittenInspireBuilding } from './hand-written-inspire.js';

/**
 * The foral cadastres' services as their fakes play them (SOURCES.md 1b): the routes each
 * country's fake builds from its REAL recordings (core/countries/na/test/fake.ts,
 * core/countries/pv/test/fake.ts, which say which recording answers what).
 *
 * - `wfsRoute`: a GetFeature whose FES filter names a recorded parcel (where the service filters by
 *   reference), or whose bbox is centred inside one, answers that recording byte for byte;
 * - `buildingsRoute` (the territories' INSPIRE Buildings WFS): NO FORAL BUILDINGS RECORDING
 *   EXISTS. A bbox meeting a recorded parcel answers ONE building WRITTEN BY HAND to the INSPIRE
 *   Buildings schema (hand-written-inspire.ts: the service's feature type, currentUse
 *   `1_residential`, a small square footprint at the parcel's deepest point, in EPSG:25830, the CRS
 *   asked). `setBuildingsDown(path)` makes one of them answer HTTP 503.
 *
 * WRITTEN BY HAND (no recording exists), in the WFS 2.0 shape: every other filter or bbox answers
 * an empty `wfs:FeatureCollection` (numberMatched/numberReturned 0).
 */
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

export function wfsRoute(prefix: string, files: string[], filtersByReference: boolean): FakeRoute {
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

export function buildingsRoute(prefix: string, featureType: string, files: string[]): FakeRoute {
  const recorded = recordings(files);
  // Placed when the route is made, not on the first request: the grid search is slow on a large holed parcel, and
  // a slow fake times the client out (on a loaded machine, a parcel answered without its use).
  const answers = new Map(recorded.map((r) => [r.ref, buildingAt(featureType, deepInside(r.geometry))]));
  const answerFor = (r: Recording) => answers.get(r.ref)!;
  return (url) => {
    if (url.pathname !== prefix) return undefined;
    if (buildingsDown.has(prefix)) return xml('<html><body>Service Unavailable</body></html>', 503);
    const q = new URLSearchParams([...url.searchParams].map(([k, v]) => [k.toLowerCase(), v]));
    const box = bboxIn25830(q.get('bbox'));
    const parcel = box && recorded.find((r) => boxesMeet(box, bboxOf(r.geometry)));
    return xml(parcel ? answerFor(parcel) : EMPTY);
  };
}
