import { unavailable, type LonLat } from '../../model/index.js';
import { jsonObject } from '../national/answer-fields.js';

export const RUIAN_SOURCE = 'ČÚZK RÚIAN geocoder';
export const RUIAN_ATTRIBUTION = 'Adresy: ČÚZK, RÚIAN (vyhledávací služba nad daty RÚIAN)';

/**
 * ČÚZK's geocoder over RÚIAN (the national register of addresses), an ArcGIS server extension
 * called as RCzechia's `geocode` does: `GET <base>/find?text=<address>&outSR=4326&maxLocations=<n>&f=json`
 * with `<base>` = `…/RUIAN/Vyhledavaci_sluzba_nad_daty_RUIAN/MapServer/exts/GeocodeSOE`. The
 * answer is ArcGIS's `find` JSON: `locations[]`, each with `name`, `extent` and a `feature`
 * whose `geometry` is `{x, y}` (here lon/lat, outSR 4326) and whose `attributes` carry
 * `Match_addr` (the address as RÚIAN writes it) and `Type` (RCzechia reads these two), and in
 * ArcGIS answers generally `Score` (0–100). No answer was recorded: UNCERTAIN beyond those names.
 */
export const ruianFindUrl = (base: string, text: string, limit: number) =>
  `${base}/find?${new URLSearchParams({ text, outSR: '4326', maxLocations: String(limit), f: 'json' })}`;

export interface RuianAddress {
  label: string;
  point: LonLat;
  /** Every house number written in the address (č.p. and, after a slash, č.o.). */
  numbers: number[];
  postcode?: string;
  municipality?: string;
  street?: string;
  /** 0..1, from the geocoder's Score when it gives one. */
  score: number;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * A RÚIAN address line, e.g. "Gogolova 212/1, Hradčany, 11800 Praha 1": street and numbers
 * first, the postcode (5 digits, maybe spaced) before the municipality last.
 */
export function readCzechAddress(label: string): Pick<RuianAddress, 'numbers' | 'postcode' | 'municipality' | 'street'> {
  const parts = label
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const first = /^(.*?)\s*(?:č\.\s*p\.\s*)?(\d+)(?:\/(\d+)[a-zA-Z]?)?$/.exec(parts[0] ?? '');
  const last = /^(\d{3})\s?(\d{2})\s+(.+)$/.exec(parts.at(-1) ?? '');
  return {
    numbers: first ? [first[2], first[3]].filter(Boolean).map(Number) : [],
    street: first?.[1] || undefined,
    postcode: last ? `${last[1]} ${last[2]}` : undefined,
    municipality: last?.[3],
  };
}

/** The addresses of a `find` answer; anything but JSON, or an ArcGIS `error` object, is the service failing (503). */
export function parseRuianFind(body: string): RuianAddress[] {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${RUIAN_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (jsonObject(answer).error !== undefined) throw unavailable(`${RUIAN_SOURCE} refused the request; retry later.`);
  const locations = jsonObject(answer).locations;
  if (!Array.isArray(locations)) return [];
  return locations.map(jsonObject).flatMap((location) => {
    const feature = jsonObject(location.feature);
    const geometry = jsonObject(feature.geometry);
    const attributes = jsonObject(feature.attributes);
    const [x, y] = [Number(geometry.x), Number(geometry.y)];
    if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 180 || Math.abs(y) > 90) return [];
    const label = text(attributes.Match_addr) ?? text(location.name) ?? '';
    const score = Number(attributes.Score);
    return [{ label, point: [x, y] as LonLat, ...readCzechAddress(label), score: Number.isFinite(score) ? Math.max(0, Math.min(1, score / 100)) : 1 }];
  });
}
