import { candidatesRequestOf } from '../../address/candidates-input.js';
import { fold, nameSimilarity } from '../../address/normalize.js';
import { noCoverage, unavailable, type AddressCandidatesResult, type AddressQuery, type LonLat } from '../../model/index.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { nationalAddressCandidates, type GeocodedAddress } from './address-candidates.js';
import { APP_USER_AGENT, type UsagePolicy } from '../../upstream/usage-policy.js';
import type { NationalAdapter } from './national-adapter.js';
import { withQuery } from './sources-config.js';
import { jsonObject } from './answer-fields.js';

/**
 * The open geocoder of the countries without a free official address register (spec endpoint 1,
 * rule 2): Nominatim over OpenStreetMap, `GET <base>/search?format=jsonv2&addressdetails=1&
 * countrycodes=<cc>&limit=<n>&q=<text>` (its published API). The answer is a JSON array of
 * places: `lat`/`lon` as text, `display_name`, and with addressdetails an `address` object
 * (`house_number`, `road`, `postcode`, `city`|`town`|`village`|`municipality`, `state`, `county`).
 * No recording of a Nominatim answer exists in the fixtures: the fakes write this documented
 * format by hand.
 */
export const NOMINATIM_SOURCE = 'Nominatim (OpenStreetMap)';
export const DEFAULT_NOMINATIM_URL = 'https://nominatim.openstreetmap.org';
export const NOMINATIM_ATTRIBUTION = 'Geocoding: Nominatim, © OpenStreetMap contributors (ODbL)';

/**
 * The public server's usage policy (https://operations.osmfoundation.org/policies/nominatim/):
 * "an absolute maximum of 1 request per second" counted per application, and "a valid HTTP
 * Referer or User-Agent identifying the application (stock User-Agents as set by http libraries
 * will not do)". Every Nominatim request of this process, lookups and status checks of every
 * country alike, takes its turn a second apart and names the app. A self-run Nominatim is not
 * bound by it: the UpstreamClient's `sourceIntervalsMs` lifts the pacing.
 */
export const NOMINATIM_USAGE_POLICY: UsagePolicy = { minIntervalMs: 1000, userAgent: APP_USER_AGENT };

/** A `/search` through the context's UpstreamClient under the usage policy; any status but 200 is the geocoder failing (503). */
export async function fetchNominatim(url: string, ctx: AdapterContext): Promise<string> {
  const answer = await ctx.http.getText(url, { source: NOMINATIM_SOURCE, signal: ctx.signal, accept: 'application/json', usagePolicy: NOMINATIM_USAGE_POLICY });
  if (answer.status !== 200) throw unavailable(`${NOMINATIM_SOURCE} answered HTTP ${answer.status}; retry later.`);
  return answer.body;
}

export const nominatimSearchUrl = (base: string, text: string, countryCode: string, limit: number, language?: string) =>
  withQuery(
    `${base}/search`,
    new URLSearchParams({
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: countryCode.toLowerCase(),
      limit: String(limit),
      q: text,
      ...(language && { 'accept-language': language }),
    }),
  );

/** What a country adds to the open geocoder's search. */
export interface OpenGeocoderOptions {
  /** The country's language for the answers (`accept-language`): Cyrillic in BG, Greek script in GR and CY. */
  language?: string;
  /**
   * The partial limit of the country's coverage row: why an address point is outside it (PT:
   * Lisbon, Porto, Coimbra; UK: outside Scotland), undefined when covered. When every place found
   * is outside, the answer is 422 CNV_COVERAGE saying why.
   */
  outsideCoverage?(point: LonLat): string | undefined;
}

export interface NominatimPlace {
  label: string;
  point: LonLat;
  houseNumber?: number;
  road?: string;
  postcode?: string;
  municipality?: string;
  region?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The places of a `/search` answer; anything but a JSON array is the geocoder failing (503). */
export function parseNominatimPlaces(body: string): NominatimPlace[] {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${NOMINATIM_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (!Array.isArray(answer)) throw unavailable(`${NOMINATIM_SOURCE} sent an unexpected answer (no list of places); retry later.`);
  return answer.map(jsonObject).flatMap((place) => {
    const lat = Number(place.lat);
    const lon = Number(place.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return [];
    const address = jsonObject(place.address);
    const number = Number.parseInt(text(address.house_number) ?? '', 10);
    return [
      {
        label: text(place.display_name) ?? '',
        point: [lon, lat] as LonLat,
        ...(Number.isFinite(number) && { houseNumber: number }),
        road: text(address.road) ?? text(address.pedestrian) ?? text(address.square),
        postcode: text(address.postcode),
        municipality: text(address.city) ?? text(address.town) ?? text(address.village) ?? text(address.municipality) ?? text(address.hamlet),
        region: text(address.state) ?? text(address.county),
      },
    ];
  });
}

/** A geocoder's place as the national candidates take it; the street similarity stands for the geocoder's score. */
export function geocodedFromPlace(place: NominatimPlace, askedStreet: string | undefined): GeocodedAddress {
  const street = askedStreet !== undefined && fold(askedStreet) !== '' ? askedStreet : undefined;
  const score = place.road === undefined ? 0 : street === undefined ? 1 : nameSimilarity(place.road, street);
  return {
    direccion: place.label,
    point: place.point,
    numero: place.houseNumber,
    municipio: place.municipality,
    provincia: place.region,
    postcode: place.postcode,
    score,
  };
}

/**
 * Address candidates through the open geocoder: each place becomes the parcel under its point
 * (copy first, else the country's cadastre), scored by core/address/confianza.ts.
 */
export async function openGeocoderCandidates(
  adapter: NationalAdapter,
  query: AddressQuery,
  ctx: AdapterContext,
  geocoderUrl: string,
  options: OpenGeocoderOptions = {},
): Promise<AddressCandidatesResult> {
  const request = candidatesRequestOf(query);
  const url = nominatimSearchUrl(
    geocoderUrl,
    request.address.texto,
    adapter.code === 'UK' ? 'gb' : adapter.code,
    Math.max(request.limit * 2, 10),
    options.language,
  );
  let places = parseNominatimPlaces(await fetchNominatim(url, ctx));
  if (options.outsideCoverage) {
    const why = places.map((place) => options.outsideCoverage!(place.point));
    if (places.length > 0 && why.every((w) => w !== undefined)) {
      throw noCoverage(`Address search in ${adapter.name} (${adapter.code}) is partial: ${why[0]}`);
    }
    places = places.filter((_, i) => why[i] === undefined);
  }
  const geocoded = places.map((place) => geocodedFromPlace(place, request.address.calle));
  return nationalAddressCandidates(adapter, request, geocoded, NOMINATIM_ATTRIBUTION, ctx);
}

export const nominatimStatusCheck = (geocoderUrl: string, countryCode: string, probe: string): SourceCheck => ({
  source: NOMINATIM_SOURCE,
  url: nominatimSearchUrl(geocoderUrl, probe, countryCode === 'UK' ? 'gb' : countryCode, 1),
  accept: 'application/json',
  usagePolicy: NOMINATIM_USAGE_POLICY,
});
