import { unavailable, type LonLat } from '../../model/index.js';
import { jsonObject } from '../national/answer-fields.js';

export const RUIAN_SOURCE = 'ČÚZK RÚIAN geocoder';
export const RUIAN_ATTRIBUTION = 'Adresy: ČÚZK, RÚIAN (vyhledávací služba nad daty RÚIAN)';

/**
 * ČÚZK's geocoder over RÚIAN (the national register of addresses), an ArcGIS server extension
 * (`<base>` = `…/RUIAN/Vyhledavaci_sluzba_nad_daty_RUIAN/MapServer/exts/GeocodeSOE`) asked with
 * Esri's documented geocode operation, as most public clients ask it:
 * `GET <base>/findAddressCandidates?SingleLine=<address>&outSR=4326&maxLocations=<n>&f=json`.
 * The answer is Esri's published FindAddressCandidatesResults
 * (https://developers.arcgis.com/rest/geocode/response-types/): `candidates[]`, each with
 * `address`, `location` `{x, y}` (lon/lat with outSR 4326), `score` (0–100) and `attributes`;
 * public clients of this service read `attributes.Type` (`AdresniMisto` for an address point,
 * else a street, a municipality…) and `Match_addr`, and keep the address points only.
 * No answer was recorded (docs/coverage.md).
 */
export const ruianCandidatesUrl = (base: string, text: string, limit: number) =>
  `${base}/findAddressCandidates?${new URLSearchParams({ SingleLine: text, outSR: '4326', maxLocations: String(limit), f: 'json' })}`;

/** RÚIAN's type of an address point (clients drop the streets, parts and municipalities it also finds). */
const ADDRESS_POINT = 'AdresniMisto';

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

/** The address points of a findAddressCandidates answer; anything but JSON, or an ArcGIS `error` object, is the service failing (503). */
export function parseRuianCandidates(body: string): RuianAddress[] {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${RUIAN_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (jsonObject(answer).error !== undefined) throw unavailable(`${RUIAN_SOURCE} refused the request; retry later.`);
  const candidates = jsonObject(answer).candidates;
  if (!Array.isArray(candidates)) return [];
  return candidates.map(jsonObject).flatMap((candidate) => {
    const attributes = jsonObject(candidate.attributes);
    if (attributes.Type !== undefined && attributes.Type !== ADDRESS_POINT) return [];
    const location = jsonObject(candidate.location);
    const [x, y] = [Number(location.x), Number(location.y)];
    if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 180 || Math.abs(y) > 90) return [];
    const label = text(candidate.address) ?? text(attributes.Match_addr) ?? '';
    const score = Number(candidate.score ?? attributes.Score);
    return [{ label, point: [x, y] as LonLat, ...readCzechAddress(label), score: Number.isFinite(score) ? Math.max(0, Math.min(1, score / 100)) : 1 }];
  });
}
