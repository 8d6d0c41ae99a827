import { installedCountries } from '../countries/registry.js';
import { isServiceError, validationError, type BBox, type CountryCode, type Parcel } from '../model/index.js';
import type { AnalysisTables } from '../store/analysis-tables.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { assertAnalysisCoverage } from './coverage.js';
import { marketResult } from './market.js';
import { combineScore } from './score.js';
import { isRuralParcel, parcelAreaM2, requireOutline } from './parcel-facts.js';
import { PvgisCache } from './solar/pvgis-cache.js';
import { PVGIS_BASE_URL, fetchPvgisYield } from './solar/pvgis-client.js';
import { estimateSolar } from './solar/solar-estimate.js';
import { DEFAULT_SOLAR_PRICES, type SolarPrices } from './solar/solar-prices.js';
import { agroFromRecinto, urbanAgro } from './agro/agro-result.js';
import { SIGPAC_BASE_URL, recintosAt } from './agro/sigpac-client.js';
import { groundMotionCellsInBBox } from './ground-motion/cells-in-bbox.js';
import { groundMotion } from './ground-motion/ground-motion-stats.js';
import { importEgms, type EgmsImportOptions } from './ground-motion/import-egms.js';
import { importDesignatedAreas, type DesignatedAreaImportOptions } from './terrain/import-designated-areas.js';
import { importProtectedAreas, type ProtectedAreaImportOptions } from './terrain/import-protected-areas.js';
import { protectedAreasInBBox } from './terrain/protected-areas-in-bbox.js';
import { terrainOverlap } from './terrain/terrain-overlap.js';
import type { AgroResult, GroundMotionResult, MarketResult, ScoreResult, SolarResult, TerrainResult } from './types.js';

export interface AnalysisSourcesConfig {
  /** PVGIS API base, e.g. `https://re.jrc.ec.europa.eu/api/v5_3/`. */
  pvgisBaseUrl: string;
  /** SIGPAC consultation service base, ending before `recinfobypoint/…`. */
  sigpacBaseUrl: string;
  prices?: Partial<SolarPrices>;
}

export interface AnalysisDeps {
  /** The copy's analysis tables: `ParcelStore.analysisTables()`. */
  tables: AnalysisTables;
  http: UpstreamClient;
  config?: Partial<AnalysisSourcesConfig>;
  /** Countries analysed: those whose adapter's coverage says so (default: the registry's adapters). */
  analysisCountries?: readonly CountryCode[];
  /** Where SIGPAC answers: Spain and the foral territories inside it (default: from the registry). */
  sigpacCountries?: readonly CountryCode[];
}

/**
 * The analysis endpoints (spec 7–10, 12) over one parcel: solar (PVGIS), agro (SIGPAC), terrain
 * (imported protected areas), ground motion (imported EGMS tiles), score and market. Every
 * method first enforces the analysis coverage the country adapters declare (422 CNV_COVERAGE elsewhere).
 */
export class AnalysisService {
  private readonly tables: AnalysisTables;
  private readonly http: UpstreamClient;
  private readonly config: AnalysisSourcesConfig;
  private readonly prices: SolarPrices;
  private readonly pvgisCache: PvgisCache;
  private readonly analysisCountries: readonly CountryCode[];
  private readonly sigpacCountries: readonly CountryCode[];

  constructor(deps: AnalysisDeps) {
    this.tables = deps.tables;
    this.analysisCountries = deps.analysisCountries ?? installedCountries().covering('analysis');
    this.sigpacCountries = deps.sigpacCountries ?? installedCountries().offering('sigpac');
    this.http = deps.http;
    this.config = { pvgisBaseUrl: PVGIS_BASE_URL, sigpacBaseUrl: SIGPAC_BASE_URL, ...deps.config };
    this.prices = { ...DEFAULT_SOLAR_PRICES, ...deps.config?.prices };
    this.pvgisCache = new PvgisCache(this.tables);
  }

  async solar(parcel: Parcel, signal?: AbortSignal): Promise<SolarResult> {
    assertAnalysisCoverage(parcel.pais, this.analysisCountries);
    let pv = this.pvgisCache.lookup(parcel.latitud, parcel.longitud);
    if (pv === undefined) {
      pv = (await fetchPvgisYield(this.http, this.config.pvgisBaseUrl, parcel.latitud, parcel.longitud, signal)) ?? null;
      this.pvgisCache.store(parcel.latitud, parcel.longitud, pv);
    }
    if (!pv) return { disponible: false, estado: 'sin_datos' };
    return estimateSolar(pv, parcelAreaM2(parcel), !isRuralParcel(parcel), this.prices);
  }

  /** The solar estimate when PVGIS's yield at this point is already cached; never asks PVGIS. */
  solarIfCached(parcel: Parcel): SolarResult | undefined {
    const pv = this.pvgisCache.lookup(parcel.latitud, parcel.longitud);
    if (pv === undefined) return undefined;
    if (!pv) return { disponible: false, estado: 'sin_datos' };
    return estimateSolar(pv, parcelAreaM2(parcel), !isRuralParcel(parcel), this.prices);
  }

  /**
   * SIGPAC enclosure at the parcel point for rural parcels in Spain (SIGPAC is Spain's register,
   * Basque Country and Navarre included); `urbano` for urban parcels; `{agro: null}` where no
   * enclosure lies under the point or the country has no register here (a free answer).
   */
  async agro(parcel: Parcel, signal?: AbortSignal): Promise<{ agro: AgroResult | null }> {
    assertAnalysisCoverage(parcel.pais, this.analysisCountries);
    if (!isRuralParcel(parcel)) return { agro: urbanAgro(parcelAreaM2(parcel)) };
    if (!this.sigpacCountries.includes(parcel.pais)) return { agro: null };
    const recintos = await recintosAt(this.http, this.config.sigpacBaseUrl, parcel.longitud, parcel.latitud, signal);
    // Neighbouring enclosures of the real layer overlap by centimetres along shared edges, so a point
    // there can hit two: take the smallest, the most specific.
    const smallest = [...recintos].sort((a, b) => (a.superficie ?? Infinity) - (b.superficie ?? Infinity))[0];
    return { agro: smallest ? agroFromRecinto(smallest) : null };
  }

  terrain(parcel: Parcel): TerrainResult {
    assertAnalysisCoverage(parcel.pais, this.analysisCountries);
    requireOutline(parcel);
    return terrainOverlap(this.tables, parcel);
  }

  /** Imports a protected-area layer (GeoJSON, .geojson.gz, shapefile, GeoPackage) in one transaction; a bad file answers 400 and changes nothing. */
  async importProtectedAreas(file: string, options: ProtectedAreaImportOptions = {}): Promise<{ sites: number }> {
    return asValidationError(file, importProtectedAreas(this.tables, file, options));
  }

  /**
   * Imports a national designated-areas layer (same formats) as a register apart from Natura 2000,
   * in one transaction; the field mapping is required, a bad file or mapping answers 400 and changes nothing.
   */
  async importDesignatedAreas(file: string, options: DesignatedAreaImportOptions = {}): Promise<{ sites: number }> {
    return asValidationError(file, importDesignatedAreas(this.tables, file, options));
  }

  /** Map overlay of protected sites within a box. */
  protectedAreasInBBox(bbox: BBox, limit: number): GeoJSON.FeatureCollection {
    return protectedAreasInBBox(this.tables, bbox, limit);
  }

  groundMotion(parcel: Parcel): GroundMotionResult {
    assertAnalysisCoverage(parcel.pais, this.analysisCountries);
    requireOutline(parcel);
    return groundMotion(this.tables, parcel);
  }

  /** Imports one EGMS Ortho L3 tile (zip of CSV, U or E component) in one transaction; a bad file answers 400 and changes nothing. */
  async importGroundMotion(file: string, options: EgmsImportOptions = {}): Promise<{ cells: number }> {
    return asValidationError(file, importEgms(this.tables, file, options));
  }

  /** Map overlay of EGMS cells (100 m squares with `mean_velocity`) within a box. */
  groundMotionCellsInBBox(bbox: BBox, limit: number): GeoJSON.FeatureCollection {
    return groundMotionCellsInBBox(this.tables, bbox, limit);
  }

  /**
   * Investment score from the four analyses (weights in score.ts). A source that is down leaves
   * its component out (listed in `sin_datos`) instead of failing the whole score.
   */
  async score(parcel: Parcel, signal?: AbortSignal): Promise<ScoreResult> {
    assertAnalysisCoverage(parcel.pais, this.analysisCountries);
    const [solar, agro] = await Promise.all([unlessUnavailable(this.solar(parcel, signal)), unlessUnavailable(this.agro(parcel, signal))]);
    // Without an outline there is no overlap to measure: those components are simply unknown.
    const outlined = parcel.poligono?.length >= 3;
    return combineScore({
      solar,
      agro: agro?.agro,
      terrain: outlined ? unlessNoOutline(() => this.terrain(parcel)) : undefined,
      groundMotion: outlined ? unlessNoOutline(() => this.groundMotion(parcel)) : undefined,
    });
  }

  market(parcel: Parcel): MarketResult {
    assertAnalysisCoverage(parcel.pais, this.analysisCountries);
    return marketResult();
  }
}

/** Import failures that are not already ServiceErrors (a truncated zip, a broken shapefile) are the file's fault: 400. */
async function asValidationError<T>(file: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isServiceError(error)) throw error;
    throw validationError(`Import of ${file} failed, nothing of it was kept: ${(error as Error).message}`);
  }
}

/** The answer, or undefined when its source is down (503): the score goes on without it. */
async function unlessUnavailable<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (isServiceError(error) && error.code === 'SERVICE_UNAVAILABLE') return undefined;
    throw error;
  }
}

function unlessNoOutline<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch (error) {
    if (isServiceError(error) && error.code === 'VALIDATION_ERROR') return undefined;
    throw error;
  }
}
