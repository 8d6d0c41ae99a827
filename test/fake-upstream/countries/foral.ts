import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toWgs84 } from '../../../core/geo/crs.js';
import { containsPoint } from '../../../core/geo/polygon.js';
import { readForalFeatures } from '../../../core/countries/foral/cp-features.js';
import { writeZip } from '../../helpers/catastro-zips.js';
import { loadCountryFixture, xml, type FakeAnswer, type FakeRoute } from './fake-server.js';

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

const recordings = (files: string[]): Recording[] => files.map((file) => {
  const body = loadCountryFixture(file);
  const [feature] = readForalFeatures(body.toString('utf8'));
  return { body, ref: feature.ref, geometry: feature.geometry };
});

const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" '
  + 'xmlns:gml="http://www.opengis.net/gml/3.2" numberMatched="0" numberReturned="0" timeStamp="2026-09-14T06:17:05.334Z"/>';

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
  },
  na: { wfsUrl: `${base}/na-wfs` },
});
