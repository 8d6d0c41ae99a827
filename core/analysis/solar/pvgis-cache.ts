import type { AnalysisTables } from '../../store/analysis-tables.js';
import type { PvgisYield } from './pvgis-answer.js';

/** Cache cell: 0.01° (about 1 km), finer than PVGIS's own radiation grids (several km). */
const CELL_DEG = 0.01;
/** PVGIS data only change with its releases; re-ask after this long anyway. */
export const PVGIS_CACHE_MAX_AGE_DAYS = 180;

const key = (v: number) => Math.round(v / CELL_DEG);

/**
 * PVGIS yields kept in the local database by ~1 km cell, so a parcel asked again (or its
 * neighbour) answers offline and without a request; "no data" answers are kept too.
 */
export class PvgisCache {
  constructor(private readonly tables: AnalysisTables) {}

  /** The cached answer (`null` = PVGIS has no data there), or undefined when absent or stale. */
  lookup(lat: number, lon: number, now = new Date()): PvgisYield | null | undefined {
    const row = this.tables.cachedPvgisAnswer(key(lat), key(lon));
    if (!row) return undefined;
    if (now.getTime() - Date.parse(row.fetchedAt) > PVGIS_CACHE_MAX_AGE_DAYS * 86_400_000) return undefined;
    return row.answer === null ? null : (JSON.parse(row.answer) as PvgisYield);
  }

  store(lat: number, lon: number, value: PvgisYield | null, now = new Date()): void {
    this.tables.cachePvgisAnswer(key(lat), key(lon), value === null ? null : JSON.stringify(value), now.toISOString());
  }
}
