/** The analyses whose empty answers the spec makes free (Limits → Quota cost). */
export type ChargeableAnalysis = 'solar' | 'agro' | 'score' | 'market';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * True when an analysis answer carries no data, so the API charges no quota: `disponible: false`
 * (solar without PVGIS data, score with no known component, market always), or an `/agro` whose
 * `agro` is null (no enclosure under the parcel). Terrain and ground motion are not listed as
 * free by the spec, so they are always charged.
 */
export function isEmptyAnalysisAnswer(kind: ChargeableAnalysis, data: unknown): boolean {
  if (!isRecord(data)) return true;
  if (kind === 'agro') return !isRecord(data.agro);
  return data.disponible === false;
}
