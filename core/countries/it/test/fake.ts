import { loadCountryFixture, xml, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * The INSPIRE Cadastral Parcels WFS of Italy (`/it-wfs`) as the fake plays it (the recording in ./recordings).
 *
 * Italy, REAL recording: a GetFeature whose BBOX (EPSG:6706, latitude first) meets the recorded
 * parcel's envelope answers the recorded MapServer document byte for byte; any other BBOX
 * answers an empty MapServer FeatureCollection WRITTEN BY HAND (numberMatched 0).
 * A lookup by reference scans a comune's whole extent page by page (COUNT + STARTINDEX): such a
 * request meeting the envelope answers the recording RE-LABELLED by this fake from comune code
 * `A000` (in no table of comuni) to `I615`, Senorbì (SU), the comune whose ISTAT boundary holds
 * the recorded parcel: ids, NATIONALCADASTRALREFERENCE and ADMINISTRATIVEUNIT say I615, nothing
 * else changes. Point lookups (no STARTINDEX) answer the recording byte for byte.
 */
const IT_RECORDING = loadCountryFixture('it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml');
export const IT_RECORDED_REF = 'A000W000200.STRADA001';
/** The recorded parcel as the by-reference scans see it (re-labelled to Senorbì's cadastral code). */
export const IT_RELABELLED_REF = 'I615W000200.STRADA001';
const IT_RELABELLED = IT_RECORDING.toString('utf8')
  .replace(/A000W000200/g, 'I615W000200')
  .replace(/>A000</g, '>I615<');
/** Envelope of the recorded Italian parcel (its gml:Envelope, lat/lon). */
const IT_ENVELOPE = { minLat: 39.548381, minLon: 9.130086, maxLat: 39.548436, maxLon: 9.130123 };
const IT_EMPTY = `<?xml version='1.0' encoding="UTF-8" ?>
<wfs:FeatureCollection xmlns:CP="http://mapserver.gis.umn.edu/mapserver" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:wfs="http://www.opengis.net/wfs/2.0" timeStamp="2025-06-04T15:20:11" numberMatched="0" numberReturned="0">
</wfs:FeatureCollection>
`;

const parameter = (url: URL, name: string) => {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
};

const italyRoutes: FakeRoute = (url) => {
  if (url.pathname === '/it-wfs') {
    const [minLat, minLon, maxLat, maxLon, urn] = (parameter(url, 'BBOX') ?? '').split(',');
    const meets =
      urn === 'urn:ogc:def:crs:EPSG::6706' &&
      Number(minLat) <= IT_ENVELOPE.maxLat &&
      Number(maxLat) >= IT_ENVELOPE.minLat &&
      Number(minLon) <= IT_ENVELOPE.maxLon &&
      Number(maxLon) >= IT_ENVELOPE.minLon;
    if (!meets) return xml(IT_EMPTY);
    return xml(parameter(url, 'STARTINDEX') === undefined ? IT_RECORDING : parameter(url, 'STARTINDEX') === '0' ? IT_RELABELLED : IT_EMPTY);
  }
  return undefined;
};

const italySources = (base: string) => ({ cpWfsUrl: `${base}/it-wfs`, geocoderUrl: `${base}/nominatim` });

/** IT's fake for its golden tests (it.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [italyRoutes], sources: italySources };
