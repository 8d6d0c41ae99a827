import { pointOnFeature } from '@turf/turf';
import { fromWgs84 } from '../../../geo/crs.js';
import { containsPoint } from '../../../geo/polygon.js';
import { geometryFromEwkt } from '../uldk.js';
import type { LonLat, ParcelGeometry } from '../../../model/index.js';
import { json, loadCountryFixture, text, type FakeAnswer, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * GUGiK ULDK as the fake plays it, under `/pl-uldk/` (plain text, REAL recordings):
 * - `GetParcelById&id=` of a recorded parcel → its recording: 146510_8.0309.24/35 (Warszawa) and
 *   126105_9.0001.311 (Kraków), recorded live 2026-09-01, byte for byte when `result=` asks their
 *   recorded fields `id,voivodeship,county,commune,region,parcel,geom_wkt`; 141201_1.0001.6509
 *   (pasted into a client's test with the fields `voivodeship,geom_extent,county,commune,id,parcel,
 *   region,geom_wkt`) DERIVED: its values in the order `result=` asks, as ULDK orders columns;
 * - `GetParcelByXY&xy=lon,lat,4326` (the order a client measured live) inside a recorded outline →
 *   that parcel's answer as above; elsewhere the recorded `-1 brak wyników` answer (recorded for a
 *   point in the Baltic; its author saw the same bytes for any absence). Any other `xy=` (EPSG:2180,
 *   whose axis order no recording proves) is refused loudly: HTTP 500 from the fake, not a 404;
 * - `GetParcelById` of any other id → the recorded `-1` answer;
 * - `GetParcelByIdOrNr&id=134` → the recorded two-record answer (status = count `2`);
 * - an unknown `request=` → the recorded bare sentence (it names `NieistniejacaMetoda`, replayed as is);
 * - a `result=` asking a field a recording lacks → HTTP 500 from the fake (no answer is invented).
 *
 * GUGiK UUG (`/pl-uug/?request=GetAddress&address=…`), WRITTEN BY HAND in the shape of real
 * answers quoted in public material (UUG_ADDRESS below), for one invented address ("ulica Kościuszki 1,
 * 05-300 Mińsk Mazowiecki") placed inside the recorded ULDK parcel
 * 141201_1.0001.6509; a query naming "Kościuszki" (any case) finds it, any other
 * `{"type":"address","found objects":0,"results":null}`.
 */
interface UldkRecording {
  body: Buffer;
  fields: string[];
  values: string[];
  outline: ParcelGeometry;
}
function recording(name: string, fields: string[]): UldkRecording {
  const body = loadCountryFixture(name);
  const values = body.toString('utf8').split('\n')[1].split('|');
  return { body, fields, values, outline: geometryFromEwkt(values[fields.indexOf('geom_wkt')]) };
}
const LIVE_FIELDS = ['id', 'voivodeship', 'county', 'commune', 'region', 'parcel', 'geom_wkt'];
const RECORDINGS = [
  recording('pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt', LIVE_FIELDS),
  recording('pl_uldk_krakow_126105_9.0001.311_recorded_2026-09-01.txt', LIVE_FIELDS),
  recording('pl_uldk_getparcelbyid_141201_1.0001.6509_from_test.txt', [
    'voivodeship',
    'geom_extent',
    'county',
    'commune',
    'id',
    'parcel',
    'region',
    'geom_wkt',
  ]),
];
const NONE = loadCountryFixture('pl_uldk_getparcelbyxy_baltic_no_results.txt');
const TWO = loadCountryFixture('pl_uldk_getparcelbyidornr_134_two_results_from_test.txt');
const UNKNOWN_REQUEST = loadCountryFixture('pl_uldk_error_unknown_request.txt');

export const RECORDED_PL_ID = '141201_1.0001.6509';
export const WARSZAWA_PL_ID = '146510_8.0309.24/35';
/** The point the client probed live (`21.0061,52.2317,4326`), inside the Warszawa recording. */
export const WARSZAWA_PROBED_POINT: LonLat = [21.0061, 52.2317];
const recordedOutline = RECORDINGS[2].outline;
const idOf = (r: UldkRecording) => r.values[r.fields.indexOf('id')];

/** The recording as ULDK would answer `result=`: its own bytes when asked as recorded, else its values reordered. */
function answerFor(r: UldkRecording, result: string | null): FakeAnswer {
  const asked = (result ?? '').split(',');
  if (asked.join(',') === r.fields.join(',')) return text(r.body);
  if (asked.some((field) => !r.fields.includes(field))) return text(`fake ULDK: ${idOf(r)} was recorded without some of ${result}`, 500);
  return text(`0\n${asked.map((field) => r.values[r.fields.indexOf(field)]).join('|')}\n`);
}

const polishRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/pl-uldk/') return undefined;
  const q = url.searchParams;
  switch (q.get('request')) {
    case 'GetParcelById': {
      const found = RECORDINGS.find((r) => idOf(r) === q.get('id'));
      return found ? answerFor(found, q.get('result')) : text(NONE);
    }
    case 'GetParcelByXY': {
      const [lon, lat, srid] = (q.get('xy') ?? '').split(',').map(Number);
      if (srid !== 4326 || !Number.isFinite(lon) || !Number.isFinite(lat))
        return text(`fake ULDK: no recording proves the axis order of xy=${q.get('xy')}`, 500);
      const found = RECORDINGS.find((r) => containsPoint(r.outline, [lon, lat]));
      return found ? answerFor(found, q.get('result')) : text(NONE);
    }
    case 'GetParcelByIdOrNr':
      return text(q.get('id') === '134' ? TWO : NONE);
    default:
      return text(UNKNOWN_REQUEST);
  }
};

export const PL_ADDRESS_POINT = pointOnFeature({ type: 'Feature', properties: {}, geometry: recordedOutline }).geometry.coordinates as [number, number];
const [addressX, addressY] = fromWgs84(2180, PL_ADDRESS_POINT[0], PL_ADDRESS_POINT[1]).map((v) => v.toFixed(4));
// The envelope and fields of GetAddress as real answers quoted in public material show them (a
// guide's "Warszawa, Stalowa 1" with its `request time`; a client's curl-checked tests): keys with
// spaces, `results` keyed by position, the street with its type written out, `jednostka` in
// braces, x/y and geometry_wkt in EPSG:2180 easting first. The address itself is invented.
const UUG_ADDRESS = JSON.stringify({
  type: 'address',
  'max results limit': 10,
  'min accuracy limit': 0.6,
  'only exact numbers': 1,
  'found objects': 10,
  'returned objects': 1,
  results: {
    1: {
      city: 'Mińsk Mazowiecki',
      citypart: null,
      street: 'ulica Kościuszki',
      number: '1',
      teryt: '141201',
      simc: '0921492',
      ulic: '09477',
      code: '05-300',
      jednostka: '{Polska,mazowieckie,miński,Mińsk Mazowiecki}',
      x: addressX,
      y: addressY,
      geometry_wkt: `POINT(${addressX} ${addressY})`,
      accuracy: '0.75',
      city_accuracy: '1',
      street_accuracy: '0.5',
      id: 1,
    },
  },
  'request time': 0.070067417621613,
});
const UUG_NONE = '{"type":"address","found objects":0,"results":null}';

const polishGeocoderRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/pl-uug/' || url.searchParams.get('request') !== 'GetAddress') return undefined;
  return json((url.searchParams.get('address') ?? '').toLowerCase().includes('kościuszki') ? UUG_ADDRESS : UUG_NONE);
};

export const polishSources = (base: string) => ({ uldkUrl: `${base}/pl-uldk`, uugUrl: `${base}/pl-uug` });

/** PL's fake for its golden tests (pl.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [polishRoutes, polishGeocoderRoutes], sources: polishSources };
