import { unavailable, type LonLat } from '../../model/index.js';

export const LU_GEOCODER_SOURCE = 'geoportail.lu geocoder';
export const LU_GEOCODER_ATTRIBUTION = 'geoportail.lu geocoder (ACT)';

/** An address as the geoportail.lu geocoder answers it (the recorded `search` / `reverseGeocode` answers). */
export interface LuAddress {
  label: string;
  point: LonLat;
  street?: string;
  number?: number;
  zip?: string;
  locality?: string;
  /** The geocoder's `ratio` (0..1); the reverse answer has none. */
  ratio?: number;
}

export const geocodeUrl = (base: string, text: string) => `${base}/search?${new URLSearchParams({ queryString: text })}`;

interface RawResult {
  name?: unknown;
  address?: unknown;
  ratio?: unknown;
  geomlonlat?: { coordinates?: unknown } | null;
  AddressDetails?: { street?: unknown; postnumber?: unknown; zip?: unknown; locality?: unknown };
}

/**
 * Reads a geocode or reverse answer. "Nothing found" is `success: false` with ONE empty result
 * (`count: 1`, geom null): the count cannot be trusted, results without a WGS84 point are dropped.
 */
export function parseGeoportailAnswer(body: string): LuAddress[] {
  let parsed: { results?: unknown; success?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    throw unavailable(`${LU_GEOCODER_SOURCE} sent an unreadable answer (not JSON); retry later.`);
  }
  if (!Array.isArray(parsed?.results)) throw unavailable(`${LU_GEOCODER_SOURCE} sent an unexpected answer; retry later.`);
  if (parsed.success === false) return [];
  return (parsed.results as RawResult[]).flatMap((r) => {
    const coordinates = r.geomlonlat?.coordinates;
    if (!Array.isArray(coordinates) || coordinates.length < 2 || !coordinates.every((c) => typeof c === 'number')) return [];
    const details = r.AddressDetails ?? {};
    const number = Number.parseInt(String(details.postnumber ?? ''), 10);
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    const ratio = Number(r.ratio);
    return [
      {
        label: text(r.address) ?? text(r.name) ?? '',
        point: [coordinates[0], coordinates[1]] as LonLat,
        street: text(details.street),
        ...(Number.isFinite(number) && { number }),
        zip: text(details.zip),
        locality: text(details.locality),
        ...(Number.isFinite(ratio) && { ratio: Math.min(1, Math.max(0, ratio)) }),
      },
    ];
  });
}
