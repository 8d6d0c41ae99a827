import { ServiceError } from '../../model/index.js';
import type { UpstreamClient } from '../../upstream/upstream-client.js';
import { getJson } from '../../upstream/get-json.js';
import { parsePvcalcAnswer, pvgisRefusal, type PvgisYield } from './pvgis-answer.js';

/** SOURCES.md 13.1: the versioned PVGIS API, current release 5.3 (`v5_2/` is listed too; the base is configuration). */
export const PVGIS_BASE_URL = 'https://re.jrc.ec.europa.eu/api/v5_3/';
export const PVGIS_SOURCE = 'PVGIS';

/**
 * PVcalc for 1 kWp at the point with optimal tilt and azimuth (`optimalangles=1`), 14 % system
 * loss (PVGIS's own typical value). Yield is linear in peak power, so asking for 1 kWp and
 * scaling keeps one cacheable question per point. Returns undefined when PVGIS has no data there
 * (its 400 answer); throws SERVICE_UNAVAILABLE when it is down or answers something unreadable.
 */
export async function fetchPvgisYield(http: UpstreamClient, baseUrl: string, lat: number, lon: number, signal?: AbortSignal): Promise<PvgisYield | undefined> {
  const url = new URL('PVcalc', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const params = { lat: lat.toFixed(5), lon: lon.toFixed(5), peakpower: '1', loss: '14', optimalangles: '1', outputformat: 'json' };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const { status, json: body } = await getJson(http, url.toString(), { source: PVGIS_SOURCE, signal });
  // A refusal (4xx) in plain text: no yield for this point.
  if (body === undefined) return undefined;
  if (pvgisRefusal(status, body) !== undefined) return undefined;
  const parsed = parsePvcalcAnswer(body);
  if (!parsed) throw new ServiceError('SERVICE_UNAVAILABLE', 'PVGIS answered without the yearly totals; retry later.');
  return parsed;
}
