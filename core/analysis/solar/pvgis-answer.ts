/**
 * The parts of a PVGIS PVcalc JSON answer the estimate reads (SOURCES.md 13.1; recorded answer
 * `analysis/pvgis_pvcalc_31.23_121.47_fixed_slope0_SolarPrice-Insight.json`):
 * `inputs.mounting_system.fixed.{slope,azimuth}.value`, `inputs.pv_module.peak_power`,
 * `inputs.meteo_data.radiation_db`, `outputs.totals.fixed.E_y` and `H(i)_y`.
 */
export interface PvgisYield {
  /** kWh per kWp per year: E_y divided by the peak power that was asked for. */
  specificYieldKwhPerKw: number;
  /** In-plane irradiation H(i)_y, kWh/m² per year. */
  irradiationKwhPerM2: number;
  slopeDeg: number;
  azimuthDeg: number;
  radiationDb?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const at = (v: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((o, k) => (isRecord(o) ? o[k] : undefined), v);
const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The yield of a PVcalc answer, or undefined when the body is not one (missing or non-numeric fields). */
export function parsePvcalcAnswer(body: unknown): PvgisYield | undefined {
  const totals = at(body, 'outputs', 'totals', 'fixed');
  const fixed = at(body, 'inputs', 'mounting_system', 'fixed');
  const eY = finite(at(totals, 'E_y'));
  const hY = finite(at(totals, 'H(i)_y'));
  const peak = finite(at(body, 'inputs', 'pv_module', 'peak_power'));
  const slope = finite(at(fixed, 'slope', 'value'));
  const azimuth = finite(at(fixed, 'azimuth', 'value'));
  if (eY === undefined || hY === undefined || !peak || slope === undefined || azimuth === undefined) return undefined;
  const db = at(body, 'inputs', 'meteo_data', 'radiation_db');
  return {
    specificYieldKwhPerKw: eY / peak,
    irradiationKwhPerM2: hY,
    slopeDeg: slope,
    azimuthDeg: azimuth,
    radiationDb: typeof db === 'string' ? db : undefined,
  };
}

/**
 * PVGIS refuses points it has no data for with HTTP 400 and a JSON `message`, e.g.
 * `{"message":"Location over the sea. Please, select another location",…}` (seen saved verbatim
 * by public PVGIS clients; no recording in our fixtures).
 */
export function pvgisRefusal(status: number, body: unknown): string | undefined {
  if (status < 400 || status >= 500) return undefined;
  const message = at(body, 'message');
  return typeof message === 'string' ? message : `HTTP ${status}`;
}
