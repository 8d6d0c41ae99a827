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
  return undefined;
};

export const danishSources = (base: string) => ({ dawaUrl: `${base}/dk-dawa` });
