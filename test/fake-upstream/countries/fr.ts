import { bboxOf, centroid, containsPoint } from '../../../core/geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../../../core/model/index.js';
import { json, loadCountryFixture, xml, type FakeRoute } from './fake-server.js';

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
 * - `/fr-bdtopo` (Géoplateforme WFS, `TYPENAMES=BDTOPO_V3:batiment`, GeoJSON, `BBOX=w,s,e,n,EPSG:4326`):
 *   for a box meeting parcel 29158000AW0001, a FeatureCollection of two INVENTED buildings in BD
 *   TOPO v3's attribute names (`usage_1`, `nombre_de_logements`, `nombre_d_etages`,
 *   `date_d_apparition`, `hauteur`): a 10 m square at the parcel's centroid (Résidentiel, 2
 *   dwellings, 2 floors, 1962) and a neighbour's 200 m away (outside the parcel); elsewhere no
 *   features. Any other typeName is a WFS exception (400).
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

const square = ([lon, lat]: LonLat, halfMetres: number): ParcelGeometry => {
  const dLon = halfMetres / (111_320 * Math.cos((lat * Math.PI) / 180));
  const dLat = halfMetres / 110_540;
  return { type: 'Polygon', coordinates: [[[lon - dLon, lat - dLat], [lon + dLon, lat - dLat], [lon + dLon, lat + dLat], [lon - dLon, lat + dLat], [lon - dLon, lat - dLat]]] };
};
const PENMARCH_PARCEL = (JSON.parse(PARCELLE['29158000AW0001'].toString('utf8')) as { features: { geometry: ParcelGeometry }[] }).features[0].geometry;
const PENMARCH_CENTRE = centroid(PENMARCH_PARCEL);
/** The invented house on 29158000AW0001 (hand-written, see above), for the tests' expectations. */
export const FR_BUILDING = { geometry: square(PENMARCH_CENTRE, 5), usage_1: 'Résidentiel', nombre_de_logements: 2, nombre_d_etages: 2, date_d_apparition: '1962-01-01' };
const BATIMENTS = JSON.stringify({
  type: 'FeatureCollection',
  numberMatched: 2,
  numberReturned: 2,
  features: [
    { type: 'Feature', id: 'batiment.BATIMENT0000000000000001', geometry: FR_BUILDING.geometry, properties: { nature: 'Indifférenciée', usage_1: FR_BUILDING.usage_1, usage_2: null, nombre_de_logements: 2, nombre_d_etages: 2, hauteur: 6.4, date_d_apparition: FR_BUILDING.date_d_apparition } },
    { type: 'Feature', id: 'batiment.BATIMENT0000000000000002', geometry: square([PENMARCH_CENTRE[0] + 0.0027, PENMARCH_CENTRE[1]], 5), properties: { nature: 'Indifférenciée', usage_1: 'Agricole', nombre_de_logements: 0, nombre_d_etages: 1, hauteur: 4, date_d_apparition: '1900-01-01' } },
  ],
});
const NO_BATIMENTS = JSON.stringify({ type: 'FeatureCollection', numberMatched: 0, numberReturned: 0, features: [] });

export const frenchRoutes: FakeRoute = (url) => {
  const q = url.searchParams;
  if (url.pathname === '/fr-bdtopo') {
    if (q.get('TYPENAMES') !== 'BDTOPO_V3:batiment') return xml('<ows:ExceptionReport><ows:Exception exceptionCode="InvalidParameterValue"/></ows:ExceptionReport>', 400);
    const [w, s, e, n] = (q.get('BBOX') ?? '').split(',').map(Number);
    const [pw, ps, pe, pn] = bboxOf(PENMARCH_PARCEL);
    return json(w <= pe && e >= pw && s <= pn && n >= ps ? BATIMENTS : NO_BATIMENTS);
  }
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
  bdtopoWfsUrl: `${base}/fr-bdtopo`,
});
