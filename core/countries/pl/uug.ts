import { toWgs84 } from '../../geo/crs.js';
import { unavailable, type LonLat } from '../../model/index.js';
import { jsonObject } from '../national/answer-fields.js';

export const UUG_SOURCE = 'GUGiK UUG (usługa geokodowania)';
export const UUG_ATTRIBUTION = 'Adresy: Główny Urząd Geodezji i Kartografii, usługa geokodowania UUG (PRG)';

/**
 * GUGiK's geocoding service (UUG) over the national address register (PRG), as its clients call
 * it: `GET <base>/?request=GetAddress&address=<place, street number>` (rgugik `geocodePL_get`).
 * The answer is JSON `{type, "found objects", "returned objects", results: {"1": {…}, "2": {…}},
 * "request time"}` (an object keyed by position, `results` null when nothing is found); an
 * address result carries `city`, `street` (with its type written out: "ulica Stalowa"), `number`,
 * `code` (postcode), `jednostka` ("{Polska,województwo,powiat,gmina}"), `teryt`, `x`, `y` and
 * `geometry_wkt` (`POINT(x y)` in EPSG:2180, easting first), as real answers quoted in public
 * material show (core/countries/pl/test/recordings/PROVENANCE.md); x/y are read as EPSG:2180 when
 * they are metres, as degrees otherwise (`srid=4326` answers).
 */
export const uugAddressUrl = (base: string, text: string) => `${base}/?${new URLSearchParams({ request: 'GetAddress', address: text })}`;

export interface UugAddress {
  label: string;
  point: LonLat;
  city?: string;
  street?: string;
  number?: number;
  postcode?: string;
  /** Województwo, from `jednostka`. */
  voivodeship?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : undefined);

function pointOf(result: Record<string, unknown>): LonLat | undefined {
  const wkt = /^\s*POINT\s*\(\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\)\s*$/i.exec(text(result.geometry_wkt) ?? '');
  const [x, y] = wkt ? [Number(wkt[1]), Number(wkt[2])] : [Number(text(result.x)), Number(text(result.y))];
  if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
  return Math.abs(x) > 180 || Math.abs(y) > 90 || wkt ? toWgs84(2180, x, y) : [x, y];
}

/** The address points of a GetAddress answer; anything but JSON is the service failing (503). */
export function parseUugAddresses(body: string): UugAddress[] {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${UUG_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  const results = jsonObject(answer).results;
  const list = Array.isArray(results) ? results : Object.values(jsonObject(results));
  return list.map(jsonObject).flatMap((result) => {
    const point = pointOf(result);
    if (!point) return [];
    const number = Number.parseInt(text(result.number) ?? '', 10);
    const [city, street, postcode] = [text(result.city), text(result.street), text(result.code)];
    const label = [[street ?? city, text(result.number)].filter(Boolean).join(' '), [postcode, city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    return [
      {
        label,
        point,
        city,
        street,
        ...(Number.isFinite(number) && { number }),
        postcode,
        voivodeship: text(result.jednostka)?.split(',')[1]?.trim() || undefined,
      },
    ];
  });
}
