import { unavailable, type LonLat } from '../../model/index.js';
import { withQuery } from '../national/sources-config.js';
import type { FrSourcesConfig } from './config.js';

export const BAN_SOURCE = 'API Adresse (BAN)';

/** One address of a BAN answer (GeoJSON Feature, Point lon/lat; fields as recorded). */
export interface BanAddress {
  label: string;
  type: string;
  point: LonLat;
  score: number;
  housenumber?: string;
  street?: string;
  postcode?: string;
  citycode?: string;
  city?: string;
  /** "dept no, dept name, region". */
  context?: string;
}

export interface BanAnswer {
  addresses: BanAddress[];
  /** The answer's own `attribution` and `licence` ("BAN", "ODbL 1.0" in the recordings; ETALAB-2.0 today). */
  attribution: string;
}

export function banSearchUrl(sources: FrSourcesConfig, q: string, options: { limit: number; postcode?: string }): string {
  const query = new URLSearchParams({ q, limit: String(options.limit) });
  if (options.postcode) query.set('postcode', options.postcode);
  return withQuery(`${sources.banUrl}/search/`, query);
}

export function banReverseUrl(sources: FrSourcesConfig, point: LonLat): string {
  return withQuery(`${sources.banUrl}/reverse/`, new URLSearchParams({ lon: String(point[0]), lat: String(point[1]) }));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export function parseBanAnswer(body: string): BanAnswer {
  let answer: { type?: unknown; features?: unknown; attribution?: unknown; licence?: unknown };
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${BAN_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (answer?.type !== 'FeatureCollection' || !Array.isArray(answer.features)) {
    throw unavailable(`${BAN_SOURCE} sent an unexpected document (no FeatureCollection); retry later.`);
  }
  const addresses: BanAddress[] = [];
  for (const feature of answer.features as { geometry?: { coordinates?: unknown }; properties?: Record<string, unknown> }[]) {
    const [lon, lat] = Array.isArray(feature.geometry?.coordinates) ? feature.geometry.coordinates as unknown[] : [];
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
  const named = [text(answer.attribution) || 'BAN', text(answer.licence)].filter(Boolean);
  return { addresses, attribution: `Base Adresse Nationale (${named.join(', ')})` };
}
