import { readFileSync } from 'node:fs';
import { toWgs84 } from '../../../geo/crs.js';
import { containsPoint } from '../../../geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../../../model/index.js';
import { countryFixture, json, loadCountryFixture, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { boxAround } from '../../../../test/helpers/box-around.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * PDOK as the fake plays it, under `/nl-brk` (BRK Kadastrale Kaart OGC API Features) and
 * `/nl-ls` (Locatieserver v3.1).
 *
 * REAL recordings: Locatieserver `free` for "Nieuwezijds Voorburgwal 147 …" (10 documents).
 *
 * WRITTEN BY HAND (no OGC API answer was ever recorded), to OGC API Features Part 1 (GeoJSON
 * FeatureCollection, CRS84) with PDOK's property names as the adapter expects them
 * (core/countries/nl/brk-ogc.ts, UNCERTAIN):
 * - `/nl-brk/collections/perceel/items?akr_kadastrale_gemeente_code_waarde&sectie&perceelnummer`
 *   and `?bbox=` answer the parcels of the REAL Kadastrale Kaart extract of Otterlo
 *   (recordings/nl_kadaster_dkk_v5_kadastralekaart_perceel_otterlo.gml: its AKR code, section,
 *   number, area and outline, converted from EPSG:28992 by the core's proj4 definition);
 * - parcel `ASD04-F-2749` (the parcel the recorded Amsterdam address links to) is an invented
 *   10 m square around that address's recorded point: its outline and area are not real;
 * - anything else: an empty FeatureCollection; Locatieserver queries without a recording: an
 *   empty `response` (the recorded empty answer is truncated JSON and is not replayed).
 */
const FREE_NIEUWEZIJDS = loadCountryFixture('nl_pdok_locatieserver_free_nieuwezijds_voorburgwal_147.json');
export const NIEUWEZIJDS_POINT: LonLat = [4.89089949, 52.37316398];
export const DKK_OTTERLO = countryFixture('nl_kadaster_dkk_v5_kadastralekaart_perceel_otterlo.gml');

interface FakeParcel {
  properties: Record<string, string | number>;
  geometry: ParcelGeometry;
}

/** The Otterlo extract's parcels, read with regular expressions (the fake must not use the reader under test). */
function otterloParcels(): FakeParcel[] {
  const gml = readFileSync(DKK_OTTERLO, 'utf8');
  return gml
    .split('<kk:perceelMember>')
    .slice(1)
    .map((member) => {
      const value = (pattern: RegExp) => pattern.exec(member)?.[1] ?? '';
      const numbers = value(/<gml:posList>([^<]+)</)
        .trim()
        .split(/\s+/)
        .map(Number);
      const ring: LonLat[] = [];
      for (let i = 0; i < numbers.length; i += 2) ring.push(toWgs84(28992, numbers[i], numbers[i + 1]));
      return {
        properties: {
          akr_kadastrale_gemeente_code_waarde: value(/<oz:AKRKadastraleGemeenteCode>[\s\S]*?<t:waarde>([^<]+)</),
          kadastrale_gemeente_waarde: value(/<oz:KadastraleGemeente>[\s\S]*?<t:waarde>([^<]+)</),
          sectie: value(/<oz:sectie>([^<]+)</),
          perceelnummer: Number(value(/<oz:perceelnummer>([^<]+)</)),
          kadastrale_grootte_waarde: Number(value(/<oz:kadastraleGrootte>[\s\S]*?<oz:waarde>([^<]+)</)),
          begin_geldigheid: value(/<h:beginGeldigheid>([^<]+)</),
        },
        geometry: { type: 'Polygon', coordinates: [ring] },
      };
    });
}

function inventedAmsterdamParcel(): FakeParcel {
  const [lon, lat] = NIEUWEZIJDS_POINT;
  const d = 0.00005;
  return {
    properties: {
      akr_kadastrale_gemeente_code_waarde: 'ASD04',
      kadastrale_gemeente_waarde: 'Amsterdam',
      sectie: 'F',
      perceelnummer: 2749,
      kadastrale_grootte_waarde: 60,
    },
    geometry: boxAround(lon, lat, d),
  };
}

const PARCELS = [...otterloParcels(), inventedAmsterdamParcel()];
export const OTTERLO_REFERENCES = PARCELS.slice(0, -1).map(
  (p) => `${p.properties.akr_kadastrale_gemeente_code_waarde}-${p.properties.sectie}-${p.properties.perceelnummer}`,
);

const collection = (parcels: FakeParcel[]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: parcels.map((p, i) => ({ type: 'Feature', id: `fake-${i}`, geometry: p.geometry, properties: p.properties })),
    numberReturned: parcels.length,
    timeStamp: new Date().toISOString(),
    links: [],
  });

const dutchRoutes: FakeRoute = (url) => {
  const q = url.searchParams;
  if (url.pathname === '/nl-brk/collections/perceel/items') {
    const bbox = q.get('bbox');
    if (bbox) {
      const [minLon, minLat, maxLon, maxLat] = bbox.split(',').map(Number);
      const centre: LonLat = [(minLon + maxLon) / 2, (minLat + maxLat) / 2];
      return json(collection(PARCELS.filter((p) => containsPoint(p.geometry, centre))));
    }
    return json(
      collection(
        PARCELS.filter(
          (p) =>
            String(p.properties.akr_kadastrale_gemeente_code_waarde) === q.get('akr_kadastrale_gemeente_code_waarde') &&
            String(p.properties.sectie) === q.get('sectie') &&
            String(p.properties.perceelnummer) === q.get('perceelnummer'),
        ),
      ),
    );
  }
  if (url.pathname === '/nl-ls/free') {
    if ((q.get('q') ?? '').toLowerCase().includes('nieuwezijds voorburgwal 147')) return json(FREE_NIEUWEZIJDS);
    return json(JSON.stringify({ response: { numFound: 0, start: 0, maxScore: 0, numFoundExact: true, docs: [] } }));
  }
  return undefined;
};

const dutchSources = (base: string) => ({ brkOgcUrl: `${base}/nl-brk`, locatieserverUrl: `${base}/nl-ls` });

/** NL's fake for its golden tests (nl.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [dutchRoutes], sources: dutchSources };
