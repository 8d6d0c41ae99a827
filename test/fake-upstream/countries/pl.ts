import { toWgs84 } from '../../../core/geo/crs.js';
import { containsPoint } from '../../../core/geo/polygon.js';
import { geometryFromEwkt } from '../../../core/countries/pl/uldk.js';
import { loadCountryFixture, text, type FakeRoute } from './fake-server.js';

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

export const polishSources = (base: string) => ({ uldkUrl: `${base}/pl-uldk` });
