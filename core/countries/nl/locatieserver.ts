import { unavailable, type LonLat } from '../../model/index.js';
import { withQuery } from '../national/sources-config.js';
import type { NlSourcesConfig } from './country.js';

export const LOCATIESERVER_SOURCE = 'PDOK Locatieserver';

/** `free` search, all types (as the recorded request): the client keeps the `adres` documents. */
export function freeUrl(sources: NlSourcesConfig, q: string, rows: number): string {
  return withQuery(`${sources.locatieserverUrl}/free`, new URLSearchParams({ q, rows: String(rows) }));
}

export interface LocatieserverAddress {
  weergavenaam: string;
  point: LonLat;
  huisnummer?: number;
  postcode?: string;
  woonplaats?: string;
  gemeente?: string;
  provincie?: string;
  /** Score relative to the best document of the answer (Solr scores are unbounded). */
  score: number;
  /** Parcels the address is linked to, as `ASD04-F-2749`. */
  percelen: string[];
}

const POINT = /^POINT\s*\(\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\)$/i;

/**
 * A Locatieserver answer (Solr: `response.docs[]`, fixtures README "Netherlands"); its `adres`
 * documents as addresses. A Solr error body (`{"error":{"msg","code"}}`) or anything that is
 * not JSON (one recorded empty answer is truncated) means the source failed: 503.
 */
export function parseLocatieserverAnswer(body: string): LocatieserverAddress[] {
  let answer: { response?: { docs?: unknown; maxScore?: unknown }; error?: { msg?: unknown } };
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${LOCATIESERVER_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (answer?.error) throw unavailable(`${LOCATIESERVER_SOURCE} refused the request: ${String(answer.error.msg ?? '').slice(0, 160)}.`);
  const docs = answer?.response?.docs;
  if (!Array.isArray(docs)) throw unavailable(`${LOCATIESERVER_SOURCE} sent an unexpected document (no response.docs); retry later.`);
  const scores = docs.map((d: { score?: unknown }) => Number(d.score)).filter(Number.isFinite);
  const best = Number(answer.response?.maxScore) || Math.max(0, ...scores) || 1;
  const addresses: LocatieserverAddress[] = [];
  for (const doc of docs as Record<string, unknown>[]) {
    if (doc.type !== 'adres') continue;
    const point = POINT.exec(String(doc.centroide_ll ?? ''));
    if (!point) continue;
    const score = Number(doc.score);
    addresses.push({
      weergavenaam: String(doc.weergavenaam ?? ''),
      point: [Number(point[1]), Number(point[2])],
      huisnummer: typeof doc.huisnummer === 'number' ? doc.huisnummer : undefined,
      postcode: typeof doc.postcode === 'string' ? doc.postcode : undefined,
      woonplaats: typeof doc.woonplaatsnaam === 'string' ? doc.woonplaatsnaam : undefined,
      gemeente: typeof doc.gemeentenaam === 'string' ? doc.gemeentenaam : undefined,
      provincie: typeof doc.provincienaam === 'string' ? doc.provincienaam : undefined,
      score: Number.isFinite(score) ? Math.min(1, score / best) : 1,
      percelen: Array.isArray(doc.gekoppeld_perceel) ? doc.gekoppeld_perceel.filter((p): p is string => typeof p === 'string') : [],
    });
  }
  return addresses;
}
