import { unavailable, type LonLat } from '../../model/index.js';
import { withQuery } from '../national/sources-config.js';
import type { FrSourcesConfig } from './config.js';

/**
 * The Base Adresse Nationale's geocoder. The API Adresse of api-adresse.data.gouv.fr was
 * retired; IGN serves the same `/search` and `/reverse` on the Géoplateforme (data.gouv.fr's
 * guide "Prise en main de l'API Adresse portée par l'IGN"). Its answers carry no `attribution`
 * or `licence` any more (recorded answers in core/countries/fr/test/recordings/fr_geopf_*).
 */
export const GEOCODER_SOURCE = 'Géoplateforme geocoder (BAN)';

/** One address of an answer (GeoJSON Feature, Point lon/lat; fields as recorded). */
export interface BanAddress {
  label: string;
  type: string;
  point: LonLat;
  score: number;
  housenumber?: string;
  street?: string;
  postcode?: string;
  /** INSEE code; in Paris, Lyon and Marseille the arrondissement's (`13207`). */
  citycode?: string;
  city?: string;
  /** "dept no, dept name, region". */
  context?: string;
}

export interface BanAnswer {
  addresses: BanAddress[];
  attribution: string;
}

/**
 * The geocoder's own names for the data, as its configuration sets them (`ATTRIBUTION = "BAN"`,
 * `LICENCE = "ETALAB-2.0"`, the guide above); an answer that still names them wins.
 */
const DEFAULT_ATTRIBUTION = 'BAN';
const DEFAULT_LICENCE = 'ETALAB-2.0';

/** `index=address`: the geocoder also searches points of interest and parcels; only addresses name a place on a parcel. */
export function banSearchUrl(sources: FrSourcesConfig, q: string, options: { limit: number; postcode?: string }): string {
  const query = new URLSearchParams({ q, index: 'address', limit: String(options.limit) });
  if (options.postcode) query.set('postcode', options.postcode);
  return withQuery(`${sources.geocoderUrl}/search`, query);
}

export function banReverseUrl(sources: FrSourcesConfig, point: LonLat): string {
  const query = new URLSearchParams({ lon: String(point[0]), lat: String(point[1]), index: 'address', limit: '1' });
  return withQuery(`${sources.geocoderUrl}/reverse`, query);
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export function parseBanAnswer(body: string): BanAnswer {
  let answer: { type?: unknown; features?: unknown; attribution?: unknown; licence?: unknown };
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`The ${GEOCODER_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (answer?.type !== 'FeatureCollection' || !Array.isArray(answer.features)) {
    throw unavailable(`The ${GEOCODER_SOURCE} sent an unexpected document (no FeatureCollection); retry later.`);
  }
  const addresses: BanAddress[] = [];
  for (const feature of answer.features as { geometry?: { coordinates?: unknown }; properties?: Record<string, unknown> }[]) {
    const [lon, lat] = Array.isArray(feature.geometry?.coordinates) ? (feature.geometry.coordinates as unknown[]) : [];
    const props = feature.properties ?? {};
    if (typeof lon !== 'number' || typeof lat !== 'number') continue;
    const score = Number(props.score);
    addresses.push({
      label: text(props.label),
      type: text(props.type),
      point: [lon, lat],
      score: Number.isFinite(score) ? Math.max(0, Math.min(1, score)) : 1,
      housenumber: text(props.housenumber) || undefined,
      street: text(props.street) || undefined,
      postcode: text(props.postcode) || undefined,
      citycode: text(props.citycode) || undefined,
      city: text(props.city) || undefined,
      context: text(props.context) || undefined,
    });
  }
  const named = [text(answer.attribution) || DEFAULT_ATTRIBUTION, text(answer.licence) || DEFAULT_LICENCE];
  return { addresses, attribution: `Base Adresse Nationale (${named.join(', ')}), via IGN Géoplateforme` };
}
