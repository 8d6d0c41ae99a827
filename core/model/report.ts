import type { GroundMotionResult, SolarResult, TerrainResult } from './analysis.js';
import type { ParcelGeometry } from './geometry.js';
import type { CopyBuildingFacts } from './extents.js';
import type { OutputLanguage } from './output-language.js';
import type { Parcel } from './parcel.js';
import type { RusticParts } from './spanish-reference.js';

/** A parcel near the reported one, drawn on its map and labelled with its reference. */
export interface NeighbourOutline {
  ref: string;
  geometry: ParcelGeometry;
}

/** Units of a Spanish finca grouped by use, for the report's summary. */
export interface UnitsSummary {
  total: number;
  byUse: { uso: string; count: number; superficieM2: number }[];
  superficieTotalM2: number;
  dataSource: string;
  dataDate: string;
}

/**
 * Everything a parcel report prints, gathered without asking any live source for analyses:
 * only results already at hand (cached solar yield, the imported hazard layers).
 */
export interface ParcelReportData {
  parcel: Parcel;
  neighbours: NeighbourOutline[];
  /** The language the report is written in. */
  language: OutputLanguage;
  /** Polígono and parcela of rustic land, where the parcel's country names it by them (capability `rusticParcel`). */
  rustic?: RusticParts;
  /** The map shows no neighbours: the copy lacks them and the live source could not be asked. */
  neighboursUnavailable?: boolean;
  units?: UnitsSummary;
  /**
   * Why a finca that should have a units summary has none: its source could not be reached
   * (offline, or down), or it answered with another failure. The upstream's own words stay out
   * of a document handed to a client.
   */
  unitsUnavailable?: 'needs_connection' | 'failed';
  /** What the local copy records of the building, printed where the live units list is missing. */
  copyBuilding?: CopyBuildingFacts;
  /** Whether any ground-motion data is loaded around the parcel (no estimate means two things). */
  groundMotionLoadedNearby?: boolean;
  solar?: SolarResult;
  terrain?: TerrainResult;
  groundMotion?: GroundMotionResult;
  /** Link to the country's official viewer at this parcel. */
  viewerUrl?: string;
  generatedAt: string;
  version: string;
}
