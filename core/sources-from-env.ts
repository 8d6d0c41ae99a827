import type { AnalysisSourcesConfig } from './analysis/analysis-service.js';
import { sourcesFromEnv as countrySourcesFromEnv, type SourcesConfig } from './countries/registry.js';

/** Environment variables of the analysis sources' base URLs (tests point them at local fakes). */
const ANALYSIS_ENV: Record<keyof Omit<AnalysisSourcesConfig, 'prices'>, string> = {
  pvgisBaseUrl: 'CATASTRO_PVGIS_URL',
  sigpacBaseUrl: 'CATASTRO_SIGPAC_URL',
};

/**
 * Every upstream base URL set in the environment: each country's (named by its definition in
 * core/countries) and the analysis sources'. The CLI, the server and the desktop app all use this.
 */
export function serviceSourcesFromEnv(env: NodeJS.ProcessEnv = process.env): SourcesConfig & { analysis: Partial<AnalysisSourcesConfig> } {
  const analysis = Object.fromEntries(
    Object.entries(ANALYSIS_ENV)
      .filter(([, variable]) => env[variable])
      .map(([option, variable]) => [option, env[variable]]),
  );
  return { ...countrySourcesFromEnv(env), analysis };
}
