import { fromWgs84, toWgs84 } from '../../../core/geo/crs.js';
import { containsPoint } from '../../../core/geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../../../core/model/index.js';
import { json, loadCountryFixture, type FakeRoute } from './fake-server.js';

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
 * Datafordeler's Matriklen2 REST (`/dk-datafordeler/Matriklen2/Matrikel/2.0.0/rest/SamletFastEjendom`),
 * WRITTEN BY HAND in the documented shape (no answer was recorded): a GeoJSON FeatureCollection of
 * one SamletFastEjendom whose `properties.jordstykke` lists the same parcel as a feature with
 * ejerlavskode / ejerlavsnavn / matrikelnummer (the names OS2Forms' client reads), registreretAreal,
 * kommunenavn, and the same square as a Polygon in EPSG:25832. It answers `Ejerlavskode=2000178&
 * Matrikelnr=13` and a `Point=POINT(x y)` (EPSG:25832) inside the square; other lookups an empty
 * FeatureCollection. Without the fake's service user (`username`/`password`) it answers 401.
 */
const ADDRESS = loadCountryFixture('dk_dawa_adresser_2183dc88_from_test.json');
export const DK_ADDRESS_POINT: LonLat = [12.57091553, 55.67678895];
export const DK_LINKED_PARCEL = '2000178-13';

const d = 0.00006;
const [lon, lat] = DK_ADDRESS_POINT;
const OUTLINE: ParcelGeometry = { type: 'Polygon', coordinates: [[[lon - d, lat - d / 2], [lon + d, lat - d / 2], [lon + d, lat + d / 2], [lon - d, lat + d / 2], [lon - d, lat - d / 2]]] };
const JORDSTYKKE = JSON.stringify({
  type: 'Feature',
  geometry: OUTLINE,
  properties: { ejerlav: { kode: 2000178, navn: 'Vester Kvarter, København' }, matrikelnr: '13', registreretareal: 545, kommune: { kode: '0101', navn: 'København' }, esrejendomsnr: '153169' },
});
export const DK_FAKE_SERVICE_USER = { username: 'catastro-test', password: 'not-a-real-secret-42' };
const SAMLET_FAST_EJENDOM = JSON.stringify({
  type: 'FeatureCollection',
  features: [{
    type: 'Feature',
    properties: {
      BFEnummer: 153169,
      jordstykke: [{
        type: 'Feature',
        properties: { ejerlavskode: 2000178, ejerlavsnavn: 'Vester Kvarter, København', matrikelnummer: '13', registreretAreal: 545, kommunenavn: 'København' },
        geometry: { type: 'Polygon', coordinates: OUTLINE.coordinates.map((ring) => ring.map(([x, y]) => fromWgs84(25832, x, y).map((v) => Math.round(v * 100) / 100))) },
      }],
    },
  }],
});
const NO_PROPERTY = JSON.stringify({ type: 'FeatureCollection', features: [] });
const NOT_FOUND = JSON.stringify({ type: 'ResourceNotFoundError', title: 'The resource was not found', details: {} });

export const danishRoutes: FakeRoute = (url) => {
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
  if (url.pathname === '/dk-datafordeler/Matriklen2/Matrikel/2.0.0/rest/SamletFastEjendom') {
    const q = url.searchParams;
    if (q.get('username') !== DK_FAKE_SERVICE_USER.username || q.get('password') !== DK_FAKE_SERVICE_USER.password) return json('{"message":"Unauthorized"}', 401);
    if (q.get('Ejerlavskode') === '2000178' && q.get('Matrikelnr') === '13') return json(SAMLET_FAST_EJENDOM);
    const point = /^POINT\(([-\d.]+) ([-\d.]+)\)$/.exec(q.get('Point') ?? '');
    if (point && containsPoint(OUTLINE, toWgs84(25832, Number(point[1]), Number(point[2])))) return json(SAMLET_FAST_EJENDOM);
    return json(NO_PROPERTY);
  }
  return undefined;
};

export const danishSources = (base: string) => ({ dawaUrl: `${base}/dk-dawa`, datafordelerUrl: `${base}/dk-datafordeler` });
