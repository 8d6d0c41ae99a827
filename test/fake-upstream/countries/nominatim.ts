import type { LonLat } from '../../../core/model/index.js';
import { json, type FakeRoute } from './fake-server.js';

/**
 * The open geocoder (Nominatim `/search?format=jsonv2&addressdetails=1&countrycodes=…&q=…`) as
 * the fake plays it, under `/nominatim`.
 *
 * NO RECORDING OF A NOMINATIM ANSWER EXISTS in the fixtures: every answer is WRITTEN BY HAND in
 * Nominatim's documented jsonv2 format (a JSON array of places with place_id, licence, osm_type,
 * osm_id, lat/lon as text, category, type, place_rank, importance, addresstype, name,
 * display_name, address{…}, boundingbox). One address per country (more where a country adds them: addPlace), on that country's fake
 * parcel; a query naming its street (folded) finds it, any other query finds nothing (`[]`).
 */
export interface FakePlace {
  road: string;
  /** Absent: a street the geocoder knows without its numbers (Cyprus). */
  houseNumber?: string;
  city: string;
  postcode: string;
  state?: string;
  county?: string;
  country: string;
  point: LonLat;
}

export const NOMINATIM_PLACES: Record<string, FakePlace> = {
  ee: { road: 'Raekoja plats', houseNumber: '1', city: 'Tallinn', postcode: '10146', state: 'Harju maakond', country: 'Eesti', point: [24.7453, 59.4372] },
  lv: { road: 'Pils iela', houseNumber: '3', city: 'Rīga', postcode: 'LV-1050', country: 'Latvija', point: [24.1052, 56.9496] },
  lt: {
    road: 'Gedimino prospektas',
    houseNumber: '11',
    city: 'Vilnius',
    postcode: '01103',
    state: 'Vilniaus apskritis',
    country: 'Lietuva',
    point: [25.2797, 54.6872],
  },
  // Italy: the point lies inside the recorded AdE parcel A000W000200.STRADA001 (a piece of road).
  it: { road: 'Via Roma', houseNumber: '1', city: 'Senorbì', postcode: '09040', state: 'Sardegna', country: 'Italia', point: [9.1301093, 39.5484105] },
  si: { road: 'Prešernov trg', houseNumber: '2', city: 'Ljubljana', postcode: '1000', country: 'Slovenija', point: [14.5058, 46.0569] },
};

/** More places, several per country where a test needs them (PT, UK: inside and outside the partial coverage), added by the countries' fakes. */
const MORE_PLACES: { countryCode: string; place: FakePlace }[] = [];
export function addPlace(countryCode: string, place: FakePlace): FakePlace {
  MORE_PLACES.push({ countryCode, place });
  return place;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function placeAnswer(place: FakePlace, countryCode: string, id: number): Record<string, unknown> {
  const [lon, lat] = place.point;
  return {
    place_id: 100000 + id,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: 900000 + id,
    ...(place.houseNumber
      ? { lat: lat.toFixed(7), lon: lon.toFixed(7), category: 'place', type: 'house', place_rank: 30, importance: 0.00001, addresstype: 'place', name: '' }
      : {
          lat: lat.toFixed(7),
          lon: lon.toFixed(7),
          category: 'highway',
          type: 'residential',
          place_rank: 26,
          importance: 0.05,
          addresstype: 'road',
          name: place.road,
        }),
    display_name: [place.houseNumber, place.road, place.city, place.postcode, place.country].filter(Boolean).join(', '),
    address: {
      ...(place.houseNumber && { house_number: place.houseNumber }),
      road: place.road,
      city: place.city,
      ...(place.state && { state: place.state }),
      ...(place.county && { county: place.county }),
      postcode: place.postcode,
      country: place.country,
      country_code: countryCode,
    },
    boundingbox: [(lat - 0.00005).toFixed(7), (lat + 0.00005).toFixed(7), (lon - 0.00005).toFixed(7), (lon + 0.00005).toFixed(7)],
  };
}

export const nominatimRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/nominatim/search') return undefined;
  if (url.searchParams.get('format') !== 'jsonv2') return json('{"error":"hand-written fake: format=jsonv2 expected"}', 400);
  const countryCode = url.searchParams.get('countrycodes') ?? '';
  const q = fold(url.searchParams.get('q') ?? '');
  const places = [
    ...(NOMINATIM_PLACES[countryCode] ? [{ countryCode, place: NOMINATIM_PLACES[countryCode] }] : []),
    ...MORE_PLACES.filter((p) => p.countryCode === countryCode),
    // Second places of a country, keyed `<cc>-<name>` (de-by).
    ...Object.entries(NOMINATIM_PLACES)
      .filter(([key]) => key.startsWith(`${countryCode}-`))
      .map(([, place]) => ({ countryCode, place })),
  ];
  const found = places.filter(({ place }) => q.includes(fold(place.road)));
  return json(JSON.stringify(found.map(({ place }, i) => placeAnswer(place, countryCode, 100 * (Object.keys(NOMINATIM_PLACES).indexOf(countryCode) + 2) + i))));
};
