import { ROUTES } from './paths.js';

/**
 * The spec's quota cost table (Limits → Quota cost), as one pure function:
 *
 * | Response                                                   | Cost                              |
 * |------------------------------------------------------------|-----------------------------------|
 * | 304, 300, 4xx (incl. address search 404), 5xx              | 0                                 |
 * | 2xx where the route set `reply.quotaCost`                  | that value                        |
 * | `/units` 2xx                                               | units in the page, minimum 1      |
 * | 2xx without data: `data.disponible === false`, empty `/agro` (`data.agro` missing or empty), `/score` without data, `/terrain` or `/ground-motion` with status `no_data` | 0 |
 * | any other 2xx (JSON or file export)                        | 1                                 |
 * | HEAD: headers without the body                             | as its GET, at most 1             |
 */
export interface CostInput {
  /** Route pattern (request.routeOptions.url), undefined for unknown paths. */
  route: string | undefined;
  status: number;
  /** Parsed JSON body, when the answer is JSON. */
  body: unknown;
  /** `reply.quotaCost` as set by the route. */
  override: number | undefined;
  /**
   * A HEAD request: the answer leaves its body out, so no unit or parcel of it is served and
   * the per-unit or per-parcel price does not apply (a 2xx with data still costs its 1 unit).
   */
  headOnly?: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isEmpty = (v: unknown): boolean => v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isRecord(v) && Object.keys(v).length === 0);

export function quotaCost(input: CostInput): number {
  const cost = bodyCost(input);
  return input.headOnly ? Math.min(cost, 1) : cost;
}

function bodyCost({ route, status, body, override }: CostInput): number {
  if (status < 200 || status > 299) return 0;
  if (override !== undefined) return Number.isFinite(override) && override > 0 ? Math.floor(override) : 0;
  const data = isRecord(body) ? body.data : undefined;
  if (route === ROUTES.units) {
    const units = isRecord(data) && Array.isArray(data.unidades) ? data.unidades.length : 0;
    return Math.max(1, units);
  }
  if (isRecord(data) && data.disponible === false) return 0;
  if (route === ROUTES.agro && (isEmpty(data) || (isRecord(data) && isEmpty(data.agro)))) return 0;
  if (route === ROUTES.score && isEmpty(data)) return 0;
  // "not an estimate" (spec, ground motion): no layer or no satellite cell under the parcel.
  if (route === ROUTES.terrain && isRecord(data) && isRecord(data.protected_areas) && data.protected_areas.status === 'no_data') return 0;
  if (route === ROUTES.groundMotion && isRecord(data) && data.status === 'no_data') return 0;
  return 1;
}
