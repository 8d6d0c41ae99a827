import type { Database } from 'better-sqlite3';
import type { Parcel } from '../model/index.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { assertAnalysisCoverage } from './coverage.js';
import { marketResult } from './market.js';
import { isRuralParcel, parcelAreaM2 } from './parcel-facts.js';
import { PVGIS_BASE_URL, fetchPvgisYield } from './solar/pvgis-client.js';
import { estimateSolar } from './solar/solar-estimate.js';
import { DEFAULT_SOLAR_PRICES, type SolarPrices } from './solar/solar-prices.js';
import type { MarketResult, SolarResult } from './types.js';

export interface AnalysisSourcesConfig {
  /** PVGIS API base, e.g. `https://re.jrc.ec.europa.eu/api/v5_2/`. */
  pvgisBaseUrl: string;
  /** SIGPAC consultation service base, ending before `recinfobypoint/…`. */
  sigpacBaseUrl: string;
  prices?: Partial<SolarPrices>;
}

export interface AnalysisDeps {
  db: Database;
  http: UpstreamClient;
  config?: Partial<AnalysisSourcesConfig>;
}

/**
 * The analysis endpoints (spec 7–10, 12) over one parcel: solar (PVGIS), agro (SIGPAC), terrain
 * (imported protected areas), ground motion (imported EGMS tiles), score and market. Every
 * method first enforces the analysis coverage (422 CNV_COVERAGE outside ES, PV, NA, PT, FR, IT, DE).
 */
export class AnalysisService {
  private readonly db: Database;
  private readonly http: UpstreamClient;
  private readonly config: AnalysisSourcesConfig;
  private readonly prices: SolarPrices;

  constructor(deps: AnalysisDeps) {
    this.db = deps.db;
    this.http = deps.http;
    this.config = { pvgisBaseUrl: PVGIS_BASE_URL, sigpacBaseUrl: '', ...deps.config };
    this.prices = { ...DEFAULT_SOLAR_PRICES, ...deps.config?.prices };
  }

  async solar(parcel: Parcel, signal?: AbortSignal): Promise<SolarResult> {
    assertAnalysisCoverage(parcel.pais);
    const pv = await fetchPvgisYield(this.http, this.config.pvgisBaseUrl, parcel.latitud, parcel.longitud, signal);
    if (!pv) return { disponible: false, estado: 'sin_datos' };
    return estimateSolar(pv, parcelAreaM2(parcel), !isRuralParcel(parcel), this.prices);
  }

  market(parcel: Parcel): MarketResult {
    assertAnalysisCoverage(parcel.pais);
    return marketResult();
  }
}
