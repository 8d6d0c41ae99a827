import { bboxOf } from '../geo/polygon.js';
import {
  isServiceError,
  rusticParts,
  type BBox,
  type CountryCapability,
  type CopyBuildingFacts,
  type NeighbourOutline,
  type GroundMotionResult,
  type OutputLanguage,
  type Parcel,
  type ParcelReportData,
  type SolarResult,
  type TerrainResult,
  type UnitsPage,
  type UnitsSummary,
} from '../model/index.js';
import type { StoredParcel } from '../model/records.js';
import { mapFrame } from './map-frame.js';
import { REPORT_MAP } from './report-layout.js';

/** What the report needs from the core; the facade passes its own methods. */
export interface ReportSources {
  parcel(): Promise<Parcel>;
  parcelsInBBox(bbox: BBox, limit: number): StoredParcel[] | Promise<StoredParcel[]>;
  /** The live source's neighbours of a parcel, where the country has such a query (Spain's WFS). */
  liveNeighbours?(parcel: Parcel): Promise<NeighbourOutline[]> | undefined;
  /** What the parcel's country offers beyond its lookups (the registry's capabilities). */
  capabilities(parcel: Parcel): readonly CountryCapability[];
  /** First units page of a finca of a country with units (copy, or live when the copy lacks it). */
  units?(finca: Parcel): Promise<UnitsPage>;
  solarIfCached(parcel: Parcel): SolarResult | undefined;
  terrain(parcel: Parcel): TerrainResult;
  groundMotion(parcel: Parcel): GroundMotionResult;
  /** Whether any ground-motion cell is loaded in the box (the panel's "loaded nearby" rule). */
  groundMotionLoadedIn?(bbox: BBox): boolean;
  /** What the copy records of a Spanish parcel's building (for the report when the units list cannot be read). */
  copyBuilding?(ref14: string): Promise<CopyBuildingFacts>;
  viewerUrl(parcel: Parcel): string | undefined;
  version: string;
}

/** How far around the parcel (degrees, about 1 km) loaded EGMS cells count as data for its area (as the panel). */
const GROUND_MOTION_NEARBY_DEG = 0.01;

/** Plain farmland: rustic, with no building the copy knows of, so no units to summarise (the panel's rule). */
const isPlainFarmland = (parcel: Parcel) => parcel.clase === 'Rústico' && !parcel.superficieConstruida;

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

/** Undefined where the copy has no such parcel (or any other refusal): the facts are a bonus. */
async function copyFacts(sources: ReportSources, ref14: string): Promise<CopyBuildingFacts | undefined> {
  try {
    return await sources.copyBuilding?.(ref14);
  } catch (error) {
    if (isServiceError(error)) return undefined;
    throw error;
  }
}

export async function gatherReport(sources: ReportSources, language: OutputLanguage): Promise<ParcelReportData> {
  const parcel = await sources.parcel();
  const outline: Parcel['poligono'] = parcel.poligono.length > 0 ? parcel.poligono : [[parcel.longitud, parcel.latitud]];
  const frame = mapFrame(bboxOf({ type: 'Polygon', coordinates: [outline] }), REPORT_MAP.width, REPORT_MAP.height);
  let neighbours: NeighbourOutline[] = (await sources.parcelsInBBox(frame.bbox, MAX_NEIGHBOURS))
    .filter((p) => p.ref !== parcel.refCatastral.slice(0, 14) || p.country !== parcel.pais)
    .map((p) => ({ ref: p.ref, geometry: p.geometry }));
  let neighboursUnavailable: boolean | undefined;
  // A parcel read live, whose surroundings the copy does not hold: ask the source for its
  // neighbours. A failure there costs the report its neighbours, never the report itself.
  if (neighbours.length === 0 && sources.liveNeighbours) {
    try {
      neighbours = (await sources.liveNeighbours(parcel)) ?? [];
    } catch (error) {
      if (!isServiceError(error)) throw error;
      neighboursUnavailable = true;
    }
  }

  let units: UnitsSummary | undefined;
  let unitsUnavailable: ParcelReportData['unitsUnavailable'];
  let copyBuilding: CopyBuildingFacts | undefined;
  const ref14 = parcel.refCatastral.slice(0, 14);
  const capabilities = sources.capabilities(parcel);
  if (sources.units && capabilities.includes('units') && !isPlainFarmland(parcel)) {
    try {
      units = summariseUnits(await sources.units(parcel));
    } catch (error) {
      if (!isServiceError(error)) throw error;
      unitsUnavailable = error.code === 'SERVICE_UNAVAILABLE' ? 'needs_connection' : 'failed';
      copyBuilding = await copyFacts(sources, ref14);
    }
  }
  const groundMotion = optional(() => sources.groundMotion(parcel));
  const [minLon, minLat, maxLon, maxLat] = bboxOf({ type: 'Polygon', coordinates: [outline] });
  const groundMotionLoadedNearby =
    groundMotion && groundMotion.status !== 'ok' && sources.groundMotionLoadedIn
      ? sources.groundMotionLoadedIn([
          minLon - GROUND_MOTION_NEARBY_DEG,
          minLat - GROUND_MOTION_NEARBY_DEG,
          maxLon + GROUND_MOTION_NEARBY_DEG,
          maxLat + GROUND_MOTION_NEARBY_DEG,
        ])
      : undefined;
  return {
    parcel,
    language,
    neighbours,
    neighboursUnavailable,
    rustic: capabilities.includes('rusticParcel') ? rusticParts(parcel.refCatastral) : undefined,
    units,
    unitsUnavailable,
    copyBuilding,
    solar: optional(() => sources.solarIfCached(parcel)),
    terrain: optional(() => sources.terrain(parcel)),
    groundMotion,
    groundMotionLoadedNearby,
    viewerUrl: sources.viewerUrl(parcel),
    generatedAt: new Date().toISOString(),
    version: sources.version,
  };
}
