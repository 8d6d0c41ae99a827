import { resolveSources } from '../national/sources-config.js';

export interface PlSourcesConfig {
  /** GUGiK ULDK (Usługa Lokalizacji Działek Katastralnych): `<base>/?request=…`. */
  uldkUrl: string;
}

export const DEFAULT_PL_SOURCES: PlSourcesConfig = { uldkUrl: 'https://uldk.gugik.gov.pl' };
export const PL_SOURCES_ENV: Record<keyof PlSourcesConfig, string> = { uldkUrl: 'CATASTRO_PL_ULDK_URL' };

export const resolvePlSources = (config?: Partial<PlSourcesConfig>, env?: NodeJS.ProcessEnv) =>
  resolveSources(DEFAULT_PL_SOURCES, PL_SOURCES_ENV, config, env);

export const PL_CADASTRE_ATTRIBUTION = 'Główny Urząd Geodezji i Kartografii (GUGiK), ULDK – ewidencja gruntów i budynków';
