import { fromWgs84, toWgs84 } from '../../../geo/crs.js';
import { containsPoint } from '../../../geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../../../model/index.js';
import { json, loadCountryFixture, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * DAWA (Dataforsyningen) as the fake plays it, under `/dk-dawa`.
 *
 * REAL recording: the `/adresser/{id}` object of Mikkel Bryggers Gade 1, København K, byte for
 * byte; `/adresser?q=` mentioning that address answers it inside a JSON list WRITTEN BY HAND
 * (DAWA's search answers a list of the same objects), other queries an empty list.
 *
 * WRITTEN BY HAND (no jordstykke answer was recorded), as DAWA documents its GeoJSON:
 * `/jordstykker/2000178/13` (the parcel the recorded address links to) is an invented 12 m
 * square around the address's recorded access point, registreretareal invented; the reverse
 * lookup answers it for points inside; anything else is DAWA's 404 error object.
 *
 * Datafordeler's GraphQL (`/dk-datafordeler/flexibleCurrent/v1`, GraphQL-over-HTTP GET with `query`,
 * `variables` and `apiKey`), WRITTEN BY HAND in the documented shape (no answer was recorded):
 * `{ data: { MAT_Ejerlav: { nodes: [{ id_lokalId, ejerlavskode, ejerlavsnavn }] } } }` for
 * ejerlavskode 2000178, and `{ data: { MAT_Jordstykke: { nodes: [{ id_lokalId, matrikelnummer,
 * registreretAreal (a string, as in the real MAT download), lodfladeRepraesentationJordstykke:
 * { nodes: [{ geometri: { wkt, crs } }] } }] } } }` for that ejerlav's local id and matrikelnummer
 * 13: the same square as a WKT POLYGON in EPSG:25832; other lookups empty `nodes`. A query naming
 * another entity answers a GraphQL `errors` list; without the fake's API key it answers 401.
 * The ejerlav's local id is its landsejerlavkode, as `ejerlavLokalId` is in the real MAT download.
 *
 * Also WRITTEN BY HAND on the same service, for DAR (addresses) and by point, in the same
 * `{ data: { <Entity>: { nodes } } }` shape, their values taken from the real recorded DAWA address
 * (DAWA's adgangsadresse id is DAR's husnummer id_lokalId):
 * - `DAR_Husnummer` (`where: { adgangsadressebetegnelse: { startsWith: $prefix } }`): the husnummer
 *   "Mikkel Bryggers Gade 1, 1460 København K" when its designation starts with the prefix, with
 *   its `adgangspunkt` id and `jordstykke` id (the jordstykke above, local id invented);
 * - `DAR_Adressepunkt` (`id_lokalId: { in: $ids }`): that adgangspunkt, `position { wkt crs }` the
 *   recorded access point as a WKT POINT in EPSG:25832;
 * - `MAT_Jordstykke` (`id_lokalId: { in: $ids }`): the jordstykke above by its local id;
 * - `MAT_Lodflade` (`geometri: { intersects: { crs: 25832, wkt: $point } }`): the jordstykke's
 *   lodflade when the point is inside the square, else no nodes.
 */
const ADDRESS = loadCountryFixture('dk_dawa_adresser_2183dc88_from_test.json');
export const DK_ADDRESS_POINT: LonLat = [12.57091553, 55.67678895];
export const DK_LINKED_PARCEL = '2000178-13';

const d = 0.00006;
const [lon, lat] = DK_ADDRESS_POINT;
const OUTLINE: ParcelGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [lon - d, lat - d / 2],
      [lon + d, lat - d / 2],
      [lon + d, lat + d / 2],
      [lon - d, lat + d / 2],
      [lon - d, lat - d / 2],
    ],
  ],
};
const JORDSTYKKE = JSON.stringify({
  type: 'Feature',
  geometry: OUTLINE,
  properties: {
    ejerlav: { kode: 2000178, navn: 'Vester Kvarter, København' },
    matrikelnr: '13',
    registreretareal: 545,
    kommune: { kode: '0101', navn: 'København' },
    esrejendomsnr: '153169',
  },
});
export const DK_FAKE_API_KEY = 'not-a-real-key-42';
const EJERLAV_LOKAL_ID = '2000178';
const JORDSTYKKE_LOKAL_ID = '2461946';
const HUSNUMMER_ID = '0a3f507a-c359-32b8-e044-0003ba298018';
const ADGANGSPUNKT_ID = '0a3f507a-c359-32b8-e044-0003ba298018';
export const DK_DAR_DESIGNATION = 'Mikkel Bryggers Gade 1, 1460 København K';
const utm32 = ([x, y]: LonLat) =>
  fromWgs84(25832, x, y)
    .map((v) => v.toFixed(2))
    .join(' ');
const utm32Ring = () => OUTLINE.coordinates[0].map(([x, y]) => utm32([x, y])).join(', ');
const graphql = (entity: string, nodes: unknown[]) => JSON.stringify({ data: { [entity]: { nodes, pageInfo: { hasNextPage: false } } } });
const EJERLAV = graphql('MAT_Ejerlav', [{ id_lokalId: EJERLAV_LOKAL_ID, ejerlavskode: 2000178, ejerlavsnavn: 'Vester Kvarter, København' }]);
const MAT_JORDSTYKKE = graphql('MAT_Jordstykke', [
  {
    id_lokalId: JORDSTYKKE_LOKAL_ID,
    ejerlavLokalId: EJERLAV_LOKAL_ID,
    matrikelnummer: '13',
    registreretAreal: '545',
    lodfladeRepraesentationJordstykke: { nodes: [{ geometri: { wkt: `POLYGON((${utm32Ring()}))`, crs: 'EPSG:25832' } }] },
  },
]);
const DAR_HUSNUMMER = {
  id_lokalId: HUSNUMMER_ID,
  adgangsadressebetegnelse: DK_DAR_DESIGNATION,
  husnummertekst: '1',
  adgangspunkt: ADGANGSPUNKT_ID,
  jordstykke: JORDSTYKKE_LOKAL_ID,
};
const DAR_ADRESSEPUNKT = graphql('DAR_Adressepunkt', [
  { id_lokalId: ADGANGSPUNKT_ID, position: { wkt: `POINT(${utm32(DK_ADDRESS_POINT)})`, crs: 'EPSG:25832' } },
]);
const MAT_LODFLADE = graphql('MAT_Lodflade', [{ id_lokalId: '2461946-hand-written-lodflade', jordstykkeLokalId: JORDSTYKKE_LOKAL_ID }]);
const idsAsked = (variables: Record<string, unknown>) => (Array.isArray(variables.ids) ? variables.ids : []);

/** The point of `POINT(x y)` in EPSG:25832 as WGS84, as the service would read the filter. */
function pointOfWkt(wkt: unknown): LonLat | undefined {
  const match = typeof wkt === 'string' ? /^POINT\s*\(\s*([\d.]+)\s+([\d.]+)\s*\)$/.exec(wkt) : null;
  return match ? toWgs84(25832, Number(match[1]), Number(match[2])) : undefined;
}

const NOT_FOUND = JSON.stringify({ type: 'ResourceNotFoundError', title: 'The resource was not found', details: {} });

const danishRoutes: FakeRoute = (url) => {
  if (url.pathname === '/dk-dawa/adresser') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    return json(q.includes('mikkel bryggers gade 1') ? Buffer.concat([Buffer.from('['), ADDRESS, Buffer.from(']')]) : '[]');
  }
  if (url.pathname === '/dk-dawa/jordstykker/2000178/13') return json(JORDSTYKKE);
  if (url.pathname === '/dk-dawa/jordstykker/reverse') {
    const point: LonLat = [Number(url.searchParams.get('x')), Number(url.searchParams.get('y'))];
    return containsPoint(OUTLINE, point) ? json(JORDSTYKKE) : json(NOT_FOUND, 404);
  }
  if (url.pathname.startsWith('/dk-dawa/jordstykker/')) return json(NOT_FOUND, 404);
  if (url.pathname === '/dk-datafordeler/flexibleCurrent/v1') {
    const q = url.searchParams;
    if (q.get('apiKey') !== DK_FAKE_API_KEY) return json('{"message":"Unauthorized"}', 401);
    const query = q.get('query') ?? '';
    let variables: Record<string, unknown> = {};
    try {
      variables = JSON.parse(q.get('variables') ?? '{}') as Record<string, unknown>;
    } catch {
      return json('{"errors":[{"message":"The variables are not valid JSON."}]}', 400);
    }
    // Datafordeler requires a virkningstid on the root field (DAF-GQL-0009, as a public MAT/v2 client reports it).
    if (
      !/^\s*query\s*\([^)]*\$virkningstid:\s*DafDateTime!/.test(query) ||
      !/\(virkningstid: \$virkningstid\b/.test(query) ||
      Number.isNaN(Date.parse(String(variables.virkningstid)))
    ) {
      return json('{"errors":[{"message":"The argument virkningstid is required.","extensions":{"code":"DAF-GQL-0009"}}]}');
    }
    if (/\bMAT_Ejerlav\(/.test(query)) return json(variables.ejerlavskode === 2000178 ? EJERLAV : graphql('MAT_Ejerlav', []));
    if (/\bMAT_Jordstykke\(/.test(query)) {
      const known = (variables.ejerlavLokalId === EJERLAV_LOKAL_ID && variables.matrikelnummer === '13') || idsAsked(variables).includes(JORDSTYKKE_LOKAL_ID);
      return json(known ? MAT_JORDSTYKKE : graphql('MAT_Jordstykke', []));
    }
    if (/\bMAT_Lodflade\(/.test(query)) {
      const point = pointOfWkt(variables.point);
      return json(point && containsPoint(OUTLINE, point) ? MAT_LODFLADE : graphql('MAT_Lodflade', []));
    }
    if (/\bDAR_Husnummer\(/.test(query)) {
      const prefix = typeof variables.prefix === 'string' ? variables.prefix : undefined;
      return json(graphql('DAR_Husnummer', prefix && DK_DAR_DESIGNATION.startsWith(prefix) ? [DAR_HUSNUMMER] : []));
    }
    if (/\bDAR_Adressepunkt\(/.test(query)) {
      return json(idsAsked(variables).includes(ADGANGSPUNKT_ID) ? DAR_ADRESSEPUNKT : graphql('DAR_Adressepunkt', []));
    }
    return json('{"errors":[{"message":"The query names no field of Query this fake knows."}]}');
  }
  return undefined;
};

const danishSources = (base: string) => ({ dawaUrl: `${base}/dk-dawa`, datafordelerUrl: `${base}/dk-datafordeler` });

/** Denmark as the fake Europe plays it: no API key, so parcels come from DAWA's keyless fallback (dk.test.ts, dk-datafordeler.test.ts). */
export const fake: CountryFake = { routes: [danishRoutes], sources: danishSources };

/**
 * Denmark's fake for its golden tests (dk.test.ts): Datafordeler's GraphQL with the fake's API key,
 * the flow a user has since DAWA closed (the DAWA fallback is left unset, as by default).
 */
export const keyedFake: CountryFake = {
  ...fake,
  sources: (base) => ({ datafordelerUrl: danishSources(base).datafordelerUrl, datafordelerApiKey: DK_FAKE_API_KEY }),
};
