import { json, loadCountryFixture, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { containsPoint } from '../../../geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../../../model/index.js';

/**
 * Luxembourg's services as the fake plays them, REAL recordings (./recordings, PROVENANCE.md there):
 * - `/lu-wfs` (ACT INSPIRE CP WFS, GeoJSON): a `bbox=lat,lon,lat,lon,urn:…4326` whose centre lies in
 *   a parcel of one of the two recorded answers (Luxembourg-Ville 075F, Esch-sur-Alzette 039A) →
 *   that answer, as recorded (several parcels, id order); a `CQL_FILTER` naming a parcel of one
 *   of them → that same recorded answer (no filtered answer was recorded: the adapter must pick
 *   its parcel out of it);
 * - `/lu-geocoder/search?queryString=2 boulevard Royal luxembourg` → its recording; any other
 *   text → the recorded "no results" answer (`success: false`, one empty result);
 * - `/lu-geocoder/reverseGeocode` → the recorded reverse answer.
 * WRITTEN BY HAND: every other WFS request answers an empty FeatureCollection in the recorded
 * answers' shape (totalFeatures/numberMatched/numberReturned 0).
 */
const RECORDED = ['lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json', 'lu_inspire_cp_wfs_getfeature_bbox_esch_039A.json'].map((file) => {
  const body = loadCountryFixture(file);
  const parsed = JSON.parse(body.toString('utf8')) as { features: { geometry: ParcelGeometry; properties: { national_cadastral_reference: string } }[] };
  return { body, parcels: parsed.features.map((f) => ({ ref: f.properties.national_cadastral_reference, geometry: f.geometry })) };
});
const EMPTY =
  '{"type":"FeatureCollection","features":[],"totalFeatures":0,"numberMatched":0,"numberReturned":0,"timeStamp":"2026-09-03T10:00:00.000Z","crs":null}';
const GEOCODE = { '2 boulevard royal luxembourg': loadCountryFixture('lu_geoportail_geocode_2_boulevard_royal.json') } as Record<string, Buffer>;
const NO_RESULTS = loadCountryFixture('lu_geoportail_geocode_no_results.json');
const REVERSE = loadCountryFixture('lu_geoportail_reverse_boulevard_prince_henri.json');

const luxembourgRoutes: FakeRoute = (url) => {
  const q = url.searchParams;
  if (url.pathname === '/lu-wfs') {
    const cql = /national_cadastral_reference='([^']*)'/.exec(q.get('CQL_FILTER') ?? '')?.[1];
    if (cql) return json(RECORDED.find((r) => r.parcels.some((p) => p.ref === cql))?.body ?? EMPTY);
    const [latMin, lonMin, latMax, lonMax] = (q.get('bbox') ?? '').split(',').map(Number);
    const centre: LonLat = [(lonMin + lonMax) / 2, (latMin + latMax) / 2];
    const hit =
      Number.isFinite(centre[0]) && Number.isFinite(centre[1]) && (q.get('bbox') ?? '').endsWith('urn:ogc:def:crs:EPSG::4326')
        ? RECORDED.find((r) => r.parcels.some((p) => containsPoint(p.geometry, centre)))
        : undefined;
    return json(hit?.body ?? EMPTY);
  }
  if (url.pathname === '/lu-geocoder/search') return json(GEOCODE[(q.get('queryString') ?? '').trim().toLowerCase()] ?? NO_RESULTS);
  if (url.pathname === '/lu-geocoder/reverseGeocode') return json(REVERSE);
  return undefined;
};

const luxembourgSources = (base: string) => ({ cpWfsUrl: `${base}/lu-wfs`, geocoderUrl: `${base}/lu-geocoder` });

/** LU's fake for its golden tests (lu.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [luxembourgRoutes], sources: luxembourgSources };
