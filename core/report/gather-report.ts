import { bboxOf } from '../geo/polygon.js';
import {
  isServiceError,
  type BBox, type NeighbourOutline, type GroundMotionResult, type Parcel, type ParcelReportData, type SolarResult, type TerrainResult, type UnitsPage, type UnitsSummary,
} from '../model/index.js';
import type { StoredParcel } from '../store/types.js';
import { mapFrame } from './map-frame.js';
import { REPORT_MAP } from './report-layout.js';

/** What the report needs from the core; the facade passes its own methods. */
export interface ReportSources {
  parcel(): Promise<Parcel>;
  parcelsInBBox(bbox: BBox, limit: number): StoredParcel[] | Promise<StoredParcel[]>;
  /** The live source's neighbours of a parcel, where the country has such a query (Spain's WFS). */
  liveNeighbours?(parcel: Parcel): Promise<NeighbourOutline[]> | undefined;
  /** First units page of a Spanish finca (copy, or live when the copy lacks it). */
  units?(ref14: string): Promise<UnitsPage>;
  solarIfCached(parcel: Parcel): SolarResult | undefined;
  terrain(parcel: Parcel): TerrainResult;
  groundMotion(parcel: Parcel): GroundMotionResult;
  viewerUrl(parcel: Parcel): string | undefined;
  version: string;
}

/** Neighbours drawn at most: a report map at 1:2000 over a dense town centre holds a few hundred. */
const MAX_NEIGHBOURS = 600;

function summariseUnits(page: UnitsPage): UnitsSummary {
  const byUse = new Map<string, { count: number; superficieM2: number }>();
  for (const unit of page.unidades) {
    const entry = byUse.get(unit.uso || '—') ?? { count: 0, superficieM2: 0 };
    entry.count++;
    entry.superficieM2 += unit.superficie;
    byUse.set(unit.uso || '—', entry);
  }
  return {
    total: page.totalUnidadesFinca || page.totalUnidades,
    byUse: [...byUse].map(([uso, e]) => ({ uso, ...e })).sort((a, b) => b.count - a.count),
    superficieTotalM2: page.superficieTotal,
    dataSource: page.dataSource,
    dataDate: page.dataDate,
  };
}

/** An analysis that cannot run here (no layer, no coverage) is simply left out of the report. */
function optional<T>(compute: () => T): T | undefined {
  try {
    return compute();
  } catch (error) {
    if (isServiceError(error)) return undefined;
    throw error;
  }
}

export async function gatherReport(sources: ReportSources): Promise<ParcelReportData> {
  const parcel = await sources.parcel();
  const outline: Parcel['poligono'] = parcel.poligono.length > 0 ? parcel.poligono : [[parcel.longitud, parcel.latitud]];
  const frame = mapFrame(bboxOf({ type: 'Polygon', coordinates: [outline] }), REPORT_MAP.width, REPORT_MAP.height);
  let neighbours: NeighbourOutline[] = (await sources.parcelsInBBox(frame.bbox, MAX_NEIGHBOURS))
    .filter((p) => p.ref !== parcel.refCatastral.slice(0, 14) || p.country !== parcel.pais)
    .map((p) => ({ ref: p.ref, geometry: p.geometry }));
  let neighboursNote: string | undefined;
  // A parcel read live, whose surroundings the copy does not hold: ask the source for its
  // neighbours. A failure there costs the report its neighbours, never the report itself.
  if (neighbours.length === 0 && sources.liveNeighbours) {
    try {
      neighbours = (await sources.liveNeighbours(parcel)) ?? [];
    } catch (error) {
      if (!isServiceError(error)) throw error;
      neighboursNote = `Neighbouring parcels not available: ${error.message}`;
    }
  }

  let units: UnitsSummary | undefined;
  let unitsNote: string | undefined;
  if (sources.units && parcel.pais === 'ES') {
    try {
      units = summariseUnits(await sources.units(parcel.refCatastral.slice(0, 14)));
    } catch (error) {
      unitsNote = isServiceError(error) ? `Units not available: ${error.message}` : 'Units not available.';
    }
  }
  return {
    parcel,
    neighbours,
    neighboursNote,
    units,
    unitsNote,
    solar: optional(() => sources.solarIfCached(parcel)),
    terrain: optional(() => sources.terrain(parcel)),
    groundMotion: optional(() => sources.groundMotion(parcel)),
    viewerUrl: sources.viewerUrl(parcel),
    generatedAt: new Date().toISOString(),
    version: sources.version,
  };
}
