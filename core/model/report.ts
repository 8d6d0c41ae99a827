import type { GroundMotionResult, SolarResult, TerrainResult } from './analysis.js';
import type { ParcelGeometry } from './geometry.js';
import type { Parcel } from './parcel.js';

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
  /** Why the map shows no neighbours (the copy lacks them and the live source failed). */
  neighboursNote?: string;
  units?: UnitsSummary;
  /** Why there is no units summary for a finca that should have one. */
  unitsNote?: string;
  solar?: SolarResult;
  terrain?: TerrainResult;
  groundMotion?: GroundMotionResult;
  /** Link to the country's official viewer at this parcel. */
  viewerUrl?: string;
  generatedAt: string;
  version: string;
}
