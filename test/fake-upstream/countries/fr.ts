import { containsPoint } from '../../../core/geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../../../core/model/index.js';
import { json, loadCountryFixture, type FakeRoute } from './fake-server.js';

/**
 * France's services as the fake plays them, under `/fr-apicarto` (IGN API Carto cadastre) and
 * `/fr-ban` (API Adresse):
 *
 * - `/parcelle?code_insee&section&numero` → the REAL recordings for 29158 AW 0001 and 41231 0A 0075;
 * - `/parcelle?geom={"type":"Point",…}` → the recording whose parcel contains the point;
 * - `/search/?q=` → the REAL recording of its query ("13 rue yves toudic 75010 Paris"), else the
 *   real "no results" recording;
 * - `/reverse/?lon&lat` → the REAL Chevilly-Larue recording within 100 m of its point, else the
 *   real "no results" recording.
 *
 * WRITTEN BY HAND (no recording exists), to the shape of the recorded answers:
 * - `/parcelle` for any other parcel or point: an empty FeatureCollection (totalFeatures 0);
 * - `/parcelle?geom=` at the address point of the Yves Toudic recording: ONE invented parcel
 *   `75110000AB0013` (a 20 m square around the point), so that the address → parcel chain can
 *   run; its id and outline are not real.
 */
const PARCELLE = {
  '29158000AW0001': loadCountryFixture('fr_apicarto_cadastre_parcelle_29158000AW0001.json'),
  '412310000A0075': loadCountryFixture('fr_apicarto_cadastre_parcelle_412310000A0075.json'),
} as Record<string, Buffer>;
const BAN_SEARCH = { '13 rue yves toudic 75010 paris': loadCountryFixture('fr_ban_search_housenumber_13_rue_yves_toudic_paris.json') } as Record<string, Buffer>;
const BAN_SEARCH_NONE = loadCountryFixture('fr_ban_search_no_results.json');
const BAN_REVERSE = { point: [2.364375, 48.770639] as LonLat, body: loadCountryFixture('fr_ban_reverse_chevilly_larue.json') };
const BAN_REVERSE_NONE = loadCountryFixture('fr_ban_reverse_no_results.json');

export const YVES_TOUDIC_POINT: LonLat = [2.363473, 48.870131];
export const HAND_WRITTEN_PARIS_IDU = '75110000AB0013';

const handWrittenEmpty = () => JSON.stringify({
  type: 'FeatureCollection', features: [], totalFeatures: 0, numberMatched: 0, numberReturned: 0,
  timeStamp: new Date().toISOString(), crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } },
});

function handWrittenParisParcel(): string {
  const [lon, lat] = YVES_TOUDIC_POINT;
  const d = 0.00013;
  const ring = [[lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d], [lon - d, lat - d]];
  return JSON.stringify({
    type: 'FeatureCollection',
    features: [{
      type: 'Feature', id: 'parcelle.0', geometry: { type: 'MultiPolygon', coordinates: [[ring]] }, geometry_name: 'geom',
      properties: { gid: 0, numero: '0013', feuille: 1, section: 'AB', code_dep: '75', nom_com: 'Paris 10e Arrondissement', code_com: '110', com_abs: '000', code_arr: '110', idu: HAND_WRITTEN_PARIS_IDU, contenance: 400, code_insee: '75110' },
    }],
    totalFeatures: 1, numberMatched: 1, numberReturned: 1, timeStamp: new Date().toISOString(),
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } },
  });
}

function recordedGeometry(body: Buffer): ParcelGeometry {
  return JSON.parse(body.toString('utf8')).features[0].geometry as ParcelGeometry;
}
const RECORDED_OUTLINES = Object.values(PARCELLE).map((body) => ({ body, geometry: recordedGeometry(body) }));

const near = (a: LonLat, b: LonLat, metres: number) =>
  Math.hypot((a[0] - b[0]) * 111_320 * Math.cos((a[1] * Math.PI) / 180), (a[1] - b[1]) * 110_540) <= metres;

export const frenchRoutes: FakeRoute = (url) => {
  const q = url.searchParams;
  if (url.pathname === '/fr-apicarto/parcelle') {
    const geom = q.get('geom');
    if (geom) {
      const point = JSON.parse(geom).coordinates as LonLat;
      const recorded = RECORDED_OUTLINES.find((r) => containsPoint(r.geometry, point));
      if (recorded) return json(recorded.body);
      return json(near(point, YVES_TOUDIC_POINT, 5) ? handWrittenParisParcel() : handWrittenEmpty());
    }
    const idu = `${q.get('code_insee')}${q.get('com_abs') ?? '000'}${q.get('section')}${q.get('numero')}`;
    return json(PARCELLE[idu] ?? handWrittenEmpty());
  }
  if (url.pathname === '/fr-ban/search/') {
    return json(BAN_SEARCH[(q.get('q') ?? '').trim().toLowerCase()] ?? BAN_SEARCH_NONE);
  }
  if (url.pathname === '/fr-ban/reverse/') {
    const point: LonLat = [Number(q.get('lon')), Number(q.get('lat'))];
    return json(near(point, BAN_REVERSE.point, 100) ? BAN_REVERSE.body : BAN_REVERSE_NONE);
  }
  return undefined;
};

export const frenchSources = (base: string) => ({
  apicartoCadastreUrl: `${base}/fr-apicarto`,
  banUrl: `${base}/fr-ban`,
});
