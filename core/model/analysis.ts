import type { CountryCode } from './countries.js';

/** Spec "Solar result" (`data` of endpoint 7), field names exactly as the spec writes them. */
export interface SolarEconomics {
  autoconsumo_kwh_ano: number;
  excedentes_kwh_ano: number;
  ingreso_neto_anual_eur: number;
  payback_anos: number;
  tir_pct: number;
  retorno_total_25_anos_eur: number;
}

export interface SolarAvailable {
  disponible: true;
  estado: 'ok';
  fuente: string;
  kwh_year: number;
  kw_instalables: number;
  ahorro_anual_eur: number;
  amortizacion_anos: number;
  co2_evitado_kg: number;
  irradiacion_media: number;
  nota_solar: number;
  orientacion_optima: string;
  angulo_inclinacion: number;
  costo_instalacion_eur: number;
  economics: SolarEconomics;
}

export interface SolarUnavailable {
  disponible: false;
  estado: 'sin_datos';
}

export type SolarResult = SolarAvailable | SolarUnavailable;

/** Spec "Agro result" (`data.agro`). `ndvi` and `precios_mercado` are never filled: no real source is reachable. */
export interface AgroResult {
  cultivo_principal: string;
  uso_suelo: string;
  superficie_ha?: number;
  coef_regadio?: number;
  recinto?: {
    provincia: number;
    municipio: number;
    poligono: number;
    parcela: number;
    recinto: number;
    altitud?: number;
    pendiente_media?: number;
  };
}

export type Natura2000Type = 'SPA' | 'SCI';

/** Which register a protected-area layer belongs to: the European Natura 2000 network or a national designated-areas register. */
export type SiteRegister = 'natura2000' | 'national';

export interface SourceInfo {
  name: string;
  license: string;
  edition: string;
}

/** Spec "Terrain result" (`data` of endpoint 9). */
export interface TerrainResult {
  refcat: string;
  country: CountryCode;
  protected_areas: {
    /** `ok`; `no_data` when no protected-area layer has been imported (nothing can be claimed). */
    status: 'ok' | 'no_data';
    intersects: boolean;
    inside: boolean;
    max_overlap_pct: number;
    natura2000: { code: string; name: string; type: Natura2000Type; country: string; overlap_pct: number }[];
    national: { code: string; name: string; designation: string; country: string; overlap_pct: number }[];
    method: 'parcel';
    sources: SourceInfo[];
  };
}

export interface GroundMotionSource {
  name: string;
  license: string;
  attribution: string;
  resolution: string;
}

/** Spec "Ground-motion result" (`data` of endpoint 10). */
export interface GroundMotionResult {
  refcat: string;
  country: CountryCode;
  status: 'ok' | 'no_data';
  period?: { from: string; to: string; label: string };
  ground_motion?: {
    class: string;
    worst_class: string;
    vertical: {
      mean_mm_year: number;
      max_subsidence_mm_year: number;
      max_uplift_mm_year: number;
      std_mm_year: number;
      acceleration_mm_year2: number;
      rmse_mm: number;
    };
    east_west?: { mean_mm_year: number; std_mm_year: number };
    yearly_displacement: { year: number; mm: number }[];
    cells_with_data: number;
    cells_considered: number;
    coverage_pct: number;
    basis: 'parcel';
    cell_size_m: number;
  };
  source: GroundMotionSource;
  calculated_at: string;
  provenance: string;
}

/** `/score`: the spec shows no payload; these names are ours (Spanish, like the solar result). */
export interface ScoreComponent {
  nombre: 'solar' | 'terreno' | 'movimiento_suelo' | 'agro';
  puntuacion: number;
  peso: number;
}

export type ScoreResult =
  | { disponible: true; puntuacion: number; componentes: ScoreComponent[]; sin_datos: ScoreComponent['nombre'][]; metodo: string }
  | { disponible: false; sin_datos: ScoreComponent['nombre'][]; metodo: string };

/** `/market`: market data is for the web application only (spec, endpoint 12): always free and empty. */
export interface MarketResult {
  disponible: false;
  motivo: string;
}

/** The analysis endpoints of the spec (7–10, 12), by the path segment that names them. */
export const ANALYSIS_KINDS = ['solar', 'agro', 'terrain', 'ground-motion', 'score', 'market'] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

/** What each analysis the desktop panel shows answers (the panel asks these three). */
export interface AnalysisResults {
  solar: SolarResult;
  agro: { agro: AgroResult | null };
  terrain: TerrainResult;
  'ground-motion': GroundMotionResult;
}
/** The analyses the desktop panel and its IPC channel run. */
export type PanelAnalysisKind = keyof AnalysisResults;

/** The hazard overlays of the map (`GET /api/overlays/{kind}`). */
export const OVERLAY_KINDS = ['protected-areas', 'ground-motion'] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];
