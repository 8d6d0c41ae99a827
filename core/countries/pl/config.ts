import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';

export interface PlSourcesConfig {
  /** GUGiK ULDK (Usługa Lokalizacji Działek Katastralnych): `<base>/?request=…`. */
  uldkUrl: string;
  /** GUGiK UUG geocoding over the national address register (PRG): `<base>/?request=GetAddress&address=…`. */
  uugUrl: string;
}

export const DEFAULT_PL_SOURCES: PlSourcesConfig = { uldkUrl: 'https://uldk.gugik.gov.pl', uugUrl: 'https://services.gugik.gov.pl/uug' };
export const PL_SOURCES_ENV: Record<keyof PlSourcesConfig, string> = { uldkUrl: 'CATASTRO_PL_ULDK_URL', uugUrl: 'CATASTRO_PL_UUG_URL' };

export const resolvePlSources = (config?: CountrySources) => resolveSources(DEFAULT_PL_SOURCES, config);

export const PL_CADASTRE_ATTRIBUTION = 'Główny Urząd Geodezji i Kartografii (GUGiK), ULDK – ewidencja gruntów i budynków';
