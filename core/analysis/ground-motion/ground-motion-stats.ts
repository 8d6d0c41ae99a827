import type { Parcel } from '../../model/index.js';
import type { AnalysisTables, GroundMotionCell } from '../../store/analysis-tables.js';
import type { GroundMotionResult, GroundMotionSource } from '../types.js';
import { EGMS_CELL_SIZE_M } from './egms-grid.js';
import { motionClass } from './motion-class.js';
import { cellsUnderParcel, parcelInGrid } from './parcel-cells.js';
import { yearlyDisplacement } from './yearly-displacement.js';

export const EGMS_SOURCE: GroundMotionSource = {
  name: 'European Ground Motion Service (EGMS), Ortho L3',
  license: 'Copernicus data and information policy: free, full and open access (Regulation (EU) No 1159/2013)',
  attribution: 'Contains modified Copernicus Land Monitoring Service information (European Ground Motion Service)',
  resolution: '100 m',
};

type CellRow = GroundMotionCell;

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
const key = (e: number, n: number) => `${Math.round(e)}:${Math.round(n)}`;

function weightedMean(items: { w: number; v: number | null }[]): number {
  let sw = 0,
    sv = 0;
  for (const { w, v } of items)
    if (v !== null && Number.isFinite(v)) {
      sw += w;
      sv += w * v;
    }
  return sw > 0 ? sv / sw : Number.NaN;
}

const yyyymm = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}`;

/**
 * Ground motion under a parcel from the imported EGMS L3 cells. Cells are the 100 m squares the
 * outline covers (EPSG:3035, the grid's CRS); each cell counts with its overlap area as weight:
 * means of velocity, velocity std, acceleration and RMSE are area-weighted; max subsidence /
 * uplift are the extreme cells. `class` is the class of the weighted mean vertical velocity,
 * `worst_class` that of the cell moving fastest. `yearly_displacement` is taken from the
 * area-weighted mean vertical series. No cell with vertical data → `status: no_data`.
 */
export function groundMotion(tables: AnalysisTables, parcel: Parcel, now = new Date()): GroundMotionResult {
  const grid = parcelInGrid(parcel);
  const considered = cellsUnderParcel(grid);
  const weightOf = new Map(considered.map((c) => [key(c.easting, c.northing), c.m2]));
  const [minX, minY, maxX, maxY] = grid.box;
  const rows = tables.groundMotionCellsIn([minX, minY, maxX, maxY]).filter((row) => weightOf.has(key(row.easting, row.northing)));
  const vertical = rows.filter((r) => r.component === 'U' && r.mean_velocity !== null);
  const eastWest = rows.filter((r) => r.component === 'E' && r.mean_velocity !== null);
  const base = { refcat: parcel.refCatastral, country: parcel.pais, source: EGMS_SOURCE, calculated_at: now.toISOString() };
  if (vertical.length === 0) {
    return { ...base, status: 'no_data', provenance: 'No EGMS L3 cell with vertical data under the parcel outline (no reflector, or no tile imported here).' };
  }
  const w = (r: CellRow) => weightOf.get(key(r.easting, r.northing))!;
  const velocities = vertical.map((r) => r.mean_velocity!);
  const fastest = vertical.reduce((a, b) => (Math.abs(b.mean_velocity!) > Math.abs(a.mean_velocity!) ? b : a));
  const meanVertical = weightedMean(vertical.map((r) => ({ w: w(r), v: r.mean_velocity })));

  // Area-weighted mean vertical series on the dates of the first tile (cells of one tile share dates).
  const dates = JSON.parse(vertical[0].dates) as string[];
  const sums = new Float64Array(dates.length);
  const weights = new Float64Array(dates.length);
  for (const r of vertical.filter((v) => v.dates === vertical[0].dates)) {
    const series = new Float32Array(r.series.buffer.slice(r.series.byteOffset, r.series.byteOffset + r.series.byteLength));
    series.forEach((value, i) => {
      if (Number.isFinite(value)) {
        sums[i] += w(r) * value;
        weights[i] += w(r);
      }
    });
  }
  const meanSeries = Array.from(sums, (s, i) => (weights[i] > 0 ? s / weights[i] : Number.NaN));
  const allDates = [...new Set(vertical.flatMap((r) => JSON.parse(r.dates) as string[]))].sort();
  const files = [...new Set(rows.map((r) => r.file))].sort();
  const cellsWithData = new Set(vertical.map((r) => key(r.easting, r.northing))).size;

  return {
    ...base,
    status: 'ok',
    period: { from: yyyymm(allDates[0]), to: yyyymm(allDates.at(-1)!), label: `${allDates[0].slice(0, 4)}-${allDates.at(-1)!.slice(0, 4)}` },
    ground_motion: {
      class: motionClass(meanVertical),
      worst_class: motionClass(fastest.mean_velocity!),
      vertical: {
        mean_mm_year: round(meanVertical),
        max_subsidence_mm_year: round(Math.min(0, ...velocities)),
        max_uplift_mm_year: round(Math.max(0, ...velocities)),
        std_mm_year: round(weightedMean(vertical.map((r) => ({ w: w(r), v: r.mean_velocity_std })))),
        acceleration_mm_year2: round(weightedMean(vertical.map((r) => ({ w: w(r), v: r.acceleration }))), 2),
        rmse_mm: round(weightedMean(vertical.map((r) => ({ w: w(r), v: r.rmse })))),
      },
      ...(eastWest.length > 0
        ? {
            east_west: {
              mean_mm_year: round(weightedMean(eastWest.map((r) => ({ w: w(r), v: r.mean_velocity })))),
              std_mm_year: round(weightedMean(eastWest.map((r) => ({ w: w(r), v: r.mean_velocity_std })))),
            },
          }
        : {}),
      yearly_displacement: yearlyDisplacement(dates, meanSeries),
      cells_with_data: cellsWithData,
      cells_considered: considered.length,
      coverage_pct: round((cellsWithData / considered.length) * 100),
      basis: 'parcel',
      cell_size_m: EGMS_CELL_SIZE_M,
    },
    provenance: `EGMS Ortho L3 tiles ${files.join(', ')}; ${cellsWithData} of ${considered.length} cells of ${EGMS_CELL_SIZE_M} m under the parcel outline, weighted by overlap area.`,
  };
}
