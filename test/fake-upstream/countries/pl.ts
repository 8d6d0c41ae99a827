import { pointOnFeature } from '@turf/turf';
import { fromWgs84, toWgs84 } from '../../../core/geo/crs.js';
import { containsPoint } from '../../../core/geo/polygon.js';
import { geometryFromEwkt } from '../../../core/countries/pl/uldk.js';
import { json, loadCountryFixture, text, type FakeRoute } from './fake-server.js';

/**
 * GUGiK ULDK as the fake plays it, under `/pl-uldk/` (plain text, all REAL recordings):
 * - `GetParcelById&id=141201_1.0001.6509` → its recorded answer (status `0`, one record);
 * - `GetParcelById` of any other id → the recorded `-1 brak wyników` answer (its author saw the
 *   same bytes for a non-existent id);
 * - `GetParcelByXY&xy=x,y,2180` inside that parcel → the same GetParcelById recording (the XY
 *   answer has the same status line and fields; no XY success was recorded); elsewhere → the
 *   recorded `-1` answer (recorded for a point in the Baltic);
 * - `GetParcelByIdOrNr&id=134` → the recorded two-record answer (status = count `2`);
 * - an unknown `request=` → the recorded bare sentence (it names `NieistniejacaMetoda`, replayed as is).
 *
 * GUGiK UUG (`/pl-uug/?request=GetAddress&address=…`), WRITTEN BY HAND in the shape its clients
 * read (no answer was recorded): `{type, foundObjects, results: {"1": {city, street, number, code,
 * jednostka, teryt, x, y, geometry_wkt}}}` with the point in EPSG:2180, for one invented address
 * ("ulica Kościuszki 1, 05-300 Mińsk Mazowiecki") placed inside the recorded ULDK parcel; a query
 * naming "Kościuszki" (any case) finds it, any other `{"type":null,"foundObjects":0,"results":null}`.
 */
const BY_ID = loadCountryFixture('pl_uldk_getparcelbyid_141201_1.0001.6509_from_test.txt');
const NONE = loadCountryFixture('pl_uldk_getparcelbyxy_baltic_no_results.txt');
const TWO = loadCountryFixture('pl_uldk_getparcelbyidornr_134_two_results_from_test.txt');
const UNKNOWN_REQUEST = loadCountryFixture('pl_uldk_error_unknown_request.txt');

export const RECORDED_PL_ID = '141201_1.0001.6509';
const recordedOutline = geometryFromEwkt(BY_ID.toString('utf8').split('\n')[1].split('|')[7]);

export const polishRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/pl-uldk/') return undefined;
  const q = url.searchParams;
  switch (q.get('request')) {
    case 'GetParcelById':
      return text(q.get('id') === RECORDED_PL_ID ? BY_ID : NONE);
    case 'GetParcelByXY': {
      const [x, y, srid] = (q.get('xy') ?? '').split(',').map(Number);
      const lonLat = srid === 2180 && Number.isFinite(x) && Number.isFinite(y) ? toWgs84(2180, x, y) : undefined;
      return text(lonLat && containsPoint(recordedOutline, lonLat) ? BY_ID : NONE);
    }
    case 'GetParcelByIdOrNr':
      return text(q.get('id') === '134' ? TWO : NONE);
    default:
      return text(UNKNOWN_REQUEST);
  }
};

export const PL_ADDRESS_POINT = pointOnFeature({ type: 'Feature', properties: {}, geometry: recordedOutline }).geometry.coordinates as [number, number];
const [addressX, addressY] = fromWgs84(2180, PL_ADDRESS_POINT[0], PL_ADDRESS_POINT[1]).map((v) => v.toFixed(2));
const UUG_ADDRESS = JSON.stringify({
  type: 'address',
  foundObjects: 1,
  results: {
    1: {
      city: 'Mińsk Mazowiecki', street: 'ulica Kościuszki', number: '1', code: '05-300',
      jednostka: 'Polska, mazowieckie, miński, Mińsk Mazowiecki (gmina miejska)', teryt: '1412011',
      x: addressX, y: addressY, geometry_wkt: `POINT(${addressX} ${addressY})`,
    },
  },
});
const UUG_NONE = '{"type":null,"foundObjects":0,"results":null}';

export const polishGeocoderRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/pl-uug/' || url.searchParams.get('request') !== 'GetAddress') return undefined;
  return json((url.searchParams.get('address') ?? '').toLowerCase().includes('kościuszki') ? UUG_ADDRESS : UUG_NONE);
};

export const polishSources = (base: string) => ({ uldkUrl: `${base}/pl-uldk`, uugUrl: `${base}/pl-uug` });
