import { bboxOf, centroid, containsPoint } from '../../../geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../../../model/index.js';
import { json, loadCountryFixture, xml, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { boxAround } from '../../../../test/helpers/box-around.js';

/**
 * France's services as the fake plays them, under `/fr-apicarto` (IGN API Carto cadastre) and
 * `/fr-geocodage` (the BAN's geocoder on the Géoplateforme):
 *
 * - `/parcelle?code_insee&section&numero[&code_arr][&com_abs]` → the REAL recordings for 29158 AW
 *   0001 and 41231 0A 0075, filtered as the service filters (IGNF/apicarto: `code_insee` split into
 *   `code_dep` + `code_com`, every other parameter compared with the property of that name);
 * - `/parcelle?geom={"type":"Point",…}` → the recording whose parcel contains the point;
 * - `/search?q=` → the REAL Géoplateforme answer recorded for its query ("3 rue de l'école 13");
 * - `/reverse?lon&lat` → the REAL Géoplateforme answer recorded at Rue Haute Pierre, Metz, within
 *   60 m of its nearest address.
 *
 * WRITTEN BY HAND (no recording exists), in the shape of the recorded answers:
 * - `/parcelle` for any other parcel or point: an empty FeatureCollection (totalFeatures 0);
 * - two INVENTED parcels (20 m squares, ids and numbers not real) so that the chains can run:
 *   `13207000AB0012` in Marseille 7e at the recorded address "3 Rue de l'ecole 13007 Marseille",
 *   filed as API Carto files Marseille (code_dep 13, code_com 055, code_arr 207); and
 *   `57463000AB0001` in Metz at the point the recorded reverse answer was asked for;
 * - `/search` and `/reverse` with nothing recorded: `{"type":"FeatureCollection","features":[]}`
 *   (plus `query` on search), the recorded answers' envelope with no feature.
 * - `/fr-bdtopo` (Géoplateforme WFS, `TYPENAMES=BDTOPO_V3:batiment`, GeoJSON, `BBOX=w,s,e,n,EPSG:4326`):
 *   for a box meeting parcel 29158000AW0001, a FeatureCollection of two INVENTED buildings written
 *   to IGN's published schema (`bdtopoBatiment` below: every attribute of the class, 3D
 *   MultiPolygons): a 10 m square at the parcel's centroid (Résidentiel, 2 dwellings, 2 floors,
 *   1962) and a neighbour's 200 m away (outside the parcel, 0 floors and no date as the schema
 *   leaves unknown figures); elsewhere no features. Any other typeName is a WFS exception (400).
 */
const PARCELLE = [
  loadCountryFixture('fr_apicarto_cadastre_parcelle_29158000AW0001.json'),
  loadCountryFixture('fr_apicarto_cadastre_parcelle_412310000A0075.json'),
];
const GEOCODER_SEARCH = { "3 rue de l'école 13": loadCountryFixture('fr_geopf_geocodage_search_3_rue_de_l_ecole_13.json') } as Record<string, Buffer>;
const GEOCODER_REVERSE = loadCountryFixture('fr_geopf_geocodage_reverse_metz_rue_haute_pierre.json');
const firstPoint = (body: Buffer) => JSON.parse(body.toString('utf8')).features[0].geometry.coordinates as LonLat;

/** The recorded Marseille address ("3 Rue de l'ecole 13007 Marseille", citycode 13207) and the Metz one the reverse answer names first. */
export const MARSEILLE_ADDRESS_POINT = (
  JSON.parse(GEOCODER_SEARCH["3 rue de l'école 13"].toString('utf8')).features as { geometry: { coordinates: LonLat }; properties: { citycode: string } }[]
).find((f) => f.properties.citycode === '13207')!.geometry.coordinates;
export const METZ_ADDRESS_POINT = firstPoint(GEOCODER_REVERSE);
export const HAND_WRITTEN_MARSEILLE_IDU = '13207000AB0012';
export const HAND_WRITTEN_METZ_IDU = '57463000AB0001';

const crs = { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } };
/** A GeoServer WFS FeatureCollection of `features`, written by hand to its shape; `extra` members follow its crs. */
const handWrittenCollection = (features: unknown[], extra: object = {}) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features,
    totalFeatures: features.length,
    numberMatched: features.length,
    numberReturned: features.length,
    timeStamp: new Date().toISOString(),
    crs,
    ...extra,
  });

function handWrittenParcel([lon, lat]: LonLat, properties: Record<string, unknown>) {
  const d = 0.00013;
  const ring = [
    [lon - d, lat - d],
    [lon + d, lat - d],
    [lon + d, lat + d],
    [lon - d, lat + d],
    [lon - d, lat - d],
  ];
  return { type: 'Feature', id: 'parcelle.0', geometry: { type: 'MultiPolygon', coordinates: [[ring]] }, geometry_name: 'geom', properties };
}
const HAND_WRITTEN_PARCELS = [
  handWrittenParcel(MARSEILLE_ADDRESS_POINT, {
    gid: 0,
    numero: '0012',
    feuille: 1,
    section: 'AB',
    code_dep: '13',
    nom_com: 'Marseille 7e Arrondissement',
    code_com: '055',
    com_abs: '000',
    code_arr: '207',
    idu: HAND_WRITTEN_MARSEILLE_IDU,
    contenance: 400,
    code_insee: '13055',
  }),
  // The reverse answer's nearest address is 31 m from where it was asked: the parcel lies around the address itself.
  handWrittenParcel(METZ_ADDRESS_POINT, {
    gid: 1,
    numero: '0001',
    feuille: 1,
    section: 'AB',
    code_dep: '57',
    nom_com: 'Metz',
    code_com: '463',
    com_abs: '000',
    code_arr: '000',
    idu: HAND_WRITTEN_METZ_IDU,
    contenance: 400,
    code_insee: '57463',
  }),
];

function recordedGeometry(body: Buffer): ParcelGeometry {
  return JSON.parse(body.toString('utf8')).features[0].geometry as ParcelGeometry;
}
const RECORDED_OUTLINES = PARCELLE.map((body) => ({ body, geometry: recordedGeometry(body) }));

const near = (a: LonLat, b: LonLat, metres: number) =>
  Math.hypot((a[0] - b[0]) * 111_320 * Math.cos((a[1] * Math.PI) / 180), (a[1] - b[1]) * 110_540) <= metres;

const square = ([lon, lat]: LonLat, halfMetres: number): ParcelGeometry =>
  boxAround(lon, lat, halfMetres / (111_320 * Math.cos((lat * Math.PI) / 180)), halfMetres / 110_540);
const PENMARCH_PARCEL = (JSON.parse(PARCELLE[0].toString('utf8')) as { features: { geometry: ParcelGeometry }[] }).features[0].geometry;
const PENMARCH_CENTRE = centroid(PENMARCH_PARCEL);
/** The invented house on 29158000AW0001 (hand-written, see above), for the tests' expectations. */
export const FR_BUILDING = {
  geometry: square(PENMARCH_CENTRE, 5),
  usage_1: 'Résidentiel',
  nombre_de_logements: 2,
  nombre_d_etages: 2,
  date_d_apparition: '1962-01-01Z',
};
/**
 * A `BDTOPO_V3:batiment` feature as the Géoplateforme WFS writes it in GeoJSON: the 28 attributes
 * of BD TOPO v3's `batiment` class under their PostgreSQL names (IGN, BD TOPO Version 3
 * Descriptif de contenu, §8.2 BATIMENT), a 3D MultiPolygon whose z is the roof's altitude, and
 * GeoServer's `geometry_name` and per-feature `bbox`. Values are invented; the shape is the schema's.
 */
function bdtopoBatiment(gid: number, footprint: ParcelGeometry, facts: Record<string, unknown>) {
  const roof = 12.4 + Number(facts.hauteur ?? 0);
  const [w, s, e, n] = bboxOf(footprint);
  return {
    type: 'Feature',
    id: `batiment.${gid}`,
    geometry: { type: 'MultiPolygon', coordinates: [footprint.coordinates.map((ring) => (ring as number[][]).map(([x, y]) => [x, y, roof]))] },
    geometry_name: 'geometrie',
    properties: {
      cleabs: `BATIMENT00000002${String(gid).padStart(8, '0')}`,
      nature: 'Indifférenciée',
      usage_1: null,
      usage_2: null,
      construction_legere: false,
      etat_de_l_objet: 'En service',
      date_creation: '2010-07-15T07:31:40.330Z',
      date_modification: '2019-03-15T08:13:01.848Z',
      date_d_apparition: null,
      date_de_confirmation: null,
      sources: null,
      identifiants_sources: '',
      methode_d_acquisition_planimetrique: 'BDParcellaire recalée',
      methode_d_acquisition_altimetrique: 'Interpolation bâti BDTopo',
      precision_planimetrique: 3,
      precision_altimetrique: 2.5,
      nombre_de_logements: 0,
      nombre_d_etages: 0,
      materiaux_des_murs: null,
      materiaux_de_la_toiture: null,
      hauteur: null,
      altitude_minimale_sol: 12.4,
      altitude_minimale_toit: roof,
      altitude_maximale_toit: roof + 1.2,
      altitude_maximale_sol: 12.9,
      origine_du_batiment: 'Cadastre',
      appariement_fichiers_fonciers: null,
      identifiants_rnb: null,
      ...facts,
    },
    bbox: [w, s, e, n],
  };
}
const batimentsCollection = (features: ReturnType<typeof bdtopoBatiment>[]) =>
  handWrittenCollection(features, {
    ...(features.length > 0 && {
      bbox: features.map((f) => f.bbox).reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]),
    }),
  });
const BATIMENTS = batimentsCollection([
  bdtopoBatiment(18362875, FR_BUILDING.geometry, {
    usage_1: FR_BUILDING.usage_1,
    nombre_de_logements: FR_BUILDING.nombre_de_logements,
    nombre_d_etages: FR_BUILDING.nombre_d_etages,
    hauteur: 6.4,
    date_d_apparition: FR_BUILDING.date_d_apparition,
    appariement_fichiers_fonciers: 'A 1.0',
    identifiants_rnb: 'ZWHEZKQSSXSC',
  }),
  // The neighbour's farm building, as the schema leaves unknown figures: 0 dwellings, 0 floors, no date.
  bdtopoBatiment(18362876, square([PENMARCH_CENTRE[0] + 0.0027, PENMARCH_CENTRE[1]], 5), { usage_1: 'Agricole', hauteur: 4 }),
]);
const NO_BATIMENTS = batimentsCollection([]);

export const frenchRoutes: FakeRoute = (url) => {
  const q = url.searchParams;
  if (url.pathname === '/fr-bdtopo') {
    if (q.get('TYPENAMES') !== 'BDTOPO_V3:batiment')
      return xml('<ows:ExceptionReport><ows:Exception exceptionCode="InvalidParameterValue"/></ows:ExceptionReport>', 400);
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
      return json(handWrittenCollection(HAND_WRITTEN_PARCELS.filter((f) => containsPoint(f.geometry as ParcelGeometry, point))));
    }
    const recorded = PARCELLE.find((body) => filteredAsApicarto(JSON.parse(body.toString('utf8')).features[0].properties, q));
    return json(recorded ?? handWrittenCollection(HAND_WRITTEN_PARCELS.filter((f) => filteredAsApicarto(f.properties, q))));
  }
  if (url.pathname === '/fr-geocodage/search') {
    const query = q.get('q') ?? '';
    return json(GEOCODER_SEARCH[query.trim().toLowerCase()] ?? JSON.stringify({ type: 'FeatureCollection', features: [], query }));
  }
  if (url.pathname === '/fr-geocodage/reverse') {
    const point: LonLat = [Number(q.get('lon')), Number(q.get('lat'))];
    return json(near(point, METZ_ADDRESS_POINT, 60) ? GEOCODER_REVERSE : JSON.stringify({ type: 'FeatureCollection', features: [] }));
  }
  return undefined;
};

/**
 * API Carto's attribute filter (IGNF/apicarto controllers/cadastre/index.js): `code_insee` becomes
 * `code_dep` (2 characters) + `code_com`; every parameter must equal the property of its name.
 */
function filteredAsApicarto(properties: Record<string, unknown>, q: URLSearchParams): boolean {
  const wanted: Record<string, string> = {};
  for (const [key, value] of q) if (!key.startsWith('_') && key !== 'source_ign') wanted[key] = value;
  if (wanted.code_insee) {
    wanted.code_dep = wanted.code_insee.slice(0, 2);
    wanted.code_com = wanted.code_insee.slice(2);
    delete wanted.code_insee;
  }
  return Object.entries(wanted).every(([key, value]) => String(properties[key]) === value);
}

export const frenchSources = (base: string) => ({
  apicartoCadastreUrl: `${base}/fr-apicarto`,
  geocoderUrl: `${base}/fr-geocodage`,
  bdtopoWfsUrl: `${base}/fr-bdtopo`,
});

/** France's fake for its golden tests (core/countries/fr/test/fr.test.ts). */
export const fake: CountryFake = { routes: [frenchRoutes], sources: frenchSources };
